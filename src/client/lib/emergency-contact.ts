/**
 * A student's emergency contact as a flat form holds it (the office's student form and the student's own
 * profile): each field and the path of its value in the API's nested `emergencyContact`.
 */
export const EMERGENCY_CONTACT_PATHS = {
  emergencyName: "emergencyContact.name",
  emergencyRelationship: "emergencyContact.relationship",
  emergencyPhone: "emergencyContact.phone",
  emergencyEmail: "emergencyContact.email",
} as const;
