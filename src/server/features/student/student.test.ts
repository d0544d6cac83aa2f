import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import * as v from "valibot";
import type { User } from "../../../../db/schema.ts";
import { native } from "../../../../tests/setup/happy-dom.ts";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiStudent from "../../../shared/i18n/hi/student.json";
import mrStudent from "../../../shared/i18n/mr/student.json";
import mrValidation from "../../../shared/i18n/mr/validation.json";
import { fieldErrorsOf } from "../../../shared/schemas/common.ts";
import { DEFAULT_SETTINGS, DEFAULT_STUDENT_PREFERENCES } from "../../../shared/schemas/settings.ts";
import { studentProfileInput } from "../../../shared/schemas/student.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { dataPaths } from "../../platform/storage.ts";
import { executableBytes, fileOf, jpegBytes, oversizedPng, pdfBytes, pngBytes } from "../../test-files.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";
import { idCardValidity, localDate } from "./id-card.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let asha: User;
let ravi: User;
let ashaToken: string;
let raviToken: string;
let adminToken: string;

const login = async (studentId: string, password = TEST_PASSWORD) =>
  (await signedIn(loginStudent(deps, { email: "", studentId, password }))).token;

beforeEach(async () => {
  deps = await createTestDeps({ PUBLIC_URL: "https://ide.example.org" });
  app = testApp(deps);
  await createUser(deps, { role: "admin", email: "office@example.test" });
  adminToken = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  asha = await createUser(deps, {
    role: "student",
    name: "Asha Patil",
    email: "asha@example.test",
    student_id: "STU0001",
    mobile: "9876500001",
    course: "Commerce",
    standard: "BCom",
    section: "A",
    roll_number: "12",
    blood_group: "B+",
    date_of_birth: "2002-08-15",
    address: "14 MG Road",
  });
  ravi = await createUser(deps, {
    role: "student",
    name: "Ravi Kulkarni",
    email: "ravi@example.test",
    student_id: "STU0002",
    mobile: "9876500002",
  });
  ashaToken = await login("STU0001");
  raviToken = await login("STU0002");
});

