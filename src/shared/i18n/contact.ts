/** The contact page (/contact), its form and the contact schemas' messages. */

import { CONTACT_SUBJECTS } from "../constants.ts";
import en from "./en/contact.json";
import { namespace } from "./translate.ts";

export const contact = namespace("contact", en, {
  hi: () => import("./hi/site.ts").then((m) => ({ default: m.contact })),
  mr: () => import("./mr/site.ts").then((m) => ({ default: m.contact })),
});

/** A stored subject as people read it (the form, Contact Management, e-mail subjects), in the current language. */
export function contactSubjectLabel(subject: string): string {
  return (CONTACT_SUBJECTS as readonly string[]).includes(subject)
    ? contact.t(`subject.${subject as (typeof CONTACT_SUBJECTS)[number]}`)
    : subject;
}
