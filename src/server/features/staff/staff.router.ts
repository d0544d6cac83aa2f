/** tRPC procedures of the office's accounts (issue 17): the Staff screen is the administrators'; the list of whom work can be handed to is the whole office's. */
import { staffActiveInput, staffIdInput, staffInviteInput, staffListQuery, staffRoleInput } from "../../../shared/schemas/staff.ts";
import { adminProcedure, byActor, byActorOnId, officeProcedure, router } from "../../trpc.ts";
import { changeStaffRole, inviteStaff, listStaff, officeMembers, resendInvitation, setStaffActive, unlockStaff } from "./staff.service.ts";

export const staffRouter = router({
  list: adminProcedure.input(staffListQuery).query(({ ctx, input }) => listStaff(ctx.deps, input)),
  members: officeProcedure.query(({ ctx }) => officeMembers(ctx.deps.db)),
  invite: adminProcedure.input(staffInviteInput).mutation(byActor(inviteStaff)),
  resendInvitation: adminProcedure.input(staffIdInput).mutation(byActorOnId(resendInvitation)),
  setRole: adminProcedure.input(staffRoleInput).mutation(byActor(changeStaffRole)),
  setActive: adminProcedure.input(staffActiveInput).mutation(byActor(setStaffActive)),
  unlock: adminProcedure.input(staffIdInput).mutation(byActorOnId(unlockStaff)),
});
