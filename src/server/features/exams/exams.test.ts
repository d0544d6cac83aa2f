import { beforeEach, describe, expect, test } from "bun:test";
import type * as v from "valibot";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { fieldErrorsOf } from "../../../shared/schemas/common.ts";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { atOnce, callerFor, createTestDeps, createUser, type TestDeps, testApp } from "../../testing.ts";
import { setStudentActive, updateStudentRecord } from "../accounts/accounts.repository.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { notificationText } from "../notifications/notifications.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";
import { moveEnrolments } from "../studies/enrolment.ts";
import { admitCardBlock } from "./admit-card.service.ts";
import { resultsSummaryFor, upcomingExamsFor } from "./exams.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let programmeId: number;
let otherProgrammeId: number;
let subjectId: number;
let term2SubjectId: number;
let archivedSubjectId: number;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, token, call: callerFor(deps, await resolveSession(deps, token)) };
};
type Person = Awaited<ReturnType<typeof person>>;
let staff: Person;
let asha: Person; // the programme's term 1: takes the exams of BBA-101
let ravi: Person; // the same, e-mail notifications off
let meera: Person; // another programme: takes nothing here
const guest = () => callerFor(deps, null);

async function studentOf(programme: number, term: number, studentId: string, preferences = "{}") {
  const p = await person("student", { student_id: studentId, preferences });
  await updateStudentRecord(deps.db, p.id, { programme_id: programme, current_term: term }, deps.now().toISOString());
  return p;
}

