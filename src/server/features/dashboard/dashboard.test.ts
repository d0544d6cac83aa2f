import { beforeEach, describe, expect, test } from "bun:test";
import { SAMPLE_GALLERY_PREFIX, SAMPLE_NEWS, SAMPLE_UNIVERSITY } from "../../../../db/sample-content.ts";
import type { AdmissionStatus, ContactStatus } from "../../../../db/schema.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiReports from "../../../shared/i18n/hi/reports.json";
import { audit } from "../../platform/audit.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { getSettings, saveSettingsGroup } from "../settings/settings.service.ts";
import { dashboardPeriods, percentChange } from "./dashboard.service.ts";

// The test clock: 2026-11-22T06:30Z, i.e. 12:00 on 22 November in India (the default time zone).
let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let adminToken: string;
let adminId: number;

beforeEach(async () => {
  deps = await createTestDeps();
  adminId = (await createUser(deps, { role: "admin", email: "office@example.test", name: "Office Admin" })).id;
  adminToken = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  app = testApp(deps);
});

const get = (path: string, token: string | null = adminToken) =>
  app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

let seq = 0;
async function student(createdAt: string) {
  return createUser(deps, {
    role: "student",
    student_id: `STU${String(++seq).padStart(4, "0")}`,
    created_at: createdAt,
    updated_at: createdAt,
  });
}

