/** The public contact form (spec part 1 §5: name, email, subject and message required; phone optional). */
import * as v from "valibot";
import { CONTACT_STATUSES, CONTACT_SUBJECTS } from "../constants.ts";
import { contact } from "../i18n/contact.ts";
import { clearableText, emailAddress, optionalPhone, pageParams, personName, recordId, requiredText } from "./common.ts";
import { assigneeId } from "./staff.ts";

export const contactInput = v.object({
  name: personName(requiredText(contact.m("check.name"), 120)),
  email: emailAddress(contact.m("check.email")),
  // Every phone's one rule: "-------" or "0000000000" is not a number (walk 16a).
  phone: optionalPhone(contact.m("check.phone")),
  subject: v.picklist(CONTACT_SUBJECTS, contact.m("check.subject")),
  message: requiredText(contact.m("check.message"), 5000),
  /** honeypot: people never see or fill it; bots do */
  website: v.optional(v.string(), ""),
});
export type ContactInput = v.InferOutput<typeof contactInput>;

export const contactListQuery = v.object({
  ...pageParams(),
  status: v.optional(v.picklist(["all", ...CONTACT_STATUSES], contact.m("check.unknownStatus")), "all"),
});
export type ContactListQuery = v.InferOutput<typeof contactListQuery>;

export const CONTACT_MESSAGES = {
  notFound: contact.m("check.notFound"),
  status: contact.m("check.status"),
  replyRequired: contact.m("check.replyRequired"),
} as const;

const contactId = recordId(CONTACT_MESSAGES.notFound);

/** GET / DELETE /public/admin/contacts/{id}. */
export const contactIdInput = v.object({ id: contactId });

/** PATCH /public/admin/contacts/{id}/status: the path's id and the body's status. */
export const contactStatusInput = v.object({
  id: contactId,
  status: v.picklist(CONTACT_STATUSES, CONTACT_MESSAGES.status),
});
export type ContactStatusInput = v.InferOutput<typeof contactStatusInput>;

/** An inquiry handed to an administrator or staff member, or to nobody (issue 17). */
export const contactAssignInput = v.object({ id: contactId, assignedTo: assigneeId });
export type ContactAssignInput = v.InferOutput<typeof contactAssignInput>;

/** POST /public/admin/contacts/{id}/respond: a non-blank reply; respondedBy defaults to the admin's name. */
export const contactReplyInput = v.object({
  id: contactId,
  message: requiredText(CONTACT_MESSAGES.replyRequired, 5000),
  respondedBy: clearableText(120),
});
export type ContactReplyInput = v.InferOutput<typeof contactReplyInput>;
