/** tRPC procedures of the office's accounts (issue 17): the Staff screen is the administrators'; the list of whom work can be handed to is the whole office's. */
import { staffActiveInput, staffIdInput, staffInviteInput, staffListQuery, staffRoleInput } from "../../../shared/schemas/staff.ts";
import { adminProcedure, officeProcedure, router } from "../../trpc.ts";
import { changeStaffRole, inviteStaff, listStaff, officeMembers, resendInvitation, setStaffActive } from "./staff.service.ts";

export const staffRouter = router({
  list: adminProcedure.input(staffListQuery).query(({ ctx, input }) => listStaff(ctx.deps, input)),
  members: officeProcedure.query(({ ctx }) => officeMembers(ctx.deps.db)),
  invite: adminProcedure.input(staffInviteInput).mutation(({ ctx, input }) => inviteStaff(ctx.deps, ctx.auth.user.id, input, ctx)),
  resendInvitation: adminProcedure
    .input(staffIdInput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, ctx.auth.user.id, input.id, ctx)),
  setRole: adminProcedure.input(staffRoleInput).mutation(({ ctx, input }) => changeStaffRole(ctx.deps, ctx.auth.user.id, input, ctx)),
  setActive: adminProcedure.input(staffActiveInput).mutation(({ ctx, input }) => setStaffActive(ctx.deps, ctx.auth.user.id, input, ctx)),
});