async function addProgramme(name: string, slug: string) {
  const at = deps.now().toISOString();
  return (
    await deps.db
      .insertInto("programmes")
      .values({
        slug,
        name,
        level: "ug",
        duration_months: 36,
        fee_period: "semester",
        fee_paise: null,
        seats: null,
        university: null,
        eligibility: null,
        summary: null,
        syllabus_file: null,
        syllabus_name: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

async function addSubject(programme: number, term: number, code: string, name: string, archived: 0 | 1 = 0) {
  const at = deps.now().toISOString();
  return (
    await deps.db
      .insertInto("subjects")
      .values({ programme_id: programme, term, code, name, archived, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

/** The test clock starts at 2026-11-22T06:30Z (12:00 in Kolkata, the default time zone). */
const EXAM = {
  subjectId: 0,
  title: "Term-end examination",
  date: "2026-12-01",
  time: "10:00",
  durationMinutes: "180",
  centre: "Pune study centre, Hall A",
  maxMarks: "100",
  passMarks: "40",
};
const DAY = 86_400_000;

/** A refused call's code, message and field errors (from the service's AppError or the schema's issues). */
async function refused(call: Promise<unknown>) {
  try {
    await call;
  } catch (err) {
    const e = err as { code: string; message: string; cause?: { fieldErrors?: Record<string, string[]>; issues?: v.BaseIssue<unknown>[] } };
    const fieldErrors = e.cause?.fieldErrors ?? (e.cause?.issues ? fieldErrorsOf(e.cause.issues) : {});
    return { code: e.code, message: e.message, fieldErrors };
  }
  throw new Error("expected the call to be refused");
}

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  app = testApp(deps);
  programmeId = await addProgramme("Bachelor of Business Administration (test)", "bba-test");
  otherProgrammeId = await addProgramme("Bachelor of Arts (test)", "ba-test");
  subjectId = await addSubject(programmeId, 1, "BBA-101", "Principles of Management");
  term2SubjectId = await addSubject(programmeId, 2, "BBA-201", "Marketing");
  archivedSubjectId = await addSubject(programmeId, 1, "BBA-199", "Old subject", 1);
  await addSubject(otherProgrammeId, 1, "BA-101", "History");
  EXAM.subjectId = subjectId;
  staff = await person("staff");
  asha = await studentOf(programmeId, 1, "STU0101");
  ravi = await studentOf(programmeId, 1, "STU0102", JSON.stringify({ emailNotifications: false }));
  meera = await studentOf(otherProgrammeId, 1, "STU0103");
});

const notificationsOf = (userId: number) =>
  deps.db.selectFrom("notifications").select(["kind", "params"]).where("recipient_user_id", "=", userId).orderBy("id").execute();
const alertMails = () =>
  deps.db.selectFrom("email_outbox").select(["to_address", "subject"]).where("template", "=", "student_alert").orderBy("id").execute();
const auditOf = (action: string) =>
  deps.db.selectFrom("audit_log").select(["details", "entity_id"]).where("action", "=", action).orderBy("id").execute();
const emailOf = async (p: Person) =>
  (await deps.db.selectFrom("users").select("email").where("id", "=", p.id).executeTakeFirstOrThrow()).email;

/** An exam that began a day ago (recorded after the event): marks can be entered at once. */
async function heldExam(overrides: Partial<typeof EXAM> = {}) {
  return (await staff.call.exams.schedule({ ...EXAM, date: "2026-11-21", ...overrides })).exam;
}

describe("scheduling", () => {
  test("an exam is stored at its instant in UTC from the institute's clock; its students are told in the portal and by e-mail", async () => {
    const { exam, message } = await staff.call.exams.schedule(EXAM);
    expect(message).toBe("Term-end examination is scheduled.");
    // 10:00 in Kolkata (UTC+5:30) is 04:30 UTC.
    expect(exam.startsAt).toBe("2026-12-01T04:30:00.000Z");
    expect([exam.date, exam.time, exam.phase, exam.candidates, exam.marked]).toEqual(["2026-12-01", "10:00", "upcoming", 2, 0]);
    expect(exam.subject).toMatchObject({ code: "BBA-101", programmeName: "Bachelor of Business Administration (test)" });
    for (const p of [asha, ravi])
      expect(await notificationsOf(p.id)).toEqual([
        {
          kind: "exam.scheduled",
          params: JSON.stringify({
            at: "2026-12-01T10:00",
            centre: "Pune study centre, Hall A",
            title: "Term-end examination",
            subject: "BBA-101 Principles of Management",
          }),
        },
      ]);
    expect(await notificationsOf(meera.id)).toEqual([]);
    // Ravi keeps e-mail notifications off: only Asha is e-mailed.
    expect(await alertMails()).toEqual([{ to_address: await emailOf(asha), subject: "Exam scheduled: Term-end examination" }]);
    const [entry] = await auditOf("exam.schedule");
    expect(JSON.parse(entry!.details)).toMatchObject({ title: "Term-end examination", subject: "BBA-101 Principles of Management" });
  });

  test("the office's time zone setting decides the instant", async () => {
    await saveSettingsGroup(deps, "general", { ...DEFAULT_SETTINGS.general, timeZone: "America/New_York" });
    const { exam } = await staff.call.exams.schedule(EXAM);
    expect(exam.startsAt).toBe("2026-12-01T15:00:00.000Z");
    expect(exam.time).toBe("10:00");
  });

  test("each field says what to fix; an archived subject cannot be chosen", async () => {
    const fails = (input: unknown) => refused(staff.call.exams.schedule(input as typeof EXAM));
    const passAbove = await fails({ ...EXAM, passMarks: "120" });
    expect(passAbove.code).toBe("BAD_REQUEST");
    expect(passAbove.fieldErrors).toEqual({ passMarks: ["Pass marks cannot be more than the maximum marks."] });
    const many = await fails({
      ...EXAM,
      subjectId: "",
      title: " ",
      date: "2026-02-30",
      time: "25:00",
      durationMinutes: "5",
      centre: "",
      maxMarks: "0",
    });
    expect(Object.keys(many.fieldErrors).sort()).toEqual(["centre", "date", "durationMinutes", "maxMarks", "subjectId", "time", "title"]);
    expect(many.fieldErrors.date).toEqual(["Enter a real date, such as 2026-12-15."]);
    const archived = await fails({ ...EXAM, subjectId: archivedSubjectId });
    expect(archived.fieldErrors).toEqual({ subjectId: ["Choose the subject of the exam from the list."] });
    expect(await deps.db.selectFrom("exams").select("id").execute()).toEqual([]);
  });

  test("an exam already held can be recorded for its marks; nobody is told of it", async () => {
    const exam = await heldExam();
    expect(exam.phase).toBe("awaiting");
    expect(await notificationsOf(asha.id)).toEqual([]);
    expect(await alertMails()).toEqual([]);
  });

  test("students and guests cannot schedule", async () => {
    await expect(asha.call.exams.schedule(EXAM)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(guest().exams.schedule(EXAM)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("the office's list", () => {
  test("filters (upcoming, awaiting results, published, cancelled), counters, search and pages come from the server", async () => {
    const upcoming = (await staff.call.exams.schedule(EXAM)).exam;
    const soon = (await staff.call.exams.schedule({ ...EXAM, title: "Mid-term test", date: "2026-11-25" })).exam;
    const held = await heldExam({ title: "Unit test 1" });
    const toCancel = (await staff.call.exams.schedule({ ...EXAM, title: "Extra test", date: "2026-12-10" })).exam;
    await staff.call.exams.cancel({ id: toCancel.id });
    const published = await heldExam({ title: "Unit test 0", date: "2026-11-01" });
    await staff.call.exams.saveMarks({
      id: published.id,
      entries: [
        { userId: asha.id, marks: "55", absent: false },
        { userId: ravi.id, marks: null, absent: true },
      ],
    });
    await staff.call.exams.publish({ id: published.id });

    const titles = async (status: string, extra: Record<string, unknown> = {}) =>
      (await staff.call.exams.list({ status: status as "all", ...extra })).exams.map((e) => e.title);
    // To come: soonest first; everything else: most recent first.
    expect(await titles("upcoming")).toEqual([soon.title, upcoming.title]);
    expect(await titles("awaiting")).toEqual([held.title]);
    expect(await titles("published")).toEqual([published.title]);
    expect(await titles("cancelled")).toEqual([toCancel.title]);
    expect(await titles("all")).toEqual(["Extra test", "Term-end examination", "Mid-term test", "Unit test 1", "Unit test 0"]);
    expect(await titles("all", { search: "unit" })).toEqual(["Unit test 1", "Unit test 0"]);
    expect(await titles("all", { search: "bba-101" })).toHaveLength(5);

    const page2 = await staff.call.exams.list({ status: "all", limit: 2, page: 2 });
    expect(page2.exams.map((e) => e.title)).toEqual(["Mid-term test", "Unit test 1"]);
    expect(page2.pagination).toEqual({ totalItems: 5, totalPages: 3, currentPage: 2, limit: 2 });
    expect(page2.counts).toEqual({ total: 5, upcoming: 2, awaiting: 1, published: 1, cancelled: 1 });
    const row = (await staff.call.exams.list({ status: "published" })).exams[0]!;
    expect([row.phase, row.candidates, row.marked, row.resultsPublishedAt]).toEqual(["published", 2, 2, deps.now().toISOString()]);
    // …and on the institute's clock (India), for the marks screen (decision 023, third round).
    expect(row.resultsPublishedLocal).toBe("2026-11-22T12:00");
  });
});

describe("editing and cancelling", () => {
  test("a new time or centre is told to the students again; the subject stays once marks exist; the maximum stays above the best marks", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    const moved = await staff.call.exams.update({ id: exam.id, ...EXAM, time: "14:30", centre: "Nashik centre" });
    expect(moved.exam.startsAt).toBe("2026-12-01T09:00:00.000Z");
    expect((await notificationsOf(asha.id)).map((n) => n.kind)).toEqual(["exam.scheduled", "exam.changed"]);
    // The words and the e-mail say the new day, time and centre (stop 48: the student need not sign in to learn them).
    const [changed] = (await asha.call.notifications.list({})).notifications;
    expect(changed?.message).toBe(
      "BBA-101 Principles of Management: now on 1 Dec 2026, 2:30 pm, at Nashik centre. Print your admit card again from Exams.",
    );
    const mail = await deps.db.selectFrom("email_outbox").select("text_body").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("now on 1 Dec 2026, 2:30 pm, at Nashik centre");
    // In Hindi, the day and time are written the Hindi way; a row told before there was a time keeps its words.
    const told = { at: "2026-12-01T14:30", centre: "Nashik centre", subject: "BBA-101", title: "Term-end" };
    expect(inLocale("hi", () => notificationText("exam.changed", told).message)).toBe(
      "BBA-101: अब 1 दिस॰ 2026, दोपहर 2:30, केंद्र Nashik centre। परीक्षाएँ पृष्ठ से अपना प्रवेश पत्र फिर से प्रिंट करें।",
    );
    // Marathi alike, as the Exams page writes it (walk 22c: "2:30 pm" in the Hindi and Marathi notifications).
    expect(inLocale("mr", () => notificationText("exam.changed", told).message)).toContain("1 डिसें, 2026, दुपार 2:30");
    expect(notificationText("exam.changed", { subject: "BBA-101", title: "Term-end" }).message).toBe(
      "BBA-101: the date, time or centre has changed. See Exams for the details and print your admit card again.",
    );
    // A title alone tells nobody.
    await staff.call.exams.update({ id: exam.id, ...EXAM, time: "14:30", centre: "Nashik centre", title: "Term-end exam" });
    expect(await notificationsOf(asha.id)).toHaveLength(2);
    const [, , renamed] = await auditOf("exam.update").then((rows) => [null, ...rows]);
    expect(JSON.parse(renamed!.details).changed).toEqual(["title"]);

    const held = await heldExam();
    await staff.call.exams.saveMarks({ id: held.id, entries: [{ userId: asha.id, marks: "72", absent: false }] });
    await expect(staff.call.exams.update({ id: held.id, ...EXAM, date: "2026-11-21", subjectId: term2SubjectId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Marks are already entered for this exam: its subject cannot change.",
    });
    const lower = await refused(staff.call.exams.update({ id: held.id, ...EXAM, date: "2026-11-21", maxMarks: "50", passMarks: "20" }));
    expect(lower.fieldErrors).toEqual({ maxMarks: ["A student already has 72 marks: the maximum cannot be lower than that."] });
  });

  test("two people editing one exam: the second save, from a form filled before the first, is refused and undoes nothing (walk 16b)", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    const opened = (await staff.call.exams.list({ status: "all" })).exams.find((e) => e.id === exam.id)!;
    expect(opened.version).toBe(exam.version);
    await staff.call.exams.update({ id: exam.id, version: opened.version, ...EXAM, centre: "Mumbai office" });
    await expect(staff.call.exams.update({ id: exam.id, version: opened.version, ...EXAM, time: "14:00" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Someone else changed this exam after you opened the form"),
    });
    const now = (await staff.call.exams.list({ status: "all" })).exams.find((e) => e.id === exam.id)!;
    expect([now.centre, now.time]).toEqual(["Mumbai office", EXAM.time]);
    // Opened again, the form saves.
    await staff.call.exams.update({ id: exam.id, version: now.version, ...EXAM, centre: "Mumbai office", time: "14:00" });
  });

  test("cancelling keeps the exam, tells its students, and closes it to edits, marks and publishing", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    const { exam: cancelled, message } = await staff.call.exams.cancel({ id: exam.id });
    expect(message).toBe("Term-end examination was cancelled.");
    expect([cancelled.status, cancelled.phase]).toEqual(["cancelled", "cancelled"]);
    expect((await notificationsOf(ravi.id)).map((n) => n.kind)).toEqual(["exam.scheduled", "exam.cancelled"]);
    expect((await alertMails()).map((m) => m.subject)).toEqual([
      "Exam scheduled: Term-end examination",
      "Exam cancelled: Term-end examination",
    ]);
    // It names the day and time it was to be (stop 48).
    expect((await ravi.call.notifications.list({})).notifications[0]?.message).toBe(
      "BBA-101 Principles of Management: the exam of 1 Dec 2026, 10:00 am will not take place. The office will tell you when a new date is set.",
    );
    await expect(staff.call.exams.cancel({ id: exam.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(staff.call.exams.update({ id: exam.id, ...EXAM })).rejects.toMatchObject({ code: "CONFLICT" });
    deps.advance(10 * DAY);
    await expect(
      staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: asha.id, marks: "1", absent: false }] }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(staff.call.exams.publish({ id: exam.id })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await auditOf("exam.cancel")).toHaveLength(1);
    // Gone from the students' exams.
    expect((await asha.call.exams.mine({})).upcoming).toEqual([]);
  });

  test("an unknown exam is a 404", async () => {
    await expect(staff.call.exams.get({ id: 999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(staff.call.exams.cancel({ id: 999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("marks in the form", () => {
  test("the sheet lists the students who take the exam, by student ID, paged and searched by the server", async () => {
    const exam = await heldExam();
    const sheet = await staff.call.exams.marks({ id: exam.id });
    expect(sheet.students.map((s) => [s.studentId, s.entered])).toEqual([
      ["STU0101", false],
      ["STU0102", false],
    ]);
    expect(sheet.pagination.totalItems).toBe(2);
    expect((await staff.call.exams.marks({ id: exam.id, limit: 1, page: 2 })).students.map((s) => s.studentId)).toEqual(["STU0102"]);
    expect((await staff.call.exams.marks({ id: exam.id, search: "0102" })).students.map((s) => s.studentId)).toEqual(["STU0102"]);
  });

  test("marks wait until the exam has begun", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    await expect(staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: asha.id, marks: "50", absent: false }] })).rejects.toThrow(
      "Marks can be entered once the exam has started.",
    );
  });

  test("a save is all or nothing: one wrong row (not taking the exam, above the maximum, not whole) saves none, and says which", async () => {
    const exam = await heldExam();
    const bad = await refused(
      staff.call.exams.saveMarks({
        id: exam.id,
        entries: [
          { userId: asha.id, marks: "65", absent: false },
          { userId: meera.id, marks: "50", absent: false },
          { userId: ravi.id, marks: "101", absent: false },
        ],
      }),
    );
    expect(bad.message).toBe("2 rows need fixing: see the messages beside them. Nothing was saved.");
    expect(bad.fieldErrors).toEqual({
      "entries.1.marks": ["This student does not take this exam."],
      "entries.2.marks": ["Marks cannot be more than the maximum, 100."],
    });
    const notWhole = await refused(
      staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: asha.id, marks: "40.5", absent: false }] }),
    );
    expect(notWhole.fieldErrors).toEqual({ "entries.0.marks": ["Marks must be a whole number, 0 or more."] });
    expect(await deps.db.selectFrom("exam_results").select("user_id").execute()).toEqual([]);

    const { message } = await staff.call.exams.saveMarks({
      id: exam.id,
      entries: [
        { userId: asha.id, marks: "65", absent: false },
        { userId: ravi.id, marks: null, absent: true },
      ],
    });
    expect(message).toBe("Marks saved for 2 students.");
    const sheet = await staff.call.exams.marks({ id: exam.id });
    expect(sheet.students.map((s) => [s.studentId, s.marks, s.absent])).toEqual([
      ["STU0101", 65, false],
      ["STU0102", null, true],
    ]);
    // A row left blank clears what was entered.
    await staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: ravi.id, marks: "", absent: false }] });
    expect((await staff.call.exams.marks({ id: exam.id })).students[1]!.entered).toBe(false);
    const audits = await auditOf("exam.marks");
    expect(audits.map((a) => JSON.parse(a.details))).toMatchObject([
      { count: 2, source: "form" },
      { count: 0, cleared: 1, source: "form" },
    ]);
  });
});

describe("two people entering marks at once (twelfth walk)", () => {
  test("a row a colleague saved since the form was filled is refused with what is stored now; a second save over it goes through", async () => {
    const exam = await heldExam();
    const filled = await staff.call.exams.marks({ id: exam.id });
    const was = (studentId: string) => filled.students.find((s) => s.studentId === studentId)!.enteredAt;
    const other = await person("admin");
    // Both filled the form from the same sheet; the colleague saves 72 first.
    await other.call.exams.saveMarks({
      id: exam.id,
      publishedAt: null,
      entries: [{ userId: asha.id, marks: "72", absent: false, was: was("STU0101") }],
    });
    const late = await refused(
      staff.call.exams.saveMarks({
        id: exam.id,
        publishedAt: null,
        entries: [
          { userId: asha.id, marks: "35", absent: false, was: was("STU0101") },
          { userId: ravi.id, marks: "50", absent: false, was: was("STU0102") },
        ],
      }),
    );
    expect(late.code).toBe("CONFLICT");
    expect(late.message).toBe("1 student's marks were saved by someone else since you opened the page: see the row. Nothing was saved.");
    expect(late.fieldErrors).toEqual({
      "entries.0.marks": [
        "Someone else saved marks for this student since you opened the page: now 72. Your entry is kept: check it and save again.",
      ],
    });
    const stored = await staff.call.exams.marks({ id: exam.id });
    expect(stored.students.map((s) => s.marks)).toEqual([72, null]);
    // Read again, the save goes over what is stored now.
    await staff.call.exams.saveMarks({
      id: exam.id,
      publishedAt: null,
      entries: [{ userId: asha.id, marks: "35", absent: false, was: stored.students[0]!.enteredAt }],
    });
    expect((await staff.call.exams.marks({ id: exam.id })).students[0]!.marks).toBe(35);
  });

  test("a form filled before the results were published is refused; a correction after publishing tells the student, once", async () => {
    const exam = await heldExam();
    await staff.call.exams.saveMarks({
      id: exam.id,
      entries: [
        { userId: asha.id, marks: "35", absent: false },
        { userId: ravi.id, marks: "60", absent: false },
      ],
    });
    const filled = await staff.call.exams.marks({ id: exam.id });
    await staff.call.exams.publish({ id: exam.id });
    const before = (await notificationsOf(asha.id)).length;
    const stale = await refused(
      staff.call.exams.saveMarks({
        id: exam.id,
        publishedAt: null,
        entries: [{ userId: asha.id, marks: "90", absent: false, was: filled.students[0]!.enteredAt }],
      }),
    );
    expect(stale).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("The results were published since you opened this page"),
    });
    expect((await staff.call.exams.marks({ id: exam.id })).students[0]!.marks).toBe(35);

    const { exam: now } = await staff.call.exams.get({ id: exam.id });
    const mails = (await alertMails()).length;
    await staff.call.exams.saveMarks({
      id: exam.id,
      publishedAt: now.resultsPublishedAt,
      entries: [
        { userId: asha.id, marks: "90", absent: false, was: filled.students[0]!.enteredAt },
        { userId: ravi.id, marks: "60", absent: false, was: filled.students[1]!.enteredAt },
      ],
    });
    // Asha's result changed: she is told and e-mailed; Ravi's is the same, so nobody tells him anything.
    expect((await notificationsOf(asha.id)).slice(before).map((n) => n.kind)).toEqual(["results.corrected"]);
    expect((await notificationsOf(ravi.id)).at(-1)?.kind).toBe("results.published");
    expect((await alertMails()).slice(mails)).toEqual([
      { to_address: await emailOf(asha), subject: "Result corrected: Term-end examination" },
    ]);
    expect(JSON.parse((await auditOf("exam.marks")).at(-1)!.details)).toMatchObject({ afterPublishing: true, count: 2 });
  });
});

describe("marks from a CSV file", () => {
  const upload = (id: number, csv: string, dryRun = true) => staff.call.exams.uploadMarks({ id, csv, dryRun });

  test("a file saved as the exam is cancelled: never marks saved after the cancel (stop 53's review)", async () => {
    const exam = await heldExam();
    const csv = ["Student ID,Name,Marks", "STU0101,Asha,40", "STU0102,Ravi,50"].join("\r\n");
    await atOnce<unknown>(deps.db, [() => upload(exam.id, csv, false), () => staff.call.exams.cancel({ id: exam.id })]);
    // Marks saved before the cancel may stay with it; none are saved after it.
    const log = await deps.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "in", ["exam.marks", "exam.cancel"])
      .orderBy("id")
      .execute();
    expect(log.map((l) => l.action)).not.toEqual(["exam.cancel", "exam.marks"]);
  });

  test("the dry run lists every problem with its row and column, and saves nothing", async () => {
    const exam = await heldExam();
    // A student of the programme who joined nowhere near this subject: exists, but does not take it.
    const csv = [
      "Student ID,Name,Marks",
      "STU0101,Asha,45.5", // 2: not a whole number
      "STU9999,Nobody,50", // 3: unknown student
      "STU0103,Meera,50", // 4: not enrolled
      "stu0102,Ravi,150", // 5: above the maximum (IDs in any case)
      "STU0102,Ravi again,40", // 6: duplicate of row 5
      ",No ID,30", // 7: the student ID is empty
      "", // a blank line is skipped, its number kept
      "STU0101,Asha,", // 9: the marks are empty (and a duplicate of row 2)
      "STU0104,Nobody,-3", // 10: unknown and not whole
    ].join("\r\n");
    const report = await upload(exam.id, csv);
    expect([report.dryRun, report.saved, report.rows, report.ready]).toEqual([true, false, 8, 0]);
    expect(report.message).toBe("10 problems found. Nothing has been saved: fix them in the file and check again.");
    expect(report.problems.map((p) => [p.row, p.column, p.kind])).toEqual([
      [2, "marks", "notWholeNumber"],
      [3, "student_id", "unknownStudent"],
      [4, "student_id", "notEnrolled"],
      [5, "marks", "aboveMax"],
      [6, "student_id", "duplicate"],
      [7, "student_id", "missingStudent"],
      [9, "student_id", "duplicate"],
      [9, "marks", "missingMarks"],
      [10, "student_id", "unknownStudent"],
      [10, "marks", "notWholeNumber"],
    ]);
    const say = (row: number, column: string) => report.problems.find((p) => p.row === row && p.column === column)?.message;
    expect(say(2, "marks")).toBe("“45.5” is not a whole number: write marks from 0 to 100, or AB for absent.");
    expect(say(3, "student_id")).toBe("No student has the ID STU9999.");
    expect(say(4, "student_id")).toBe("STU0103 does not take this exam: not enrolled in BBA-101 Principles of Management.");
    expect(say(5, "marks")).toBe("150 is more than the exam's maximum of 100.");
    expect(say(6, "student_id")).toBe("STU0102 appears again: the same student is already on row 5.");
    expect(await deps.db.selectFrom("exam_results").select("user_id").execute()).toEqual([]);
    expect(await auditOf("exam.marks")).toEqual([]);

    // Saving the same file writes nothing either, and answers the same problems.
    const refused = await upload(exam.id, csv, false);
    expect([refused.saved, refused.problems.length]).toEqual([false, 10]);
    expect(await deps.db.selectFrom("exam_results").select("user_id").execute()).toEqual([]);
  });

  test("a file without the columns, or without rows, says so", async () => {
    const exam = await heldExam();
    const noMarks = await upload(exam.id, "student_id,score\nSTU0101,40\n");
    expect(noMarks.problems).toEqual([
      { row: 1, column: "marks", kind: "header", message: "The first row must name the columns student_id and marks: marks is missing." },
    ]);
    expect((await upload(exam.id, "")).problems.map((p) => p.kind)).toEqual(["empty"]);
    expect((await upload(exam.id, "student_id,marks\r\n,\r\n")).problems.map((p) => [p.row, p.kind])).toEqual([[1, "empty"]]);
  });

  test("a clean file passes the dry run, then is saved in one go (AB is absent); the marks file downloads for the office only", async () => {
    const exam = await heldExam();
    const csv = 'student_id,marks\nSTU0101,"78"\nSTU0102,ab\n';
    const dry = await upload(exam.id, csv);
    expect([dry.problems, dry.rows, dry.ready, dry.absent, dry.saved]).toEqual([[], 2, 2, 1, false]);
    expect(dry.message).toBe("2 rows checked, no problems (1 absent). Nothing is saved until you save them.");
    expect(await deps.db.selectFrom("exam_results").select("user_id").execute()).toEqual([]);
    const saved = await upload(exam.id, csv, false);
    expect([saved.saved, saved.message]).toEqual([true, "Marks saved for 2 students."]);
    expect(JSON.parse((await auditOf("exam.marks"))[0]!.details)).toMatchObject({ count: 2, source: "csv" });

    const res = await app.request(`/api/admin/exams/${exam.id}/marks.csv`, { headers: { Authorization: `Bearer ${staff.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="marks-BBA-101-2026-11-21.csv"');
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Read as the bytes a spreadsheet gets (Response.text() would drop the byte order mark).
    const file = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(file).toMatch(/^\uFEFFstudent_id,name,marks\r\nSTU0101,Student \d+,78\r\nSTU0102,Student \d+,AB\r\n$/);
    // What was downloaded uploads again as it is (the name column is ignored).
    expect((await upload(exam.id, file)).problems).toEqual([]);
    const asStudent = await app.request(`/api/admin/exams/${exam.id}/marks.csv`, { headers: { Authorization: `Bearer ${asha.token}` } });
    expect(asStudent.status).toBe(403);
    expect((await app.request(`/api/admin/exams/999/marks.csv`, { headers: { Authorization: `Bearer ${staff.token}` } })).status).toBe(404);
  });
});

describe("publishing results", () => {
  test("only once held and when every student taking it has marks or is absent; then each is told and e-mailed", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    await expect(staff.call.exams.publish({ id: exam.id })).rejects.toThrow(
      "This exam has not started yet: results can be published once it has been held.",
    );
    deps.advance(10 * DAY);
    await staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: asha.id, marks: "39", absent: false }] });
    await expect(staff.call.exams.publish({ id: exam.id })).rejects.toThrow(
      "1 student has no marks yet: enter marks or mark them absent, then publish.",
    );
    await staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: ravi.id, marks: "88", absent: false }] });
    const before = (await alertMails()).length;
    const { message, exam: published } = await staff.call.exams.publish({ id: exam.id });
    expect(message).toBe("The results of Term-end examination are published; its students have been told.");
    expect([published.phase, published.marked, published.passed, published.absent]).toEqual(["published", 2, 1, 0]);
    for (const p of [asha, ravi]) expect((await notificationsOf(p.id)).at(-1)?.kind).toBe("results.published");
    expect((await alertMails()).slice(before)).toEqual([{ to_address: await emailOf(asha), subject: "Results out: Term-end examination" }]);
    const mail = await deps.db.selectFrom("email_outbox").select("text_body").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("/student/exams");
    expect(await auditOf("exam.publish")).toHaveLength(1);
    await expect(staff.call.exams.publish({ id: exam.id })).rejects.toMatchObject({ code: "CONFLICT" });
    // Corrections after publishing are kept (and audited), but a result cannot be emptied.
    await staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: asha.id, marks: "41", absent: false }] });
    await expect(
      staff.call.exams.saveMarks({ id: exam.id, entries: [{ userId: asha.id, marks: null, absent: false }] }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(JSON.parse((await auditOf("exam.marks")).at(-1)!.details)).toMatchObject({ afterPublishing: true });
  });

  test("two publishes at once tell each student once; a publish and a cancel at once: one of them (race audit)", async () => {
    const held = await heldExam();
    const marks = [asha, ravi].map((p) => ({ userId: p.id, marks: "50", absent: false }));
    await staff.call.exams.saveMarks({ id: held.id, entries: marks });
    const publish = (id: number) => () => staff.call.exams.publish({ id });
    expect((await atOnce(deps.db, [publish(held.id), publish(held.id)])).map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await notificationsOf(asha.id)).filter((n) => n.kind === "results.published")).toHaveLength(1);

    const other = await heldExam({ title: "Unit test 2" });
    await staff.call.exams.saveMarks({ id: other.id, entries: marks });
    await atOnce(deps.db, [publish(other.id), () => staff.call.exams.cancel({ id: other.id })]);
    const after = await deps.db
      .selectFrom("exams")
      .select(["status", "results_published_at"])
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(after.status === "cancelled" && after.results_published_at !== null).toBe(false);
  });

  test("who takes an exam: students studying the subject, and those who completed it after the exam began — not last year's cohort", async () => {
    const held = await heldExam();
    // Asha moves on to term 2 after the exam: she completed the subject, and still takes this exam.
    await updateStudentRecord(deps.db, asha.id, { current_term: 2 }, deps.now().toISOString());
    // An exam of the same subject next year: Asha completed the subject before it, so it is not hers.
    deps.advance(300 * DAY);
    const nextYear = await heldExam({ date: "2027-09-01", title: "Next year's exam" });
    expect((await staff.call.exams.marks({ id: held.id })).students.map((s) => s.studentId)).toEqual(["STU0101", "STU0102"]);
    expect((await staff.call.exams.marks({ id: nextYear.id })).students.map((s) => s.studentId)).toEqual(["STU0102"]);
    // A deactivated student is no longer listed.
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", ravi.id).execute();
    expect((await staff.call.exams.marks({ id: nextYear.id })).students).toEqual([]);
    await expect(staff.call.exams.publish({ id: nextYear.id })).rejects.toThrow("No student takes this exam");
  });

  test("a student who joined after the exam was scheduled and had begun did not sit it; one who joined before it began takes it (tenth walk)", async () => {
    const held = await heldExam();
    const ahead = (await staff.call.exams.schedule(EXAM)).exam;
    deps.advance(DAY);
    const late = await studentOf(programmeId, 1, "STU0104");
    const ids = async (id: number) => (await staff.call.exams.marks({ id })).students.map((s) => s.studentId);
    expect(await ids(held.id)).toEqual(["STU0101", "STU0102"]);
    expect(await ids(ahead.id)).toEqual(["STU0101", "STU0102", "STU0104"]);
    expect((await staff.call.exams.get({ id: held.id })).exam.candidates).toBe(2);
    expect((await late.call.exams.mine({})).upcoming.map((e) => e.id)).toEqual([ahead.id]);
    // An exam held before the students were entered, recorded afterwards (an institute starting mid-term), is theirs.
    const recorded = await heldExam({ date: "2026-11-20", title: "Recorded later" });
    expect(await ids(recorded.id)).toEqual(["STU0101", "STU0102", "STU0104"]);
  });

  test("a class moved onto a term after that term's exam began still sat it: the student's arrival counts, not the enrolment's (review)", async () => {
    const term2 = await heldExam({ subjectId: term2SubjectId, title: "Term 2 test" });
    deps.advance(DAY);
    await updateStudentRecord(deps.db, asha.id, { current_term: 2 }, deps.now().toISOString());
    expect((await staff.call.exams.marks({ id: term2.id })).students.map((s) => s.studentId)).toEqual(["STU0101"]);
  });
});

describe("moving students on a term (QA3 2)", () => {
  test("an exam announced for a term's subject stays its students' after they move on: the office's figures and marks, their Exams, dashboard and admit card, and its changes are told to them", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    await staff.call.studies.moveTerm({ programmeId, fromTerm: 1, toTerm: 2 });
    const listed = (await staff.call.exams.list({ status: "upcoming" })).exams.find((e) => e.id === exam.id);
    expect([listed?.candidates, (await staff.call.exams.get({ id: exam.id })).exam.candidates]).toEqual([2, 2]);
    expect((await asha.call.exams.mine({})).upcoming.map((e) => e.id)).toEqual([exam.id]);
    expect((await upcomingExamsFor(deps.db, asha.id, deps.now(), 5, "Asia/Kolkata")).map((e) => e.id)).toEqual([exam.id]);
    const card = await asha.call.exams.admitCard();
    expect(card.status === "ready" && [card.card.term, card.card.exams.map((e) => e.id)]).toEqual([2, [exam.id]]);
    // A new time is told to them though they study term 2 now.
    const before = (await notificationsOf(asha.id)).length;
    await staff.call.exams.update({ ...EXAM, id: exam.id, time: "14:00" });
    expect((await notificationsOf(asha.id)).slice(before).map((n) => n.kind)).toEqual(["exam.changed"]);
    // Held, then marks for both, and the results published to them.
    deps.advance(10 * DAY);
    await staff.call.exams.saveMarks({
      id: exam.id,
      entries: [
        { userId: asha.id, marks: "61", absent: false },
        { userId: ravi.id, marks: "55", absent: false },
      ],
    });
    await staff.call.exams.publish({ id: exam.id });
    expect((await asha.call.exams.mine({})).results.map((r) => [r.examId, r.marks])).toEqual([[exam.id, 61]]);
    // An exam of the old term's subject scheduled after they moved on is a later cohort's, not theirs.
    const later = await staff.call.exams.schedule({ ...EXAM, title: "Supplementary", date: "2027-01-10" });
    expect(later.exam.candidates).toBe(0);
  });

  test("moved back a term, students no longer take the old term's exams still to come, and each is told once of all of them", async () => {
    await staff.call.studies.moveTerm({ programmeId, fromTerm: 1, toTerm: 2 });
    const marketing = await staff.call.exams.schedule({ ...EXAM, subjectId: term2SubjectId, title: "Mid-term" });
    await staff.call.exams.schedule({ ...EXAM, subjectId: term2SubjectId, title: "Term-end", date: "2026-12-20" });
    await heldExam({ subjectId: term2SubjectId, title: "Quiz" }); // held already: not "still to come"
    // Moving on tells nobody: the exams they take stay theirs.
    const told = async () => (await notificationsOf(asha.id)).filter((n) => n.kind === "exam.noLongerTaken");
    expect(await told()).toEqual([]);
    const mails = (await alertMails()).length;

    await staff.call.studies.moveTerm({ programmeId, fromTerm: 2, toTerm: 1 });
    expect((await asha.call.exams.mine({})).upcoming.map((e) => e.id)).not.toContain(marketing.exam.id);
    const exams = "Mid-term (BBA-201 Marketing), Term-end (BBA-201 Marketing)";
    for (const p of [asha, ravi]) {
      const mine = (await notificationsOf(p.id)).filter((n) => n.kind === "exam.noLongerTaken");
      expect(mine.map((n) => JSON.parse(n.params!))).toEqual([{ exams }]);
    }
    expect((await notificationsOf(meera.id)).filter((n) => n.kind === "exam.noLongerTaken")).toEqual([]);
    // E-mailed to those who keep e-mail notifications on (Ravi turned them off).
    expect((await alertMails()).slice(mails).map((m) => m.to_address)).toEqual([await emailOf(asha)]);
    // In the student's language on their list.
    const [item] = (await asha.call.notifications.list({})).notifications.filter((n) => n.kind === "exam.noLongerTaken");
    expect(item).toMatchObject({
      title: "Moved back a term: exams no longer yours",
      message: `You no longer take ${exams}: the office has moved you back to an earlier term. See Exams for the exams you take.`,
    });
  });

  test("an exam moved to another subject is not taken by those who completed that subject before the move", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    // Dev studies Marketing (term 2) and moves on to term 3 after the exam of term 1's subject was scheduled …
    const dev = await studentOf(programmeId, 2, "STU0104");
    deps.advance(DAY);
    await staff.call.studies.moveTerm({ programmeId, fromTerm: 2, toTerm: 3 });
    await staff.call.studies.moveTerm({ programmeId, fromTerm: 1, toTerm: 2 });
    // … then the office makes it Marketing's exam: scheduled anew for those who study Marketing now.
    deps.advance(DAY);
    const { exam: moved } = await staff.call.exams.update({ ...EXAM, id: exam.id, subjectId: term2SubjectId });
    expect(moved.candidates).toBe(2);
    expect((await staff.call.exams.marks({ id: exam.id })).students.map((s) => s.studentId)).toEqual(["STU0101", "STU0102"]);
    expect((await notificationsOf(dev.id)).map((n) => n.kind)).not.toContain("exam.scheduled");
    expect((await dev.call.exams.mine({})).upcoming).toEqual([]);
  });
});

describe("the student's exams and results", () => {
  async function publishedExam() {
    const exam = await heldExam({ title: "Unit test", maxMarks: "50", passMarks: "20" });
    await staff.call.exams.saveMarks({
      id: exam.id,
      entries: [
        { userId: asha.id, marks: "42", absent: false },
        { userId: ravi.id, marks: null, absent: true },
      ],
    });
    await staff.call.exams.publish({ id: exam.id });
    return exam;
  }

  test("upcoming exams of one's subjects; results only once published; a student of another programme sees nothing", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    const held = await heldExam({ title: "Unit test", maxMarks: "50", passMarks: "20" });
    await staff.call.exams.saveMarks({
      id: held.id,
      entries: [
        { userId: asha.id, marks: "42", absent: false },
        { userId: ravi.id, marks: null, absent: true },
      ],
    });

    const mine = await asha.call.exams.mine({});
    expect(mine.upcoming).toEqual([
      {
        id: exam.id,
        title: "Term-end examination",
        subjectCode: "BBA-101",
        subjectName: "Principles of Management",
        startsAt: "2026-12-01T04:30:00.000Z",
        startsLocal: "2026-12-01T10:00",
        durationMinutes: 180,
        centre: "Pune study centre, Hall A",
      },
    ]);
    // Entered but not published: not shown.
    expect(mine.results).toEqual([]);
    expect(mine.summary).toEqual({ published: 0, percent: null });

    await staff.call.exams.publish({ id: held.id });
    const after = await asha.call.exams.mine({});
    expect(after.results).toMatchObject([
      { title: "Unit test", marks: 42, maxMarks: 50, passMarks: 20, passed: true, absent: false, date: "2026-11-21" },
    ]);
    expect(after.summary).toEqual({ published: 1, percent: 84 });
    // Ravi was absent: his own result, a fail, and nothing of Asha's.
    expect((await ravi.call.exams.mine({})).results).toMatchObject([{ marks: null, absent: true, passed: false }]);
    const other = await meera.call.exams.mine({});
    expect([other.upcoming, other.results]).toEqual([[], []]);
    await expect(staff.call.exams.mine({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("results published while the exam still runs: a result, no longer among the exams ahead (ninth walk)", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    // An hour into its three hours.
    deps.advance(Date.parse("2026-12-01T05:30:00.000Z") - deps.now().getTime());
    await staff.call.exams.saveMarks({
      id: exam.id,
      entries: [
        { userId: asha.id, marks: "39", absent: false },
        { userId: ravi.id, marks: "88", absent: false },
      ],
    });
    expect((await asha.call.exams.mine({})).upcoming.map((e) => e.id)).toEqual([exam.id]);
    await staff.call.exams.publish({ id: exam.id });
    const mine = await asha.call.exams.mine({});
    expect(mine.upcoming).toEqual([]);
    expect(mine.results.map((r) => r.title)).toEqual(["Term-end examination"]);
  });

  test("the marksheet: every published result by term, with totals and the percentage", async () => {
    await publishedExam();
    const second = await heldExam({ title: "Term-end examination", date: "2026-11-20" });
    await staff.call.exams.saveMarks({
      id: second.id,
      entries: [
        { userId: asha.id, marks: "30", absent: false },
        { userId: ravi.id, marks: "70", absent: false },
      ],
    });
    await staff.call.exams.publish({ id: second.id });
    const sheet = await asha.call.exams.marksheet();
    expect(sheet.student).toMatchObject({
      studentId: "STU0101",
      programme: "Bachelor of Business Administration (test)",
      termUnit: "semester",
    });
    expect(sheet.terms).toHaveLength(1);
    expect(sheet.terms[0]!.results.map((r) => [r.title, r.marks, r.maxMarks, r.passed])).toEqual([
      ["Term-end examination", 30, 100, false],
      ["Unit test", 42, 50, true],
    ]);
    expect(sheet.overall).toEqual({ marks: 72, max: 150, percent: 48, passed: 1, count: 2 });
    expect((await ravi.call.exams.marksheet()).overall).toEqual({ marks: 70, max: 150, percent: 46.7, passed: 1, count: 2 });
    expect((await meera.call.exams.marksheet()).terms).toEqual([]);
    // The Exams page and the dashboard say the marksheet's percentage, not an average of each exam's (walk 17:
    // 57% and 35% here, beside the marksheet's 48% and 46.7%).
    expect((await asha.call.exams.mine({})).summary).toEqual({ published: 2, percent: 48 });
    expect((await ravi.call.exams.mine({})).summary).toEqual({ published: 2, percent: 46.7 });
  });

  test("the dashboard's figures: the next exams and the results summary", async () => {
    const { exam } = await staff.call.exams.schedule(EXAM);
    await staff.call.exams.schedule({ ...EXAM, title: "Later", date: "2026-12-05" });
    await publishedExam();
    // The start also as the institute's clock shows it (what the office typed), for the student's page.
    expect(await upcomingExamsFor(deps.db, asha.id, deps.now(), 1, "Asia/Kolkata")).toEqual([
      {
        id: exam.id,
        title: "Term-end examination",
        subject: "Principles of Management",
        subjectCode: "BBA-101",
        startsAt: "2026-12-01T04:30:00.000Z",
        startsLocal: "2026-12-01T10:00",
        centre: "Pune study centre, Hall A",
      },
    ]);
    expect(await upcomingExamsFor(deps.db, meera.id, deps.now(), 5, "Asia/Kolkata")).toEqual([]);
    expect(await resultsSummaryFor(deps.db, asha.id)).toEqual({ published: 1, percent: 84 });
    expect(await resultsSummaryFor(deps.db, ravi.id)).toEqual({ published: 1, percent: 0 });
    expect(await resultsSummaryFor(deps.db, meera.id)).toEqual({ published: 0, percent: null });
  });
});

describe("the admit card and its verification", () => {
  test("ready once the term has an exam: the exams, the QR code to its verification page, one token kept across views", async () => {
    expect(await asha.call.exams.admitCard()).toEqual({ status: "none", reason: "noExams" });
    const { exam } = await staff.call.exams.schedule(EXAM);
    // An exam of another term is not on this term's card.
    await staff.call.exams.schedule({ ...EXAM, subjectId: term2SubjectId, title: "Term 2 exam" });
    const answer = await asha.call.exams.admitCard();
    if (answer.status !== "ready") throw new Error(`expected a card, got ${answer.status}`);
    const { card } = answer;
    expect(card).toMatchObject({
      studentId: "STU0101",
      programme: "Bachelor of Business Administration (test)",
      term: 1,
      termUnit: "semester",
    });
    expect(card.exams.map((e) => [e.id, e.subjectCode, e.startsLocal, e.centre])).toEqual([
      [exam.id, "BBA-101", "2026-12-01T10:00", "Pune study centre, Hall A"],
    ]);
    expect(card.verifyUrl).toMatch(/^http:\/\/localhost:\d+\/verify\/admit\/[A-Za-z0-9_-]{43}$/);
    expect(card.qrSvg.startsWith("<svg")).toBe(true);
    expect(card.qrSvg).not.toMatch(/<script|style=/i);
    const again = await asha.call.exams.admitCard();
    expect(again.status === "ready" && again.card.verifyUrl).toBe(card.verifyUrl);
    expect(await deps.db.selectFrom("admit_cards").select("user_id").execute()).toHaveLength(1);
    // Each student gets their own card; a student without a programme has none.
    const raviCard = await ravi.call.exams.admitCard();
    expect(raviCard.status === "ready" && raviCard.card.verifyUrl).not.toBe(card.verifyUrl);
    const loner = await person("student", { student_id: "STU0199" });
    expect(await loner.call.exams.admitCard()).toEqual({ status: "none", reason: "noProgramme" });
    expect(await meera.call.exams.admitCard()).toEqual({ status: "none", reason: "noExams" });
  });

  test("the public page: valid with the holder and the exams; the photo only if allowed; still valid after moving on a term, not once inactive; bogus codes 404", async () => {
    await deps.db.updateTable("users").set({ photo_file: "aaaaaaaaaaaaaaaaaaaaaaaa.webp" }).where("id", "=", asha.id).execute();
    const { exam } = await staff.call.exams.schedule(EXAM);
    const answer = await asha.call.exams.admitCard();
    if (answer.status !== "ready") throw new Error("expected a card");
    const token = answer.card.verifyUrl.split("/").at(-1)!;
    const checked = await guest().exams.verifyAdmit({ token });
    expect(checked).toMatchObject({
      valid: true,
      studentId: "STU0101",
      programme: "Bachelor of Business Administration (test)",
      term: 1,
      photo: { url: "/api/files/photos/aaaaaaaaaaaaaaaaaaaaaaaa.webp" },
    });
    expect(checked.exams.map((e) => e.id)).toEqual([exam.id]);
    expect(Object.keys(checked).sort()).toEqual([
      "exams",
      "institute",
      "issuedAt",
      "name",
      "photo",
      "programme",
      "reason",
      "studentId",
      "term",
      "termUnit",
      "terms",
      "valid",
    ]);
    expect(checked.reason).toBeNull();

    await deps.db
      .updateTable("users")
      .set({ preferences: JSON.stringify({ showPhotoOnVerification: false }) })
      .where("id", "=", asha.id)
      .execute();
    expect((await guest().exams.verifyAdmit({ token })).photo).toBeNull();

    // Moved on to term 2 before the term 1 paper: the printed card still admits to it (walk 32a: refused at the
    // hall), and a card printed now names both terms' papers.
    await updateStudentRecord(deps.db, asha.id, { current_term: 2 }, deps.now().toISOString());
    const moved = await guest().exams.verifyAdmit({ token });
    expect([moved.valid, moved.reason, moved.exams.map((e) => e.id), moved.term, moved.terms]).toEqual([true, null, [exam.id], 1, [1]]);
    const now = await asha.call.exams.admitCard();
    expect(now.status === "ready" && [now.card.term, now.card.terms]).toEqual([2, [1]]);
    // A term 2 paper is on the new card, never on the old one; once the term 1 paper is over, the old card is no
    // longer in force (it never carried term 2).
    const later = await addSubject(programmeId, 2, "BBA-299", "Costing (term 2)");
    await moveEnrolments(deps.db, [asha.id], programmeId, 2, deps.now().toISOString());
    const { exam: second } = await staff.call.exams.schedule({ ...EXAM, subjectId: later, date: "2026-12-20" });
    expect((await guest().exams.verifyAdmit({ token })).exams.map((e) => e.id)).toEqual([exam.id]);
    const both = await asha.call.exams.admitCard();
    expect(both.status === "ready" && both.card.exams.map((e) => e.id)).toEqual([exam.id, second.id]);
    deps.advance(10 * DAY);
    const past = await guest().exams.verifyAdmit({ token });
    expect([past.valid, past.reason, past.exams]).toEqual([false, "notCurrent", []]);
    // No longer active: no longer in force.
    await setStudentActive(deps.db, asha.id, false, deps.now().toISOString());
    const gone = await guest().exams.verifyAdmit({ token });
    expect([gone.valid, gone.reason, gone.exams]).toEqual([false, "notCurrent", []]);

    await expect(guest().exams.verifyAdmit({ token: "x".repeat(43) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(guest().exams.verifyAdmit({ token: "not a token!" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  test('fees (issue 19): with "admit card only when fees are clear" on, a student who owes on the term sees why instead of the card, and its public check says it is not valid', async () => {
    await staff.call.exams.schedule(EXAM);
    const ready = await asha.call.exams.admitCard();
    if (ready.status !== "ready") throw new Error("expected a card");
    const token = ready.card.verifyUrl.split("/").at(-1)!;
    await deps.db.updateTable("programmes").set({ fee_paise: 18_000_00, instalments: 2 }).where("id", "=", programmeId).execute();
    await staff.call.feePlans.raise({ programmeId, term: 1, startOn: "2026-11-01" });
    // The rule is off by default: owing holds nothing back.
    expect(await admitCardBlock(deps, asha.id)).toBeNull();
    expect((await asha.call.exams.admitCard()).status).toBe("ready");
    await saveSettingsGroup(deps, "fees", { ...DEFAULT_SETTINGS.fees, admitCardNeedsFeesClear: true });
    const message = `${"Your admit card will be available once your fees are clear: every instalment raised, including any not yet due."} Still to pay: ₹18,000.`;
    expect(await asha.call.exams.admitCard()).toMatchObject({ status: "blocked", message });
    // The public check says the card is held for now, not that it is no longer in force (QA3 4), and not why.
    expect(await guest().exams.verifyAdmit({ token })).toMatchObject({ valid: false, reason: "onHold", exams: [] });
    // Once the term's fees are clear (here: a scholarship for all of it), the card and its check are back.
    const owed = await deps.db.selectFrom("fee_instalments").select(["id", "amount_paise"]).where("user_id", "=", asha.id).execute();
    for (const i of owed)
      await staff.call.feePlans.giveConcession({
        instalmentId: i.id,
        kind: "scholarship",
        amount: String(i.amount_paise / 100),
        reason: "Merit",
      });
    expect((await asha.call.exams.admitCard()).status).toBe("ready");
    expect((await guest().exams.verifyAdmit({ token })).valid).toBe(true);
  });

  test("a student's card and results are theirs alone: the procedures take no id, and the office cannot call them", async () => {
    await staff.call.exams.schedule(EXAM);
    await expect(staff.call.exams.admitCard()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(guest().exams.marksheet()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const a = await asha.call.exams.admitCard();
    const r = await ravi.call.exams.admitCard();
    expect(a.status === "ready" && a.card.studentId).toBe("STU0101");
    expect(r.status === "ready" && r.card.studentId).toBe("STU0102");
  });
});
