/**
 * Student records as the admin manages them (spec part 2 §3, §5): the add/edit form, the list query and
 * the ids. The standard must also be one of the live "standard" options; the server checks that.
 */
import * as v from "valibot";
import { BLOOD_GROUPS, FULL_NAME_MAX, GENDERS, MAX_TERMS } from "../constants.ts";
import { account } from "../i18n/account.ts";
import { roster } from "../i18n/roster.ts";
import { labelsOf } from "../i18n/translate.ts";
import {
  clearableText,
  emailAddress,
  filledIn,
  inWesternDigits,
  isBirthDate,
  isPhone,
  optionalPhone,
  optionalRecordId,
  pageParams,
  personName,
  pinCode,
  recordId,
  recordVersion,
  requiredText,
  wholeNumber,
} from "./common.ts";

/** The spec's one message for any of the four required fields (spec part 2 §5), in the reader's language. */
const requiredMessage = roster.m("rule.required");
export const studentRequiredMessage = (): string => requiredMessage();

/** The rules' messages, read in the current language at each use. */
export const STUDENT_MESSAGES = labelsOf(
  ["notFound", "unknownStandard", "bloodGroup", "gender", "mobile", "phone", "dateOfBirth", "pincode"] as const,
  (key) => roster.t(`rule.${key}`),
);

/** Optional fields may arrive as null (a form re-sending what the list answered); blank is unset. */
const blankable = clearableText;

const emergencyContactObject = v.object(
  {
    name: personName(blankable(120)),
    relationship: blankable(60),
    phone: optionalPhone(roster.m("rule.phone")),
    email: v.pipe(
      blankable(254),
      v.check((e) => e === undefined || v.is(v.pipe(v.string(), v.email()), e), account.m("validEmail")),
      v.transform((e) => e?.toLowerCase()),
    ),
  },
  roster.m("rule.emergency"),
);

/**
 * A field the spec's form does not have but the record holds from the application (walk 18: gender, city, state,
 * PIN code): left out of a request it is kept as stored, so a client that sends only the spec's fields loses
 * nothing; sent blank (or null) it is cleared.
 */
const keptUnlessSent = <T>(rule: v.GenericSchema<unknown, T | undefined>) =>
  v.optional(
    v.pipe(
      rule,
      v.transform((value) => value ?? null),
    ),
  );

/** The form's fields: the four required ones first, so the headline message is theirs. */
export const studentFormEntries = {
  name: personName(requiredText(requiredMessage, FULL_NAME_MAX)),
  email: emailAddress(requiredMessage),
  mobile: v.pipe(filledIn(requiredMessage), inWesternDigits, v.check(isPhone, roster.m("rule.mobile"))),
  standard: requiredText(requiredMessage, 60),
  bloodGroup: v.pipe(blankable(3), v.optional(v.picklist(BLOOD_GROUPS, roster.m("rule.bloodGroup")))),
  dateOfBirth: v.pipe(
    blankable(10),
    v.check((d) => d === undefined || isBirthDate(d), roster.m("rule.dateOfBirth")),
  ),
  address: blankable(500),
  gender: keptUnlessSent(v.pipe(blankable(6), v.optional(v.picklist(GENDERS, roster.m("rule.gender"))))),
  city: keptUnlessSent(blankable(80)),
  state: keptUnlessSent(blankable(80)),
  pincode: keptUnlessSent(v.pipe(blankable(7), v.optional(pinCode(roster.m("rule.pincode"))))),
  /** the semester or year of the programme the student is in (issue 18); blank is the first */
  term: wholeNumber(1, MAX_TERMS, roster.m("rule.term"), true),
  /** The spec allows a plain name or the full details; both become the object. */
  emergencyContact: v.pipe(
    v.nullish(v.unknown(), null),
    v.transform((value) => (value === null ? {} : typeof value === "string" ? { name: value } : value)),
    emergencyContactObject,
  ),
};

/** POST /admin/students. */
export const studentForm = v.object(studentFormEntries);
export type StudentForm = v.InferOutput<typeof studentForm>;

const studentId = recordId(roster.m("rule.notFound"));

/** GET/DELETE /admin/students/{id}, toggle-status, send-credentials. */
export const studentIdInput = v.object({ id: studentId });

/**
 * PATCH /admin/students/{id}/toggle-status: `active`, the state the office asked for (its screens always send
 * it), so a second Deactivate on a screen that had not seen the first is refused, not turned into an
 * activation (eleventh walk); without it (the spec's bare PATCH) the status is switched.
 */
export const studentStatusInput = v.object({ id: studentId, active: v.optional(v.boolean(roster.m("rule.active"))) });
export type StudentStatusInput = v.InferOutput<typeof studentStatusInput>;

/** PUT /admin/students/{id}: the id and the whole form (blank optional fields are cleared). */
export const studentUpdateInput = v.object({ id: studentId, version: recordVersion, ...studentFormEntries });
export type StudentUpdateInput = v.InferOutput<typeof studentUpdateInput>;

export const STUDENT_STATUSES = ["all", "active", "inactive"] as const;

/**
 * Whom the list is about beyond its search: a status, a programme (its id; blank: every programme) and a term of it
 * (blank: every term), so the office can list "BCom, Year 2" on the screen as in the CSV (walk 32a).
 */
const studentFilters = {
  status: v.optional(v.picklist(STUDENT_STATUSES, roster.m("rule.status")), "all"),
  programme: optionalRecordId(roster.m("rule.programme")),
  term: wholeNumber(1, MAX_TERMS, roster.m("rule.term"), true),
};

export const studentListQuery = v.object({ ...pageParams(10, 100), ...studentFilters });
export type StudentListQuery = v.InferOutput<typeof studentListQuery>;

/** GET /admin/students/export.csv: the list's filters, every matching row. */
export const studentExportQuery = v.object({ search: studentListQuery.entries.search, ...studentFilters });
export type StudentExportQuery = v.InferOutput<typeof studentExportQuery>;