async function admission(status: AdmissionStatus, submittedAt: string, processedAt: string | null = null, name = "Applicant") {
  seq += 1;
  return deps.db
    .insertInto("admissions")
    .values({
      application_number: `APP-2026-${String(seq).padStart(6, "0")}`,
      status,
      first_name: name,
      last_name: "Rao",
      date_of_birth: "2004-01-01",
      gender: "Female",
      blood_group: "O+",
      email: `applicant${seq}@example.test`,
      phone: "9876500000",
      address: "1 Main Road",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
      course: "Commerce",
      processed_at: processedAt,
      submitted_at: submittedAt,
      created_at: submittedAt,
      updated_at: processedAt ?? submittedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function contact(createdAt: string, name = "Visitor", status: ContactStatus = "new") {
  return deps.db
    .insertInto("contact_inquiries")
    .values({
      name,
      email: "v@example.test",
      phone: null,
      subject: "fees",
      message: "Fees?",
      status,
      ip: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe("periods", () => {
  test("this month so far in India, the same stretch of last month, and the last 30 days", () => {
    const p = dashboardPeriods(deps.now(), "Asia/Kolkata");
    expect(p.monthStart.toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(p.previousMonthStart.toISOString()).toBe("2026-09-30T18:30:00.000Z");
    expect(p.previousSpanEnd.toISOString()).toBe("2026-10-22T06:30:00.000Z");
    expect(p.windowStart.toISOString()).toBe("2026-10-23T06:30:00.000Z");
    // On 31 March the same stretch of February stops at the end of February.
    const march = dashboardPeriods(new Date("2026-03-31T12:00:00.000Z"), "UTC");
    expect(march.previousSpanEnd.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });

  test("percent changes round to whole numbers; with no basis the label is the count itself", () => {
    expect(percentChange(3, 2, "x")).toEqual({ value: 50, unit: "percent", label: "+50%", comparedWith: "x" });
    expect(percentChange(1, 3, "x")).toMatchObject({ value: -67, label: "-67%" });
    expect(percentChange(2, 0, "x")).toMatchObject({ value: null, label: "+2" });
    // Grouped as the figure above it is (walk 13b: "+2500" under "2,500").
    expect(percentChange(2500, 0, "x")).toMatchObject({ value: null, label: "+2,500" });
    expect(percentChange(26, 2, "x")).toMatchObject({ value: 1200, label: "+1,200%" });
    expect(percentChange(0, 0, "x")).toMatchObject({ value: 0, label: "0%" });
  });
});

describe("GET /api/admin/dashboard/stats", () => {
  test("guests 401, students 403 (REST and tRPC)", async () => {
    await createUser(deps, { role: "student", email: "s@example.test" });
    const s = await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }));
    for (const path of ["/api/admin/dashboard/stats", "/api/admin/activity"]) {
      expect((await get(path, null)).status).toBe(401);
      expect((await get(path, s.token)).status).toBe(403);
    }
    await expect(callerFor(deps).dashboard.stats()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerFor(deps, await resolveSession(deps, s.token)).dashboard.activity({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("an empty institute: zeros everywhere, no change, no activity", async () => {
    const body = await (await get("/api/admin/dashboard/stats")).json();
    expect(body.data).toEqual({
      totalStudents: 0,
      pendingAdmissions: 0,
      approvedThisMonth: 0,
      totalContacts: 0,
      changes: {
        totalStudents: {
          value: 0,
          unit: "percent",
          label: "0%",
          comparedWith: "new students so far this month vs the same days of last month",
        },
        pendingAdmissions: { value: 0, unit: "count", label: "0", comparedWith: "pending now vs 30 days ago" },
        approvedThisMonth: {
          value: 0,
          unit: "percent",
          label: "0%",
          comparedWith: "approvals so far this month vs the same days of last month",
        },
        totalContacts: { value: 0, unit: "count", label: "0", comparedWith: "total now vs 30 days ago" },
      },
      totalCourses: 0,
      totalBooks: 0,
      totalExams: 0,
      totalTickets: 0,
      managementCenters: 9,
      galleryImages: 0,
      recentActivity: [],
      fees: {
        collectedThisMonth: 0,
        collectedChange: {
          value: 0,
          unit: "percent",
          label: "0%",
          comparedWith: "collected so far this month vs the same days of last month",
        },
        outstanding: 0,
        overdue: 0,
        overdueStudents: 0,
        toConfirm: 0,
      },
    });
  });

  test("figures and changes from known data", async () => {
    // Students: 3 new this month (one at 00:30 IST on the 1st), 2 in 1–22 October, 1 later in October, 1 older.
    await student("2026-09-15T00:00:00.000Z");
    await student("2026-10-05T00:00:00.000Z");
    await student("2026-10-20T00:00:00.000Z");
    await student("2026-10-25T00:00:00.000Z");
    await student("2026-10-31T19:00:00.000Z");
    await student("2026-11-05T00:00:00.000Z");
    await student("2026-11-20T00:00:00.000Z");

    // Admissions. Pending now: 3. Pending on 23 October 06:30Z: 4 (A1, A4, A6, A7).
    await admission("pending", "2026-10-01T00:00:00.000Z", null, "A1");
    const a2 = await admission("pending", "2026-11-10T00:00:00.000Z", null, "A2");
    const a3 = await admission("pending", "2026-11-21T00:00:00.000Z", null, "A3");
    await admission("approved", "2026-10-10T00:00:00.000Z", "2026-11-02T00:00:00.000Z", "A4");
    await admission("approved", "2026-09-20T00:00:00.000Z", "2026-10-05T00:00:00.000Z", "A5");
    await admission("rejected", "2026-10-15T00:00:00.000Z", "2026-10-28T00:00:00.000Z", "A6");
    await admission("approved", "2026-10-01T00:00:00.000Z", "2026-10-25T00:00:00.000Z", "A7");
    await admission("approved", "2026-11-01T00:00:00.000Z", "2026-11-15T00:00:00.000Z", "A8");
    await admission("approved", "2026-10-01T00:00:00.000Z", "2026-10-12T00:00:00.000Z", "A9");
    const a10 = await admission("approved", "2026-11-12T00:00:00.000Z", "2026-11-21T00:00:00.000Z", "A10");
    await admission("approved", "2026-10-02T00:00:00.000Z", "2026-10-21T00:00:00.000Z", "A11");
    // Approved this month: A4, A8, A10 = 3; in 1–22 October (India): A5, A9, A11 = 3. A12 (18:00Z on
    // 30 September, 23:30 in India) falls just before the stretch.
    await admission("approved", "2026-09-01T00:00:00.000Z", "2026-09-30T18:00:00.000Z", "A12");

    // Contacts: 5 in all, 3 in the last 30 days.
    await contact("2026-09-01T00:00:00.000Z", "C1");
    await contact("2026-10-20T00:00:00.000Z", "C2");
    await contact("2026-10-24T00:00:00.000Z", "C3");
    const c4 = await contact("2026-11-21T10:00:00.000Z", "C4", "in-progress");
    const c5 = await contact("2026-11-22T06:00:00.000Z", "C5");

    const at = deps.now().toISOString();
    // Courses are the catalogue's subjects (an archived one is not counted); books the library's titles.
    const programme = await deps.db.selectFrom("programmes").select("id").executeTakeFirstOrThrow();
    await deps.db
      .insertInto("subjects")
      .values([
        { programme_id: programme.id, term: 1, code: "MBA-101", name: "Management", archived: 0, created_at: at, updated_at: at },
        { programme_id: programme.id, term: 1, code: "MBA-102", name: "Economics", archived: 0, created_at: at, updated_at: at },
        { programme_id: programme.id, term: 1, code: "MBA-103", name: "Old", archived: 1, created_at: at, updated_at: at },
      ])
      .execute();
    await deps.db.insertInto("books").values({ title: "Accounting", created_at: at, updated_at: at }).execute();
    // An e-resource is in the library but is not a book: the Library card counts books (sixth walk).
    await deps.db.insertInto("books").values({ title: "NPTEL lectures", kind: "eresource", created_at: at, updated_at: at }).execute();
    await deps.db
      .insertInto("support_tickets")
      .values({
        ticket_number: "TKT-2026-00001",
        student_name: "S",
        student_email: "s@example.test",
        subject: "Login",
        description: "Cannot sign in",
        category: "technical",
        priority: "high",
        status: "open",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await deps.db
      .insertInto("gallery_images")
      .values([
        {
          title: "Campus",
          category: "Campus",
          is_active: 1,
          file_key: "k1",
          width: 10,
          height: 10,
          size_bytes: 100,
          created_at: at,
          updated_at: at,
        },
        {
          title: "Library",
          category: "Facilities",
          is_active: 0,
          file_key: "k2",
          width: 10,
          height: 10,
          size_bytes: 100,
          created_at: at,
          updated_at: at,
        },
      ])
      .execute();

    const body = await (await get("/api/admin/dashboard/stats")).json();
    const d = body.data;
    expect(d.totalStudents).toBe(7);
    expect(d.pendingAdmissions).toBe(3);
    expect(d.approvedThisMonth).toBe(3);
    expect(d.totalContacts).toBe(5);
    expect(d.changes.totalStudents).toMatchObject({ value: 50, label: "+50%" });
    expect(d.changes.pendingAdmissions).toMatchObject({ value: -1, label: "-1" });
    expect(d.changes.approvedThisMonth).toMatchObject({ value: 0, label: "0%" });
    expect(d.changes.totalContacts).toMatchObject({ value: 3, label: "+3" });
    expect([d.totalCourses, d.totalBooks, d.totalExams, d.totalTickets, d.managementCenters, d.galleryImages]).toEqual([2, 1, 0, 1, 9, 2]);
    expect(d.recentActivity).toEqual([
      {
        type: "contact",
        id: c5.id,
        title: "Inquiry from C5",
        description: "About Fees and payments",
        time: "2026-11-22T06:00:00.000Z",
        status: "new",
      },
      {
        type: "contact",
        id: c4.id,
        title: "Inquiry from C4",
        description: "About Fees and payments",
        time: "2026-11-21T10:00:00.000Z",
        status: "in-progress",
      },
      {
        type: "admission",
        id: a3.id,
        title: "New application from A3 Rao",
        description: `Commerce · ${a3.application_number}`,
        time: "2026-11-21T00:00:00.000Z",
        status: "pending",
      },
      {
        type: "admission",
        id: a10.id,
        title: "New application from A10 Rao",
        description: `Commerce · ${a10.application_number}`,
        time: "2026-11-12T00:00:00.000Z",
        status: "approved",
      },
      {
        type: "admission",
        id: a2.id,
        title: "New application from A2 Rao",
        description: `Commerce · ${a2.application_number}`,
        time: "2026-11-10T00:00:00.000Z",
        status: "pending",
      },
    ]);

    // One more approval in 1–22 October (India) makes this month's 3 a 25% drop from 4.
    await admission("approved", "2026-10-01T00:00:00.000Z", "2026-10-22T06:00:00.000Z", "A13");
    const after = (await (await get("/api/admin/dashboard/stats")).json()).data;
    expect(after.changes.approvedThisMonth).toMatchObject({ value: -25, label: "-25%" });
    expect(await callerFor(deps, await resolveSession(deps, adminToken)).dashboard.stats()).toEqual(after);
  });

  test("a student in a month after none in the same stretch of last month reads +1 (no percent of nothing)", async () => {
    await student("2026-11-03T00:00:00.000Z");
    const d = (await (await get("/api/admin/dashboard/stats")).json()).data;
    expect(d.changes.totalStudents).toMatchObject({ value: null, label: "+1" });
  });
});

describe("GET /api/admin/activity", () => {
  test("the audit log, newest first, with the actor, filterable by entity type and paginated", async () => {
    const other = await createUser(deps, { role: "admin", email: "second@example.test", name: "Second Admin" });
    // The admin's own sign-in (beforeEach) is in the log too; this test reads a log it wrote itself.
    expect((await deps.db.deleteFrom("audit_log").where("action", "=", "account.sign_in").executeTakeFirst()).numDeletedRows).toBe(1n);
    await audit(deps.db, new Date("2026-11-20T10:00:00.000Z"), {
      actorUserId: adminId,
      action: "admission.approve",
      entityType: "admission",
      entityId: 4,
      details: { studentId: "STU0001" },
      ip: "10.0.0.1",
    });
    await audit(deps.db, new Date("2026-11-21T10:00:00.000Z"), {
      actorUserId: other.id,
      action: "student.update",
      entityType: "student",
      entityId: 9,
      details: { changed: ["mobile"] },
    });
    await audit(deps.db, new Date("2026-11-22T05:00:00.000Z"), {
      actorUserId: null,
      action: "account.locked",
      entityType: "user",
      entityId: 3,
    });
    await audit(deps.db, new Date("2026-11-22T06:00:00.000Z"), {
      actorUserId: adminId,
      action: "student.create",
      entityType: "student",
      entityId: 10,
    });

    const all = (await (await get("/api/admin/activity")).json()).data;
    expect(all.activities.map((a: { action: string }) => a.action)).toEqual([
      "student.create",
      "account.locked",
      "student.update",
      "admission.approve",
    ]);
    expect(all.pagination).toEqual({ totalItems: 4, totalPages: 1, currentPage: 1, limit: 10 });
    expect(all.activities[3]).toEqual({
      _id: expect.any(String),
      id: expect.any(Number),
      action: "admission.approve",
      entityType: "admission",
      entityId: "4",
      details: { studentId: "STU0001" },
      actor: { id: adminId, name: "Office Admin", email: "office@example.test", role: "admin" },
      ip: "10.0.0.1",
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    expect(all.activities[1].actor).toBeNull();

    const students = (await (await get("/api/admin/activity?type=student&limit=1&page=2")).json()).data;
    expect(students.activities.map((a: { action: string; actor: { name: string } }) => [a.action, a.actor.name])).toEqual([
      ["student.update", "Second Admin"],
    ]);
    expect(students.pagination).toEqual({ totalItems: 2, totalPages: 2, currentPage: 2, limit: 1 });
    const beyond = (await (await get("/api/admin/activity?type=student&limit=1&page=3")).json()).data;
    expect(beyond.activities).toEqual([]);
    expect((await (await get("/api/admin/activity?type=all")).json()).data.pagination.totalItems).toBe(4);
    expect((await (await get("/api/admin/activity?type=gallery")).json()).data).toEqual({
      activities: [],
      pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 10 },
    });
    expect((await get("/api/admin/activity?type=DROP%20TABLE")).status).toBe(400);

    // A deleted actor leaves the entry, without a name.
    await deps.db.deleteFrom("users").where("id", "=", other.id).execute();
    const admin = callerFor(deps, await resolveSession(deps, adminToken));
    const afterDelete = await admin.dashboard.activity({ type: "student" });
    expect(afterDelete.activities.map((a) => a.actor?.name ?? null)).toEqual(["Office Admin", null]);
  });
});

describe("the activity log's Fees filter", () => {
  test("type=fee is every fee entry, whichever record it is about; a payment stays under Students too", async () => {
    await deps.db.deleteFrom("audit_log").execute();
    const at = new Date("2026-11-20T10:00:00.000Z");
    const write = (action: Parameters<typeof audit>[2]["action"], entityType: string, entityId: number) =>
      audit(deps.db, at, { actorUserId: adminId, action, entityType, entityId });
    await write("fee.payment_record", "student", 9);
    await write("fee.plan_save", "programme", 2);
    await write("fee.settings", "settings", 1);
    await write("student.update", "student", 9);
    await write("programme.update", "programme", 2);
    const admin = callerFor(deps, await resolveSession(deps, adminToken));
    const actions = async (type: string) => (await admin.dashboard.activity({ type })).activities.map((a) => a.action).sort();
    expect(await actions("fee")).toEqual(["fee.payment_record", "fee.plan_save", "fee.settings"]);
    expect(await actions("student")).toEqual(["fee.payment_record", "student.update"]);
    expect(await actions("programme")).toEqual(["fee.plan_save", "programme.update"]);
  });
});

describe("in the admin's language (issue 16)", () => {
  test("an activity type that cannot be one is refused in Hindi, and in English without a language", async () => {
    await loadAllCatalogues();
    const admin = callerFor(deps, await resolveSession(deps, adminToken));
    await expect(inLocale("hi", () => admin.dashboard.activity({ type: "DROP TABLE" }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: hiReports["log.unknownType"],
    });
    expect((await (await get("/api/admin/activity?type=DROP%20TABLE")).json()).message).toBe("Unknown activity type");
  });
});

describe("the sample content still on the public site (walk 23a)", () => {
  test("counts the listed sample programmes, published sample news, shown sample pictures and the sample contact details, until replaced", async () => {
    const caller = callerFor(deps, await resolveSession(deps, adminToken));
    const programmes = Number(
      (
        await deps.db
          .selectFrom("programmes")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("university", "=", SAMPLE_UNIVERSITY)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(programmes).toBeGreaterThan(0);
    expect(await caller.dashboard.sampleContent()).toEqual({ programmes, news: 0, pictures: 0, contact: true });

    const at = deps.now().toISOString();
    await deps.db
      .insertInto("announcements")
      .values(
        [SAMPLE_NEWS[0], { title: "Our own news", body: "Ours." }].map((n) => ({
          title: n.title,
          body: n.body,
          published_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const picture = {
      category: "Campus" as const,
      width: 10,
      height: 10,
      size_bytes: 1,
      is_active: 1 as const,
      created_at: at,
      updated_at: at,
    };
    await deps.db
      .insertInto("gallery_images")
      .values([
        { ...picture, title: "Sample", file_key: `${SAMPLE_GALLERY_PREFIX}abc` },
        { ...picture, title: "Hidden sample", file_key: `${SAMPLE_GALLERY_PREFIX}def`, is_active: 0 },
        { ...picture, title: "Ours", file_key: "k7q2ours" },
      ])
      .execute();
    expect(await caller.dashboard.sampleContent()).toMatchObject({ news: 1, pictures: 1 });

    // Replaced: the programmes archived, the contact details the institute's own.
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("university", "=", SAMPLE_UNIVERSITY).execute();
    const { institute } = await getSettings(deps);
    await saveSettingsGroup(deps, "institute", {
      ...institute,
      email: "office@nashik-ide.example.org",
      phones: ["+91 253 231 0000"],
      offices: [{ name: "Nashik office", address: "Plot 7, Station Road, Nashik 422101" }],
    });
    // General's sample phone and address still lead the public contact details.
    expect(await caller.dashboard.sampleContent()).toMatchObject({ contact: true });
    const { general } = await getSettings(deps);
    await saveSettingsGroup(deps, "general", {
      ...general,
      contactPhone: "+91 253 231 0000",
      address: "Plot 7, Station Road, Nashik 422101",
    });
    expect(await caller.dashboard.sampleContent()).toEqual({ programmes: 0, news: 1, pictures: 1, contact: false });
    // Staff do not replace the site's content: not theirs to see.
    const staff = await createUser(deps, { role: "staff", email: "desk@example.test" });
    const staffSession = await signedIn(loginAdmin(deps, { email: staff.email, password: TEST_PASSWORD }));
    await expect(callerFor(deps, await resolveSession(deps, staffSession.token)).dashboard.sampleContent()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
