import { beforeEach, describe, expect, test } from "bun:test";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiRoster from "../../../shared/i18n/hi/roster.json";
import mrRoster from "../../../shared/i18n/mr/roster.json";
import { studentRequiredMessage } from "../../../shared/schemas/students.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { callerFor, createTestDeps, createUser, STUDENT_FORM, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { confirmEmailChange, requestEmailChange } from "../accounts/email-change.service.ts";
import { completeFirstLogin } from "../auth/account.service.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { getSettings, saveSettingsGroup } from "../settings/settings.service.ts";
import { getIdCard, idCardQrSvg } from "../student/id-card.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let adminToken: string;
let adminId: number;

beforeEach(async () => {
  deps = await createTestDeps({ PUBLIC_URL: "https://ide.example.org" });
  adminId = (await createUser(deps, { role: "admin", email: "office@example.test", name: "Office Admin" })).id;
  adminToken = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  app = testApp(deps);
});

const send = (method: string, path: string, body?: unknown, token?: string) =>
  app.request(path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const asAdmin = (method: string, path: string, body?: unknown) => send(method, path, body, adminToken);

const FORM = STUDENT_FORM;

async function addStudent(form: Record<string, unknown> = FORM) {
  const res = await asAdmin("POST", "/api/admin/students", form);
  const body = await res.json();
  if (res.status !== 201) throw new Error(`add failed: ${JSON.stringify(body)}`);
  return body.data as { student_id: string; message: string; student: { id: number } };
}

/** The newest e-mail to an address. */
const newestMailTo = (email: string) =>
  deps.db.selectFrom("email_outbox").selectAll().where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();

/** The first-login token of the newest e-mail to an address. */
async function linkTokenFor(email: string) {
  const row = await deps.db
    .selectFrom("email_outbox")
    .selectAll()
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return { mail: row, token: decodeURIComponent(/first-login\?token=([^\s&]+)/.exec(row.text_body)![1]!) };
}

async function studentSession(email: string) {
  return signedIn(loginStudent(deps, { email, studentId: "", password: TEST_PASSWORD }));
}

describe("access", () => {
  test("every Student Management path answers 401 to a guest and 403 to a student", async () => {
    await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0900" });
    const student = await studentSession("s@example.test");
    const paths: [string, string, unknown?][] = [
      ["GET", "/api/admin/students"],
      ["POST", "/api/admin/students", FORM],
      ["GET", "/api/admin/students/export.csv"],
      ["GET", "/api/admin/students/1"],
      ["PUT", "/api/admin/students/1", FORM],
      ["DELETE", "/api/admin/students/1"],
      ["PATCH", "/api/admin/students/1/toggle-status"],
      ["POST", "/api/admin/students/1/send-credentials"],
    ];
    for (const [method, path, body] of paths) {
      expect([method, path, (await send(method, path, body)).status]).toEqual([method, path, 401]);
      expect([method, path, (await send(method, path, body, student.token)).status]).toEqual([method, path, 403]);
    }
    expect(await deps.db.selectFrom("users").select("id").where("email", "=", FORM.email).execute()).toHaveLength(0);
    await expect(callerFor(deps).students.list({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerFor(deps, await resolveSession(deps, student.token)).students.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("adding a student", () => {
  test("gets the next student ID, no password, and an e-mailed first-login link that works once", async () => {
    const data = await addStudent();
    expect(data.student_id).toBe("STU0001");
    expect(data.message).toBe("Student added successfully! Student ID: STU0001");
    const row = await deps.db.selectFrom("users").selectAll().where("student_id", "=", "STU0001").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      role: "student",
      email: "priya@example.test",
      password_hash: null,
      must_change_password: 1,
      is_active: 1,
      standard: "BCom",
    });
    const { mail, token } = await linkTokenFor("priya@example.test");
    expect(mail.template).toBe("student_credentials");
    expect(mail.text_body).toContain("STU0001");
    expect(mail.text_body).toContain("https://ide.example.org/first-login?token=");
    await completeFirstLogin(deps, { token, password: "Priya2026Pass" });
    const login = await signedIn(loginStudent(deps, { email: "", studentId: "STU0001", password: "Priya2026Pass" }));
    expect(login.user.mustChangePassword).toBe(false);
    await expect(completeFirstLogin(deps, { token, password: "Another2026X" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.create").executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_user_id: adminId, entity_type: "student", entity_id: String(row.id) });
    expect(JSON.parse(log.details)).toEqual({ studentId: "STU0001", email: "priya@example.test" });
    expect((await addStudent({ ...FORM, email: "second@example.test" })).student_id).toBe("STU0002");
  });

  test("the four required fields give the spec's one message; other rules give field messages", async () => {
    const res = await asAdmin("POST", "/api/admin/students", { name: " ", email: "", mobile: "", standard: "" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(studentRequiredMessage());
    expect(Object.keys(body.errors).sort()).toEqual(["email", "mobile", "name", "standard"]);
    expect((await (await asAdmin("POST", "/api/admin/students", {})).json()).message).toBe(studentRequiredMessage());

    const bad = await (
      await asAdmin("POST", "/api/admin/students", { ...FORM, bloodGroup: "C+", mobile: "12ab", dateOfBirth: "2099-01-01" })
    ).json();
    expect(bad.errors).toEqual({
      mobile: ["Please enter a valid mobile number"],
      bloodGroup: ["Please choose a blood group from the list"],
      dateOfBirth: ["Please enter a real date of birth, at least 10 years ago"],
    });
    const standard = await asAdmin("POST", "/api/admin/students", { ...FORM, standard: "PhD in Astrology" });
    expect(standard.status).toBe(400);
    expect((await standard.json()).errors).toEqual({ standard: ["Please choose a course/standard from the list"] });
    // An archived programme is refused for new students.
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("name", "=", "Diploma").execute();
    expect((await asAdmin("POST", "/api/admin/students", { ...FORM, standard: "Diploma" })).status).toBe(400);
    expect(await deps.db.selectFrom("users").select("id").where("role", "=", "student").execute()).toHaveLength(0);
    expect(await deps.db.selectFrom("email_outbox").select("id").execute()).toHaveLength(0);
  });

  test("an e-mail address already in use is a 409, whatever its case or the account's role", async () => {
    await addStudent();
    const again = await asAdmin("POST", "/api/admin/students", { ...FORM, email: "PRIYA@example.test" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, message: ACCOUNT_MSG.emailTaken, errors: { email: [ACCOUNT_MSG.emailTaken] } });
    expect((await asAdmin("POST", "/api/admin/students", { ...FORM, email: "office@example.test" })).status).toBe(409);
    // Nothing was used up: the next student still gets STU0002.
    expect((await addStudent({ ...FORM, email: "new@example.test" })).student_id).toBe("STU0002");
  });

  test("a student ID already held by an imported account is skipped, never given twice", async () => {
    await createUser(deps, { role: "student", email: "imported@example.test", student_id: "STU0001" });
    expect((await addStudent()).student_id).toBe("STU0002");
    const ids = await deps.db.selectFrom("users").select("student_id").where("role", "=", "student").orderBy("student_id").execute();
    expect(ids.map((r) => r.student_id)).toEqual(["STU0001", "STU0002"]);
  });

  test("the emergency contact may be a plain name", async () => {
    const { student } = await addStudent({ ...FORM, emergencyContact: "Sunita (mother)" });
    const got = await (await asAdmin("GET", `/api/admin/students/${student.id}`)).json();
    expect(got.data.emergencyContact).toEqual({ name: "Sunita (mother)", relationship: null, phone: null, email: null });
  });
});

describe("joining after the term's fees were raised (stop 53)", () => {
  test("the answer names the programme and term to raise again; before any raise it names none", async () => {
    expect(((await addStudent()) as { feesToRaise?: unknown }).feesToRaise).toBeNull();
    const first = await deps.db
      .selectFrom("users")
      .select(["id", "programme_id"])
      .where("student_id", "=", "STU0001")
      .executeTakeFirstOrThrow();
    await deps.db
      .insertInto("fee_instalments")
      .values({
        user_id: first.id,
        programme_id: first.programme_id!,
        term: 1,
        number: 1,
        amount_paise: 100,
        due_on: "2026-12-01",
        late_fee_paise: 0,
        grace_days: 0,
        created_at: deps.now().toISOString(),
      })
      .execute();
    const late = (await addStudent({ ...FORM, email: "late@example.test" })) as { feesToRaise?: unknown };
    expect(late.feesToRaise).toEqual({ programme: "BCom", termUnit: "year", term: 1 });
  });
});

describe("the list", () => {
  async function seedStudents() {
    const at = (iso: string) => ({ created_at: iso, updated_at: iso });
    await createUser(deps, {
      role: "student",
      name: "Aarav Patel",
      email: "aarav@example.test",
      mobile: "9000000001",
      student_id: "STU0001",
      ...at("2026-09-10T05:00:00.000Z"),
    });
    await createUser(deps, {
      role: "student",
      name: "Diya Nair",
      email: "diya@example.test",
      mobile: "9000000002",
      student_id: "STU0002",
      ...at("2026-10-31T18:00:00.000Z"),
    });
    // 00:30 on 1 November in India: this month for the institute, though still October in UTC.
    await createUser(deps, {
      role: "student",
      name: "Kabir Singh",
      email: "kabir@example.test",
      mobile: "9000000003",
      student_id: "STU0003",
      is_active: 0,
      ...at("2026-10-31T19:00:00.000Z"),
    });
    await createUser(deps, {
      role: "student",
      name: "Meera 50%_off",
      email: "meera@example.test",
      mobile: "9000000004",
      student_id: "STU0004",
      ...at("2026-11-20T09:00:00.000Z"),
    });
  }

  test("an empty list answers zero items, zero pages and zeroed counters", async () => {
    const body = await (await asAdmin("GET", "/api/admin/students")).json();
    expect(body.data).toEqual({
      students: [],
      pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 },
      stats: { total: 0, active: 0, inactive: 0, newThisMonth: 0 },
    });
  });

  test("newest first, with the four counters in the institute's month; pages, last page and beyond the end", async () => {
    await seedStudents();
    const all = await (await asAdmin("GET", "/api/admin/students")).json();
    expect(all.data.students.map((s: { student_id: string }) => s.student_id)).toEqual(["STU0004", "STU0003", "STU0002", "STU0001"]);
    expect(all.data.stats).toEqual({ total: 4, active: 3, inactive: 1, newThisMonth: 2 });
    const last = await (await asAdmin("GET", "/api/admin/students?page=2&limit=3")).json();
    expect(last.data.students.map((s: { student_id: string }) => s.student_id)).toEqual(["STU0001"]);
    expect(last.data.pagination).toEqual({ totalItems: 4, totalPages: 2, currentPage: 2, limit: 3 });
    const beyond = await (await asAdmin("GET", "/api/admin/students?page=5&limit=3")).json();
    expect(beyond.data.students).toEqual([]);
    expect(beyond.data.pagination).toEqual({ totalItems: 4, totalPages: 2, currentPage: 5, limit: 3 });
    expect((await asAdmin("GET", "/api/admin/students?page=0")).status).toBe(400);
    expect((await asAdmin("GET", "/api/admin/students?limit=500")).status).toBe(400);
  });

  test("what people really type (stop 48): a name's double spaces fold, emoji and a placeholder mobile are refused, a child's birthday too", async () => {
    const { student } = await addStudent({ ...FORM, name: "Sunita  D'Souza" });
    expect((await deps.db.selectFrom("users").select("name").where("id", "=", student.id).executeTakeFirstOrThrow()).name).toBe(
      "Sunita D'Souza",
    );
    // A nine-year-old's birthday (the rule reads the real clock: nine years before it, whatever the tests' clock says).
    const nineYearsAgo = `${new Date().getUTCFullYear() - 9}-01-01`;
    const refused = await (
      await asAdmin("POST", "/api/admin/students", {
        ...FORM,
        email: "x@example.test",
        name: "Sunita 🌸",
        mobile: "00000 00000",
        dateOfBirth: nineYearsAgo,
      })
    ).json();
    expect(refused.errors).toEqual({
      name: ["Use letters in a name, not emoji or symbols"],
      mobile: ["Please enter a valid mobile number"],
      dateOfBirth: ["Please enter a real date of birth, at least 10 years ago"],
    });
    const found = await (await asAdmin("GET", `/api/admin/students?search=${encodeURIComponent("D'Souza")}`)).json();
    expect(found.data.students.map((s: { id: number }) => s.id)).toEqual([student.id]);
  });

  test("search covers name, e-mail, mobile and student ID (wildcards taken literally); status filters", async () => {
    await seedStudents();
    const ids = async (q: string) =>
      ((await (await asAdmin("GET", `/api/admin/students?${q}`)).json()).data.students as { student_id: string }[]).map(
        (s) => s.student_id,
      );
    expect(await ids("search=diya")).toEqual(["STU0002"]);
    expect(await ids("search=KABIR%40EXAMPLE")).toEqual(["STU0003"]);
    expect(await ids("search=9000000004")).toEqual(["STU0004"]);
    // However the number is spaced or prefixed, and however it was stored (thirteenth walk).
    expect(await ids(`search=${encodeURIComponent("+91 90000 00004")}`)).toEqual(["STU0004"]);
    await deps.db.updateTable("users").set({ mobile: "90000 00003" }).where("student_id", "=", "STU0003").execute();
    expect(await ids("search=9000000003")).toEqual(["STU0003"]);
    expect(await ids("search=stu0001")).toEqual(["STU0001"]);
    expect(await ids("search=50%25_")).toEqual(["STU0004"]);
    expect(await ids("search=5_%25x")).toEqual([]);
    expect(await ids("status=inactive")).toEqual(["STU0003"]);
    expect(await ids("status=active&search=a")).toEqual(["STU0004", "STU0002", "STU0001"]);
    const filtered = await (await asAdmin("GET", "/api/admin/students?search=diya")).json();
    expect(filtered.data.pagination.totalItems).toBe(1);
    expect(filtered.data.stats.total).toBe(4);
    expect((await asAdmin("GET", "/api/admin/students?status=gone")).status).toBe(400);
  });

  test("a programme and a term of it narrow the list, its counts and its CSV; the filters offer listed and peopled programmes", async () => {
    await seedStudents();
    const idOf = async (name: string) =>
      (await deps.db.selectFrom("programmes").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const [bcom, bba, certificate] = [await idOf("BCom"), await idOf("BBA"), await idOf("Certificate")];
    const place = (studentId: string, programmeId: number, term: number) =>
      deps.db.updateTable("users").set({ programme_id: programmeId, current_term: term }).where("student_id", "=", studentId).execute();
    await place("STU0001", bcom, 2);
    await place("STU0002", bcom, 1);
    await place("STU0003", bcom, 2);
    await place("STU0004", bba, 2);
    const listed = async (q: string) => (await (await asAdmin("GET", `/api/admin/students?${q}`)).json()).data;
    const ids = async (q: string) => ((await listed(q)).students as { student_id: string }[]).map((s) => s.student_id);
    expect(await ids(`programme=${bcom}`)).toEqual(["STU0003", "STU0002", "STU0001"]);
    expect(await ids(`programme=${bcom}&term=2`)).toEqual(["STU0003", "STU0001"]);
    expect(await ids(`programme=${bcom}&term=2&status=active`)).toEqual(["STU0001"]);
    expect(await ids(`programme=${bba}&term=1`)).toEqual([]);
    // Blank is every programme and term; the page's count follows the filter, the four counters do not.
    expect(await ids("programme=&term=")).toHaveLength(4);
    const narrowed = await listed(`programme=${bcom}&term=2`);
    expect(narrowed.pagination.totalItems).toBe(2);
    expect(narrowed.stats.total).toBe(4);
    expect(narrowed.students[0]).toMatchObject({ student_id: "STU0003", programmeId: bcom, term: 2 });
    // What the address could be edited to is refused with the field's words, not read as "all".
    for (const bad of ["programme=abc", "programme=0", "term=0", "term=25", "term=x"]) {
      expect((await asAdmin("GET", `/api/admin/students?${bad}`)).status).toBe(400);
    }
    expect((await (await asAdmin("GET", "/api/admin/students?programme=abc")).json()).message).toContain(
      "Choose a programme from the list.",
    );
    // The CSV is the list's: the same rows, and the export's log entry names the filters.
    const csv = await (await asAdmin("GET", `/api/admin/students/export.csv?programme=${bcom}&term=2`)).text();
    expect(
      csv
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.split(",")[0]),
    ).toEqual(["STU0003", "STU0001"]);
    const logged = await deps.db.selectFrom("audit_log").select("details").where("action", "=", "student.export").executeTakeFirstOrThrow();
    expect(JSON.parse(logged.details)).toMatchObject({ programme: bcom, term: 2 });
    // The choices: every listed programme with its terms, and an archived one only while a student is in it.
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("id", "in", [bba, certificate]).execute();
    const { programmes } = (await (await asAdmin("GET", "/api/admin/students/programmes")).json()).data;
    const byId = (id: number) => programmes.find((p: { id: number }) => p.id === id);
    expect(byId(bcom)).toMatchObject({ name: "BCom", archived: false, termUnit: "year" });
    expect(byId(bcom).terms).toBeGreaterThanOrEqual(1);
    expect(byId(bba)).toMatchObject({ name: "BBA", archived: true });
    expect(byId(certificate)).toBeUndefined();
    expect(programmes.at(-1)).toMatchObject({ archived: true });
  });
});

describe("one student: view, edit, delete", () => {
  test("the item has the spec's shape", async () => {
    const { student } = await addStudent();
    await deps.db.updateTable("users").set({ photo_file: "abc123.webp", course: "Commerce" }).where("id", "=", student.id).execute();
    const body = await (await asAdmin("GET", `/api/admin/students/${student.id}`)).json();
    expect(body.data).toEqual({
      _id: String(student.id),
      id: student.id,
      name: "Priya Sharma",
      email: "priya@example.test",
      mobile: "9876543210",
      student_id: "STU0001",
      term: 1,
      standard: "BCom",
      dateOfBirth: "2004-06-15",
      bloodGroup: "B+",
      address: "22 FC Road, Pune",
      gender: null,
      city: null,
      state: null,
      pincode: null,
      emergencyContact: { name: "Rakesh Sharma", relationship: "Father", phone: "9822012345", email: "rakesh@example.test" },
      profilePhoto: "/api/files/photos/abc123.webp",
      isActive: true,
      createdAt: "2026-11-22T06:30:00.000Z",
      lastLogin: null,
      lockedUntil: null,
      course: "Commerce",
      programmeId: (await deps.db.selectFrom("programmes").select("id").where("name", "=", "BCom").executeTakeFirstOrThrow()).id,
      version: expect.any(String),
    });
    expect((await asAdmin("GET", "/api/admin/students/999")).status).toBe(404);
    expect((await asAdmin("GET", "/api/admin/students/abc")).status).toBe(400);
    // An admin account is not a student record.
    expect((await asAdmin("GET", `/api/admin/students/${adminId}`)).status).toBe(404);
  });

  test("a save from a form filled before someone else's change is refused, not an overwrite (eleventh walk)", async () => {
    const { student } = await addStudent();
    const opened = (await (await asAdmin("GET", `/api/admin/students/${student.id}`)).json()).data;
    // Another sign-in, a language chosen: not the form's fields, so the version stays.
    await deps.db.updateTable("users").set({ preferences: '{"language":"hi"}', last_login_at: "2026-11-22T07:00:00.000Z" }).execute();
    expect((await (await asAdmin("GET", `/api/admin/students/${student.id}`)).json()).data.version).toBe(opened.version);
    // A colleague saves a new mobile from their form…
    const first = await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, mobile: "9000000067", version: opened.version });
    expect(first.status).toBe(200);
    expect((await first.json()).data.student.version).not.toBe(opened.version);
    // …then the first form, opened before, changes the address only: refused, the colleague's mobile kept.
    const stale = await asAdmin("PUT", `/api/admin/students/${student.id}`, {
      ...FORM,
      address: "9 Lake View, Solapur",
      version: opened.version,
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toStartWith("Someone else changed Priya Sharma's details after you opened this form");
    const row = await deps.db.selectFrom("users").select(["mobile", "address"]).where("id", "=", student.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ mobile: "9000000067", address: "22 FC Road, Pune" });
    expect(await deps.db.selectFrom("audit_log").select("id").where("action", "=", "student.update").execute()).toHaveLength(1);
    // Without a version (the spec's REST PUT) the save is made as before.
    expect((await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, mobile: "9000000068" })).status).toBe(200);
  });

  test("editing saves the form, clears blank optional fields, keeps a retired standard, and checks the e-mail", async () => {
    const { student } = await addStudent();
    const other = await addStudent({ ...FORM, email: "other@example.test" });
    const res = await asAdmin("PUT", `/api/admin/students/${student.id}`, {
      ...FORM,
      name: "Priya S. Sharma",
      bloodGroup: null,
      address: "",
      emergencyContact: "Rakesh",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.message).toBe("Student updated successfully!");
    expect(body.data.student).toMatchObject({
      name: "Priya S. Sharma",
      bloodGroup: null,
      address: null,
      emergencyContact: { name: "Rakesh", relationship: null, phone: null, email: null },
    });
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.update").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details).changed.sort()).toEqual(
      ["address", "blood_group", "emergency_email", "emergency_name", "emergency_phone", "emergency_relationship", "name"].sort(),
    );

    await deps.db.updateTable("programmes").set({ archived: 1 }).where("name", "=", "BCom").execute();
    expect((await asAdmin("PUT", `/api/admin/students/${student.id}`, FORM)).status).toBe(200);
    expect((await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, standard: "Diploma" })).status).toBe(200);
    expect((await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, standard: "BCom" })).status).toBe(400);

    const taken = await asAdmin("PUT", `/api/admin/students/${other.student.id}`, { ...FORM, standard: "BA", email: "Priya@example.test" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe(ACCOUNT_MSG.emailTaken);
    const missing = await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, mobile: "" });
    expect((await missing.json()).message).toBe(studentRequiredMessage());
    expect((await asAdmin("PUT", "/api/admin/students/999", FORM)).status).toBe(404);
  });

  test("gender, city, state and PIN code (walk 18): set and cleared by the form, kept when a request leaves them out", async () => {
    const { student } = await addStudent({ ...FORM, gender: "Female", city: " Pune ", state: "Maharashtra", pincode: "411 004" });
    const read = () =>
      deps.db.selectFrom("users").select(["gender", "city", "state", "pincode"]).where("id", "=", student.id).executeTakeFirstOrThrow();
    expect(await read()).toEqual({ gender: "Female", city: "Pune", state: "Maharashtra", pincode: "411004" });
    // The spec's form has none of the four: a save without them keeps what the application or the student gave.
    expect((await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, mobile: "9000000067" })).status).toBe(200);
    expect(await read()).toEqual({ gender: "Female", city: "Pune", state: "Maharashtra", pincode: "411004" });
    // Sent, they are saved; sent blank, cleared; the form's version follows them.
    const opened = (await (await asAdmin("GET", `/api/admin/students/${student.id}`)).json()).data;
    expect(opened).toMatchObject({ gender: "Female", city: "Pune", state: "Maharashtra", pincode: "411004" });
    const saved = await asAdmin("PUT", `/api/admin/students/${student.id}`, {
      ...FORM,
      mobile: "9000000067",
      version: opened.version,
      gender: "",
      city: "Nashik",
      state: null,
      pincode: "४२२००१",
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.student.version).not.toBe(opened.version);
    expect(await read()).toEqual({ gender: null, city: "Nashik", state: null, pincode: "422001" });
    const log = await deps.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "student.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details).changed.sort()).toEqual(["city", "gender", "pincode", "state"]);
    // Each field's rule, with its message beside the field.
    const wrong = await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, gender: "X", pincode: "011001" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({
      gender: ["Please choose Male, Female or Other"],
      pincode: ["Please enter a valid 6-digit PIN code"],
    });
    expect((await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, city: "x".repeat(81) })).status).toBe(400);
    expect(await read()).toEqual({ gender: null, city: "Nashik", state: null, pincode: "422001" });
  });

  test("a new e-mail address voids the first-login link sent to the old one", async () => {
    const { student } = await addStudent();
    const { token } = await linkTokenFor("priya@example.test");
    await asAdmin("PUT", `/api/admin/students/${student.id}`, { ...FORM, email: "priya.new@example.test" });
    await expect(completeFirstLogin(deps, { token, password: "Priya2026Pass" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  test("a new e-mail address tells the old one, ends the student's sessions and logs both addresses (walk 31a)", async () => {
    const user = await createUser(deps, { role: "student", email: "priya@example.test", student_id: "STU0008", name: "Priya Sharma" });
    const phone = await studentSession("priya@example.test");
    const laptop = await studentSession("priya@example.test");
    // A reset asked for at the old address, its code verified: the token it gave (walk 32b).
    await send("POST", "/api/auth/forgot-password", { email: "priya@example.test", userType: "student" });
    const code = /\b(\d{6})\b/.exec((await newestMailTo("priya@example.test")).text_body)![1];
    const verified = await (
      await send("POST", "/api/auth/verify-otp", { email: "priya@example.test", otp: code, userType: "student" })
    ).json();
    const resetToken = verified.data.resetToken as string;
    // …and a change of address the student asked for and has not confirmed.
    await requestEmailChange(deps, user.id, { currentPassword: TEST_PASSWORD, newEmail: "priya.own@example.test" });
    const ownCode = /\b(\d{6})\b/.exec((await newestMailTo("priya.own@example.test")).text_body)![1]!;
    const res = await asAdmin("PUT", `/api/admin/students/${user.id}`, { ...FORM, email: "priya.new@example.test" });
    expect((await res.json()).data.message).toBe(
      "Student updated successfully! The old e-mail address was told of the change, and the student was signed out on every device.",
    );
    for (const session of [phone, laptop]) expect((await send("GET", "/api/auth/me", undefined, session.token)).status).toBe(401);
    // Nothing sent to the old address still works: the reset token sets no password.
    const reset = await send("POST", "/api/auth/reset-password", { password: "Taken0verX", resetToken, userType: "student" });
    expect(reset.status).toBe(400);
    await expect(confirmEmailChange(deps, user.id, 0, { newEmail: "priya.own@example.test", code: ownCode })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const notice = await newestMailTo("priya@example.test");
    expect(notice.subject).toBe("Your e-mail address was changed");
    expect(notice.text_body).toContain("The institute's office changed the e-mail address of your account to priya.new@example.test.");
    expect(notice.text_body).toContain("If you did not ask for this change");
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.update").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details)).toMatchObject({
      email: { from: "priya@example.test", to: "priya.new@example.test" },
      endedSessions: 2,
    });
    // The same edit without a new address leaves the sessions and writes nothing to the student (whose new address
    // is taken as proven here, as after its e-mailed code).
    await deps.db.updateTable("users").set({ email_verified_at: deps.now().toISOString() }).where("id", "=", user.id).execute();
    const again = await studentSession("priya.new@example.test");
    const plain = await asAdmin("PUT", `/api/admin/students/${user.id}`, { ...FORM, email: "priya.new@example.test", city: "Nagpur" });
    expect((await plain.json()).data.message).toBe("Student updated successfully!");
    expect((await send("GET", "/api/auth/me", undefined, again.token)).status).toBe(200);
    expect(await deps.db.selectFrom("email_outbox").select("id").where("to_address", "=", "priya.new@example.test").execute()).toHaveLength(
      0,
    );
  });

  test("deleting removes the account, its sessions and notifications, and is audited", async () => {
    const user = await createUser(deps, { role: "student", email: "gone@example.test", student_id: "STU0007" });
    const session = await studentSession("gone@example.test");
    await deps.db
      .insertInto("notifications")
      .values({
        recipient_user_id: user.id,
        type: "system",
        title: "Hi",
        message: "Welcome",
        priority: "low",
        created_at: deps.now().toISOString(),
      })
      .execute();
    const res = await asAdmin("DELETE", `/api/admin/students/${user.id}`);
    expect((await res.json()).data).toEqual({ message: "Student deleted successfully!" });
    expect((await asAdmin("GET", `/api/admin/students/${user.id}`)).status).toBe(404);
    expect((await send("GET", "/api/auth/me", undefined, session.token)).status).toBe(401);
    expect(await deps.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    expect(await deps.db.selectFrom("notifications").select("id").where("recipient_user_id", "=", user.id).execute()).toHaveLength(0);
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.delete").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details)).toMatchObject({ studentId: "STU0007", email: "gone@example.test" });
    expect((await asAdmin("DELETE", `/api/admin/students/${user.id}`)).status).toBe(404);
  });
});

describe("status and credentials", () => {
  test("deactivating ends every session of the student at once; activating lets them sign in again", async () => {
    const user = await createUser(deps, { role: "student", email: "ravi@example.test", student_id: "STU0003" });
    const phone = await studentSession("ravi@example.test");
    const laptop = await studentSession("ravi@example.test");
    expect((await send("GET", "/api/auth/me", undefined, phone.token)).status).toBe(200);

    const off = await (await asAdmin("PATCH", `/api/admin/students/${user.id}/toggle-status`)).json();
    expect(off.data).toMatchObject({ isActive: false, message: "Student deactivated successfully!", student: { isActive: false } });
    expect(await deps.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    expect((await send("GET", "/api/auth/me", undefined, phone.token)).status).toBe(401);
    expect((await send("GET", "/api/auth/me", undefined, laptop.token)).status).toBe(401);
    await expect(studentSession("ravi@example.test")).rejects.toMatchObject({ code: "FORBIDDEN" });
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.deactivate").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details)).toEqual({ studentId: "STU0003", endedSessions: 2 });
    // The admin's own session is untouched.
    expect((await asAdmin("GET", "/api/auth/me")).status).toBe(200);

    const on = await (await asAdmin("PATCH", `/api/admin/students/${user.id}/toggle-status`)).json();
    expect(on.data).toMatchObject({ isActive: true, message: "Student activated successfully!" });
    expect((await studentSession("ravi@example.test")).token).toBeString();
    expect(await deps.db.selectFrom("audit_log").select("id").where("action", "=", "student.activate").execute()).toHaveLength(1);

    // With the state asked for (the portal's screens send it): a second Deactivate is refused, the account stays off.
    expect((await asAdmin("PATCH", `/api/admin/students/${user.id}/toggle-status`, { active: false })).status).toBe(200);
    const again = await asAdmin("PATCH", `/api/admin/students/${user.id}/toggle-status`, { active: false });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain("already inactive");
    expect((await deps.db.selectFrom("users").select("is_active").where("id", "=", user.id).executeTakeFirstOrThrow()).is_active).toBe(0);
    const odd = await asAdmin("PATCH", `/api/admin/students/${user.id}/toggle-status`, { active: "no" });
    expect(odd.status).toBe(400);
    expect((await odd.json()).errors).toEqual({ active: ["Say whether the account should be active (true or false)"] });
  });

  test("send credentials mails a fresh link; the earlier one stops working; no password is ever mailed", async () => {
    const { student } = await addStudent();
    const first = await linkTokenFor("priya@example.test");
    const res = await asAdmin("POST", `/api/admin/students/${student.id}/send-credentials`);
    expect((await res.json()).data).toEqual({ message: "Credentials sent successfully!" });
    const second = await linkTokenFor("priya@example.test");
    expect(second.mail.id).not.toBe(first.mail.id);
    // Priya has chosen no password yet: the e-mail is still her first sign-in.
    expect(second.mail.subject).toBe("Set up your student portal account");
    expect(second.mail.template).toBe("student_credentials");
    expect(second.token).not.toBe(first.token);
    await expect(completeFirstLogin(deps, { token: first.token, password: "Priya2026Pass" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await completeFirstLogin(deps, { token: second.token, password: "Priya2026Pass" });
    await expect(completeFirstLogin(deps, { token: second.token, password: "Priya2026Pass" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await deps.db.selectFrom("audit_log").select("id").where("action", "=", "student.send_credentials").execute()).toHaveLength(1);
  });

  test("a student who already has a password gets a link, never that password", async () => {
    const user = await createUser(deps, { role: "student", name: "Asha", email: "asha@example.test", student_id: "STU0005" });
    await asAdmin("POST", `/api/admin/students/${user.id}/send-credentials`);
    const { mail, token } = await linkTokenFor("asha@example.test");
    expect(mail.text_body).toContain("STU0005");
    // It is written as another password on offer, not a first sign-in (the tenth walk's undone row).
    expect(mail.subject).toBe("Choose a new student portal password");
    expect(mail.text_body).toContain("Until you use it, your current password keeps working");
    expect(mail.text_body).not.toContain("for the first time");
    expect(mail.text_body).not.toContain(TEST_PASSWORD);
    expect(mail.html_body).not.toContain(TEST_PASSWORD);
    expect(token.length).toBeGreaterThan(20);
    // The password they chose keeps working as it is: no change is forced (tenth walk).
    const session = await signedIn(loginStudent(deps, { email: "", studentId: "STU0005", password: TEST_PASSWORD }));
    expect(session.user.mustChangePassword).toBe(false);
  });

  test("credentials are not sent to an inactive account", async () => {
    const { student } = await addStudent();
    await asAdmin("PATCH", `/api/admin/students/${student.id}/toggle-status`);
    const res = await asAdmin("POST", `/api/admin/students/${student.id}/send-credentials`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("This student's account is inactive. Activate it before sending credentials.");
    expect((await asAdmin("POST", "/api/admin/students/999/send-credentials")).status).toBe(404);
  });
});

describe("unlock and sign out everywhere (issue 14.6)", () => {
  test("a student locked out by wrong passwords is unlocked by an admin and can sign in at once; audited", async () => {
    const user = await createUser(deps, { role: "student", name: "Ravi Kumar", email: "ravi@example.test", student_id: "STU0003" });
    for (let i = 0; i < 5; i++) {
      await loginStudent(deps, { email: "ravi@example.test", studentId: "", password: "wrong-password" }).catch(() => {});
    }
    await expect(studentSession("ravi@example.test")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    const listed = await (await asAdmin("GET", `/api/admin/students/${user.id}`)).json();
    expect(listed.data.lockedUntil).toBe(new Date(deps.now().getTime() + 15 * 60_000).toISOString());

    const res = await (await asAdmin("POST", `/api/admin/students/${user.id}/unlock`)).json();
    expect(res.data).toMatchObject({ message: "Ravi Kumar can sign in again.", student: { lockedUntil: null } });
    expect((await studentSession("ravi@example.test")).token).toBeString();
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.unlock").executeTakeFirstOrThrow();
    expect(log.actor_user_id).toBe(adminId);
    // Not locked any more: a second unlock says so.
    const again = await asAdmin("POST", `/api/admin/students/${user.id}/unlock`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This account is not locked.");
  });

  test("sign out everywhere ends every session of the student, not the account; audited with the count", async () => {
    const user = await createUser(deps, { role: "student", name: "Ravi Kumar", email: "ravi@example.test", student_id: "STU0003" });
    const phone = await studentSession("ravi@example.test");
    const laptop = await studentSession("ravi@example.test");
    const res = await (await asAdmin("POST", `/api/admin/students/${user.id}/sign-out-everywhere`)).json();
    expect(res.data).toEqual({ message: "Ravi Kumar was signed out of 2 sessions.", endedSessions: 2 });
    expect((await send("GET", "/api/auth/me", undefined, phone.token)).status).toBe(401);
    expect((await send("GET", "/api/auth/me", undefined, laptop.token)).status).toBe(401);
    // The account stays active: the student signs in again with their password.
    expect((await studentSession("ravi@example.test")).token).toBeString();
    const log = await deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "student.sign_out_everywhere")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details)).toEqual({ studentId: "STU0003", endedSessions: 2 });
    const viaTrpc = await callerFor(deps, await resolveSession(deps, adminToken)).students.signOutEverywhere({ id: user.id });
    expect(viaTrpc).toEqual({ message: "Ravi Kumar was signed out of 1 session.", endedSessions: 1 });
  });
});

describe("the office prints a student's ID card (walk 18)", () => {
  test("the card the student's own portal prints, its QR code drawn in, and whether it verifies; REST and tRPC alike", async () => {
    const { student } = await addStudent();
    const res = await asAdmin("GET", `/api/admin/students/${student.id}/id-card`);
    expect(res.status).toBe(200);
    const card = (await res.json()).data;
    // One card: the office's print and the student's own are the same, and keep the same verification address.
    expect(card).toEqual({ ...(await getIdCard(deps, student.id)), qrSvg: expect.stringMatching(/^<svg/), isActive: true });
    expect(card).toMatchObject({
      name: "Priya Sharma",
      student_id: "STU0001",
      verifyUrl: expect.stringMatching(/^https:\/\/ide\.example\.org\/verify\//),
    });
    expect((await idCardQrSvg(deps, student.id)).svg).toBe(card.qrSvg);
    // A deactivated student's card is printed with its state, so the office can say it will not verify.
    await asAdmin("PATCH", `/api/admin/students/${student.id}/toggle-status`, { active: false });
    expect(await callerFor(deps, await resolveSession(deps, adminToken)).students.idCard({ id: student.id })).toMatchObject({
      isActive: false,
      verifyUrl: card.verifyUrl,
    });
    expect((await asAdmin("GET", "/api/admin/students/999/id-card")).status).toBe(404);
    expect((await asAdmin("GET", `/api/admin/students/${adminId}/id-card`)).status).toBe(404);
  });
});

describe("CSV export", () => {
  test("a header row, every matching student, quoted and formula-safe cells, named by the institute's date", async () => {
    await createUser(deps, {
      role: "student",
      name: 'Sharma, "Raj"',
      email: "raj@example.test",
      mobile: "+91 98765 43210",
      student_id: "STU0001",
      address: "Flat 4\nMG Road",
      emergency_name: '=HYPERLINK("http://evil")',
      emergency_relationship: "@SUM(A1)",
    });
    await createUser(deps, { role: "student", name: "Zoya Khan", email: "zoya@example.test", student_id: "STU0002", is_active: 0 });
    // Raj in a programme's second term: named as the screens name it, after the programme's fee period (walk 32a).
    const programme = await deps.db.selectFrom("programmes").select(["id", "fee_period"]).orderBy("id").executeTakeFirstOrThrow();
    await deps.db.updateTable("users").set({ programme_id: programme.id, current_term: 2 }).where("student_id", "=", "STU0001").execute();
    // 20:00 UTC is already the next day in India.
    deps.advance(13.5 * 3_600_000);
    const res = await asAdmin("GET", "/api/admin/students/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="students-2026-11-23.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Student ID,Name,Email,Mobile,Course/Standard,Course admitted to,Term,Date of Birth,Blood Group,Gender,Address,City,State,PIN Code,Emergency Contact Name,Emergency Contact Relationship,Emergency Contact Phone,Emergency Contact Email,Status,Added On,Last Login",
    );
    expect(text).toContain('"Sharma, ""Raj"""');
    expect(text).toContain("'+91 98765 43210");
    expect(text).toContain('"Flat 4\nMG Road"');
    expect(text).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(text).toContain(",'@SUM(A1),");
    expect(text).toContain(`,${programme.fee_period === "year" ? "Year 2" : "Semester 2"},`);
    // Added on the institute's clock (06:30 UTC is 12:00 in India), like the applications' file (QA 7).
    expect(text).toContain("STU0002,Zoya Khan,zoya@example.test,,,,,,,,,,,,,,,,Inactive,2026-11-22 12:00,\r\n");
    expect(text.endsWith("\r\n")).toBe(true);

    const filtered = await (await asAdmin("GET", "/api/admin/students/export.csv?search=zoya")).text();
    expect(filtered).not.toContain("raj@example.test");
    expect(filtered).toContain("zoya@example.test");
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "student.export").orderBy("id").execute();
    expect(log.map((l) => JSON.parse(l.details).rows)).toEqual([2, 1]);
  });
});

describe("tRPC", () => {
  test("students.* runs the same rules as REST", async () => {
    const admin = callerFor(deps, await resolveSession(deps, adminToken));
    const created = await admin.students.create(FORM);
    expect(created.student_id).toBe("STU0001");
    const id = created.student.id;
    await expect(admin.students.create(FORM)).rejects.toMatchObject({ code: "CONFLICT", message: ACCOUNT_MSG.emailTaken });
    await expect(admin.students.create({ ...FORM, name: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: studentRequiredMessage(),
    });
    expect((await admin.students.list({ search: "priya" })).students.map((s) => s.student_id)).toEqual(["STU0001"]);
    expect((await admin.students.get({ id })).email).toBe("priya@example.test");
    expect((await admin.students.update({ id, ...FORM, mobile: "9123456789" })).student.mobile).toBe("9123456789");
    expect((await admin.students.toggleStatus({ id })).isActive).toBe(false);
    expect((await admin.students.toggleStatus({ id })).isActive).toBe(true);
    // Two screens that both showed "Active", one Deactivate each: the second is refused, not an activation.
    expect((await admin.students.toggleStatus({ id, active: false })).isActive).toBe(false);
    await expect(admin.students.toggleStatus({ id, active: false })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Priya Sharma's account is already inactive: someone else deactivated it. Nothing was changed.",
    });
    expect((await admin.students.get({ id })).isActive).toBe(false);
    expect((await admin.students.toggleStatus({ id, active: true })).isActive).toBe(true);
    await expect(admin.students.toggleStatus({ id, active: true })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await admin.students.sendCredentials({ id })).message).toBe("Credentials sent successfully!");
    expect((await admin.students.remove({ id })).message).toBe("Student deleted successfully!");
    await expect(admin.students.get({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("the Course/Standard choices are the programmes catalogue's, without archived ones (issue 17)", async () => {
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("name", "=", "Certificate").execute();
    const auth = await resolveSession(deps, adminToken);
    const { standards } = await callerFor(deps, auth).students.standards();
    expect(standards.slice(0, 3)).toEqual(["Computer Science", "Information Technology", "Electronics"]);
    expect(standards).toContain("BCom");
    // One programme per spelling: the old stream "B.Com" is the standard "BCom".
    expect(standards).not.toContain("B.Com");
    expect(standards).toHaveLength(23);
    expect(standards).not.toContain("Other");
    expect(standards).not.toContain("Certificate");
  });

  test("a student added or edited points at their programme in the catalogue (issue 17)", async () => {
    const res = await asAdmin("POST", "/api/admin/students", { ...FORM, standard: "BBA" });
    const id = (await res.json()).data.student.id as number;
    const bba = await deps.db.selectFrom("programmes").select("id").where("name", "=", "BBA").executeTakeFirstOrThrow();
    const stored = () => deps.db.selectFrom("users").select("programme_id").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await stored()).programme_id).toBe(bba.id);
    await asAdmin("PUT", `/api/admin/students/${id}`, { ...FORM, standard: "MBA" });
    const mba = await deps.db.selectFrom("programmes").select("id").where("name", "=", "MBA").executeTakeFirstOrThrow();
    expect((await stored()).programme_id).toBe(mba.id);
  });
});

describe("in the admin's language (issue 16)", () => {
  test("the service's answers and the schema's messages follow the request's language; English stays the default", async () => {
    await loadAllCatalogues();
    const { student } = await addStudent();
    const caller = callerFor(deps, await resolveSession(deps, adminToken));
    const inHindi = await inLocale("hi", () => caller.students.toggleStatus({ id: student.id }));
    expect(inHindi.message).toBe(hiRoster["text.deactivated"]);
    const inMarathi = await inLocale("mr", () => caller.students.toggleStatus({ id: student.id }));
    expect(inMarathi.message).toBe(mrRoster["text.activated"]);
    const signedOut = await inLocale("hi", () => caller.students.signOutEverywhere({ id: student.id }));
    expect(signedOut.message).toContain("Priya");
    expect(signedOut.message).toBe(hiRoster["text.notSignedIn"].replace("{name}", "Priya Sharma"));
    await expect(inLocale("mr", () => caller.students.create({ ...FORM, email: "new@example.test", name: "" }))).rejects.toMatchObject({
      message: mrRoster["rule.required"],
    });
    expect((await caller.students.toggleStatus({ id: student.id })).message).toBe("Student deactivated successfully!");
  });

  test("just after a settings save, sending credentials still works: the e-mail's language is read in its own transaction", async () => {
    const { student } = await addStudent();
    const caller = callerFor(deps, await resolveSession(deps, adminToken));
    // The save forgets the remembered settings; read through the process's handle inside the sending's
    // transaction, they waited for ever for the one SQLite connection that transaction holds.
    await saveSettingsGroup(deps, "general", (await getSettings(deps)).general);
    expect((await caller.students.sendCredentials({ id: student.id })).message).toBe("Credentials sent successfully!");
  });

  test("the new student's e-mails are in the institute's language, not the admin's screen language (QA 2)", async () => {
    await loadAllCatalogues();
    const caller = callerFor(deps, await resolveSession(deps, adminToken));
    const { student } = await inLocale("hi", () => caller.students.create(FORM));
    expect((await linkTokenFor(FORM.email)).mail.subject).toBe("Set up your student portal account");
    await inLocale("mr", () => caller.students.sendCredentials({ id: student.id }));
    expect((await linkTokenFor(FORM.email)).mail.subject).toBe("Set up your student portal account");
  });
});
