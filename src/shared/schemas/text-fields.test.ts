/** The text fields every schema is built from (common.ts). */
import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { NAME_PART_MAX } from "../constants.ts";
import { admissionFields } from "./admission.ts";
import { profileUpdateInput } from "./auth.ts";
import { isBirthDate, latestBirthDate, newPassword, optionalRecordId } from "./common.ts";
import { contactInput } from "./contact.ts";
import { faqInput } from "./content.ts";
import { rupeesToPaise } from "./programmes.ts";
import { generalSettings } from "./settings.ts";
import { studentForm as studentCreateInput } from "./students.ts";

const APPLICANT = {
  firstName: "Asha",
  lastName: "Patil",
  dateOfBirth: "2005-06-15",
  gender: "Female",
  bloodGroup: "O+",
  email: "asha@example.test",
  phone: "+91 98220 12345",
  address: "1 Lane",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  course: "BBA",
};
const STUDENT = { name: "Asha Patil", email: "asha@example.test", mobile: "9822012345", standard: "BBA" };

describe("text fields lose a NUL (twelfth walk: PostgreSQL refused a site name carrying one, and every public form with it)", () => {
  test("a required field, an optional one and one of a whole form", () => {
    const general = v.parse(generalSettings, {
      siteName: "Insti\u0000tute",
      siteDescription: "\u0000",
      adminEmail: "office@example.test",
      contactPhone: "+91 20\u0000 1234",
      address: "",
      timeZone: "Asia/Kolkata",
      academicYearStart: 6,
    });
    expect([general.siteName, general.siteDescription, general.contactPhone]).toEqual(["Institute", undefined, "+91 20 1234"]);
    // A field that was only a NUL is blank, and says so.
    const blank = v.safeParse(generalSettings, { ...general, siteName: "\u0000" });
    expect(blank.success).toBe(false);
    const contact = v.parse(contactInput, {
      name: "Asha\u0000",
      email: "asha@example.test",
      subject: "fees",
      message: "When is the\u0000 fee due?",
    });
    expect([contact.name, contact.message]).toEqual(["Asha", "When is the fee due?"]);
  });
});

describe("what people really type (walk 16a)", () => {
  const contactOf = (fields: Record<string, string>) =>
    v.safeParse(contactInput, { name: "Asha", email: "asha@example.test", subject: "fees", message: "When?", ...fields });

  test("the marks that steer the text's direction, zero-width spaces and byte order marks go; the joiners of Indic spellings stay", () => {
    const parsed = v.parse(admissionFields, { ...APPLICANT, firstName: "\u202Eluar", lastName: "\u2067Gupta\u2069\u200B" });
    expect([parsed.firstName, parsed.lastName]).toEqual(["luar", "Gupta"]);
    const named = contactOf({ name: "क्\u200Dष\u200Cत्र", message: "\uFEFFनमस्ते\u200F" });
    expect(named.success && [named.output.name, named.output.message]).toEqual(["क्\u200Dष\u200Cत्र", "नमस्ते"]);
  });

  test("a field of invisible characters only is blank, and says so", () => {
    const invisible = contactOf({ name: "\u200B", message: "\u200B\u200C\u200D" });
    expect(invisible.success).toBe(false);
    expect(invisible.issues?.map((i) => v.getDotPath(i))).toEqual(["name", "message"]);
  });

  test("a phone has digits first and last: dashes alone are not one", () => {
    expect(contactOf({ phone: "-------" }).success).toBe(false);
    expect(contactOf({ phone: "- - - - -" }).success).toBe(false);
    expect(contactOf({ phone: "+91 98220 12345" }).success).toBe(true);
  });

  test("a date of birth is a real day: 31 February and 29 February of a common year are refused, 29 February 2008 is not", () => {
    for (const day of ["2007-02-31", "2007-02-29", "2010-04-31", "1900-06-01", "2999-01-01"]) {
      expect(v.safeParse(admissionFields, { ...APPLICANT, dateOfBirth: day }).success).toBe(false);
      expect(v.safeParse(studentCreateInput, { ...STUDENT, dateOfBirth: day }).success).toBe(false);
    }
    expect(v.safeParse(admissionFields, { ...APPLICANT, dateOfBirth: "2008-02-29" }).success).toBe(true);
    expect(v.safeParse(studentCreateInput, { ...STUDENT, dateOfBirth: "2008-02-29" }).success).toBe(true);
  });

  test("an approved applicant's longest name (80 + space + 80) is a name the office can still save", () => {
    const name = `${"A".repeat(NAME_PART_MAX)} ${"B".repeat(NAME_PART_MAX)}`;
    expect(
      v.safeParse(admissionFields, { ...APPLICANT, firstName: "A".repeat(NAME_PART_MAX), lastName: "B".repeat(NAME_PART_MAX) }).success,
    ).toBe(true);
    expect(v.safeParse(studentCreateInput, { ...STUDENT, name }).success).toBe(true);
    expect(v.safeParse(studentCreateInput, { ...STUDENT, name: `${name}C` }).success).toBe(false);
  });

  test("a whole number is digits: '0x2' and '4e1' are refused, not read as 2 and 40", () => {
    for (const term of ["0x2", "2e0", "4e1", "1.0", "-1", " 2 x"]) {
      expect(v.safeParse(studentCreateInput, { ...STUDENT, term }).success).toBe(false);
    }
    const ok = v.safeParse(studentCreateInput, { ...STUDENT, term: " 2 " });
    expect(ok.success && ok.output.term).toBe(2);
    const asNumber = v.safeParse(studentCreateInput, { ...STUDENT, term: 3 });
    expect(asNumber.success && asNumber.output.term).toBe(3);
  });

  test("Devanagari digits typed on a Hindi or Marathi keyboard are read as 0–9 where a number is meant, and stored so", () => {
    const applied = v.parse(admissionFields, { ...APPLICANT, phone: "+९१ ९८२२० १२३४५", pincode: "४११००१" });
    expect([applied.phone, applied.pincode]).toEqual(["+91 98220 12345", "411001"]);
    const student = v.parse(studentCreateInput, { ...STUDENT, mobile: "९८२२०१२३४५", term: "२" });
    expect([student.mobile, student.term]).toEqual(["9822012345", 2]);
    expect(contactOf({ phone: "०२० २६१२ ३४५६" }).success && contactOf({ phone: "०२० २६१२ ३४५६" }).output).toMatchObject({
      phone: "020 2612 3456",
    });
    expect(rupeesToPaise("₹१२,५००.५०")).toBe(12_500_50);
    // Free text keeps what was written.
    expect(contactOf({ message: "कक्षा ५ में" }).success && contactOf({ message: "कक्षा ५ में" }).output).toMatchObject({ message: "कक्षा ५ में" });
  });

  test("a password is kept as typed but for a NUL: it must match what was set", () => {
    expect(v.parse(newPassword, "Abcdefg1\u200B")).toBe("Abcdefg1\u200B");
  });
});

