/** The contacts feature's REST paths and tRPC routers (mounted by app.ts and router.ts through features/registry.ts). */
import { defineFeature } from "../feature.ts";
import { adminContactRest } from "./contacts.rest.ts";
import { contactsRouter } from "./contacts.router.ts";

export const contactsFeature = defineFeature({
  rest: [["/api/public/admin/contacts", adminContactRest]],
  trpc: { contacts: contactsRouter },
});
