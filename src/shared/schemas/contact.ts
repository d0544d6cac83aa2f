/** The public contact form (spec part 1 §5: name, email, subject and message required; phone optional). */
import * as v from "valibot";
import { CONTACT_STATUSES, CONTACT_SUBJECTS } from "../constants.ts";
import { emailAddress, optionalText, pageParams, requiredText } from "./common.ts";

export const contactInput = v.object({
  name: requiredText("Please enter your name", 120),
  email: emailAddress("Please enter your email address"),
  phone: v.pipe(
    optionalText(20),
    v.check((p) => p === undefined || /^\+?[0-9 -]{7,20}$/.test(p), "Please enter a valid phone number"),
  ),
  subject: v.picklist(CONTACT_SUBJECTS, "Please choose a subject"),
  message: requiredText("Please enter your message", 5000),
  /** honeypot: people never see or fill it; bots do */
  website: v.optional(v.string(), ""),
});
export type ContactInput = v.InferOutput<typeof contactInput>;

export const contactListQuery = v.object({
  ...pageParams(),
  status: v.optional(v.picklist(["all", ...CONTACT_STATUSES], "Unknown status"), "all"),
});
export type ContactListQuery = v.InferOutput<typeof contactListQuery>;
