/** The contact page (/contact), its form and the contact schemas' messages. */

import { CONTACT_SUBJECTS, isOneOf } from "../constants.ts";
import en from "./en/contact.json";
import { namespace } from "./translate.ts";

export const contact = namespace("contact", en, {
  hi: () => import("./hi/site.ts").then((m) => ({ default: m.contact })),
  mr: () => import("./mr/site.ts").then((m) => ({ default: m.contact })),
});

/** A stored subject as people read it (the form, Contact Management, e-mail subjects), in the current language. */
export function contactSubjectLabel(subject: string): string {
  return isOneOf(CONTACT_SUBJECTS, subject) ? contact.t(`subject.${subject}`) : subject;
}
