import { beforeEach, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { native } from "../../../../tests/setup/happy-dom.ts";
import { passingYearRange } from "../../../shared/constants.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiAdmission from "../../../shared/i18n/hi/admission.json";
import hiMail from "../../../shared/i18n/hi/mail.json";
import hiStatus from "../../../shared/i18n/hi/status.json";
import mrAdmission from "../../../shared/i18n/mr/admission.json";
import mrMail from "../../../shared/i18n/mr/mail.json";
import mrStatus from "../../../shared/i18n/mr/status.json";
import mrValidation from "../../../shared/i18n/mr/validation.json";
import { RATE_RULES } from "../../platform/rate-limit.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { dataPaths } from "../../platform/storage.ts";
import { executableBytes, fileOf, hugeHeaderPng, jpegBytes, oversizedPng, pdfBytes, pngBytes } from "../../test-files.ts";
import {
  atOnce,
  callerFor,
  createTestDeps,
  createUser,
  STUDENT_FORM,
  signedIn,
  TEST_PASSWORD,
  type TestDeps,
  testApp,
} from "../../testing.ts";
import { completeFirstLogin } from "../auth/account.service.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { deleteAdmission, getDocument, processAdmission, submitApplication, updateApplication } from "./admissions.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let adminToken: string;

beforeEach(async () => {
  deps = await createTestDeps({ PUBLIC_URL: "https://ide.example.org" });
  await createUser(deps, { role: "admin", email: "office@example.test" });
  adminToken = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  app = testApp(deps);
});

const FIELDS = {
  firstName: "Anita",
  lastName: "Desai",
  dateOfBirth: "2003-04-12",
  gender: "Female",
  bloodGroup: "O+",
  email: "anita@example.test",
  phone: "9876501234",
  address: "14 MG Road",
  city: "Nashik",
  state: "Maharashtra",
  pincode: "422001",
  course: "Commerce",
  yearOfPassing: "2021",
  previousPercentage: "78.5",
};

async function form(fields: Record<string, string> = FIELDS, files: Record<string, File | undefined> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== "") fd.append(k, v);
  const defaults = {
    photo: fileOf(await jpegBytes(), "me.jpg", "image/jpeg"),
    marksheet: fileOf(pdfBytes(), "marks.pdf", "application/pdf"),
  };
  for (const [k, f] of Object.entries({ ...defaults, ...files })) if (f) fd.append(k, f);
  return fd;
}

const submit = async (fd: FormData) => app.request("/api/admission/submit", { method: "POST", body: fd });
const json = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(p, { method, headers: { "content-type": "application/json", ...headers }, ...(body ? { body: JSON.stringify(body) } : {}) });
const asAdmin = (method: string, p: string, body?: unknown) => json(method, p, body, { authorization: `Bearer ${adminToken}` });

async function lastCode(email: string) {
  const row = await deps.db
    .selectFrom("email_outbox")
    .select("text_body")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return /^ {4}(\d{6})$/m.exec(row?.text_body ?? "")?.[1];
}

async function unlock(email: string) {
  await json("POST", "/api/admission/access-code", { email });
  const res = await (await json("POST", "/api/admission/access-code/verify", { email, code: await lastCode(email) })).json();
  if (!res.success) throw new Error(`unlock failed: ${JSON.stringify(res)}`);
  return res.data as { accessToken: string; applicationId: number };
}

