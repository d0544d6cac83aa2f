import { describe, expect, test } from "bun:test";
import { REQUIRED_ADMISSION_FIELDS } from "../../../shared/schemas/admission.ts";
import {
  appendFields,
  emptyValues,
  FIELD_LABELS,
  fieldError,
  invalidFieldsMessage,
  missingRequiredFields,
  PASSING_YEARS,
  passingYears,
  STEPS,
  stepOfField,
  validateAll,
  whatToFix,
} from "./application-form.ts";
import { COMPLETE } from "./test-kit.tsx";

describe("the application's fields", () => {
  test("every field sits on exactly one of the first two steps; documents on the third", () => {
    const onSteps = STEPS.flatMap((s) => s.sections.flatMap((section) => section.fields.map((f) => f.name)));
    expect(new Set(onSteps).size).toBe(onSteps.length);
    expect([...onSteps].sort() as string[]).toEqual(Object.keys(emptyValues()).sort());
    expect(stepOfField("firstName")).toBe(0);
    expect(stepOfField("pincode")).toBe(0);
    expect(stepOfField("course")).toBe(1);
    expect(stepOfField("guardianPhone")).toBe(1);
    expect(stepOfField("marksheet")).toBe(2);
  });

  test("nationality starts as Indian; the year of passing offers the current year down to 2015 (issue 14.6)", () => {
    expect(emptyValues().nationality).toBe("Indian");
    const thisYear = String(new Date().getFullYear());
    expect(PASSING_YEARS[0]).toBe(thisYear);
    expect(PASSING_YEARS.at(-1)).toBe("2015");
    // The range follows the calendar in India: 1 January 2027 00:30 IST is already 2027.
    expect(passingYears(new Date("2026-12-31T19:00:00Z"))[0]).toBe("2027");
    expect(passingYears(new Date("2026-06-01T00:00:00Z"))).toHaveLength(12);
  });

  test("required labels are the spec's", () => {
    expect(REQUIRED_ADMISSION_FIELDS.map((name) => FIELD_LABELS[name])).toEqual([
      "First Name",
      "Last Name",
      "Date of Birth",
      "Gender",
      "Blood Group",
      "Email",
      "Phone",
      "Address",
      "City",
      "State",
      "Pincode",
      "Course",
    ]);
  });
});

describe("the submit check", () => {
  test("lists the missing required fields in the spec's order", () => {
    const values = { ...COMPLETE, lastName: " ", email: "", pincode: "", firstName: "" };
    expect(missingRequiredFields(values)).toEqual(["firstName", "lastName", "email", "pincode"]);
    expect(whatToFix(values)).toEqual({
      lines: ["Please fill in the following required fields: First Name, Last Name, Email, Pincode"],
      first: "firstName",
    });
    expect(whatToFix(emptyValues())?.lines).toEqual([
      "Please fill in the following required fields: First Name, Last Name, Date of Birth, Gender, Blood Group, Email, Phone, Address, City, State, Pincode, Course",
    ]);
    expect(whatToFix(COMPLETE)).toBeNull();
  });

  test("names the missing documents too, beside the missing fields or alone; formats only once nothing is missing", () => {
    expect(whatToFix({ ...COMPLETE, city: "" }, ["photo", "marksheet"])).toEqual({
      lines: ["Please fill in the following required fields: City", "Please upload the following required documents: Photo, Marksheet"],
      first: "city",
    });
    expect(whatToFix(COMPLETE, ["marksheet"])).toEqual({
      lines: ["Please upload the following required documents: Marksheet"],
      first: "marksheet",
    });
    expect(whatToFix({ ...COMPLETE, pincode: "4110" })).toEqual({
      lines: ["Please correct the highlighted fields: Pincode"],
      first: "pincode",
    });
  });

  test("formats come from the shared schema", () => {
    expect(fieldError("pincode", "4110")).toBe("Please enter a valid 6-digit PIN code");
    expect(fieldError("pincode", "011038")).toBe("Please enter a valid 6-digit PIN code");
    expect(fieldError("pincode", "411038")).toBeUndefined();
    expect(fieldError("email", "priya@")).toBe("Please enter a valid email address");
    expect(fieldError("yearOfPassing", "2014")).toBe(`Year of passing must be between 2015 and ${PASSING_YEARS[0]}`);
    expect(fieldError("yearOfPassing", PASSING_YEARS[0]!)).toBeUndefined();
    expect(fieldError("gender", "Robot")).toBe("Gender: please choose one of Male, Female, Other");
    expect(fieldError("previousPercentage", "101")).toBe("Please enter a percentage between 0 and 100");
    expect(fieldError("alternatePhone", "")).toBeUndefined();
    expect(fieldError("firstName", "")).toBe("First Name is required");
    expect(validateAll(COMPLETE)).toEqual({});
    expect(invalidFieldsMessage(["pincode", "guardianPhone"])).toBe("Please correct the highlighted fields: Pincode, Guardian Phone");
  });

  test("blank fields are not sent; the rest are trimmed", () => {
    const form = appendFields(new FormData(), { ...COMPLETE, city: "  Pune  ", alternatePhone: "   " });
    expect(form.get("city")).toBe("Pune");
    expect(form.has("alternatePhone")).toBe(false);
    expect(form.has("medicalHistory")).toBe(false);
    expect(form.get("nationality")).toBe("Indian");
  });
});
