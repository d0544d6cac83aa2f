/**
 * The profile's edit form as plain strings, to and from the API's profile, checked with the shared
 * schema (DECISIONS 8: the server checks the same rules; the client only answers faster).
 */
import { UPLOAD_MAX_BYTES } from "../../../shared/constants.ts";
import { student } from "../../../shared/i18n/student.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { STUDENT_MESSAGES, studentProfileInput } from "../../../shared/schemas/student.ts";
import { EMERGENCY_CONTACT_PATHS } from "../../lib/emergency-contact.ts";
import { flatForm, messagesByField, schemaRules } from "../../lib/form.ts";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc.ts";

export type StudentProfile = RouterOutputs["student"]["profile"];
export type ProfileInput = RouterInputs["student"]["updateProfile"];

/** The profile's page messages, in the reader's language (read at each use). */
export const PROFILE_MESSAGES = labelsOf(["loadFailed", "updateFailed", "updated", "photoUpdated"], (key) =>
  student.t(`profile.msg.${key}`),
);

/** The form's fields and the API's path of each. */
const PROFILE_FORM = flatForm({
  mobile: "mobile",
  gender: "gender",
  address: "address",
  city: "city",
  state: "state",
  pincode: "pincode",
  bloodGroup: "bloodGroup",
  ...EMERGENCY_CONTACT_PATHS,
});

export type ProfileField = (typeof PROFILE_FORM.fields)[number];
export type ProfileForm = Record<ProfileField, string>;

export const EMPTY_PROFILE_FORM: ProfileForm = PROFILE_FORM.empty();

export const formFromProfile = (p: StudentProfile): ProfileForm => PROFILE_FORM.from(p);

/** Every editable field as the API takes it: a blank one clears the stored value (docs/API.md); `changedFields` (lib/form.ts) picks what is sent. */
export const inputFromForm = (f: ProfileForm) => PROFILE_FORM.toInput(f) as ProfileInput;

const PATHS = PROFILE_FORM.paths;

export type ProfileErrors = Partial<Record<ProfileField, string>>;

const FIELDS = PROFILE_FORM.fields;

export function formErrors(fieldErrors: Record<string, string[]> | null | undefined): ProfileErrors {
  return messagesByField(fieldErrors, { paths: PATHS, fields: FIELDS });
}

/** The shared schema's verdict on the form: no errors means it may be sent. */
export const checkProfile: (f: ProfileForm) => ProfileErrors = schemaRules(studentProfileInput, {
  toInput: inputFromForm,
  paths: PATHS,
  fields: FIELDS,
  abortPipeEarly: false,
});

/** Profile photos: what the server accepts (it checks the content again). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PHOTO_MAX_BYTES = UPLOAD_MAX_BYTES;

/** The spec's two photo checks (part 1 §5); null when the file may be uploaded. */
export function photoProblem(file: Pick<File, "size" | "type">): string | null {
  if (!file.type.startsWith("image/") || !(PHOTO_TYPES as readonly string[]).includes(file.type)) return STUDENT_MESSAGES.photoNotImage;
  if (file.size > PHOTO_MAX_BYTES) return STUDENT_MESSAGES.photoTooLarge;
  return null;
}