describe("applying", () => {
  test("a complete application is stored with its documents, numbered, and announced to the admins and the applicant", async () => {
    const res = await submit(await form());
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.applicationNumber).toBe("APP-2026-000001");
    const docs = await deps.db.selectFrom("admission_documents").selectAll().execute();
    expect(docs.map((d) => d.kind).sort()).toEqual(["marksheet", "photo"]);
    expect(docs.every((d) => /^[a-z0-9]{24}\.(jpg|pdf)$/.test(d.stored_name))).toBe(true);
    expect(docs.find((d) => d.kind === "marksheet")!.original_name).toBe("marks.pdf");
    expect(readdirSync(dataPaths(deps.env.dataDir).documents)).toHaveLength(2);
    const note = await deps.db.selectFrom("notifications").selectAll().where("type", "=", "admission").executeTakeFirstOrThrow();
    expect(note.message).toContain("APP-2026-000001");
    const mail = await deps.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("to_address", "=", "anita@example.test")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain("APP-2026-000001");
    expect((await submit(await form({ ...FIELDS, email: "second@example.test" }))).status).toBe(201);
    const second = await deps.db
      .selectFrom("admissions")
      .select("application_number")
      .where("email", "=", "second@example.test")
      .executeTakeFirstOrThrow();
    expect(second.application_number).toBe("APP-2026-000002");
  });

  test("missing required fields give the spec's alert listing them, and nothing is stored", async () => {
    const res = await submit(await form({ ...FIELDS, firstName: "", city: "", course: "" }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("Please fill in the following required fields: First Name, City, Course");
    expect(body.errors.firstName).toEqual(["First Name is required"]);
    expect(await deps.db.selectFrom("admissions").selectAll().execute()).toHaveLength(0);
  });

  test("bad files are each refused with their own message while the rest of the application is kept", async () => {
    const renamed = await submit(await form(FIELDS, { marksheet: fileOf(executableBytes(), "marks.pdf", "application/pdf") }));
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).errors.marksheet).toEqual(["Marksheet must be a PDF, JPG or PNG file."]);

    const big = await submit(await form(FIELDS, { photo: fileOf(oversizedPng(6 * 1024 * 1024), "big.png", "image/png") }));
    expect(big.status).toBe(413);
    expect((await big.json()).errors.photo).toEqual(["Photo is larger than 5 MB. Please choose a smaller file."]);

    const fd = new FormData();
    for (const [k, v] of Object.entries(FIELDS)) fd.append(k, v);
    fd.append("photo", fileOf(await pngBytes(), "p.png"));
    const noMarksheet = await submit(fd);
    expect(noMarksheet.status).toBe(400);
    expect((await noMarksheet.json()).errors.marksheet).toEqual(["Marksheet is required"]);

    const pdfPhoto = await submit(
      await form({ ...FIELDS, email: "x@example.test" }, { photo: fileOf(pdfBytes(), "photo.jpg", "image/jpeg") }),
    );
    expect((await pdfPhoto.json()).errors.photo).toEqual(["Photo must be a JPG or PNG file."]);
    // Bun's multipart parser drops zero-byte file parts, so an empty file reads as no file at all.
    const empty = await submit(await form({ ...FIELDS, email: "y@example.test" }, { photo: fileOf(new Uint8Array(0), "p.png") }));
    expect((await empty.json()).errors.photo).toEqual(["Photo is required"]);
    // Nothing of a refused application was stored, not even its good files.
    expect(await deps.db.selectFrom("admissions").selectAll().execute()).toHaveLength(0);
    expect(readdirSync(dataPaths(deps.env.dataDir).documents)).toHaveLength(0);
  });

  test("a second pending application for one e-mail address is a 409 pointing to the status page", async () => {
    expect((await submit(await form())).status).toBe(201);
    const again = await submit(await form({ ...FIELDS, email: "ANITA@example.test" }));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain("Application Status page");
    // Said before any document is read: an address already pending buys no decoding of pictures.
    const withBadPhoto = await submit(await form(FIELDS, { photo: fileOf(executableBytes(), "photo.png") }));
    expect(withBadPhoto.status).toBe(409);
    expect((await withBadPhoto.json()).errors).toEqual({ email: [expect.stringContaining("Application Status page")] });
  });

  test("one e-mail applying twice at the same moment (a double tap): one application, the other pointed to the status page (race audit 5)", async () => {
    const [first, second] = await Promise.all([form(), form()]);
    const settled = await atOnce(deps.db, [() => submit(first), () => submit(second)]);
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value.status : String(r.reason))).sort()).toEqual([201, 409]);
    expect(await deps.db.selectFrom("admissions").select("id").where("status", "=", "pending").execute()).toHaveLength(1);
  });

  test("a photo whose header claims more than 50 megapixels is refused by name before it is decoded (thirteenth walk)", async () => {
    const res = await submit(await form(FIELDS, { photo: fileOf(await hugeHeaderPng(), "photo.png") }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.photo).toEqual(["Photo is larger than 50 megapixels. Please choose a smaller picture."]);
    expect(await deps.db.selectFrom("admissions").selectAll().execute()).toHaveLength(0);
  });

  test("every file is checked before any picture is decoded: a refused marksheet costs the photo no decoding (stop 45)", async () => {
    const whole = await pngBytes(300, 300);
    const cut = fileOf(whole.slice(0, Math.floor(whole.length / 2)), "photo.png", "image/png");
    const script = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const both = await submit(await form(FIELDS, { photo: cut, marksheet: fileOf(script, "marks.pdf", "application/pdf") }));
    expect(both.status).toBe(400);
    // The photo cannot be decoded, but it was never tried: only the marksheet is named.
    expect((await both.json()).errors).toEqual({
      marksheet: ["Marksheet contains web-page or script content and cannot be accepted. Please save it again as a plain PDF file."],
    });
    const photoOnly = await submit(
      await form(FIELDS, { photo: fileOf(whole.slice(0, Math.floor(whole.length / 2)), "photo.png", "image/png") }),
    );
    expect((await photoOnly.json()).errors).toEqual({ photo: ["Photo could not be read as an image. Please choose another file."] });
    expect(await deps.db.selectFrom("admissions").selectAll().execute()).toHaveLength(0);
  });

  test("the course list is the catalogue's programmes open for admission (issue 17)", async () => {
    await deps.db.updateTable("programmes").set({ admission_open: 0 }).where("name", "=", "Arts").execute();
    const body = await (await app.request("/api/admission/courses")).json();
    expect(body.data.courses).toEqual([
      "Computer Science",
      "Information Technology",
      "Electronics",
      "Mechanical Engineering",
      "Civil Engineering",
      "Business Administration",
      "Commerce",
    ]);
    expect((await submit(await form({ ...FIELDS, course: "Arts" }))).status).toBe(400);
    // An application points at its programme.
    const id = (await (await submit(await form())).json()).data.id as number;
    const commerce = await deps.db.selectFrom("programmes").select("id").where("name", "=", "Commerce").executeTakeFirstOrThrow();
    const row = await deps.db.selectFrom("admissions").select("programme_id").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.programme_id).toBe(commerce.id);
    // Its programme closing later does not stop the applicant editing the rest of it.
    await deps.db.updateTable("programmes").set({ admission_open: 0 }).where("name", "=", "Commerce").execute();
    const { accessToken } = await unlock("anita@example.test");
    const edited = await app.request(`/api/admission/update/${id}`, {
      method: "PUT",
      body: await form({ ...FIELDS, city: "Pune" }, { photo: undefined, marksheet: undefined }),
      headers: { "x-application-access": accessToken },
    });
    expect(edited.status).toBe(200);
  });

  test("field rules: year of passing 2015 to this year, PIN code, course from the list, choices name the allowed values", async () => {
    const { max } = passingYearRange();
    const yearRule = `Year of passing must be between 2015 and ${max}`;
    const res = await submit(await form({ ...FIELDS, yearOfPassing: "2014", pincode: "12", course: "Astrology", gender: "Robot" }));
    const body = await res.json();
    expect(body.errors.yearOfPassing).toEqual([yearRule]);
    // A value outside a fixed list is not "missing" (issue 14.6).
    expect(body.errors.gender).toEqual(["Gender: please choose one of Male, Female, Other"]);
    expect(body.errors.pincode).toEqual(["Please enter a valid 6-digit PIN code"]);
    expect(body.errors.course).toEqual(["Please choose a course from the list"]);
    const check = await (await json("POST", "/api/admission/validate", { email: "nope", yearOfPassing: "2030" })).json();
    expect(check.data.valid).toBe(false);
    expect(check.data.errors).toEqual({ email: ["Please enter a valid email address"], yearOfPassing: [yearRule] });
    expect(check.data.missing).toContain("First Name");
    // The current year is a year of passing (students who passed this summer apply this autumn).
    const thisYear = await (await json("POST", "/api/admission/validate", { yearOfPassing: String(max) })).json();
    expect(thisYear.data.errors.yearOfPassing).toBeUndefined();
    expect(max).toBeGreaterThanOrEqual(2026);
  });
});