describe("what people really type, taken up (stop 48, walk 16a's Left)", () => {
  const contactOf = (fields: Record<string, string>) =>
    v.safeParse(contactInput, { name: "Asha", email: "asha@example.test", subject: "fees", message: "When?", ...fields });

  test("a PIN code written as on a letter, '411 001', is its six digits", () => {
    expect(v.parse(admissionFields, { ...APPLICANT, pincode: "411 001" }).pincode).toBe("411001");
    expect(v.parse(admissionFields, { ...APPLICANT, pincode: " ४११ ००१ " }).pincode).toBe("411001");
    for (const pincode of ["411 00", "011 001", "411-001"])
      expect(v.safeParse(admissionFields, { ...APPLICANT, pincode }).success).toBe(false);
  });

  test("a rupee amount's commas only group digits, the Indian way or the international one", () => {
    expect([rupeesToPaise("1,20,000"), rupeesToPaise("120,000"), rupeesToPaise("12,500.50"), rupeesToPaise("1,000")]).toEqual([
      1_20_000_00, 120_000_00, 12_500_50, 1_000_00,
    ]);
    expect([rupeesToPaise("₹ 10,00,000"), rupeesToPaise("18000"), rupeesToPaise(""), rupeesToPaise("99,999,999")]).toEqual([
      10_00_000_00,
      18_000_00,
      null,
      99_999_999_00,
    ]);
    for (const amount of ["1,2,3", "12,34", ",100", "100,", "1,00", "1,0000", "12,345,67", "1,00,0,000", "1.234", "1 2 3", "12 500"])
      expect([amount, rupeesToPaise(amount)]).toEqual([amount, undefined]);
  });

  test("a name's runs of spaces fold to one; a name with emoji or pictographs says so; letters of every script stay", () => {
    const applied = v.parse(admissionFields, {
      ...APPLICANT,
      firstName: "Asha  Rani",
      lastName: "D'Souza-Patil",
      fatherName: "  Ravi   Kumar ",
    });
    expect([applied.firstName, applied.lastName, applied.fatherName]).toEqual(["Asha Rani", "D'Souza-Patil", "Ravi Kumar"]);
    expect(v.parse(studentCreateInput, { ...STUDENT, name: "Priya \t Sharma" }).name).toBe("Priya Sharma");
    const emoji = contactOf({ name: "Asha 😀" });
    expect(emoji.success).toBe(false);
    expect(emoji.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([["name", "Use letters in a name, not emoji or symbols"]]);
    expect(v.safeParse(studentCreateInput, { ...STUDENT, name: "Asha ❤️" }).success).toBe(false);
    for (const name of ["Maa 🙏", "Priya 🇮🇳", "Asha 1️⃣", "Ravi 👍🏽", "Star ★"])
      expect([name, v.safeParse(admissionFields, { ...APPLICANT, motherName: name }).success]).toEqual([name, false]);
    for (const name of ["क्\u200Dषमा", "ಅನಿತಾ ರಾವ್", "S. Ramanathan", "Mary-Ann O'Neil"]) expect(contactOf({ name }).success).toBe(true);
  });

  test("a phone that is one digit over and over is a placeholder, not a number", () => {
    for (const phone of ["0000000000", "99999 99999", "+1111111111", "0-0-0-0-0-0-0-0", "+91 00000 00000", "0 99999 99999"]) {
      expect(contactOf({ phone }).success).toBe(false);
      expect(v.safeParse(studentCreateInput, { ...STUDENT, mobile: phone }).success).toBe(false);
      expect(v.safeParse(admissionFields, { ...APPLICANT, phone }).success).toBe(false);
    }
    expect(v.safeParse(studentCreateInput, { ...STUDENT, mobile: "+1 212 555 0100" }).success).toBe(true);
  });

  test("an account's own mobile (Settings → Profile, PUT /auth/profile) is a phone by the same rule", () => {
    const mobileOf = (mobile: string) => v.safeParse(profileUpdateInput, { mobile });
    for (const mobile of ["0000000000", "99999 99999", "-------", "98220 12345-", "+91 98220 12345 6789 0"]) {
      const refused = mobileOf(mobile);
      expect([mobile, refused.issues?.map((i) => [v.getDotPath(i), i.message])]).toEqual([
        mobile,
        [["mobile", mobile.length > 20 ? "Must be at most 20 characters" : "Please enter a valid mobile number"]],
      ]);
    }
    expect([mobileOf("९८२२० १२३४५").output, mobileOf("+1 212-555-0100").output, mobileOf("  ").success]).toEqual([
      { mobile: "98220 12345", name: undefined, email: undefined },
      { mobile: "+1 212-555-0100", name: undefined, email: undefined },
      false,
    ]);
  });

  test("a date of birth is at least 10 years ago: not today, not last year", () => {
    const now = new Date("2026-11-22T06:30:00Z");
    expect([
      isBirthDate("2016-11-22", now),
      isBirthDate("2016-11-23", now),
      isBirthDate("2026-11-22", now),
      isBirthDate("1926-05-01", now),
    ]).toEqual([true, false, false, true]);
    expect([latestBirthDate(now), latestBirthDate(new Date("2028-02-29T10:00:00Z"))]).toEqual(["2016-11-22", "2018-02-28"]);
    // Counted on India's day: at 00:30 in Pune (19:00 UTC the day before) it is already the 23rd.
    expect(latestBirthDate(new Date("2026-11-22T19:00:00Z"))).toBe("2016-11-23");
    expect(isBirthDate("2016-11-23", new Date("2026-11-22T19:00:00Z"))).toBe(true);
    expect(latestBirthDate(new Date("2026-11-22T18:29:00Z"))).toBe("2016-11-22");
    const today = new Date().toISOString().slice(0, 10);
    expect(v.safeParse(admissionFields, { ...APPLICANT, dateOfBirth: today }).success).toBe(false);
    expect(v.safeParse(studentCreateInput, { ...STUDENT, dateOfBirth: today }).success).toBe(false);
  });

  test("a record chosen in a picker: its id, or none (blank, null, missing, 'all' where a list says so); nothing else (stop 48: one rule for four)", () => {
    const audience = v.object({ programme: optionalRecordId("Choose a programme", "all") });
    for (const [programme, out] of [
      ["12", 12],
      [12, 12],
      [" 12 ", 12],
      ["", null],
      [null, null],
      [undefined, null],
      ["all", null],
    ] as const)
      expect(v.parse(audience, { programme }).programme).toBe(out);
    for (const programme of ["0", "x", "1e3", "0x10", "99999999999", "2147483648", -1])
      expect(v.safeParse(audience, { programme }).issues?.[0]?.message).toBe("Choose a programme");
    expect(v.safeParse(faqInput, { question: "Q?", answer: "A.", sortOrder: "0x10" }).success).toBe(false);
  });
});
