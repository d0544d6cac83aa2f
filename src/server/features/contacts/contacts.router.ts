/** tRPC procedures for contact inquiries: the public form and Contact Management (admin). */
import {
  contactAssignInput,
  contactIdInput,
  contactInput,
  contactListQuery,
  contactReplyInput,
  contactStatusInput,
} from "../../../shared/schemas/contact.ts";
import { adminProcedure, officeProcedure, router, sitePublicProcedure } from "../../trpc.ts";
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
  submit: sitePublicProcedure.input(contactInput).mutation(({ ctx, input }) => submitContact(ctx.deps, input, ctx)),
  list: officeProcedure.input(contactListQuery).query(({ ctx, input }) => listContacts(ctx.deps, input)),
  get: officeProcedure.input(contactIdInput).query(({ ctx, input }) => getContact(ctx.deps, input.id)),
  updateStatus: officeProcedure
    .input(contactStatusInput)
    .mutation(({ ctx, input }) => updateContactStatus(ctx.deps, ctx.auth.user.id, input, ctx)),
  respond: officeProcedure
    .input(contactReplyInput)
    .mutation(({ ctx, input }) => respondToContact(ctx.deps, ctx.auth.user.id, ctx.auth.user.name, input, ctx)),
  assign: officeProcedure.input(contactAssignInput).mutation(({ ctx, input }) => assignContact(ctx.deps, ctx.auth.user.id, input, ctx)),
  remove: adminProcedure.input(contactIdInput).mutation(({ ctx, input }) => deleteContact(ctx.deps, ctx.auth.user.id, input.id, ctx)),
});
