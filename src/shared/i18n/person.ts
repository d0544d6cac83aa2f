/**
 * A person's stored choices that several areas show (the application, the office's screens, the student's
 * profile): one catalogue, so each reads the same words. Stored values stay in English (shared/constants.ts).
 */
import { EMERGENCY_RELATIONSHIPS, GENDERS } from "../constants.ts";
import { isOneOf } from "../is-one-of.ts";
import en from "./en/person.json";
import { namespace } from "./translate.ts";

export const person = namespace("person", en, {
  hi: () => import("./hi/basics.ts").then((m) => ({ default: m.person })),
  mr: () => import("./mr/basics.ts").then((m) => ({ default: m.person })),
});

/** A stored gender in the reader's language; a value the list does not know, as stored. */
export const genderLabel = (value: string): string => (isOneOf(GENDERS, value) ? person.t(`gender.${value}`) : value);

/** An emergency contact's stored relationship in the reader's language; a value the list does not know, as stored. */
export const relationshipLabel = (value: string): string =>
  isOneOf(EMERGENCY_RELATIONSHIPS, value) ? person.t(`relationship.${value}`) : value;