const send = (method: string, p: string, body?: unknown, token?: string) =>
  app.request(p, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const uploadPhoto = (file: File | undefined, token: string) => {
  const fd = new FormData();
  if (file) fd.append("photo", file);
  return app.request("/api/student/profile/photo", { method: "PUT", body: fd, headers: { authorization: `Bearer ${token}` } });
};

const userRow = (id: number) => deps.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const authOf = async (token: string) => (await resolveSession(deps, token))!;
const photosOnDisk = () => readdirSync(dataPaths(deps.env.dataDir).photos);

describe("access", () => {
  const STUDENT_ONLY: [string, string, unknown?][] = [
    ["GET", "/api/student/profile"],
    ["PUT", "/api/student/profile", { city: "Pune" }],
    ["PUT", "/api/student/profile/photo"],
    ["GET", "/api/student/id-card"],
    ["GET", "/api/student/settings"],
    ["PUT", "/api/student/notification-settings", { theme: "dark" }],
    ["PUT", "/api/student/privacy-settings", { showPhotoOnVerification: false }],
    [
      "PUT",
      "/api/student/change-password",
      { currentPassword: TEST_PASSWORD, newPassword: "Fresh2026Pass", confirmPassword: "Fresh2026Pass" },
    ],
    ["GET", "/api/student/dashboard/stats"],
  ];

  test("student-only paths: a guest gets 401 and an admin 403, over REST and tRPC", async () => {
    for (const [method, p, body] of STUDENT_ONLY) {
      expect([p, (await send(method, p, body)).status]).toEqual([p, 401]);
      expect([p, (await send(method, p, body, adminToken)).status]).toEqual([p, 403]);
    }
    const admin = callerFor(deps, await authOf(adminToken));
    const guest = callerFor(deps);
    for (const call of [
      (c: typeof guest) => c.student.profile(),
      (c: typeof guest) => c.student.updateProfile({ city: "Pune" }),
      (c: typeof guest) => c.student.idCard(),
      (c: typeof guest) => c.student.settings(),
      (c: typeof guest) => c.student.updateSettings({ theme: "dark" }),
      (c: typeof guest) => c.student.updatePrivacy({ showPhotoOnVerification: false }),
      (c: typeof guest) => c.student.dashboard(),
    ]) {
      await expect(call(guest)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(call(admin)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });

  test("GET /student/{id}: the student themself or an admin; another student 403 (existing or not), a guest 401", async () => {
    const own = await send("GET", `/api/student/${asha.id}`, undefined, ashaToken);
    expect(own.status).toBe(200);
    expect((await own.json()).data).toMatchObject({ id: asha.id, name: "Asha Patil", student_id: "STU0001" });
    const other = await send("GET", `/api/student/${ravi.id}`, undefined, ashaToken);
    expect(other.status).toBe(403);
    expect(JSON.stringify(await other.json())).not.toContain("Ravi");
    expect((await send("GET", "/api/student/99999", undefined, ashaToken)).status).toBe(403);
    expect((await send("GET", `/api/student/${ravi.id}`)).status).toBe(401);
    const byAdmin = await (await send("GET", `/api/student/${ravi.id}`, undefined, adminToken)).json();
    expect(byAdmin.data).toMatchObject({ name: "Ravi Kulkarni", email: "ravi@example.test", status: "active" });
    expect((await send("GET", "/api/student/99999", undefined, adminToken)).status).toBe(404);

    const a = callerFor(deps, await authOf(ashaToken));
    expect((await a.student.byId({ id: asha.id })).email).toBe("asha@example.test");
    await expect(a.student.byId({ id: ravi.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(deps).student.byId({ id: ravi.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await callerFor(deps, await authOf(adminToken)).student.byId({ id: ravi.id })).name).toBe("Ravi Kulkarni");
  });

  test("student A cannot reach student B's data through any path: ids in bodies are ignored, each sees only their own", async () => {
    const before = await userRow(ravi.id);
    const res = await send(
      "PUT",
      "/api/student/profile",
      { id: ravi.id, userId: ravi.id, student_id: "STU0002", city: "Nagpur" },
      ashaToken,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ id: asha.id, student_id: "STU0001", city: "Nagpur" });
    expect(await userRow(ravi.id)).toEqual(before);

    expect((await uploadPhoto(fileOf(await pngBytes(), "me.png"), ashaToken)).status).toBe(200);
    expect((await userRow(ravi.id)).photo_file).toBeNull();

    const ashaCard = (await (await send("GET", "/api/student/id-card", undefined, ashaToken)).json()).data;
    const raviCard = (await (await send("GET", "/api/student/id-card", undefined, raviToken)).json()).data;
    expect(ashaCard.name).toBe("Asha Patil");
    expect(raviCard.name).toBe("Ravi Kulkarni");
    expect(ashaCard.verifyUrl).not.toBe(raviCard.verifyUrl);

    await send("PUT", "/api/student/notification-settings", { theme: "dark" }, ashaToken);
    expect((await (await send("GET", "/api/student/settings", undefined, raviToken)).json()).data.theme).toBe("light");
    expect((await (await send("GET", "/api/student/profile", undefined, raviToken)).json()).data.city).toBeNull();
  });
});

describe("profile", () => {
  test("GET answers the Student user shape; PUT changes the editable fields and never the read-only ones", async () => {
    const got = (await (await send("GET", "/api/student/profile", undefined, ashaToken)).json()).data;
    expect(got).toEqual({
      id: asha.id,
      name: "Asha Patil",
      email: "asha@example.test",
      student_id: "STU0001",
      status: "active",
      mobile: "9876500001",
      dateOfBirth: "2002-08-15",
      gender: null,
      address: "14 MG Road",
      city: null,
      state: null,
      pincode: null,
      bloodGroup: "B+",
      standard: "BCom",
      section: "A",
      rollNumber: "12",
      course: "Commerce",
      emergencyContact: { name: null, relationship: null, phone: null, email: null },
      photo: null,
      programme: null,
      programmeName: "BCom",
    });
    // Pointed at a listed programme, the profile names it with its public address (issue 17).
    const bcom = await deps.db.selectFrom("programmes").select("id").where("name", "=", "BCom").executeTakeFirstOrThrow();
    await deps.db.updateTable("users").set({ programme_id: bcom.id }).where("id", "=", asha.id).execute();
    expect((await (await send("GET", "/api/student/profile", undefined, ashaToken)).json()).data.programme).toEqual({
      slug: "bcom",
      name: "BCom",
    });
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("id", "=", bcom.id).execute();
    expect((await (await send("GET", "/api/student/profile", undefined, ashaToken)).json()).data).toMatchObject({
      programme: null,
      programmeName: "BCom",
    });

    const res = await send(
      "PUT",
      "/api/student/profile",
      {
        mobile: " +91 98765 43210 ",
        gender: "Female",
        city: "Nashik",
        state: "Maharashtra",
        // As written on letters (stop 48): stored as its six digits. A name's double space folds.
        pincode: "422 001",
        bloodGroup: "O+",
        emergencyContact: { name: "Sunita  Patil", relationship: "Mother", phone: "9822012345", email: "Sunita@Example.test" },
        // read-only: ignored
        name: "Someone Else",
        email: "hijack@example.test",
        student_id: "STU9999",
        standard: "MBA",
        section: "Z",
        rollNumber: "1",
        course: "Arts",
        status: "inactive",
      },
      ashaToken,
    );
    expect(res.status).toBe(200);
    const updated = (await res.json()).data;
    expect(updated).toMatchObject({
      name: "Asha Patil",
      email: "asha@example.test",
      student_id: "STU0001",
      status: "active",
      standard: "BCom",
      section: "A",
      rollNumber: "12",
      course: "Commerce",
      mobile: "+91 98765 43210",
      gender: "Female",
      city: "Nashik",
      pincode: "422001",
      bloodGroup: "O+",
      address: "14 MG Road", // left out: unchanged
      emergencyContact: { name: "Sunita Patil", relationship: "Mother", phone: "9822012345", email: "sunita@example.test" },
    });
    const row = await userRow(asha.id);
    expect(row).toMatchObject({
      name: "Asha Patil",
      email: "asha@example.test",
      student_id: "STU0001",
      standard: "BCom",
      course: "Commerce",
      is_active: 1,
    });
    // The audit log names the changed fields, never their values.
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.profile_update").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details).fields).toContain("pincode");
    expect(log.details).not.toContain("422001");

    // Blank clears a field; null clears the whole emergency contact.
    const cleared = (await (await send("PUT", "/api/student/profile", { city: "  ", emergencyContact: null }, ashaToken)).json()).data;
    expect(cleared.city).toBeNull();
    expect(cleared.state).toBe("Maharashtra");
    expect(cleared.emergencyContact).toEqual({ name: null, relationship: null, phone: null, email: null });

    // The same rules through tRPC.
    const trpc = await callerFor(deps, await authOf(ashaToken)).student.updateProfile({ city: "Pune", course: "Arts" } as never);
    expect(trpc).toMatchObject({ city: "Pune", course: "Commerce" });
  });

  test("field rules: 6-digit PIN, relationship from the list, real date of birth, valid phone", async () => {
    const res = await send(
      "PUT",
      "/api/student/profile",
      {
        pincode: "12345",
        gender: "Unknown",
        dateOfBirth: "2003-02-30",
        mobile: "call me",
        bloodGroup: "C+",
        emergencyContact: { relationship: "Friend", email: "nope" },
      },
      ashaToken,
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      mobile: ["Please enter a valid mobile number"],
      dateOfBirth: ["Please enter a real date of birth, at least 10 years ago"],
      gender: ["Please choose Male, Female or Other"],
      pincode: ["Please enter a valid 6-digit PIN code"],
      bloodGroup: ["Please choose a blood group from the list"],
      "emergencyContact.relationship": ["Please choose Father, Mother, Guardian, Spouse, Sibling or Other"],
      "emergencyContact.email": ["Please enter a valid email address"],
    });
    // Nothing was changed by a refused update.
    expect((await userRow(asha.id)).pincode).toBeNull();
    // No Indian PIN code starts with 0 (the postal zones are 1–9): the same rule as the application form's.
    const zero = await send("PUT", "/api/student/profile", { pincode: "011038" }, ashaToken);
    expect(zero.status).toBe(400);
    expect((await zero.json()).errors).toEqual({ pincode: ["Please enter a valid 6-digit PIN code"] });
    for (const relationship of ["Father", "Mother", "Guardian", "Spouse", "Sibling", "Other"]) {
      expect((await send("PUT", "/api/student/profile", { emergencyContact: { relationship } }, ashaToken)).status).toBe(200);
    }
    await expect(callerFor(deps, await authOf(ashaToken)).student.updateProfile({ pincode: "4220011" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Please enter a valid 6-digit PIN code",
    });
  });
});

describe("profile photo", () => {
  test("a photo over 5 MB is refused with 413 and the spec's text", async () => {
    const res = await uploadPhoto(fileOf(oversizedPng(6 * 1024 * 1024), "big.png", "image/png"), ashaToken);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      message: "File size must be less than 5MB",
      errors: { photo: ["File size must be less than 5MB"] },
    });
    expect(photosOnDisk()).toHaveLength(0);
  });

  test("a PDF, an executable renamed .jpg, or no file at all is 'Please select a valid image file'", async () => {
    for (const file of [fileOf(pdfBytes(), "photo.jpg", "image/jpeg"), fileOf(executableBytes(), "photo.jpg", "image/jpeg"), undefined]) {
      const res = await uploadPhoto(file, ashaToken);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Please select a valid image file");
    }
    const json = await send("PUT", "/api/student/profile/photo", { photo: "x" }, ashaToken);
    expect(json.status).toBe(400);
    const broken = await app.request("/api/student/profile/photo", {
      method: "PUT",
      body: '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nnot closed',
      headers: { authorization: `Bearer ${ashaToken}`, "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    expect((await userRow(asha.id)).photo_file).toBeNull();
    expect(photosOnDisk()).toHaveLength(0);
  });

  test("a real JPEG with EXIF is stored as WebP without EXIF, answered as the updated user, and replaces the old file", async () => {
    const original = await jpegBytes(900, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await uploadPhoto(fileOf(original, "holiday.jpg", "image/jpeg"), ashaToken);
    expect(res.status).toBe(200);
    const { user } = (await res.json()).data;
    expect(user).toMatchObject({ id: asha.id, name: "Asha Patil", student_id: "STU0001" });
    const first = (await userRow(asha.id)).photo_file!;
    expect(first).toMatch(/^[a-z0-9]{24}\.webp$/);
    expect(user.photo.url).toBe(`/api/files/photos/${first}`);
    const stored = await sharp(path.join(dataPaths(deps.env.dataDir).photos, first)).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    expect(Math.max(stored.width!, stored.height!)).toBeLessThanOrEqual(512);

    // The photo is served by its unguessable name, privately cached, never sniffed.
    const served = await app.request(user.photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    for (const p of ["/api/files/photos/nothere.webp", "/api/files/photos/..%2f..%2finstitute.db", "/api/files/photos/%2e%2e"]) {
      expect((await app.request(p)).status).toBe(404);
    }

    expect((await uploadPhoto(fileOf(await pngBytes(), "new.png"), ashaToken)).status).toBe(200);
    const second = (await userRow(asha.id)).photo_file!;
    expect(second).not.toBe(first);
    expect(photosOnDisk()).toEqual([second]);
    expect(existsSync(path.join(dataPaths(deps.env.dataDir).photos, first))).toBe(false);
    expect((await app.request(`/api/files/photos/${first}`)).status).toBe(404);
  });
});

describe("one programme name (QA 3)", () => {
  test("the dashboard, the ID card and the marksheet name the student's programme, not the course applied for", async () => {
    const bba = await deps.db.selectFrom("programmes").select(["id", "name"]).where("name", "=", "BBA").executeTakeFirstOrThrow();
    await deps.db
      .updateTable("users")
      .set({ course: "Business Administration", standard: "BBA", programme_id: bba.id })
      .where("id", "=", asha.id)
      .execute();
    const caller = callerFor(deps, await authOf(ashaToken));
    expect((await caller.student.dashboard()).course).toBe("BBA");
    expect((await caller.student.idCard()).course).toBe("BBA");
    expect((await caller.exams.marksheet()).student.programme).toBe("BBA");
    expect((await caller.student.profile()).programmeName).toBe("BBA");
    // Renamed in the catalogue: every screen follows the catalogue, archived or not.
    await deps.db
      .updateTable("programmes")
      .set({ name: "Bachelor of Business Administration", archived: 1 })
      .where("id", "=", bba.id)
      .execute();
    expect((await caller.student.dashboard()).course).toBe("Bachelor of Business Administration");
    expect((await caller.student.idCard()).course).toBe("Bachelor of Business Administration");
    expect((await caller.exams.marksheet()).student.programme).toBe("Bachelor of Business Administration");
  });
});

describe("ID card and its verification", () => {
  test("the card shows the student, the institute and a verification address whose token is created once and kept", async () => {
    const res = await send("GET", "/api/student/id-card", undefined, ashaToken);
    expect(res.status).toBe(200);
    const card = (await res.json()).data;
    expect(card).toMatchObject({
      name: "Asha Patil",
      student_id: "STU0001",
      // Her Course/Standard, not the course she was admitted to (QA 3: one programme name on every screen).
      course: "BCom",
      bloodGroup: "B+",
      photo: null,
      academicYear: "2026-27",
      issueDate: "2026-11-22", // enrolled today, after 1 June
      validUntil: "2027-05-31",
    });
    expect(card.institute.name).toBeTruthy();
    expect(card.institute.phones.length).toBeGreaterThan(0);
    expect(card.institute.email).toContain("@");
    const token = (await userRow(asha.id)).id_card_token!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(card.verifyUrl).toBe(`https://ide.example.org/verify/${token}`);
    const again = (await callerFor(deps, await authOf(ashaToken)).student.idCard()).verifyUrl;
    expect(again).toBe(card.verifyUrl);
  });

  test("validity: the academic year 1 June – 31 May in the institute's time zone", () => {
    expect(idCardValidity("2026-11-22", "2024-03-01")).toEqual({
      academicYear: "2026-27",
      issueDate: "2026-06-01",
      validUntil: "2027-05-31",
    });
    expect(idCardValidity("2027-05-31", "2024-03-01").validUntil).toBe("2027-05-31");
    expect(idCardValidity("2027-06-01", "2024-03-01")).toEqual({
      academicYear: "2027-28",
      issueDate: "2027-06-01",
      validUntil: "2028-05-31",
    });
    expect(idCardValidity("2027-01-15", "2026-12-02").issueDate).toBe("2026-12-02");
    // 31 May 19:00 UTC is already 1 June in India.
    expect(localDate(new Date("2027-05-31T19:00:00Z"), "Asia/Kolkata")).toBe("2027-06-01");
    expect(localDate(new Date("2027-05-31T18:00:00Z"), "Asia/Kolkata")).toBe("2027-05-31");
  });

  test("validity follows the month the institute's academic year starts in (Settings → General, stop 53)", async () => {
    // July to June: on 22 Nov 2026 the year 2026-27 runs to 30 June 2027.
    expect(idCardValidity("2026-11-22", "2024-03-01", 7)).toEqual({
      academicYear: "2026-27",
      issueDate: "2026-07-01",
      validUntil: "2027-06-30",
    });
    expect(idCardValidity("2027-06-30", "2024-03-01", 7).academicYear).toBe("2026-27");
    expect(idCardValidity("2027-07-01", "2024-03-01", 7).validUntil).toBe("2028-06-30");
    // January to December: one calendar year's name.
    expect(idCardValidity("2026-11-22", "2024-03-01", 1)).toEqual({
      academicYear: "2026",
      issueDate: "2026-01-01",
      validUntil: "2026-12-31",
    });
    // March: the day before 1 March is 29 February in a leap year.
    expect(idCardValidity("2027-11-22", "2024-03-01", 3).validUntil).toBe("2028-02-29");
    // Saved by an administrator, it is what the card and its verification say.
    await saveSettingsGroup(deps, "general", { ...DEFAULT_SETTINGS.general, academicYearStart: 7 });
    const card = (await (await send("GET", "/api/student/id-card", undefined, ashaToken)).json()).data;
    expect([card.academicYear, card.validUntil]).toEqual(["2026-27", "2027-06-30"]);
    const verified = (await (await app.request(`/api/public/verify/${card.verifyUrl.split("/verify/")[1]}`)).json()).data;
    expect(verified.validUntil).toBe("2027-06-30");
  });

  test("verification is public and shows only name, student ID, validity and the photo if the student allows it", async () => {
    await uploadPhoto(fileOf(await jpegBytes(), "me.jpg", "image/jpeg"), ashaToken);
    const card = (await (await send("GET", "/api/student/id-card", undefined, ashaToken)).json()).data;
    const token = card.verifyUrl.split("/verify/")[1];
    const res = await app.request(`/api/public/verify/${token}`);
    expect(res.status).toBe(200);
    const data = (await res.json()).data;
    expect(data).toMatchObject({ valid: true, name: "Asha Patil", studentId: "STU0001", validUntil: "2027-05-31" });
    expect(data.photo.url).toBe(card.photo.url);
    expect(data.institute.name).toBeTruthy();
    expect(Object.keys(data).sort()).toEqual(["institute", "name", "photo", "studentId", "valid", "validUntil"]);
    const text = JSON.stringify(data);
    for (const personal of ["asha@example.test", "9876500001", "14 MG Road", "B+", "2002-08-15", "Commerce"])
      expect(text).not.toContain(personal);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");

    // Privacy: the photo is left out once the student says so.
    const saved = await send("PUT", "/api/student/privacy-settings", { showPhotoOnVerification: false }, ashaToken);
    expect((await saved.json()).data.showPhotoOnVerification).toBe(false);
    const hidden = (await (await app.request(`/api/public/verify/${token}`)).json()).data;
    expect(hidden.photo).toBeNull();
    expect(hidden.name).toBe("Asha Patil");
    expect((await callerFor(deps).verify.card({ token })).photo).toBeNull();

    // Maintenance closes the public site's data paths, but a printed card can still be checked.
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, maintenanceMode: true });
    expect((await app.request("/api/public/news")).status).toBe(503);
    expect((await app.request(`/api/public/verify/${token}`)).status).toBe(200);
  });

  test("an unknown token is 404 'This ID card could not be verified'; a deactivated student's card is not valid", async () => {
    for (const bad of ["x".repeat(43), "short", "%00"]) {
      const res = await app.request(`/api/public/verify/${bad}`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe("This ID card could not be verified");
    }
    await expect(callerFor(deps).verify.card({ token: "y".repeat(43) })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This ID card could not be verified",
    });

    const card = await callerFor(deps, await authOf(raviToken)).student.idCard();
    const token = card.verifyUrl.split("/verify/")[1]!;
    expect((await callerFor(deps).verify.card({ token })).valid).toBe(true);
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", ravi.id).execute();
    const res = (await (await app.request(`/api/public/verify/${token}`)).json()).data;
    expect(res).toMatchObject({ valid: false, name: "Ravi Kulkarni", studentId: "STU0002", validUntil: null });
  });
});

describe("settings", () => {
  test("defaults follow spec §9; saved preferences survive logging in again; partial saves keep the rest", async () => {
    const defaults = (await (await send("GET", "/api/student/settings", undefined, ashaToken)).json()).data;
    expect(defaults).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      pushNotifications: true,
      theme: "light",
      language: "english",
      twoFactorAuth: false,
      showPhotoOnVerification: true,
    });
    const saved = await send(
      "PUT",
      "/api/student/notification-settings",
      { emailNotifications: false, smsNotifications: true, pushNotifications: false, theme: "dark", language: "marathi" },
      ashaToken,
    );
    expect(saved.status).toBe(200);
    await send("POST", "/api/auth/logout", {}, ashaToken);
    const again = await login("STU0001");
    const read = (await (await send("GET", "/api/student/settings", undefined, again)).json()).data;
    expect(read).toMatchObject({
      emailNotifications: false,
      smsNotifications: true,
      pushNotifications: false,
      theme: "dark",
      language: "marathi",
    });

    // One tab saves only its own values; the others stay.
    const partial = await callerFor(deps, await authOf(again)).student.updateSettings({ language: "hindi" });
    expect(partial).toMatchObject({ theme: "dark", smsNotifications: true, language: "hindi" });
    // A changed language is also recorded as the student's own choice (issue 16: every device follows it).
    expect(JSON.parse((await userRow(asha.id)).preferences)).toEqual({
      chosenLanguage: "hindi",
      ...DEFAULT_STUDENT_PREFERENCES,
      emailNotifications: false,
      smsNotifications: true,
      pushNotifications: false,
      theme: "dark",
      language: "hindi",
    });

    const bad = await send("PUT", "/api/student/notification-settings", { theme: "blue", smsNotifications: "yes" }, again);
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["smsNotifications", "theme"]);
    expect((await send("PUT", "/api/student/privacy-settings", {}, again)).status).toBe(400);
  });

  test("the two-factor switch goes through the account: the next login asks for the e-mailed code", async () => {
    const on = (await (await send("PUT", "/api/student/notification-settings", { twoFactorAuth: true }, ashaToken)).json()).data;
    expect(on.twoFactorAuth).toBe(true);
    expect((await userRow(asha.id)).two_factor_enabled).toBe(1);
    const next = await loginStudent(deps, { email: "", studentId: "STU0001", password: TEST_PASSWORD });
    expect(next).toMatchObject({ twoFactorRequired: true });
    const off = (await (await send("PUT", "/api/student/notification-settings", { twoFactorAuth: false }, ashaToken)).json()).data;
    expect(off.twoFactorAuth).toBe(false);
    const actions = (
      await deps.db
        .selectFrom("audit_log")
        .select("action")
        .where("actor_user_id", "=", asha.id)
        .where("action", "!=", "account.sign_in")
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(["account.two_factor_on", "account.two_factor_off"]);
  });

  test("a stored preference that no longer fits falls back to its default; unknown stored keys are kept", async () => {
    await deps.db
      .updateTable("users")
      .set({ preferences: JSON.stringify({ theme: "neon", language: "hindi", widgetOrder: [2, 1] }) })
      .where("id", "=", asha.id)
      .execute();
    const read = (await (await send("GET", "/api/student/settings", undefined, ashaToken)).json()).data;
    expect(read).toMatchObject({ theme: "light", language: "hindi", emailNotifications: true });
    await send("PUT", "/api/student/privacy-settings", { showPhotoOnVerification: false }, ashaToken);
    expect(JSON.parse((await userRow(asha.id)).preferences)).toMatchObject({
      widgetOrder: [2, 1],
      theme: "light",
      showPhotoOnVerification: false,
    });
  });
});

describe("change password", () => {
  const body = (newPassword: string, confirmPassword = newPassword, currentPassword = TEST_PASSWORD) => ({
    currentPassword,
    newPassword,
    confirmPassword,
  });

  test("confirmation must match: 'New passwords do not match'", async () => {
    const res = await send("PUT", "/api/student/change-password", body("Fresh2026Pass", "Fresh2026Pas"), ashaToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: "New passwords do not match",
      errors: { confirmPassword: ["New passwords do not match"] },
    });
    await expect(callerFor(deps, await authOf(ashaToken)).student.changePassword(body("Fresh2026Pass", "other"))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "New passwords do not match",
    });
  });

  test("the one password policy and the service's messages; success keeps this session and ends the others", async () => {
    const weak = await (await send("PUT", "/api/student/change-password", body("short1A"), ashaToken)).json();
    expect(weak.message).toBe(ACCOUNT_MSG.passwordMin8);
    const wrong = await (
      await send("PUT", "/api/student/change-password", body("Fresh2026Pass", "Fresh2026Pass", "Nope1234x"), ashaToken)
    ).json();
    expect(wrong.message).toBe(ACCOUNT_MSG.currentPasswordWrong);
    const other = await login("STU0001");
    const ok = await send("PUT", "/api/student/change-password", body("Fresh2026Pass"), ashaToken);
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.message).toBe("Password updated successfully");
    expect((await send("GET", "/api/student/profile", undefined, ashaToken)).status).toBe(200);
    expect((await send("GET", "/api/student/profile", undefined, other)).status).toBe(401);
    expect(await login("STU0001", "Fresh2026Pass")).toBeTruthy();
  });
});

describe("dashboard", () => {
  test("only real figures: course, admission, account activity, profile completeness, notifications; the rest null", async () => {
    const at = deps.now().toISOString();
    const admission = await deps.db
      .insertInto("admissions")
      .values({
        application_number: "APP-2026-000007",
        status: "approved",
        first_name: "Asha",
        last_name: "Patil",
        date_of_birth: "2002-08-15",
        gender: "Female",
        blood_group: "B+",
        email: "asha@example.test",
        phone: "9876500001",
        address: "14 MG Road",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422001",
        course: "Commerce",
        student_user_id: asha.id,
        submitted_at: "2026-10-01T05:00:00.000Z",
        processed_at: "2026-10-03T09:00:00.000Z",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await deps.db.updateTable("users").set({ admission_id: admission.id }).where("id", "=", asha.id).execute();

    for (let i = 1; i <= 7; i++) {
      deps.advance(60_000);
      await notifyUser(deps.db, deps.now(), asha.id, { type: "course", title: `Notice ${i}`, message: `Message ${i}` });
    }
    await notifyUser(deps.db, deps.now(), ravi.id, { type: "system", title: "For Ravi", message: "Not Asha's" });
    await deps.db
      .updateTable("notifications")
      .set({ read_at: deps.now().toISOString() })
      .where("title", "in", ["Notice 1", "Notice 7"])
      .execute();
    await login("STU0001"); // a second device

    const res = await send("GET", "/api/student/dashboard/stats", undefined, ashaToken);
    expect(res.status).toBe(200);
    const stats = (await res.json()).data;
    expect(stats.course).toBe("BCom");
    expect(stats.admission).toEqual({
      applicationNumber: "APP-2026-000007",
      appliedAt: "2026-10-01T05:00:00.000Z",
      approvedAt: "2026-10-03T09:00:00.000Z",
    });
    expect(stats.account.activeSessions).toBe(2);
    expect(stats.account.lastLogin).toBe(deps.now().toISOString());
    // mobile, date of birth, address, blood group of 12 fields
    expect(stats.account.profileCompleteness).toBe(33);
    expect(stats.account.missingProfileFields).toContain("Photo");
    expect(stats.unreadNotifications).toBe(5);
    expect(stats.recentActivity.map((a: { title: string }) => a.title)).toEqual([
      "Notice 7",
      "Notice 6",
      "Notice 5",
      "Notice 4",
      "Notice 3",
    ]);
    expect(stats.recentActivity[0]).toMatchObject({ read: true, description: "Message 7", type: "course" });
    expect(stats.upcomingEvents).toEqual([]);
    // No subjects, exams, loans or marks yet: empty lists and zeros, never made-up figures (issue 18 fills them).
    expect(stats.courseProgress).toEqual([]);
    expect(stats.exams).toEqual([]);
    expect(stats.library).toEqual({ onLoan: 0, dueSoon: [], overdue: 0 });
    expect(stats.assignments).toEqual({ completed: 0, total: 0 });
    expect(stats.performance).toEqual({
      overall: null,
      assignmentPercent: null,
      examPercent: null,
      resultsPublished: 0,
      completed_assignments: 0,
      total_assignments: 0,
      study_streak: 0,
    });
    expect(stats.achievements).toEqual([]);
    expect(stats.nextDue).toBeNull();

    // Filling the profile raises the figure; nothing else is made up.
    await send(
      "PUT",
      "/api/student/profile",
      {
        gender: "Female",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422001",
        emergencyContact: { name: "Sunita", relationship: "Mother", phone: "9822012345" },
      },
      ashaToken,
    );
    await uploadPhoto(fileOf(await pngBytes(), "me.png"), ashaToken);
    const full = await callerFor(deps, await authOf(ashaToken)).student.dashboard();
    expect(full.account.profileCompleteness).toBe(100);
    expect(full.account.missingProfileFields).toEqual([]);

    const bare = await callerFor(deps, await authOf(raviToken)).student.dashboard();
    expect(bare).toMatchObject({ course: null, admission: null, unreadNotifications: 1, upcomingEvents: [] });
    expect(bare.account.profileCompleteness).toBe(8);
  });

  test("recent activity reads in the viewer's language, word for word as the notifications list (third QA walk, 7)", async () => {
    await notifyUser(deps.db, deps.now(), asha.id, {
      type: "system",
      kind: "fee.receipt",
      params: { number: "RCP/2026-27/000003", amount: "₹1,000" },
      link: "/student/fees/receipts/3",
    });
    const caller = callerFor(deps, await authOf(ashaToken));
    for (const locale of ["hi", "mr", "en"] as const) {
      const [dashboard, list] = await inLocale(locale, () => Promise.all([caller.student.dashboard(), caller.notifications.list({})]));
      const [shown] = list.notifications;
      expect(dashboard.recentActivity[0]).toMatchObject({ title: shown!.title, description: shown!.message, link: shown!.link });
    }
    const hindi = await inLocale("hi", () => caller.student.dashboard());
    expect(hindi.recentActivity[0]!.title).toBe("भुगतान प्राप्त हुआ: रसीद RCP/2026-27/000003");
    expect(hindi.recentActivity[0]!.link).toBe("/student/fees/receipts/3");
  });
});

describe("in the reader's language (issue 16)", () => {
  /** Bun's own Request (happy-dom's drops the Cookie header), with the body's length so the body limit reads it as sent. */
  const sendIn = (lang: "hi" | "mr", method: string, p: string, body: unknown, token: string) => {
    const json = JSON.stringify(body);
    return app.fetch(
      new native.Request(`http://localhost${p}`, {
        method,
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(json)),
          cookie: `lang=${lang}`,
          authorization: `Bearer ${token}`,
        },
        body: json,
      }),
    );
  };

  test("the profile's field rules answer in Hindi over REST and in Marathi from the schema itself", async () => {
    await loadAllCatalogues();
    const bad = {
      pincode: "12345",
      gender: "Unknown",
      dateOfBirth: "2003-02-30",
      mobile: "call me",
      bloodGroup: "C+",
      emergencyContact: { relationship: "Friend", phone: "x" },
    };
    const res = await sendIn("hi", "PUT", "/api/student/profile", bad, ashaToken);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      mobile: [hiStudent["rule.mobile"]],
      dateOfBirth: [hiStudent["rule.datePast"]],
      gender: [hiStudent["rule.gender"]],
      pincode: [hiStudent["rule.pincode"]],
      bloodGroup: [hiStudent["rule.bloodGroup"]],
      "emergencyContact.relationship": [hiStudent["rule.relationship"]],
      "emergencyContact.phone": [hiStudent["rule.phone"]],
    });
    const marathi = inLocale("mr", () =>
      v.safeParse(studentProfileInput, { city: "x".repeat(81), address: 42, dateOfBirth: "15/08/2002" }, { abortPipeEarly: true }),
    );
    expect(marathi.success).toBe(false);
    expect(fieldErrorsOf(marathi.issues!)).toEqual({
      city: [mrValidation.maxLength.replace("{max}", "80")],
      address: [mrStudent["rule.text"]],
      dateOfBirth: [mrStudent["rule.dateFormat"]],
    });
  });

  test("the portal's other answers: passwords that differ, an unknown card, an unknown student, a changed date of birth", async () => {
    await loadAllCatalogues();
    const mismatch = await sendIn(
      "hi",
      "PUT",
      "/api/student/change-password",
      { currentPassword: TEST_PASSWORD, newPassword: "Fresh2026Pass", confirmPassword: "Fresh2026Pas" },
      ashaToken,
    );
    expect(await mismatch.json()).toEqual({
      success: false,
      message: hiStudent["rule.newPasswordsDoNotMatch"],
      errors: { confirmPassword: [hiStudent["rule.newPasswordsDoNotMatch"]] },
    });
    await expect(inLocale("hi", () => callerFor(deps).verify.card({ token: "y".repeat(43) }))).rejects.toMatchObject({
      message: hiStudent["rule.cardNotVerified"],
    });
    await expect(inLocale("mr", () => callerFor(deps).verify.card({ token: "" }))).rejects.toMatchObject({
      message: mrStudent["rule.cardNotVerified"],
    });
    const admin = callerFor(deps, await authOf(adminToken));
    await expect(inLocale("hi", () => admin.student.byId({ id: 99999 }))).rejects.toMatchObject({ message: hiStudent["rule.notFound"] });
    await expect(inLocale("mr", () => admin.student.byId({ id: "abc" as unknown as number }))).rejects.toMatchObject({
      message: mrStudent["rule.unknownStudent"],
    });
    // Asha's record says 2002-08-15: another date is the institute's to change.
    const own = callerFor(deps, await authOf(ashaToken));
    await expect(inLocale("hi", () => own.student.updateProfile({ dateOfBirth: "2001-01-01" }))).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: hiStudent["rule.dateOfBirthSetByInstitute"],
    });
  });
});
