import { beforeEach, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import type { AdmissionStatus, ContactStatus, GalleryCategory } from "../../../../db/schema.ts";
import { ANALYTICS_MESSAGES, type AnalyticsRange } from "../../../shared/schemas/analytics.ts";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { localDate } from "../../platform/calendar.ts";
import { AppError } from "../../platform/errors.ts";
import { type AppEnv, bearerToken } from "../../platform/http.ts";
import { createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps } from "../../testing.ts";
import { createCallerFactory, createContextInner, router } from "../../trpc.ts";
import type { Authenticated } from "../auth/auth.service.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { cancelReceipt, collectionsTotal, recordPayment } from "../fees/payments.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";
import { analyticsRest } from "./analytics.rest.ts";
import { analyticsRouter } from "./analytics.router.ts";
import { analyticsCsv, analyticsOverview } from "./analytics.service.ts";

// The test clock: 2026-11-22T06:30Z, i.e. 12:00 on Sunday 22 November in India (the default time zone).
let deps: TestDeps;
let adminToken: string;
let studentToken: string;

const createCaller = createCallerFactory(router({ analytics: analyticsRouter }));
const callerAs = (auth: Authenticated | null) => createCaller(createContextInner({ deps, auth }));

/** analyticsRest behind the same middleware app.ts puts before it (deps, session, error envelope). */
function restApp() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("auth", await resolveSession(deps, bearerToken(c.req.header("authorization"))));
    await next();
  });
  app.route("/api/admin/analytics", analyticsRest);
  app.onError((err, c) =>
    err instanceof AppError
      ? c.json({ success: false, message: err.message, ...(err.fieldErrors ? { errors: err.fieldErrors } : {}) }, err.status)
      : c.json({ success: false, message: String(err) }, 500),
  );
  return app;
}
const get = (path: string, token: string | null = adminToken) =>
  restApp().request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

