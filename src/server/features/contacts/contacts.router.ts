/** tRPC procedures for contact inquiries: the public form and Contact Management (admin). */
import {
  contactAssignInput,
  contactIdInput,
  contactInput,
  contactListQuery,
  contactReplyInput,
  contactStatusInput,
} from "../../../shared/schemas/contact.ts";
import { adminProcedure, byActor, byActorOnId, byRequest, officeProcedure, router, sitePublicProcedure } from "../../trpc.ts";
import {
  assignContact,
  deleteContact,
  getContact,
  listContacts,
  respondToContact,
  submitContact,
  updateContactStatus,
} from "./contacts.service.ts";

export const contactsRouter = router({
  submit: sitePublicProcedure.input(contactInput).mutation(byRequest(submitContact)),
  list: officeProcedure.input(contactListQuery).query(({ ctx, input }) => listContacts(ctx.deps, input)),
  get: officeProcedure.input(contactIdInput).query(({ ctx, input }) => getContact(ctx.deps, input.id)),
  updateStatus: officeProcedure.input(contactStatusInput).mutation(byActor(updateContactStatus)),
  respond: officeProcedure
    .input(contactReplyInput)
    .mutation(({ ctx, input }) => respondToContact(ctx.deps, ctx.auth.user.id, ctx.auth.user.name, input, ctx)),
  assign: officeProcedure.input(contactAssignInput).mutation(byActor(assignContact)),
  remove: adminProcedure.input(contactIdInput).mutation(byActorOnId(deleteContact)),
});