describe("following an application", () => {
  test("the status lookup shows only number, status, dates — never personal details", async () => {
    await submit(await form());
    const res = await (await app.request("/api/admission/status/anita%40example.test")).json();
    expect(res.data).toMatchObject({
      applicationNumber: "APP-2026-000001",
      status: "pending",
      processedAt: null,
      student_id: null,
      rejectionReason: null,
    });
    expect(JSON.stringify(res.data)).not.toContain("Desai");
    expect(JSON.stringify(res.data)).not.toContain("9876501234");
    const byNumber = await (await app.request("/api/admission/status/app-2026-000001")).json();
    expect(byNumber.data.applicationNumber).toBe("APP-2026-000001");
    const none = await app.request("/api/admission/status/nobody%40example.test");
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe("No application found for this email address");
    // An unknown application number is not called an e-mail address.
    const noNumber = await app.request("/api/admission/status/APP-2026-000999");
    expect(noNumber.status).toBe(404);
    expect((await noNumber.json()).message).toBe("No application found with this application number");
    const bad = await app.request("/api/admission/status/no-at-sign");
    expect((await bad.json()).message).toBe("Please enter a valid email address");
  });

  test("details need the e-mailed code; the grant opens only that application", async () => {
    const first = (await (await submit(await form())).json()).data.id as number;
    const other = (await (await submit(await form({ ...FIELDS, email: "other@example.test" }))).json()).data.id as number;
    expect((await app.request(`/api/admission/application/${first}`)).status).toBe(403);
    const unknown = await json("POST", "/api/admission/access-code", { email: "ghost@example.test" });
    const known = await json("POST", "/api/admission/access-code", { email: "anita@example.test" });
    expect(await unknown.json()).toEqual(await known.json());
    const { accessToken, applicationId } = await unlock("anita@example.test");
    expect(applicationId).toBe(first);
    const details = await (
      await app.request(`/api/admission/application/${first}`, { headers: { "x-application-access": accessToken } })
    ).json();
    expect(details.data).toMatchObject({ firstName: "Anita", lastName: "Desai", course: "Commerce", status: "pending" });
    expect(details.data.documents.map((d: { type: string }) => d.type).sort()).toEqual(["marksheet", "photo"]);
    // Another applicant's application stays closed with this grant, by id or document.
    expect((await app.request(`/api/admission/application/${other}`, { headers: { "x-application-access": accessToken } })).status).toBe(
      403,
    );
    expect((await app.request(`/api/admission/application/${other}/documents/photo?access=${accessToken}`)).status).toBe(403);
    const doc = await app.request(`/api/admission/application/${first}/documents/marksheet?access=${accessToken}&download=1`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    expect(doc.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''marks.pdf");
    expect(doc.headers.get("cache-control")).toBe("no-store");
    expect(doc.headers.get("x-content-type-options")).toBe("nosniff");
    deps.advance(31 * 60_000);
    expect((await app.request(`/api/admission/application/${first}`, { headers: { "x-application-access": accessToken } })).status).toBe(
      403,
    );
  });

  test("a pending application can be edited with the grant, files replaced; a processed one cannot (409)", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const { accessToken } = await unlock("anita@example.test");
    const before = await deps.db
      .selectFrom("admission_documents")
      .select("stored_name")
      .where("kind", "=", "photo")
      .executeTakeFirstOrThrow();
    const fd = await form({ ...FIELDS, city: "Pune" }, { photo: fileOf(await pngBytes(80, 80), "new.png"), marksheet: undefined });
    const res = await app.request(`/api/admission/update/${id}`, {
      method: "PUT",
      body: fd,
      headers: { "x-application-access": accessToken },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.city).toBe("Pune");
    const after = await deps.db.selectFrom("admission_documents").selectAll().where("kind", "=", "photo").executeTakeFirstOrThrow();
    expect(after.stored_name).not.toBe(before.stored_name);
    expect(after.original_name).toBe("new.png");
    expect(readdirSync(dataPaths(deps.env.dataDir).documents)).not.toContain(before.stored_name);
    expect(await deps.db.selectFrom("admission_documents").selectAll().where("kind", "=", "marksheet").execute()).toHaveLength(1);

    await asAdmin("POST", "/api/admin/admissions/process", {
      admissionId: id,
      action: "reject",
      rejectionReason: "Marksheet is not readable.",
    });
    const rejected = await deps.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "admission.reject")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(rejected.details)).toEqual({
      applicationNumber: expect.stringMatching(/^APP-\d{4}-\d{6}$/),
      reason: "Marksheet is not readable.",
    });
    const locked = await app.request(`/api/admission/update/${id}`, {
      method: "PUT",
      body: await form(),
      headers: { "x-application-access": accessToken },
    });
    expect(locked.status).toBe(409);
    // Without a grant, nobody edits.
    expect((await app.request(`/api/admission/update/${id}`, { method: "PUT", body: await form() })).status).toBe(403);
  });
});

