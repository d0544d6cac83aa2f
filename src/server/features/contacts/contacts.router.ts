import { contactInput, contactListQuery } from "../../../shared/schemas/contact.ts";
import { adminProcedure, router, sitePublicProcedure } from "../../trpc.ts";
import { listContacts, submitContact } from "./contacts.service.ts";

export const contactsRouter = router({
  submit: sitePublicProcedure.input(contactInput).mutation(({ ctx, input }) => submitContact(ctx.deps, input, ctx)),
  list: adminProcedure.input(contactListQuery).query(({ ctx, input }) => listContacts(ctx.deps, input)),
});
