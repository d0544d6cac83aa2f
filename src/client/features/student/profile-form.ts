/**
 * The profile's edit form as plain strings, to and from the API's profile, checked with the shared
 * schema (DECISIONS 8: the server checks the same rules; the client only answers faster).
 */
import { UPLOAD_MAX_BYTES } from "../../../shared/constants.ts";
import { STUDENT_MESSAGES, studentProfileInput } from "../../../shared/schemas/student.ts";
import { checkInput, messagesByField } from "../../lib/form.ts";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc.ts";

export type StudentProfile = RouterOutputs["student"]["profile"];
export type ProfileInput = RouterInputs["student"]["updateProfile"];

export const PROFILE_MESSAGES = {
  loadFailed: "Failed to load profile data",
  updateFailed: "Failed to update profile",
  updated: "Profile updated successfully",
  photoUpdated: "Photo updated successfully",
} as const;

export interface ProfileForm {
  mobile: string;
  gender: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  bloodGroup: string;
  emergencyName: string;
  emergencyRelationship: string;
  emergencyPhone: string;
  emergencyEmail: string;
}

export type ProfileField = keyof ProfileForm;

export const EMPTY_PROFILE_FORM: ProfileForm = {
  mobile: "",
  gender: "",
  address: "",
  city: "",
  state: "",
  pincode: "",
  bloodGroup: "",
  emergencyName: "",
  emergencyRelationship: "",
  emergencyPhone: "",
  emergencyEmail: "",
};

export function formFromProfile(p: StudentProfile): ProfileForm {
  return {
    mobile: p.mobile ?? "",
    gender: p.gender ?? "",
    address: p.address ?? "",
    city: p.city ?? "",
    state: p.state ?? "",
    pincode: p.pincode ?? "",
    bloodGroup: p.bloodGroup ?? "",
    emergencyName: p.emergencyContact.name ?? "",
    emergencyRelationship: p.emergencyContact.relationship ?? "",
    emergencyPhone: p.emergencyContact.phone ?? "",
    emergencyEmail: p.emergencyContact.email ?? "",
  };
}

/** Every editable field is sent: a blank one clears the stored value (docs/API.md). */
export function inputFromForm(f: ProfileForm) {
  return {
    mobile: f.mobile,
    gender: f.gender,
    address: f.address,
    city: f.city,
    state: f.state,
    pincode: f.pincode,
    bloodGroup: f.bloodGroup,
    emergencyContact: { name: f.emergencyName, relationship: f.emergencyRelationship, phone: f.emergencyPhone, email: f.emergencyEmail },
  };
}

/** The API's field paths (`emergencyContact.phone`) → this form's fields. */
const PATHS: Record<string, ProfileField> = {
  mobile: "mobile",
  gender: "gender",
  address: "address",
  city: "city",
  state: "state",
  pincode: "pincode",
  bloodGroup: "bloodGroup",
  "emergencyContact.name": "emergencyName",
  "emergencyContact.relationship": "emergencyRelationship",
  "emergencyContact.phone": "emergencyPhone",
  "emergencyContact.email": "emergencyEmail",
};

export type ProfileErrors = Partial<Record<ProfileField, string>>;

const FIELDS = Object.values(PATHS);

export function formErrors(fieldErrors: Record<string, string[]> | null | undefined): ProfileErrors {
  return messagesByField(fieldErrors, { paths: PATHS, fields: FIELDS });
}

/** The shared schema's verdict on the form: no errors means it may be sent. */
export function checkProfile(f: ProfileForm): ProfileErrors {
  const checked = checkInput(studentProfileInput, inputFromForm(f), { paths: PATHS, fields: FIELDS, abortPipeEarly: false });
  return checked.ok ? {} : checked.messages;
}

/** Profile photos: what the server accepts (it checks the content again). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PHOTO_MAX_BYTES = UPLOAD_MAX_BYTES;

/** The spec's two photo checks (part 1 §5); null when the file may be uploaded. */
export function photoProblem(file: Pick<File, "size" | "type">): string | null {
  if (!file.type.startsWith("image/") || !(PHOTO_TYPES as readonly string[]).includes(file.type)) return STUDENT_MESSAGES.photoNotImage;
  if (file.size > PHOTO_MAX_BYTES) return STUDENT_MESSAGES.photoTooLarge;
  return null;
}