describe("admin review", () => {
  test("list with server-side search, status filter, counters and pagination; guests and students refused", async () => {
    await submit(await form());
    await submit(await form({ ...FIELDS, firstName: "Rahul", email: "rahul@example.test", phone: "9000000001" }));
    const all = await (await asAdmin("GET", "/api/admin/admissions")).json();
    expect(all.data.admissions).toHaveLength(2);
    expect(all.data.stats).toEqual({ total: 2, pending: 2, approved: 0, rejected: 0 });
    expect(all.data.admissions[0].photo.url).toMatch(/documents\/photo\?size=thumb$/);
    const search = await (await asAdmin("GET", "/api/admin/admissions?search=9000000001")).json();
    expect(search.data.admissions.map((a: { firstName: string }) => a.firstName)).toEqual(["Rahul"]);
    const byNumber = await (await asAdmin("GET", "/api/admin/admissions?search=APP-2026-000001")).json();
    expect(byNumber.data.admissions).toHaveLength(1);
    const page2 = await (await asAdmin("GET", "/api/admin/admissions?page=2&limit=1")).json();
    expect(page2.data.pagination).toEqual({ totalItems: 2, totalPages: 2, currentPage: 2, limit: 1 });
    expect((await app.request("/api/admin/admissions")).status).toBe(401);
    await createUser(deps, { role: "student", email: "s@example.test" });
    const student = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    expect((await json("GET", "/api/admin/admissions", undefined, { authorization: `Bearer ${student.token}` })).status).toBe(403);
  });

  test("a student added by hand first, then an approval: STU0001 and STU0002, both 200 (issue 14.3)", async () => {
    const added = await asAdmin("POST", "/api/admin/students", STUDENT_FORM);
    expect(added.status).toBe(201);
    expect((await added.json()).data.student_id).toBe("STU0001");
    const id = (await (await submit(await form())).json()).data.id as number;
    const approved = await asAdmin("POST", "/api/admin/admissions/process", { admissionId: id, action: "accept" });
    expect(approved.status).toBe(200);
    expect((await approved.json()).data.student_id).toBe("STU0002");
  });

  /** The office's edit form sends back what it shows of a student, with only the mobile changed. */
  const saveMobileOnly = async (userId: number) => {
    const shown = (await (await asAdmin("GET", `/api/admin/students/${userId}`)).json()).data;
    const { name, email, standard, bloodGroup, dateOfBirth, address, emergencyContact } = shown;
    return asAdmin("PUT", `/api/admin/students/${userId}`, {
      name,
      email,
      mobile: "9000000009",
      standard,
      bloodGroup,
      dateOfBirth,
      address,
      emergencyContact,
    });
  };

  test("the approved student's Course/Standard is the course admitted to, so the office can save an edit of them (QA 1)", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const approved = await (await asAdmin("POST", "/api/admin/admissions/process", { admissionId: id, action: "accept" })).json();
    const user = await deps.db.selectFrom("users").selectAll().where("id", "=", approved.data.userId).executeTakeFirstOrThrow();
    const commerce = await deps.db.selectFrom("programmes").select("id").where("name", "=", "Commerce").executeTakeFirstOrThrow();
    expect(user).toMatchObject({ course: "Commerce", standard: "Commerce", programme_id: commerce.id });
    const saved = await saveMobileOnly(user.id);
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.student).toMatchObject({ mobile: "9000000009", standard: "Commerce" });
    const after = await deps.db.selectFrom("users").select("programme_id").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(after.programme_id).toBe(commerce.id);
  });

  test("a programme renamed after the application: the approved student's Course/Standard is its name now, follows the next rename, and an office edit keeps the programme", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const commerce = await deps.db.selectFrom("programmes").select("id").where("name", "=", "Commerce").executeTakeFirstOrThrow();
    await deps.db.updateTable("programmes").set({ name: "B.Com" }).where("id", "=", commerce.id).execute();
    const approved = await (await asAdmin("POST", "/api/admin/admissions/process", { admissionId: id, action: "accept" })).json();
    const user = await deps.db.selectFrom("users").selectAll().where("id", "=", approved.data.userId).executeTakeFirstOrThrow();
    // The course applied for stays as written; the class is the programme's name today.
    expect(user).toMatchObject({ course: "Commerce", standard: "B.Com", programme_id: commerce.id });
    // Renamed by the office after approval: the Course/Standard follows, and an edit that leaves it keeps the programme.
    const office = callerFor(deps, await resolveSession(deps, adminToken));
    const row = await deps.db.selectFrom("programmes").selectAll().where("id", "=", commerce.id).executeTakeFirstOrThrow();
    await office.programmes.update({
      id: commerce.id,
      name: "Bachelor of Commerce",
      level: row.level,
      durationMonths: String(row.duration_months),
      mode: row.mode,
      feePeriod: row.fee_period,
      instalments: String(row.instalments),
      seats: "",
      sortOrder: "",
    });
    const saved = await saveMobileOnly(user.id);
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.student.standard).toBe("Bachelor of Commerce");
    const after = await deps.db.selectFrom("users").select("programme_id").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(after.programme_id).toBe(commerce.id);
  });

  test("IDs held outside the counter (imported or restored accounts) are skipped, never a 500 on the UNIQUE index", async () => {
    await createUser(deps, { role: "student", email: "imported1@example.test", student_id: "STU0001" });
    await createUser(deps, { role: "student", email: "imported2@example.test", student_id: "STU0137" });
    const id = (await (await submit(await form())).json()).data.id as number;
    const approved = await asAdmin("POST", "/api/admin/admissions/process", { admissionId: id, action: "accept" });
    expect(approved.status).toBe(200);
    expect((await approved.json()).data.student_id).toBe("STU0138");
  });

  test("approving creates the student (next ID, profile, re-encoded photo) and mails a first-login link that works once", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const res = await (
      await asAdmin("POST", "/api/admin/admissions/process", { admissionId: id, action: "accept", rejectionReason: "" })
    ).json();
    expect(res.data).toMatchObject({ status: "approved", message: "Application approved successfully!", student_id: "STU0001" });
    const student = await deps.db.selectFrom("users").selectAll().where("student_id", "=", "STU0001").executeTakeFirstOrThrow();
    expect(student).toMatchObject({
      role: "student",
      name: "Anita Desai",
      email: "anita@example.test",
      city: "Nashik",
      course: "Commerce",
      must_change_password: 1,
      password_hash: null,
    });
    const photo = await Bun.file(path.join(dataPaths(deps.env.dataDir).photos, student.photo_file!)).arrayBuffer();
    const meta = await sharp(new Uint8Array(photo)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    const status = await (await app.request("/api/admission/status/anita%40example.test")).json();
    expect(status.data).toMatchObject({ status: "approved", student_id: "STU0001" });
    expect(status.data.processedAt).toBe(deps.now().toISOString());
    const mail = await deps.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("template", "=", "admission_approved")
      .executeTakeFirstOrThrow();
    const link = /https:\/\/ide\.example\.org\/first-login\?token=([^\s&]+)/.exec(mail.text_body)!;
    const token = decodeURIComponent(link[1]!);
    await completeFirstLogin(deps, { token, password: "Anita2026Pass" });
    const login = await signedIn(loginStudent(deps, { email: "", studentId: "STU0001", password: "Anita2026Pass" }));
    expect(login.user.mustChangePassword).toBe(false);
    await expect(completeFirstLogin(deps, { token, password: "Another2026" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "admission.approve").executeTakeFirstOrThrow();
    // Named by its number, as every other screen names it (walk 16c: the log said "application #2").
    expect(JSON.parse(log.details)).toMatchObject({ studentId: "STU0001", applicationNumber: expect.stringMatching(/^APP-\d{4}-\d{6}$/) });
    // Already processed: a program can tell it by its reason, whatever the language.
    const late = await asAdmin("POST", "/api/admin/admissions/process", {
      admissionId: id,
      action: "reject",
      rejectionReason: "Too late for this.",
    });
    expect(late.status).toBe(409);
    expect((await late.json()).reason).toBe("already_decided");
  });

  test("rejecting needs a reason of 10+ characters; the reason is mailed and shown on the status page", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const short = await asAdmin("POST", "/api/admin/admissions/process", {
      admissionId: id,
      action: "reject",
      rejectionReason: "   too short  ",
    });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Rejection reason is required and must be at least 10 characters long.");
    expect(await deps.db.selectFrom("email_outbox").selectAll().where("template", "=", "admission_rejected").execute()).toHaveLength(0);
    await asAdmin("POST", "/api/admin/admissions/process", {
      admissionId: id,
      action: "reject",
      rejectionReason: "The marksheet is not readable.",
    });
    const status = await (await app.request("/api/admission/status/anita%40example.test")).json();
    expect(status.data).toMatchObject({ status: "rejected", rejectionReason: "The marksheet is not readable.", student_id: null });
    const mail = await deps.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("template", "=", "admission_rejected")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("The marksheet is not readable.");
    // After a rejection the applicant may apply again.
    expect((await submit(await form())).status).toBe(201);
  });

  test("student IDs are never reused, even after a student is deleted", async () => {
    const a = (await (await submit(await form())).json()).data.id as number;
    await asAdmin("POST", "/api/admin/admissions/process", { admissionId: a, action: "accept" });
    await deps.db.deleteFrom("users").where("student_id", "=", "STU0001").execute();
    const b = (await (await submit(await form({ ...FIELDS, email: "b@example.test" }))).json()).data.id as number;
    const res = await (
      await asAdmin("POST", "/api/admin/admissions/process", { admissionId: b, action: "accept", rejectionReason: "" })
    ).json();
    expect(res.data.student_id).toBe("STU0002");
  });

  test("only processed applications can be deleted; their files go too", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    expect((await asAdmin("DELETE", `/api/admin/admissions/${id}`)).status).toBe(409);
    await asAdmin("POST", "/api/admin/admissions/process", { admissionId: id, action: "reject", rejectionReason: "Incomplete documents." });
    const res = await asAdmin("DELETE", `/api/admin/admissions/${id}`);
    expect((await res.json()).data.message).toBe("Admission deleted successfully!");
    expect(readdirSync(dataPaths(deps.env.dataDir).documents)).toHaveLength(0);
    expect((await asAdmin("GET", `/api/admin/admissions/${id}`)).status).toBe(404);
  });

  test("the admin needs no code to open an application and its documents; tRPC answers the same", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const details = await (await asAdmin("GET", `/api/admin/admissions/${id}`)).json();
    expect(details.data.applicationNumber).toBe("APP-2026-000001");
    const photo = await app.request(`/api/admission/application/${id}/documents/photo`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    const thumb = await app.request(`/api/admission/application/${id}/documents/photo?size=thumb`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(160);
    const admin = callerFor(deps, await resolveSession(deps, adminToken));
    expect((await admin.admissions.adminGet({ id })).firstName).toBe("Anita");
    await expect(callerFor(deps).admissions.adminList({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("e-mails in the applicant's language (issue 16)", () => {
  test("applied in Marathi: the receipt, and later the admin's approval, go out in Marathi; the student account starts in Marathi", async () => {
    await loadAllCatalogues();
    // The applicant's request runs in Marathi (what their lang cookie does; platform/request-locale.ts).
    const raw = {
      ...FIELDS,
      photo: fileOf(await jpegBytes(), "me.jpg", "image/jpeg"),
      marksheet: fileOf(pdfBytes(), "marks.pdf", "application/pdf"),
    };
    const { id, applicationNumber } = await inLocale("mr", () => submitApplication(deps, raw));
    const outbox = (template: string) =>
      deps.db.selectFrom("email_outbox").selectAll().where("template", "=", template).executeTakeFirstOrThrow();
    const received = await outbox("admission_received");
    expect(received.subject).toBe(mrMail["received.subject"].replace("{number}", applicationNumber));
    expect(received.html_body).toContain('<html lang="mr"');
    // The admins' alert about it is not the applicant's: it is in the institute's default language (English here).
    const alert = await deps.db.selectFrom("email_outbox").selectAll().where("template", "=", "admin_alert").executeTakeFirstOrThrow();
    expect(alert.text_body).toContain("Warm regards");
    expect(alert.text_body).not.toContain(mrMail.regards);

    // The admin works in English (no cookie); the applicant still reads Marathi.
    expect(
      (await asAdmin("POST", "/api/admin/admissions/process", { admissionId: id, action: "accept", rejectionReason: "" })).status,
    ).toBe(200);
    const approved = await outbox("admission_approved");
    expect(approved.subject).toBe(mrMail["approved.subject"].replace("{number}", applicationNumber));
    expect(approved.text_body).toContain(mrMail.regards);
    expect(approved.text_body).not.toContain("Warm regards");
    const student = await deps.db.selectFrom("users").select("preferences").where("email", "=", FIELDS.email).executeTakeFirstOrThrow();
    expect(JSON.parse(student.preferences)).toMatchObject({ language: "marathi", chosenLanguage: "marathi" });
  });

  test("applied in English: the rejection stays English even when the admin works in Hindi", async () => {
    expect((await submit(await form())).status).toBe(201);
    const { id } = await deps.db.selectFrom("admissions").select("id").executeTakeFirstOrThrow();
    const admin = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    await loadAllCatalogues();
    // The admin's request runs in Hindi (what the lang cookie does; platform/request-locale.ts).
    await inLocale("hi", () =>
      processAdmission(deps, admin.id, { admissionId: id, action: "reject", rejectionReason: "Documents are not readable." }),
    );
    const rejected = await deps.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("template", "=", "admission_rejected")
      .executeTakeFirstOrThrow();
    expect(rejected.subject).toStartWith("About your application");
    expect(rejected.text_body).not.toContain(hiMail.regards);
  });
});

describe("the office's work on applications (issue 17)", () => {
  let staffToken: string;
  let staffId: number;
  beforeEach(async () => {
    staffId = (await createUser(deps, { role: "staff", email: "counsellor@example.test", name: "Meera Counsellor" })).id;
    staffToken = (await signedIn(loginAdmin(deps, { email: "counsellor@example.test", password: TEST_PASSWORD }))).token;
  });
  const asStaff = (method: string, p: string, body?: unknown) => json(method, p, body, { authorization: `Bearer ${staffToken}` });
  const staffCaller = async () => callerFor(deps, await resolveSession(deps, staffToken));
  const actions = async (action: string) =>
    deps.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

  test("notes and a follow-up date are the office's: the applicant's own view never shows them", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const caller = await staffCaller();
    const noted = await caller.admissions.addNote({ id, body: "  Called on 24 Nov; will bring the TC on Monday.  " });
    expect(noted.application.notes).toEqual([
      {
        id: expect.any(Number),
        authorName: "Meera Counsellor",
        body: "Called on 24 Nov; will bring the TC on Monday.",
        createdAt: expect.any(String),
      },
    ]);
    await expect(caller.admissions.addNote({ id, body: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const set = await caller.admissions.setFollowUp({ id, followUpOn: "2026-12-03" });
    expect(set.application.followUpOn).toBe("2026-12-03");
    expect(set.message).toBe("Follow-up set for 3 Dec 2026.");
    await expect(caller.admissions.setFollowUp({ id, followUpOn: "2026-02-30" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // A day already past is refused beside the date (seventh walk); today is a day to come.
    const today = deps.now().toISOString().slice(0, 10);
    await expect(caller.admissions.setFollowUp({ id, followUpOn: "2020-01-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Choose today or a later day for the follow-up",
    });
    expect((await caller.admissions.setFollowUp({ id, followUpOn: today })).application.followUpOn).toBe(today);
    await caller.admissions.setFollowUp({ id, followUpOn: "2026-12-03" });

    // The office list shows the date; the applicant's view has neither notes nor dates.
    const list = await (await asStaff("GET", "/api/admin/admissions")).json();
    expect(list.data.admissions[0].followUpOn).toBe("2026-12-03");
    const { accessToken } = await unlock("anita@example.test");
    const mine = await (await json("GET", `/api/admission/application/${id}`, undefined, { "x-application-access": accessToken })).json();
    expect(mine.data.notes).toBeUndefined();
    expect(mine.data.followUpOn).toBeUndefined();
    expect(JSON.stringify(mine.data)).not.toContain("TC on Monday");

    expect((await caller.admissions.setFollowUp({ id, followUpOn: "" })).application.followUpOn).toBeNull();
    const log = await actions("admission.note");
    expect(log[0]).toMatchObject({ actor_user_id: staffId, entity_id: String(id) });
    // The log says a note was written, not what it says.
    expect(log[0]!.details).not.toContain("TC on Monday");
    expect((await actions("admission.follow_up")).map((r) => JSON.parse(r.details).followUpOn)).toEqual([
      "2026-12-03",
      today,
      "2026-12-03",
      null,
    ]);
    // A student is not the office.
    const student = await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0100" });
    const studentToken = (await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }))).token;
    expect(student.id).toBeGreaterThan(0);
    await expect(callerFor(deps, await resolveSession(deps, studentToken)).admissions.addNote({ id, body: "x" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  test("an edit by the office is in the activity log with the fields it changed", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const res = await app.request(`/api/admission/update/${id}`, {
      method: "PUT",
      body: await form({ ...FIELDS, city: "Pune", phone: "9876509999" }, { photo: undefined, marksheet: undefined }),
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(res.status).toBe(200);
    const [entry] = await actions("admission.update");
    expect(entry).toMatchObject({ actor_user_id: staffId, entity_id: String(id) });
    expect(JSON.parse(entry!.details)).toEqual({
      applicationNumber: expect.stringMatching(/^APP-/),
      changed: ["phone", "city"],
      documents: [],
    });
    // The applicant's own edits are theirs, not the office's: no entry.
    const { accessToken } = await unlock("anita@example.test");
    await app.request(`/api/admission/update/${id}`, {
      method: "PUT",
      body: await form({ ...FIELDS, city: "Nagpur" }, { photo: undefined, marksheet: undefined }),
      headers: { "x-application-access": accessToken },
    });
    expect(await actions("admission.update")).toHaveLength(1);
  });

  test("an edit filled before someone else's save is refused, not an overwrite: the office's correction stays (eleventh walk)", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const { accessToken } = await unlock("anita@example.test");
    const grant = { "x-application-access": accessToken };
    // Both open the application: the applicant on the status page, the office on its edit page.
    const opened = (await (await app.request(`/api/admission/application/${id}`, { headers: grant })).json()).data;
    expect(opened.version).toBeString();
    const edit = async (fields: Record<string, string>, headers: Record<string, string>, version?: string) => {
      const body = await form({ ...FIELDS, ...fields }, { photo: undefined, marksheet: undefined });
      if (version !== undefined) body.append("version", version);
      return app.request(`/api/admission/update/${id}`, { method: "PUT", body, headers });
    };
    deps.advance(60_000); // the office saves a minute later (the version is the moment of the last change)
    const office = await edit({ phone: "9000000077" }, { authorization: `Bearer ${staffToken}` }, opened.version);
    expect(office.status).toBe(200);
    expect((await office.json()).data.version).not.toBe(opened.version);
    // The applicant's form still holds the old phone: its save would undo the office's correction.
    const stale = await edit({ city: "Kolhapur" }, grant, opened.version);
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toStartWith("This application was changed by someone else after you opened it");
    const row = await deps.db.selectFrom("admissions").select(["phone", "city"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.phone).toBe("9000000077");
    expect(row.city).not.toBe("Kolhapur");
    // Once decided, the same stale save is told that, not "changed".
    await asAdmin("POST", "/api/admin/admissions/process", {
      admissionId: id,
      action: "reject",
      rejectionReason: "Marksheet is not readable.",
    });
    expect((await (await edit({ city: "Kolhapur" }, grant, opened.version)).json()).message).toBe(
      "Only pending applications can be edited. This application has already been processed.",
    );
  });

  test("a walk-in application entered by staff is not rate-limited, names who entered it, and is logged", async () => {
    // The public limit of one address is used up: a guest is refused…
    for (let i = 0; i < RATE_RULES.admissionSubmitPerIp.limit; i++) await deps.limits.record("admissionSubmitPerIp", "unknown");
    expect((await submit(await form({ ...FIELDS, email: "guest@example.test" }))).status).toBe(429);
    // …the office's counter is not.
    for (let i = 0; i < 3; i++) {
      const res = await app.request("/api/admission/submit", {
        method: "POST",
        body: await form({ ...FIELDS, email: `walkin${i}@example.test` }),
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(res.status).toBe(201);
    }
    const walkIn = await deps.db.selectFrom("admissions").selectAll().where("email", "=", "walkin0@example.test").executeTakeFirstOrThrow();
    expect(walkIn.entered_by).toBe(staffId);
    const seen = await (await staffCaller()).admissions.adminGet({ id: walkIn.id });
    expect(seen).toMatchObject({ walkIn: true, enteredByName: "Meera Counsellor" });
    expect(await actions("admission.walk_in")).toHaveLength(3);
    // The office is told who entered it; the one who did is not told of her own walk-in (walk 29b).
    const told = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "kind", "message"])
      .where("kind", "=", "admission.walkIn")
      .where("data", "like", `%${walkIn.application_number}%`)
      .execute();
    expect(told.length).toBeGreaterThan(0);
    expect(told.map((n) => n.recipient_user_id)).not.toContain(staffId);
    expect(told[0]!.message).toBe(
      `Meera Counsellor entered ${FIELDS.firstName} ${FIELDS.lastName}'s application for ${FIELDS.course} at the office (${walkIn.application_number}).`,
    );
    // The applicant is still told, at their own address.
    expect(
      await deps.db.selectFrom("email_outbox").select("template").where("to_address", "=", "walkin0@example.test").executeTakeFirst(),
    ).toEqual({ template: "admission_received" });
  });

  test("the CSV export follows the list's filters and is logged", async () => {
    await submit(await form());
    // 20:00 UTC is already the next day in India: the file's name and times are the institute's (QA 7).
    deps.advance(13.5 * 3_600_000);
    await submit(await form({ ...FIELDS, email: "ravi@example.test", firstName: "Ravi", lastName: "Kulkarni", city: "Pune" }));
    const res = await asStaff("GET", "/api/admin/admissions/export.csv?search=Kulkarni&status=pending");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="applications-2026-11-23.csv"');
    // UTF-8 with a byte order mark, like the students' file, so a spreadsheet reads Devanagari (QA 7).
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split(/\r?\n/);
    expect(lines[0]).toStartWith("Application Number,Status,First Name,Last Name,Email");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Ravi,Kulkarni,ravi@example.test");
    expect(lines[1]).toContain(",2026-11-23 01:30,");
    expect(JSON.parse((await actions("admission.export"))[0]!.details)).toEqual({ rows: 1, search: "Kulkarni", status: "pending" });
    expect((await json("GET", "/api/admin/admissions/export.csv")).status).toBe(401);
  });

  test("a large export is streamed a page at a time, every row once, newest first, ties included, and gzipped when the browser accepts it (thirteenth walk)", async () => {
    await submit(await form());
    const { id: _id, ...first } = await deps.db.selectFrom("admissions").selectAll().executeTakeFirstOrThrow();
    // 2,500 more: three pages of 1,000 and a part; groups of five share a created_at, so pages end inside ties.
    const copies = Array.from({ length: 2_500 }, (_, i) => ({
      ...first,
      application_number: `APP-2026-${String(900_000 + i)}`,
      email: `bulk${i}@example.test`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 5))).toISOString(),
    }));
    for (let i = 0; i < copies.length; i += 250)
      await deps.db
        .insertInto("admissions")
        .values(copies.slice(i, i + 250))
        .execute();
    const expected = (
      await deps.db.selectFrom("admissions").select("application_number").orderBy("created_at", "desc").orderBy("id", "desc").execute()
    ).map((r) => r.application_number);
    expect(expected).toHaveLength(2_501);
    const numbersIn = (text: string) =>
      text
        .trim()
        .split(/\r\n/)
        .slice(1)
        .map((line) => line.split(",")[0]);
    const plain = await asStaff("GET", "/api/admin/admissions/export.csv");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(numbersIn(await plain.text())).toEqual(expected);
    // Bun's own Request: happy-dom's drops Accept-Encoding (a header pages may not set).
    const gzipped = await app.fetch(
      new native.Request("http://localhost/api/admin/admissions/export.csv", {
        headers: { authorization: `Bearer ${staffToken}`, "accept-encoding": "gzip, br" },
      }),
    );
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    const bytes = new Uint8Array(await gzipped.arrayBuffer());
    const unzipped = Bun.gunzipSync(bytes);
    expect([...unzipped.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(unzipped);
    expect(text.startsWith("Application Number,")).toBe(true);
    expect(numbersIn(text)).toEqual(expected);
    expect(bytes.length * 5).toBeLessThan(new TextEncoder().encode(text).length);
    expect(JSON.parse((await actions("admission.export"))[1]!.details)).toEqual({ rows: 2_501, search: "", status: "all" });
  });

  test("the office finds an applicant by first and last name together, and by a phone number however it is spaced (thirteenth walk)", async () => {
    await submit(await form());
    await submit(await form({ ...FIELDS, email: "ravi@example.test", firstName: "Ravi", lastName: "Kulkarni", phone: "98220 12345" }));
    const found = async (search: string) =>
      (
        (await (await asStaff("GET", `/api/admin/admissions?search=${encodeURIComponent(search)}`)).json()).data.admissions as {
          email: string;
        }[]
      ).map((a) => a.email);
    expect(await found("Ravi Kulkarni")).toEqual(["ravi@example.test"]);
    expect(await found("kulkarni  ravi")).toEqual(["ravi@example.test"]);
    expect(await found("Ravi Desai")).toEqual([]);
    for (const phone of ["9822012345", "98220 12345", "+91 98220-12345", "098220 12345"])
      expect(await found(phone)).toEqual(["ravi@example.test"]);
  });
});

describe("answers in the reader's language (issue 16)", () => {
  /** Bun's own Request: happy-dom's drops the Cookie header. */
  const inLanguage = (lang: "hi" | "mr", method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.fetch(
      new native.Request(`http://localhost${p}`, {
        method,
        headers: { "content-type": "application/json", cookie: `lang=${lang}`, ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

  test("the applicant's status page, code and access answers follow the lang cookie; without one they stay English", async () => {
    await loadAllCatalogues();
    const id = (await (await submit(await form())).json()).data.id as number;
    expect(await messageOf(await inLanguage("hi", "GET", "/api/admission/status/nobody%40example.test"))).toBe(hiStatus.notFound);
    expect(await messageOf(await inLanguage("mr", "GET", "/api/admission/status/nobody%40example.test"))).toBe(mrStatus.notFound);
    expect(
      (await (await inLanguage("hi", "POST", "/api/admission/access-code", { email: "anita@example.test" })).json()).data.message,
    ).toBe(hiStatus["msg.codeSent"]);
    expect(await messageOf(await inLanguage("mr", "GET", `/api/admission/application/${id}`))).toBe(mrStatus["msg.accessNeeded"]);
    expect(
      await messageOf(await inLanguage("hi", "GET", "/api/admin/admissions/abc", undefined, { authorization: `Bearer ${adminToken}` })),
    ).toBe(hiAdmission["check.unknownApplication"]);
    // A second application from the same address, in Hindi.
    const raw = {
      ...FIELDS,
      photo: fileOf(await jpegBytes(), "me.jpg", "image/jpeg"),
      marksheet: fileOf(pdfBytes(), "marks.pdf", "application/pdf"),
    };
    await expect(inLocale("hi", () => submitApplication(deps, raw))).rejects.toMatchObject({
      code: "CONFLICT",
      message: hiAdmission["msg.duplicatePending"],
      fieldErrors: { email: [hiAdmission["msg.duplicatePending"]] },
    });
    // No cookie: the documented English.
    expect((await (await json("POST", "/api/admission/access-code", { email: "anita@example.test" })).json()).data.message).toBe(
      "If there is an application for this e-mail address, we have sent a 6-digit code to it.",
    );
  });

  test("the form's own checks and the application's files answer in Hindi: a course not on the list, a processed application, a missing document", async () => {
    await loadAllCatalogues();
    const files = async () => ({
      photo: fileOf(await jpegBytes(), "me.jpg", "image/jpeg"),
      marksheet: fileOf(pdfBytes(), "marks.pdf", "application/pdf"),
    });
    await expect(
      inLocale("hi", async () => submitApplication(deps, { ...FIELDS, course: "Astrology", ...(await files()) })),
    ).rejects.toMatchObject({
      fieldErrors: { course: [hiAdmission["msg.unknownCourse"]] },
    });
    const id = (await (await submit(await form())).json()).data.id as number;
    const { accessToken } = await unlock("anita@example.test");
    const admin = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    await expect(inLocale("mr", () => getDocument(deps, id, "birthCertificate", { office: admin.id }))).rejects.toMatchObject({
      message: mrValidation["file.gone"],
    });
    await processAdmission(deps, admin.id, { admissionId: id, action: "reject", rejectionReason: "Documents are not readable." });
    await expect(
      inLocale("hi", async () => updateApplication(deps, id, { ...FIELDS, ...(await files()) }, { accessToken })),
    ).rejects.toMatchObject({
      message: hiStatus["msg.notEditable"],
    });
  });

  test("the office's review answers in the admin's language: approve, reject, delete, refusals and an unknown application", async () => {
    await loadAllCatalogues();
    const admin = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    const first = (await (await submit(await form())).json()).data.id as number;
    const second = (await (await submit(await form({ ...FIELDS, email: "b@example.test" }))).json()).data.id as number;
    await expect(inLocale("hi", () => deleteAdmission(deps, admin.id, first))).rejects.toMatchObject({
      message: hiAdmission["msg.deletePending"],
    });
    const approved = await inLocale("hi", () =>
      processAdmission(deps, admin.id, { admissionId: first, action: "accept", rejectionReason: "" }),
    );
    expect(approved.message).toBe(hiAdmission["msg.approved"]);
    await expect(
      inLocale("mr", () => processAdmission(deps, admin.id, { admissionId: first, action: "accept", rejectionReason: "" })),
    ).rejects.toMatchObject({
      message: mrAdmission["msg.onlyPendingProcessed"],
    });
    const rejected = await inLocale("mr", () =>
      processAdmission(deps, admin.id, { admissionId: second, action: "reject", rejectionReason: "Documents are not readable." }),
    );
    expect(rejected.message).toBe(mrAdmission["msg.rejected"]);
    expect((await inLocale("hi", () => deleteAdmission(deps, admin.id, second))).message).toBe(hiAdmission["msg.deleted"]);
    await expect(inLocale("hi", () => deleteAdmission(deps, admin.id, second))).rejects.toMatchObject({
      message: hiAdmission["msg.applicationNotFound"],
    });
    const caller = callerFor(deps, await resolveSession(deps, adminToken));
    await expect(inLocale("mr", () => caller.admissions.addNote({ id: 9999, body: "Called." }))).rejects.toMatchObject({
      message: mrAdmission["msg.applicationNotFound"],
    });
    // An account already holds the applicant's address.
    const third = (await (await submit(await form({ ...FIELDS, email: "taken@example.test" }))).json()).data.id as number;
    await createUser(deps, { role: "student", email: "taken@example.test" });
    await expect(
      inLocale("hi", () => processAdmission(deps, admin.id, { admissionId: third, action: "accept", rejectionReason: "" })),
    ).rejects.toMatchObject({
      message: hiAdmission["msg.accountExists"],
    });
  });
});

describe("approving at once (a double click, two tabs, two office members)", () => {
  const photoFiles = () => readdirSync(dataPaths(deps.env.dataDir).photos);
  const outboxTo = (email: string) => deps.db.selectFrom("email_outbox").select("id").where("to_address", "=", email).execute();

  test("two approvals of one application: one student account, the other a 409 'already processed', not a 500", async () => {
    const admin = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    const id = (await (await submit(await form())).json()).data.id as number;
    const mailsBefore = (await outboxTo(FIELDS.email)).length;
    const results = await Promise.allSettled([
      processAdmission(deps, admin.id, { admissionId: id, action: "accept", rejectionReason: "" }),
      processAdmission(deps, admin.id, { admissionId: id, action: "accept", rejectionReason: "" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      code: "CONFLICT",
      message: "This application has already been processed.",
      reason: "already_decided",
    });
    const users = await deps.db.selectFrom("users").select(["id", "photo_file"]).where("email", "=", FIELDS.email).execute();
    expect(users).toHaveLength(1);
    const row = await deps.db.selectFrom("admissions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "approved", student_user_id: users[0]!.id });
    // The loser left nothing behind: one account photo, one approval e-mail.
    expect(photoFiles()).toEqual([users[0]!.photo_file!]);
    expect((await outboxTo(FIELDS.email)).length - mailsBefore).toBe(1);
  });

  test("the same over tRPC in one batch: one answer approved, the other CONFLICT", async () => {
    const id = (await (await submit(await form())).json()).data.id as number;
    const caller = callerFor(deps, await resolveSession(deps, adminToken));
    const results = await Promise.allSettled([
      caller.admissions.process({ admissionId: id, action: "accept", rejectionReason: "" }),
      caller.admissions.process({ admissionId: id, action: "accept", rejectionReason: "" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
  });

  test("two applications with one e-mail approved at once: the second is told an account exists and stays pending", async () => {
    const admin = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirstOrThrow();
    const first = (await (await submit(await form())).json()).data.id as number;
    const second = (await (await submit(await form({ ...FIELDS, email: "other@example.test" }))).json()).data.id as number;
    await deps.db.updateTable("admissions").set({ email: FIELDS.email }).where("id", "=", second).execute();
    const results = await Promise.allSettled([
      processAdmission(deps, admin.id, { admissionId: first, action: "accept", rejectionReason: "" }),
      processAdmission(deps, admin.id, { admissionId: second, action: "accept", rejectionReason: "" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("account"),
    });
    const statuses = await deps.db.selectFrom("admissions").select("status").where("id", "in", [first, second]).execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(["approved", "pending"]);
    expect(photoFiles()).toHaveLength(1);
  });
});