let seq = 0;
async function admission(createdAt: string, status: AdmissionStatus = "pending", firstName = "Applicant") {
  seq += 1;
  await deps.db
    .insertInto("admissions")
    .values({
      application_number: `APP-2026-${String(seq).padStart(6, "0")}`,
      status,
      first_name: firstName,
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
      submitted_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

async function contact(createdAt: string, name = "Visitor", status: ContactStatus = "new") {
  await deps.db
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
    .execute();
}

async function image(category: GalleryCategory, createdAt = "2025-01-01T00:00:00.000Z", title = `${category} photo`, active = true) {
  seq += 1;
  await deps.db
    .insertInto("gallery_images")
    .values({
      title,
      description: null,
      category,
      is_active: active ? 1 : 0,
      file_key: `k${seq}`,
      width: 1600,
      height: 1067,
      size_bytes: 1000,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

/**
 * Known data around the range edges. In India (UTC+5:30) a day starts at 18:30Z the day before, so
 * 2026-11-21T19:00Z is already 22 November and 2026-11-21T18:00Z still 21 November.
 */
async function seedKnownData() {
  await admission("2026-11-22T05:00:00.000Z", "pending", "Asha"); // 22 Nov 10:30
  await admission("2026-11-21T19:00:00.000Z", "approved", "Bela"); // 22 Nov 00:30
  await admission("2026-11-21T18:00:00.000Z", "rejected", "Chitra"); // 21 Nov 23:30
  await admission("2026-11-16T00:00:00.000Z", "pending", "Deepa"); // 16 Nov: first day of 7d
  await admission("2026-11-15T12:00:00.000Z"); // 15 Nov: before 7d
  await admission("2026-10-24T00:00:00.000Z"); // 24 Oct: first day of 30d
  await admission("2026-10-23T17:00:00.000Z"); // 23 Oct 22:30: before 30d, inside the 720-hour growth window
  await admission("2026-08-23T19:00:00.000Z"); // 24 Aug 00:30: first day of 90d
  await admission("2026-08-23T18:00:00.000Z"); // 23 Aug 23:30: before 90d
  await admission("2025-12-01T00:00:00.000Z"); // 1 Dec 2025: first month of 1y
  await admission("2025-11-30T18:00:00.000Z"); // 30 Nov 2025 23:30: before 1y

  await contact("2026-11-22T06:00:00.000Z", '=HYPERLINK("http://evil.example","Open")'); // 22 Nov
  await contact("2026-11-18T10:00:00.000Z", "Ravi, Kumar", "resolved"); // 18 Nov
  await contact("2026-10-01T10:00:00.000Z", "Old inquiry", "closed"); // 1 Oct
  await contact("2026-03-10T10:00:00.000Z", "Older inquiry", "closed"); // 10 Mar

  for (const [category, n] of [
    ["Campus", 3],
    ["Sports", 1],
    ["Events", 2],
    ["Faculty", 1],
    ["Students", 1],
    ["Facilities", 1],
  ] as const) {
    for (let i = 0; i < n; i += 1) await image(category);
  }
  await image("Sports", "2026-11-20T09:00:00.000Z", "Sports day", false); // uploaded 20 Nov, hidden

  for (const at of ["2024-06-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z", "2026-11-22T01:00:00.000Z"]) {
    await createUser(deps, { role: "student", student_id: `STU${String(++seq).padStart(4, "0")}`, created_at: at, updated_at: at });
  }
}

beforeEach(async () => {
  deps = await createTestDeps();
  await createUser(deps, { role: "admin", email: "office@example.test" });
  adminToken = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0900", created_at: "2023-01-01T00:00:00.000Z" });
  studentToken = (await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }))).token;
});

const counts = (trend: { count: number }[]) => trend.map((b) => b.count);

describe("access", () => {
  test("guests get 401 and students 403, on both REST paths and the tRPC procedure", async () => {
    for (const path of ["/api/admin/analytics", "/api/admin/analytics?range=7d", "/api/admin/analytics/export?range=30d"]) {
      expect([path, (await get(path, null)).status]).toEqual([path, 401]);
      expect([path, (await get(path, studentToken)).status]).toEqual([path, 403]);
    }
    await expect(callerAs(null).analytics.overview({ range: "7d" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerAs(await resolveSession(deps, studentToken)).analytics.overview({ range: "7d" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await deps.db.selectFrom("audit_log").select("id").where("action", "=", "analytics.export").execute()).toHaveLength(0);
  });

  test("an unknown range is a 400; no range means 30 days", async () => {
    const bad = await get("/api/admin/analytics?range=2w");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe(ANALYTICS_MESSAGES.range);
    const admin = callerAs(await resolveSession(deps, adminToken));
    // @ts-expect-error the input type allows only the four ranges
    await expect(admin.analytics.overview({ range: "5y" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const body = await (await get("/api/admin/analytics")).json();
    expect(body.data.range).toMatchObject({ key: "30d", bucket: "day", label: "Last 30 days" });
    expect(body.data.admissionsTrend).toHaveLength(30);
  });
});

describe("overview", () => {
  beforeEach(seedKnownData);

  test("7d: seven daily buckets in India's days, every day present; cards in range or all time", async () => {
    const report = await analyticsOverview(deps, "7d");
    expect(report.range).toEqual({
      key: "7d",
      label: "Last 7 days",
      bucket: "day",
      from: "2026-11-15T18:30:00.000Z",
      to: "2026-11-22T06:30:00.000Z",
      timeZone: "Asia/Kolkata",
    });
    expect(report.admissionsTrend.map((b) => b.label)).toEqual(["16 Nov", "17 Nov", "18 Nov", "19 Nov", "20 Nov", "21 Nov", "22 Nov"]);
    expect(report.admissionsTrend[0]).toEqual({
      label: "16 Nov",
      start: "2026-11-15T18:30:00.000Z",
      end: "2026-11-16T18:30:00.000Z",
      count: 1,
    });
    expect(report.admissionsTrend.at(-1)).toEqual({
      label: "22 Nov",
      start: "2026-11-21T18:30:00.000Z",
      end: "2026-11-22T18:30:00.000Z",
      count: 2,
    });
    expect(counts(report.admissionsTrend)).toEqual([1, 0, 0, 0, 0, 1, 2]);
    expect(counts(report.contactsTrend)).toEqual([0, 0, 1, 0, 0, 0, 1]);
    expect(report.contactsTrend.map((b) => b.start)).toEqual(report.admissionsTrend.map((b) => b.start));
    expect(report.cards).toEqual({
      totalStudents: 4, // all time, every student account
      newStudents: 2,
      growthPercent: 100, // students: 2 opened in the last 720 hours (1 and 22 Nov) over the 2 there were before; admissions do not count
      totalAdmissions: 4,
      contactInquiries: 2,
      galleryImages: 10, // all time, active or not
      feesCollected: 0,
      feeReceipts: 0,
    });
  });

  test("30d: thirty daily buckets from 24 Oct", async () => {
    const report = await analyticsOverview(deps, "30d");
    expect(report.range.from).toBe("2026-10-23T18:30:00.000Z");
    expect(report.admissionsTrend).toHaveLength(30);
    expect(report.admissionsTrend[0]!.label).toBe("24 Oct");
    const admissionsByDay = Object.fromEntries(report.admissionsTrend.filter((b) => b.count > 0).map((b) => [b.label, b.count]));
    expect(admissionsByDay).toEqual({ "24 Oct": 1, "15 Nov": 1, "16 Nov": 1, "21 Nov": 1, "22 Nov": 2 });
    expect(report.cards).toMatchObject({
      totalStudents: 4,
      newStudents: 2,
      growthPercent: 100,
      totalAdmissions: 6,
      contactInquiries: 2,
      galleryImages: 10,
    });
  });

  test("90d: thirteen weeks of seven days, the last ending today", async () => {
    const report = await analyticsOverview(deps, "90d");
    expect(report.range).toMatchObject({ bucket: "week", from: "2026-08-23T18:30:00.000Z" });
    expect(report.admissionsTrend).toHaveLength(13);
    expect(report.admissionsTrend[0]).toMatchObject({
      label: "24 Aug – 30 Aug",
      start: "2026-08-23T18:30:00.000Z",
      end: "2026-08-30T18:30:00.000Z",
    });
    expect(report.admissionsTrend[8]!.label).toBe("19 Oct – 25 Oct");
    expect(report.admissionsTrend[12]!.label).toBe("16 Nov – 22 Nov");
    expect(counts(report.admissionsTrend)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 4]);
    expect(counts(report.contactsTrend)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]);
    expect(report.cards).toMatchObject({ totalAdmissions: 8, contactInquiries: 3, totalStudents: 4, galleryImages: 10 });
  });

  test("1y: twelve calendar months, the last one so far", async () => {
    const report = await analyticsOverview(deps, "1y");
    expect(report.range).toMatchObject({ bucket: "month", from: "2025-11-30T18:30:00.000Z", label: "Last 12 months" });
    expect(report.admissionsTrend.map((b) => b.label)).toEqual([
      "Dec 2025",
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Apr 2026",
      "May 2026",
      "Jun 2026",
      "Jul 2026",
      "Aug 2026",
      "Sept 2026",
      "Oct 2026",
      "Nov 2026",
    ]);
    expect(report.admissionsTrend.at(-1)).toMatchObject({ start: "2026-10-31T18:30:00.000Z", end: "2026-11-30T18:30:00.000Z" });
    expect(counts(report.admissionsTrend)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 5]);
    expect(counts(report.contactsTrend)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(report.cards).toMatchObject({ totalAdmissions: 10, contactInquiries: 4 });
  });

  test("the institute's time zone decides the days: in UTC the 19:00Z application moves to 21 Nov", async () => {
    await saveSettingsGroup(deps, "general", { ...DEFAULT_SETTINGS.general, timeZone: "UTC" });
    const report = await analyticsOverview(deps, "7d");
    expect(report.range.from).toBe("2026-11-16T00:00:00.000Z");
    expect(counts(report.admissionsTrend)).toEqual([1, 0, 0, 0, 0, 2, 1]);
  });

  test("top five gallery categories by count, ties by name", async () => {
    const report = await analyticsOverview(deps, "7d");
    expect(report.topCategories).toEqual([
      { category: "Campus", count: 3 },
      { category: "Events", count: 2 },
      { category: "Sports", count: 2 },
      { category: "Facilities", count: 1 },
      { category: "Faculty", count: 1 },
    ]);
  });

  test("recent activity: the ten newest admissions, inquiries and uploads of the range, newest first", async () => {
    const week = await analyticsOverview(deps, "7d");
    expect(week.recentActivity.map((a) => [a.type, a.name, a.status, a.at])).toEqual([
      ["contact", '=HYPERLINK("http://evil.example","Open")', "new", "2026-11-22T06:00:00.000Z"],
      ["admission", "Asha Rao", "pending", "2026-11-22T05:00:00.000Z"],
      ["admission", "Bela Rao", "approved", "2026-11-21T19:00:00.000Z"],
      ["admission", "Chitra Rao", "rejected", "2026-11-21T18:00:00.000Z"],
      ["gallery", "Sports day", "inactive", "2026-11-20T09:00:00.000Z"],
      ["contact", "Ravi, Kumar", "resolved", "2026-11-18T10:00:00.000Z"],
      ["admission", "Deepa Rao", "pending", "2026-11-16T00:00:00.000Z"],
    ]);
    expect(week.recentActivity[1]!.title).toBe("New application from Asha Rao");
    expect(week.recentActivity[4]!.title).toBe("Gallery image uploaded: Sports day");
    const year = await analyticsOverview(deps, "1y");
    expect(year.recentActivity).toHaveLength(10);
    expect(year.recentActivity.at(-1)!.at).toBe("2026-10-23T17:00:00.000Z");
  });

  test("REST and tRPC answer the same report", async () => {
    const res = await get("/api/admin/analytics?range=90d");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    const viaTrpc = await callerAs(await resolveSession(deps, adminToken)).analytics.overview({ range: "90d" });
    expect(body.data).toEqual(JSON.parse(JSON.stringify(viaTrpc)));
  });
});

describe("the fees collected (stop 49)", () => {
  test("per bucket by the institute's day each receipt was issued, cancelled receipts left out; the card and the CSV add up", async () => {
    const office = await createUser(deps, { role: "staff" });
    const student = await createUser(deps, { role: "student", student_id: "STU0951" });
    const programme = await deps.db.selectFrom("programmes").select("id").executeTakeFirstOrThrow();
    const [instalment] = await deps.db
      .insertInto("fee_instalments")
      .values({
        user_id: student.id,
        programme_id: programme.id,
        term: 1,
        number: 1,
        amount_paise: 50_000_00,
        due_on: "2026-12-31",
        late_fee_paise: 0,
        grace_days: 0,
        created_at: deps.now().toISOString(),
      })
      .returning("id")
      .execute();
    const pay = (amount: number) =>
      recordPayment(deps, office.id, { instalmentId: instalment!.id, amount, mode: "cash", paidOn: localDate(deps.now(), "Asia/Kolkata") });
    const DAY_MS = 86_400_000;
    // 17 Nov: ₹1,000; 21 Nov at 23:45 in India (18:15 UTC): ₹2,500.50, on the 21st; 22 Nov: ₹4,000 and ₹300, the ₹300 cancelled.
    deps.advance(-5 * DAY_MS);
    await pay(1_000_00);
    deps.advance(4 * DAY_MS + 11 * 3_600_000 + 45 * 60_000);
    await pay(2_500_50);
    deps.advance(DAY_MS - 11 * 3_600_000 - 45 * 60_000);
    await pay(4_000_00);
    const { receipt } = await pay(300_00);
    await cancelReceipt(deps, office.id, receipt.id, "Entered twice");

    const week = await analyticsOverview(deps, "7d");
    expect(week.feesTrend.map((b) => [b.label, b.count, b.amount])).toEqual([
      ["16 Nov", 0, 0],
      ["17 Nov", 1, 1_000_00],
      ["18 Nov", 0, 0],
      ["19 Nov", 0, 0],
      ["20 Nov", 0, 0],
      ["21 Nov", 1, 2_500_50],
      ["22 Nov", 1, 4_000_00],
    ]);
    expect(week.cards).toMatchObject({ feesCollected: 7_500_50, feeReceipts: 3 });
    // The same money as the fee reports' collections for those days.
    expect(week.cards.feesCollected).toBe(await collectionsTotal(deps.db, "2026-11-16", "2026-11-22"));
    const year = await analyticsOverview(deps, "1y");
    expect(year.feesTrend.at(-1)).toMatchObject({ label: "Nov 2026", count: 3, amount: 7_500_50 });
    const lines = analyticsCsv(week).split("\r\n");
    expect(lines).toContain("Fees collected (INR),7500.50,Last 7 days");
    expect(lines).toContain("Fee receipts,3,Last 7 days");
    expect(lines).toContain("Period,Start,End,Receipts,Amount (INR)");
    const feeLines = lines.slice(lines.indexOf("Fees collected"));
    expect(feeLines.find((l) => l.startsWith("21 Nov,"))).toBe("21 Nov,2026-11-21 00:00,2026-11-22 00:00,1,2500.50");
  });
});

describe("the card under Total Students (issue 14.6)", () => {
  test("measures students, not applications: a month of applications and no new student is 0%", async () => {
    for (let i = 0; i < 5; i += 1) await admission("2026-11-20T05:00:00.000Z");
    expect((await analyticsOverview(deps, "30d")).cards.growthPercent).toBe(0);
    await createUser(deps, { role: "student", student_id: "STU0901", created_at: "2026-11-21T05:00:00.000Z" });
    await createUser(deps, { role: "student", student_id: "STU0902", created_at: "2026-11-21T06:00:00.000Z" });
    // 2 new over the 1 there was before.
    expect((await analyticsOverview(deps, "30d")).cards.growthPercent).toBe(200);
  });

  test("with no student before the last 30 days there is no percent: the new students are counted instead (tenth walk: it said +100%)", async () => {
    await deps.db.deleteFrom("users").where("role", "=", "student").execute();
    await createUser(deps, { role: "student", student_id: "STU0901", created_at: "2026-11-21T05:00:00.000Z" });
    await createUser(deps, { role: "student", student_id: "STU0902", created_at: "2026-11-21T06:00:00.000Z" });
    const { cards } = await analyticsOverview(deps, "30d");
    expect([cards.totalStudents, cards.newStudents, cards.growthPercent]).toEqual([2, 2, null]);
    const lines = analyticsCsv(await analyticsOverview(deps, "30d")).split("\r\n");
    expect(lines).toContain("New students,2,Last 30 days");
    expect(lines).toContain('"Student growth (new students in the last 30 days, % of those before)",no students before,Last 30 days');
  });
});

describe("an empty database", () => {
  test.each(["7d", "30d", "90d", "1y"] as AnalyticsRange[])("%s: every bucket present with 0, growth 0", async (range) => {
    const report = await analyticsOverview(deps, range);
    const expected = { "7d": 7, "30d": 30, "90d": 13, "1y": 12 }[range];
    expect(counts(report.admissionsTrend)).toEqual(Array(expected).fill(0));
    expect(counts(report.contactsTrend)).toEqual(Array(expected).fill(0));
    expect(report.cards).toEqual({
      totalStudents: 1,
      newStudents: 0,
      growthPercent: 0,
      totalAdmissions: 0,
      contactInquiries: 0,
      galleryImages: 0,
      feesCollected: 0,
      feeReceipts: 0,
    });
    expect(report.feesTrend.map((b) => [b.count, b.amount])).toEqual(Array(expected).fill([0, 0]));
    expect(report.topCategories).toEqual([]);
    expect(report.recentActivity).toEqual([]);
  });
});

describe("CSV export", () => {
  beforeEach(seedKnownData);

  test("a download named with the date and range, with the six sections, quoted and safe from formulas", async () => {
    const res = await get("/api/admin/analytics/export?range=7d");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="analytics-report-2026-11-22-7d.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    const lines = text.split("\r\n");
    expect(text.endsWith("\r\n")).toBe(true);

    const headings = ["Overview", "Admissions trend", "Contacts trend", "Fees collected", "Top gallery categories", "Recent activity"];
    const at = headings.map((h) => lines.indexOf(h));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const i of at) expect(lines[i - 1]).toBe(""); // a blank line before each section

    expect(lines.slice(0, 2)).toEqual(["Analytics report", "Range,Last 7 days (7d)"]);
    expect(lines).toContain("Time zone,Asia/Kolkata");
    // The range on the institute's clock like every other moment in the file (tenth walk: it was UTC ISO).
    expect(lines.slice(2, 4)).toEqual(["From,2026-11-16 00:00", "To,2026-11-22 12:00"]);
    expect(lines.find((l) => l.startsWith("Generated,"))).toMatch(/^Generated,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const overview = lines.slice(at[0]! + 1, at[1]! - 1);
    expect(overview).toEqual([
      "Metric,Value,Counted over",
      "Total Students,4,All time",
      "New students,2,Last 30 days",
      '"Student growth (new students in the last 30 days, % of those before)",100%,Last 30 days',
      "Total Admissions,4,Last 7 days",
      "Contact Inquiries,2,Last 7 days",
      "Gallery Images,10,All time",
      "Fees collected (INR),0.00,Last 7 days",
      "Fee receipts,0,Last 7 days",
    ]);
    const admissions = lines.slice(at[1]! + 1, at[2]! - 1);
    expect(admissions[0]).toBe("Period,Start,End,Count");
    expect(admissions.slice(1).map((l) => l.split(",")[3])).toEqual(["1", "0", "0", "0", "0", "1", "2"]);
    // Moments on the institute's clock (India): 16 Nov is midnight to midnight there.
    expect(admissions[1]).toBe("16 Nov,2026-11-16 00:00,2026-11-17 00:00,1");
    expect(lines.slice(at[2]! + 2, at[3]! - 1).map((l) => l.split(",")[3])).toEqual(["0", "0", "1", "0", "0", "0", "1"]);
    const fees = lines.slice(at[3]! + 1, at[4]! - 1);
    expect(fees[0]).toBe("Period,Start,End,Receipts,Amount (INR)");
    expect(fees[1]).toBe("16 Nov,2026-11-16 00:00,2026-11-17 00:00,0,0.00");
    expect(fees).toHaveLength(8);
    expect(lines.slice(at[4]! + 1, at[5]! - 1)).toEqual([
      "Category,Images",
      "Campus,3",
      "Events,2",
      "Sports,2",
      "Facilities,1",
      "Faculty,1",
    ]);

    const activity = lines.slice(at[5]! + 1, -1);
    expect(activity[0]).toBe("Type,Title,Name,Status,Date");
    expect(activity).toHaveLength(8);
    // A name that a spreadsheet would run as a formula is kept as text; quotes are doubled, commas quoted.
    expect(activity[1]).toBe(
      'contact,"Inquiry from =HYPERLINK(""http://evil.example"",""Open"")","\'=HYPERLINK(""http://evil.example"",""Open"")",new,2026-11-22 11:30',
    );
    expect(activity[6]).toBe('contact,"Inquiry from Ravi, Kumar","Ravi, Kumar",resolved,2026-11-18 15:30');

    const logged = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "analytics.export").execute();
    expect(logged.map((r) => JSON.parse(r.details))).toEqual([{ range: "7d" }]);
  });

  test("the file name follows the range and the institute's date", async () => {
    deps.advance(12 * 3_600_000); // 18:30Z = midnight in India: already 23 November there
    const res = await get("/api/admin/analytics/export?range=1y");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="analytics-report-2026-11-23-1y.csv"');
    expect((await get("/api/admin/analytics/export?range=forever")).status).toBe(400);
  });
});
