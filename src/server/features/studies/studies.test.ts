import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { dataPaths } from "../../platform/storage.ts";
import { fileOf, jpegBytes, pdfBytes } from "../../test-files.ts";
import { atOnce, callerFor, createTestDeps, createUser, type TestDeps, testApp } from "../../testing.ts";
import { setStudentActive, updateStudentRecord } from "../accounts/accounts.repository.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { syncStudentEnrolment } from "./enrolment.ts";
import { streakOf, studyFigures } from "./my-studies.service.ts";
import { matchUnits } from "./studies.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let programmeId: number;
let otherProgrammeId: number;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, token, call: callerFor(deps, await resolveSession(deps, token)) };
};
type Person = Awaited<ReturnType<typeof person>>;
let staff: Person;
let asha: Person; // BCom, term 1
let ravi: Person; // BCom, term 1
let meera: Person; // another programme

/** A student of a programme's term, enrolled the way the product enrols (accounts repository). */
async function studentOf(programme: number, term: number, studentId: string) {
  const p = await person("student", { student_id: studentId });
  await updateStudentRecord(deps.db, p.id, { programme_id: programme, current_term: term }, deps.now().toISOString());
  return p;
}

const SUBJECT = {
  programmeId: 0,
  term: 1,
  code: "bcom-101",
  name: "Financial Accounting",
  description: "Books of account",
  units: ["Journal", "", "Ledger", "Trial balance"],
};

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  app = testApp(deps);
  const at = deps.now().toISOString();
  const add = async (name: string, slug: string) =>
    (
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
  programmeId = await add("Bachelor of Commerce (test)", "bcom-test");
  otherProgrammeId = await add("Bachelor of Arts (test)", "ba-test");
  SUBJECT.programmeId = programmeId;
  staff = await person("staff");
  asha = await studentOf(programmeId, 1, "STU0101");
  ravi = await studentOf(programmeId, 1, "STU0102");
  meera = await studentOf(otherProgrammeId, 1, "STU0103");
});

const enrolmentsOf = (userId: number) =>
  deps.db
    .selectFrom("enrolments")
    .innerJoin("subjects", "subjects.id", "enrolments.subject_id")
    .select(["subjects.code", "enrolments.status"])
    .where("user_id", "=", userId)
    .orderBy("subjects.code")
    .execute();

describe("subjects and enrolment", () => {
  test("a new subject enrols its programme's students of that term; its units keep their order; codes are unique per programme", async () => {
    const { subject, message } = await staff.call.studies.create(SUBJECT);
    expect(message).toBe("BCOM-101 Financial Accounting was added; its students are enrolled.");
    expect(subject.units.map((u) => [u.position, u.title])).toEqual([
      [1, "Journal"],
      [2, "Ledger"],
      [3, "Trial balance"],
    ]);
    expect(await enrolmentsOf(asha.id)).toEqual([{ code: "BCOM-101", status: "in_progress" }]);
    expect(await enrolmentsOf(meera.id)).toEqual([]);
    await expect(staff.call.studies.create({ ...SUBJECT, name: "Other" })).rejects.toMatchObject({ code: "CONFLICT" });
    // The same code in another programme is another subject.
    await staff.call.studies.create({ ...SUBJECT, programmeId: otherProgrammeId });
    expect(await enrolmentsOf(meera.id)).toEqual([{ code: "BCOM-101", status: "in_progress" }]);
    // A three-year programme in semesters has six terms.
    await expect(staff.call.studies.create({ ...SUBJECT, code: "X-7", term: 7 })).rejects.toThrow(
      "Bachelor of Commerce (test) has 6 terms: choose one of them.",
    );
    const list = await staff.call.studies.list({ programmeId });
    expect(list.subjects.map((s) => [s.code, s.units, s.students])).toEqual([["BCOM-101", 3, 2]]);
  });

  test("two people editing one subject: the second save, from the version both opened, is refused; the first stands; opened again it saves (stop 48)", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const opened = (await staff.call.studies.get({ id: subject.id })).subject.version;
    await staff.call.studies.update({ id: subject.id, version: opened, ...SUBJECT, units: ["Journal", "Ledger", "Final accounts"] });
    await expect(staff.call.studies.update({ id: subject.id, version: opened, ...SUBJECT, name: "Accounting I" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Someone else changed this subject after you opened the form"),
    });
    const now = (await staff.call.studies.get({ id: subject.id })).subject;
    expect([now.name, now.units.map((u) => u.title)]).toEqual(["Financial Accounting", ["Journal", "Ledger", "Final accounts"]]);
    // The version follows what the form edits, the units' titles too.
    expect(now.version).not.toBe(opened);
    const saved = await staff.call.studies.update({ id: subject.id, version: now.version, ...SUBJECT, name: "Accounting I" });
    expect(saved.subject.name).toBe("Accounting I");
  });

  test("editing units keeps ticks by position; moving a term completes the old subjects and opens the new; a new programme drops them", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const term2 = (await staff.call.studies.create({ ...SUBJECT, term: 2, code: "BCOM-201", name: "Cost Accounting", units: ["Costs"] }))
      .subject;
    await asha.call.studies.setUnitDone({ unitId: subject.units[0]!.id, done: true });
    await asha.call.studies.setUnitDone({ unitId: subject.units[2]!.id, done: true });
    const edited = await staff.call.studies.update({ id: subject.id, ...SUBJECT, units: ["Journal entries", "Ledger"] });
    expect(edited.subject.units.map((u) => u.title)).toEqual(["Journal entries", "Ledger"]);
    let mine = await asha.call.studies.mine();
    expect(mine.courses[0]!.progress).toEqual({ done: 1, total: 2, percent: 50 });

    const moved = await staff.call.studies.moveTerm({ programmeId, fromTerm: 1, toTerm: 2 });
    expect(moved.moved).toBe(2);
    // The answer names the terms as the portals do, after the programme's period (QA3 9).
    expect(moved.message).toBe("2 students moved from Semester 1 to Semester 2.");
    expect(await enrolmentsOf(asha.id)).toEqual([
      { code: "BCOM-101", status: "completed" },
      { code: "BCOM-201", status: "in_progress" },
    ]);
    mine = await asha.call.studies.mine();
    expect(mine.term).toBe(2);
    expect(mine.courses.map((c) => [c.code, c.status])).toEqual([
      ["BCOM-201", "in_progress"],
      ["BCOM-101", "completed"],
    ]);
    expect(term2.code).toBe("BCOM-201");

    await updateStudentRecord(deps.db, asha.id, { programme_id: otherProgrammeId, current_term: 1 }, deps.now().toISOString());
    expect(await enrolmentsOf(asha.id)).toEqual([
      { code: "BCOM-101", status: "completed" },
      { code: "BCOM-201", status: "dropped" },
    ]);
    // A dropped subject is not the student's to read or tick.
    await expect(asha.call.studies.setUnitDone({ unitId: term2.units[0]!.id, done: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("archiving hides a subject from its students and the pickers; restoring enrols its students again", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    // Its students are counted in the message, as the ones who no longer see it (walk 30a: nothing was said of them).
    expect((await staff.call.studies.setArchived({ id: subject.id, archived: true })).message).toBe(
      "BCOM-101 Financial Accounting was archived: its 2 students taking it no longer see it; their work and results are kept.",
    );
    expect((await asha.call.studies.mine()).courses).toEqual([]);
    expect((await staff.call.studies.subjectOptions()).subjects).toEqual([]);
    const late = await studentOf(programmeId, 1, "STU0109");
    expect(await enrolmentsOf(late.id)).toEqual([]);
    await staff.call.studies.setArchived({ id: subject.id, archived: false });
    expect(await enrolmentsOf(late.id)).toEqual([{ code: "BCOM-101", status: "in_progress" }]);
    expect((await staff.call.studies.subjectOptions()).subjects).toEqual([
      {
        id: subject.id,
        code: "BCOM-101",
        name: "Financial Accounting",
        term: 1,
        programmeId,
        programmeName: "Bachelor of Commerce (test)",
        termUnit: "semester",
      },
    ]);
  });

  test("the programmes' terms, how many students are in each, and what a move would touch (exams to come, open assignments)", async () => {
    const { programmes } = await staff.call.studies.programmes();
    expect(programmes.find((p) => p.id === programmeId)).toMatchObject({
      terms: 6,
      termUnit: "semester",
      students: [{ term: 1, count: 2 }],
      ahead: [],
    });
    const { subject } = await staff.call.studies.create(SUBJECT);
    const exam = {
      subjectId: subject.id,
      title: "Term-end",
      time: "10:00",
      durationMinutes: "180",
      centre: "Hall A",
      maxMarks: "100",
      passMarks: "40",
    };
    await staff.call.exams.schedule({ ...exam, date: "2026-12-15" });
    await staff.call.exams.schedule({ ...exam, date: "2026-11-01", title: "Held already" });
    await staff.call.studies.createAssignment({ subjectId: subject.id, title: "A1", dueAt: "2026-12-01T10:00", maxMarks: 10 });
    await staff.call.studies.createAssignment({ subjectId: subject.id, title: "A2", dueAt: "2026-12-02T10:00", maxMarks: 10 });
    const after = (await staff.call.studies.programmes()).programmes.find((p) => p.id === programmeId);
    expect(after?.ahead).toEqual([{ term: 1, exams: 1, assignments: 2 }]);
    // A second subject of the term adds its own (counted once each, however many of the other's there are);
    // another term's open assignment is that term's.
    const second = (await staff.call.studies.create({ ...SUBJECT, programmeId, code: "bcom-102", name: "Economics" })).subject;
    await staff.call.exams.schedule({ ...exam, subjectId: second.id, date: "2026-12-16" });
    await staff.call.exams.schedule({ ...exam, subjectId: second.id, date: "2026-12-17", title: "Viva" });
    for (const title of ["B1", "B2"]) {
      await staff.call.studies.createAssignment({ subjectId: second.id, title, dueAt: "2026-12-03T10:00", maxMarks: 10 });
    }
    const later = (await staff.call.studies.create({ ...SUBJECT, programmeId, term: 2, code: "bcom-201", name: "Costing" })).subject;
    await staff.call.studies.createAssignment({ subjectId: later.id, title: "C1", dueAt: "2026-12-04T10:00", maxMarks: 10 });
    const both = (await staff.call.studies.programmes()).programmes.find((p) => p.id === programmeId);
    expect(both?.ahead).toEqual([
      { term: 1, exams: 3, assignments: 4 },
      { term: 2, exams: 0, assignments: 1 },
    ]);
  });
});

describe("the year's turn (walk 32a)", () => {
  test("an archived programme stays listed, marked, while it has active students; moving on passes a deactivated student by", async () => {
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("id", "=", programmeId).execute();
    const listed = (await staff.call.studies.programmes()).programmes.find((p) => p.id === programmeId);
    expect(listed).toMatchObject({ archived: true, students: [{ term: 1, count: 2 }] });
    // Ravi left (deactivated): not counted, not moved.
    await setStudentActive(deps.db, ravi.id, false, deps.now().toISOString());
    expect((await staff.call.studies.programmes()).programmes.find((p) => p.id === programmeId)?.students).toEqual([{ term: 1, count: 1 }]);
    const { moved } = await staff.call.studies.moveTerm({ programmeId, fromTerm: 1, toTerm: 2 });
    expect(moved).toBe(1);
    const terms = await deps.db
      .selectFrom("users")
      .select(["id", "current_term"])
      .where("id", "in", [asha.id, ravi.id])
      .orderBy("id")
      .execute();
    expect(terms.map((u) => u.current_term)).toEqual([2, 1]);
    // With no student and no subject left it goes from the list, as archived programmes do.
    await setStudentActive(deps.db, asha.id, false, deps.now().toISOString());
    expect((await staff.call.studies.programmes()).programmes.some((p) => p.id === programmeId)).toBe(false);
  });
});

const upload = (token: string, path: string, form: FormData) =>
  app.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
const get = (token: string | undefined, path: string) => app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("study materials", () => {
  test("a PDF material: checked by content, its subject's students are told, only enrolled students and the office download it", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const bad = new FormData();
    bad.append("subjectId", String(subject.id));
    bad.append("title", "Notes");
    bad.append("file", fileOf(await jpegBytes(), "notes.pdf", "application/pdf"));
    const refused = await upload(staff.token, "/api/studies/materials", bad);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).errors.file[0]).toContain("PDF");

    const form = new FormData();
    form.append("subjectId", String(subject.id));
    form.append("unitId", String(subject.units[1]!.id));
    form.append("title", "Ledger notes");
    form.append("file", fileOf(pdfBytes(), "ledger.pdf", "application/pdf"));
    const res = await upload(staff.token, "/api/studies/materials", form);
    expect(res.status).toBe(201);
    const { material, message } = ((await res.json()) as any).data;
    expect(message).toBe("Ledger notes was added; 2 students were told.");
    expect(material.unitId).toBe(subject.units[1]!.id);
    const told = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "kind", "link"])
      .where("kind", "=", "material.new")
      .execute();
    expect(told.map((n) => n.recipient_user_id).sort()).toEqual([asha.id, ravi.id].sort());
    // "Open" leads to the subject's own page.
    expect(told.map((n) => n.link)).toEqual([`/student/courses/${subject.id}`, `/student/courses/${subject.id}`]);

    expect((await get(asha.token, material.url)).status).toBe(200);
    const pdf = await get(asha.token, material.url);
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5)).toEqual(new TextEncoder().encode("%PDF-"));
    expect((await get(staff.token, material.url)).status).toBe(200);
    expect((await get(meera.token, material.url)).status).toBe(404);
    expect((await get(undefined, material.url)).status).toBe(401);

    const mine = await asha.call.studies.mine();
    expect(mine.courses[0]!.materials.map((m) => m.title)).toEqual(["Ledger notes"]);
    expect((await meera.call.studies.mine()).courses).toEqual([]);

    const stored = (await deps.db.selectFrom("study_materials").select("stored_name").executeTakeFirstOrThrow()).stored_name!;
    await staff.call.studies.removeMaterial({ id: material.id });
    expect(existsSync(`${dataPaths(deps.env.dataDir).documents}/${stored}`)).toBe(false);
    expect((await get(asha.token, material.url)).status).toBe(404);
  });

  test("a link must be https; a unit must be the subject's own", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const other = (await staff.call.studies.create({ ...SUBJECT, code: "BCOM-102", units: ["Other unit"] })).subject;
    await expect(
      staff.call.studies.addLink({ subjectId: subject.id, unitId: null, title: "Video", url: "http://example.com/v" }),
    ).rejects.toThrow("Only secure https:// addresses can be shared with students.");
    await expect(
      staff.call.studies.addLink({ subjectId: subject.id, unitId: other.units[0]!.id, title: "Video", url: "https://example.com/v" }),
    ).rejects.toThrow("Choose a unit of this subject, or none.");
    // 19:00 UTC is already 00:30 the next day on the institute's clock (India).
    deps.advance(12.5 * 3_600_000);
    const { material } = await staff.call.studies.addLink({
      subjectId: subject.id,
      unitId: null,
      title: "Video",
      url: "https://example.com/v",
    });
    const added = { createdAt: "2026-11-22T19:00:00.000Z", createdLocal: "2026-11-23T00:30" };
    expect(material).toMatchObject({ kind: "link", url: "https://example.com/v", ...added });
    // When it was added, on the institute's clock for both sides' screens (decision 023, third round).
    expect((await staff.call.studies.materials({ id: subject.id })).materials).toEqual([expect.objectContaining(added)]);
    const [course] = (await asha.call.studies.mine()).courses.filter((c) => c.id === subject.id);
    expect(course!.materials).toEqual([expect.objectContaining(added)]);
  });
});

describe("assignments", () => {
  const handIn = (p: Person, assignmentId: number, name = "work.pdf", note = "My answers") => {
    const form = new FormData();
    form.append("note", note);
    form.append("file", fileOf(pdfBytes(), name, "application/pdf"));
    return upload(p.token, `/api/studies/assignments/${assignmentId}/submission`, form);
  };

  test("set (due in the future, in the institute's time), handed in, flagged late, graded; a graded one cannot be replaced", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    // The test clock is 2026-11-22 06:30 UTC = 12:00 in India.
    await expect(
      staff.call.studies.createAssignment({ subjectId: subject.id, title: "Journal", dueAt: "2026-11-22T11:59", maxMarks: 20 }),
    ).rejects.toThrow("The due date and time must be in the future.");
    const { assignment, message } = await staff.call.studies.createAssignment({
      subjectId: subject.id,
      title: "Journal entries",
      instructions: "Ten entries",
      dueAt: "2026-11-22T13:00",
      maxMarks: 20,
    });
    expect(message).toBe("Journal entries was set; 2 students were told.");
    expect(assignment.dueAt).toBe("2026-11-22T07:30:00.000Z");
    expect(assignment.dueLocal).toBe("2026-11-22T13:00");
    const told = await deps.db.selectFrom("email_outbox").select("text_body").where("template", "=", "student_alert").execute();
    expect(told).toHaveLength(2);
    // The e-mail says when it is due, on the institute's clock (stop 48).
    expect(told[0]?.text_body).toContain("Journal entries has been set, due by 22 Nov 2026, 1:00 pm. Open Courses for the instructions.");

    // Not a PDF inside: the field is named once, without its "(PDF)" (twelfth walk: "Your work (PDF) must be a PDF file").
    const notPdf = new FormData();
    notPdf.append("file", fileOf(await jpegBytes(), "work.pdf", "application/pdf"));
    const refused = await upload(asha.token, `/api/studies/assignments/${assignment.id}/submission`, notPdf);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("Your work must be a PDF file.");

    const first = await handIn(asha, assignment.id, "first.pdf");
    expect(first.status).toBe(201);
    expect(((await first.json()) as any).data).toMatchObject({ late: false, message: "Your work was submitted." });
    const firstFile = (await deps.db.selectFrom("assignment_submissions").select("stored_name").executeTakeFirstOrThrow()).stored_name;
    deps.advance(2 * 3_600_000); // after the due moment
    const second = await handIn(asha, assignment.id, "second.pdf");
    expect(((await second.json()) as any).data.late).toBe(true);
    expect(existsSync(`${dataPaths(deps.env.dataDir).documents}/${firstFile}`)).toBe(false);
    expect((await handIn(meera, assignment.id)).status).toBe(404);

    const { submissions, pagination, assignment: shown } = await staff.call.studies.submissions({ assignmentId: assignment.id });
    expect(pagination.totalItems).toBe(2);
    // The due moment also as the institute's clock shows it, for the office's page.
    expect(shown).toMatchObject({ dueAt: "2026-11-22T07:30:00.000Z", dueLocal: "2026-11-22T13:00" });
    // …and for the student's course page.
    const [course] = (await asha.call.studies.mine()).courses;
    expect(course!.assignments[0]).toMatchObject({ dueAt: "2026-11-22T07:30:00.000Z", dueLocal: "2026-11-22T13:00" });
    const mine = submissions.find((s) => s.userId === asha.id)!;
    expect(mine).toMatchObject({ fileName: "second.pdf", isLate: true, note: "My answers", marks: null });
    // When it was handed in, on the institute's clock like the due moment, on both sides (decision 023, third round).
    const handedIn = { submittedAt: "2026-11-22T08:30:00.000Z", submittedLocal: "2026-11-22T14:00" };
    expect(mine).toMatchObject(handedIn);
    expect(submissions.find((s) => s.userId === ravi.id)!.submittedLocal).toBeNull();
    expect(course!.assignments[0]!.submission).toMatchObject(handedIn);
    expect(submissions.find((s) => s.userId === ravi.id)!.submissionId).toBeNull();
    expect(
      (await staff.call.studies.submissions({ assignmentId: assignment.id, status: "missing" })).submissions.map((s) => s.userId),
    ).toEqual([ravi.id]);

    // Another student cannot fetch Asha's work; Asha and the office can.
    expect((await get(ravi.token, mine.fileUrl!)).status).toBe(404);
    expect((await get(asha.token, mine.fileUrl!)).status).toBe(200);
    const officeCopy = await get(staff.token, mine.fileUrl!);
    expect(officeCopy.status).toBe(200);
    // The office's copy is named by the student ID first; Asha's keeps her own file's name.
    expect(officeCopy.headers.get("content-disposition")).toContain("STU0101%20-%20");
    expect((await get(asha.token, mine.fileUrl!)).headers.get("content-disposition")).not.toContain("STU0101%20-%20");

    await expect(staff.call.studies.grade({ submissionId: mine.submissionId!, marks: 21 })).rejects.toThrow(
      "Marks cannot be more than the maximum, 20.",
    );
    await staff.call.studies.grade({ submissionId: mine.submissionId!, marks: 17, comment: "Neat work" });
    const graded = (await asha.call.studies.mine()).courses[0]!.assignments[0]!;
    expect(graded.submission).toMatchObject({ marks: 17, comment: "Neat work", late: true });
    const note = await deps.db
      .selectFrom("notifications")
      .select(["params", "link"])
      .where("recipient_user_id", "=", asha.id)
      .where("kind", "=", "assignment.graded")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(note.params!)).toMatchObject({ marks: 17, max: 20 });
    expect(note.link).toBe(`/student/courses/${subject.id}`);
    const again = await handIn(asha, assignment.id);
    expect(again.status).toBe(409);
    // Work handed in is never thrown away with its assignment.
    await expect(staff.call.studies.deleteAssignment({ id: assignment.id })).rejects.toMatchObject({ code: "CONFLICT" });
    const log = await deps.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(log.map((l) => l.action)).toEqual(["subject.create", "assignment.create", "assignment.grade"]);
    // A change to a subject's work is filed under the subject, named by its label.
    expect(log[1]).toMatchObject({ entity_type: "subject", entity_id: String(assignment.subjectId) });
    expect(JSON.parse(log[1]!.details)).toEqual({ title: assignment.title, subject: "BCOM-101 Financial Accounting" });
  });

  test("work handed in as its assignment is deleted: either the work is kept and the deletion refused, or the hand-in is told it is gone (race audit)", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    for (const title of ["One", "Two", "Three"]) {
      const { assignment } = await staff.call.studies.createAssignment({
        subjectId: subject.id,
        title,
        dueAt: "2026-11-23T13:00",
        maxMarks: 20,
      });
      const [handedIn, deleted] = await atOnce<unknown>(deps.db, [
        async () => handIn(asha, assignment.id),
        () => staff.call.studies.deleteAssignment({ id: assignment.id }),
      ]);
      const status = handedIn!.status === "fulfilled" ? (handedIn!.value as Response).status : 0;
      const kept = await deps.db.selectFrom("assignment_submissions").select("id").where("assignment_id", "=", assignment.id).execute();
      // Handed in: the work is there and the assignment stays; or deleted first: the student is told it is not found.
      expect([status, deleted!.status, kept.length]).toEqual(status === 201 ? [201, "rejected", 1] : [404, "fulfilled", 0]);
    }
  });

  test("two deletions of one assignment at once: one is made and logged, the other is told it is gone (stop 53's review)", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const { assignment } = await staff.call.studies.createAssignment({
      subjectId: subject.id,
      title: "Once",
      dueAt: "2026-11-23T13:00",
      maxMarks: 20,
    });
    const remove = () => staff.call.studies.deleteAssignment({ id: assignment.id });
    expect((await atOnce(deps.db, [remove, remove])).map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await deps.db.selectFrom("audit_log").select("id").where("action", "=", "assignment.delete").execute()).toHaveLength(1);
  });

  test("a new due moment is told to the subject's students in the portal and by e-mail; a new title alone tells nobody (stop 48)", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const form = { subjectId: subject.id, title: "Case study", dueAt: "2026-12-01T17:00", maxMarks: 20 };
    const { assignment } = await staff.call.studies.createAssignment(form);
    const told = () =>
      deps.db.selectFrom("notifications").select(["recipient_user_id", "params"]).where("kind", "=", "assignment.dueChanged").execute();
    await staff.call.studies.updateAssignment({ id: assignment.id, ...form, title: "Case study 1" });
    expect(await told()).toEqual([]);
    await staff.call.studies.updateAssignment({ id: assignment.id, ...form, title: "Case study 1", dueAt: "2026-12-08T17:00" });
    expect((await told()).map((n) => n.recipient_user_id).sort()).toEqual([asha.id, ravi.id].sort());
    const [item] = (await asha.call.notifications.list({})).notifications;
    expect(item).toMatchObject({
      title: "New due date: Case study 1",
      message: `${subject.code} ${subject.name}: Case study 1 is now due by 8 Dec 2026, 5:00 pm.`,
      link: `/student/courses/${subject.id}`,
    });
    const mail = await deps.db.selectFrom("email_outbox").select(["subject", "text_body"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.subject).toBe("New due date: Case study 1");
    // Work handed in after its due moment is late; the due moment moved past it makes it on time (on PostgreSQL
    // too: the flag is an integer there, which a comparison is not).
    const soon = { ...form, title: "Quiz", dueAt: "2026-11-22T13:00" };
    const quiz = (await staff.call.studies.createAssignment(soon)).assignment;
    deps.advance(2 * 3_600_000);
    expect((await handIn(asha, quiz.id)).status).toBe(201);
    const late = async () =>
      (await staff.call.studies.submissions({ assignmentId: quiz.id })).submissions.find((x) => x.userId === asha.id)?.isLate;
    expect(await late()).toBe(true);
    await staff.call.studies.updateAssignment({ id: quiz.id, ...soon, dueAt: "2026-11-23T13:00" });
    expect(await late()).toBe(false);
  });

  test("a note's line break counts as one character, as typed, though a form sends it as CRLF (walk 15b)", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const set = { subjectId: subject.id, title: "Essay", dueAt: "2026-11-22T13:00", maxMarks: 20 };
    const { assignment } = await staff.call.studies.createAssignment(set);
    const withNote = (note: string) => handIn(asha, assignment.id, "essay.pdf", note);
    // Ten lines of 99 letters: 999 characters as typed, 1,008 as CRLF.
    const lines = Array.from({ length: 10 }, () => "a".repeat(99)).join("\r\n");
    expect((await withNote(lines)).status).toBe(201);
    const stored = await deps.db.selectFrom("assignment_submissions").select("note").executeTakeFirstOrThrow();
    expect(stored.note).toBe(lines.replaceAll("\r\n", "\n"));
    const tooLong = await withNote(`${lines}\r\nmore`);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errors: Record<string, string[]> }).errors.note).toBeDefined();
  });

  test("a completed term's assignments can no longer be handed in; the dashboard figures count them, but not one that closed unsubmitted at the move", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const { assignment } = await staff.call.studies.createAssignment({
      subjectId: subject.id,
      title: "A1",
      dueAt: "2026-12-01T10:00",
      maxMarks: 10,
    });
    await staff.call.studies.createAssignment({ subjectId: subject.id, title: "A2", dueAt: "2026-12-02T10:00", maxMarks: 10 });
    expect((await handIn(asha, assignment.id)).status).toBe(201);
    await asha.call.studies.setUnitDone({ unitId: subject.units[0]!.id, done: true });
    const figures = await studyFigures(deps.db, asha.id, deps.now(), "Asia/Kolkata");
    expect(figures.courseProgress).toEqual([{ id: subject.id, code: "BCOM-101", name: "Financial Accounting", progress: 33 }]);
    expect(figures.assignments).toEqual({ completed: 1, total: 2 });
    expect(figures.studyStreak).toBe(1);

    await staff.call.studies.moveTerm({ programmeId, fromTerm: 1, toTerm: 2 });
    const res = await handIn(ravi, assignment.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).message).toBe("This subject's term is over: its assignments can no longer be submitted.");
    // Both were still open at the move (QA3 2: "handed in 1 of 3" counted one the student could no longer hand in).
    expect((await studyFigures(deps.db, asha.id, deps.now(), "Asia/Kolkata")).assignments).toEqual({ completed: 1, total: 1 });
    expect((await studyFigures(deps.db, ravi.id, deps.now(), "Asia/Kolkata")).assignments).toEqual({ completed: 0, total: 0 });
  });
});

describe("study streak", () => {
  test("counts days in a row ending today or yesterday", () => {
    expect(streakOf([], "2026-11-22")).toBe(0);
    expect(streakOf(["2026-11-22", "2026-11-21", "2026-11-20", "2026-11-18"], "2026-11-22")).toBe(3);
    expect(streakOf(["2026-11-21", "2026-11-20"], "2026-11-22")).toBe(2);
    expect(streakOf(["2026-11-20"], "2026-11-22")).toBe(0);
    expect(streakOf(["2026-03-01", "2026-02-28"], "2026-03-01")).toBe(2);
  });

  test("a student enrolled through their record, without the office: the sync is idempotent", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    expect(await syncStudentEnrolment(deps.db, asha.id, deps.now().toISOString())).toEqual([]);
    expect((await asha.call.studies.mine()).courses.map((c) => c.id)).toEqual([subject.id]);
  });
});

describe("the student dashboard (issue 18)", () => {
  test("answers in one request with this term's progress, work, loans, events and achievements from the records", async () => {
    const { subject } = await staff.call.studies.create({ ...SUBJECT, units: ["Journal"] });
    const { assignment } = await staff.call.studies.createAssignment({
      subjectId: subject.id,
      title: "A1",
      dueAt: "2026-12-01T10:00",
      maxMarks: 10,
    });
    const form = new FormData();
    form.append("file", fileOf(pdfBytes(), "a1.pdf", "application/pdf"));
    expect((await upload(asha.token, `/api/studies/assignments/${assignment.id}/submission`, form)).status).toBe(201);
    const submission = await deps.db.selectFrom("assignment_submissions").select("id").executeTakeFirstOrThrow();
    await staff.call.studies.grade({ submissionId: submission.id, marks: 10 });
    await asha.call.studies.setUnitDone({ unitId: subject.units[0]!.id, done: true });
    const at = deps.now().toISOString();
    const book = await deps.db
      .insertInto("books")
      .values({ title: "Accounts I", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await deps.db.insertInto("book_loans").values({ book_id: book.id, user_id: asha.id, issued_at: at, due_on: "2026-11-23" }).execute();
    await deps.db
      .insertInto("notices")
      .values([
        {
          kind: "event",
          title: "Contact session",
          body: "Unit 1",
          programme_id: programmeId,
          event_date: "2026-11-28",
          event_time: "10:00",
          venue: "Pune",
          published_at: at,
        },
        {
          kind: "event",
          title: "Other programme's day",
          body: "-",
          programme_id: otherProgrammeId,
          event_date: "2026-11-27",
          published_at: at,
        },
      ])
      .execute();

    const stats = await asha.call.student.dashboard();
    expect(stats.courseProgress).toEqual([{ id: subject.id, code: "BCOM-101", name: "Financial Accounting", progress: 100 }]);
    expect(stats.assignments).toEqual({ completed: 1, total: 1 });
    expect(stats.performance).toMatchObject({ overall: 100, assignmentPercent: 100, examPercent: null, study_streak: 1 });
    expect(stats.library).toEqual({ onLoan: 1, dueSoon: [{ title: "Accounts I", dueOn: "2026-11-23" }], overdue: 0 });
    expect(stats.upcomingEvents.map((e) => e.title)).toEqual(["Contact session"]);
    expect(stats.achievements).toEqual([
      { kind: "subjectDone", subject: "BCOM-101 Financial Accounting" },
      { kind: "highMarks", percent: 100 },
    ]);
  });
});

describe("a student's term on their record (issue 18)", () => {
  test("Add Student with a term enrols in that term's subjects; a term the programme does not have is refused", async () => {
    await staff.call.studies.create(SUBJECT);
    const second = (await staff.call.studies.create({ ...SUBJECT, term: 2, code: "BCOM-201", name: "Cost Accounting" })).subject;
    const form = {
      name: "Kiran Patil",
      email: "kiran@example.test",
      mobile: "9876501234",
      standard: "Bachelor of Commerce (test)",
      emergencyContact: null,
    };
    await expect(staff.call.students.create({ ...form, term: 7 })).rejects.toThrow(
      "Bachelor of Commerce (test) has 6 terms: choose one of them.",
    );
    const { student } = await staff.call.students.create({ ...form, term: 2 });
    expect(student.term).toBe(2);
    expect(await enrolmentsOf(student.id)).toEqual([{ code: second.code, status: "in_progress" }]);
  });
});

describe("review mends (issue 18)", () => {
  test("units keep their identity by title: a unit removed from the middle takes only its own ticks", () => {
    const current = [
      { id: 1, title: "A" },
      { id: 2, title: "B" },
      { id: 3, title: "C" },
    ];
    expect(matchUnits(current, ["A", "C"])).toEqual({
      plan: [
        { title: "A", position: 1, id: 1 },
        { title: "C", position: 2, id: 3 },
      ],
      removed: [2],
    });
    // Reworded: the new line takes the old unit in its place; a new line at the end is a new unit.
    expect(matchUnits(current, ["A", "B (revised)", "C", "D"]).plan.map((u) => u.id)).toEqual([1, 2, 3, null]);
    // Reordered: each keeps its own unit.
    expect(matchUnits(current, ["C", "A", "B"]).plan.map((u) => u.id)).toEqual([3, 1, 2]);
  });

  test("an archived subject takes no new materials or assignments, and nobody is told about it", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    await staff.call.studies.setArchived({ id: subject.id, archived: true });
    await expect(
      staff.call.studies.addLink({ subjectId: subject.id, unitId: null, title: "V", url: "https://example.org/v" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      staff.call.studies.createAssignment({ subjectId: subject.id, title: "A", dueAt: "2026-12-01T10:00", maxMarks: 10 }),
    ).rejects.toThrow("This subject is archived: restore it before adding materials or assignments.");
    expect(await deps.db.selectFrom("notifications").select("id").execute()).toEqual([]);
  });

  test("deleting a student removes their handed-in files; a student with a library book out is not deleted", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const { assignment } = await staff.call.studies.createAssignment({
      subjectId: subject.id,
      title: "A1",
      dueAt: "2026-12-01T10:00",
      maxMarks: 10,
    });
    const form = new FormData();
    form.append("file", fileOf(pdfBytes(), "a1.pdf", "application/pdf"));
    expect((await upload(ravi.token, `/api/studies/assignments/${assignment.id}/submission`, form)).status).toBe(201);
    const stored = (await deps.db.selectFrom("assignment_submissions").select("stored_name").executeTakeFirstOrThrow()).stored_name;
    const file = `${dataPaths(deps.env.dataDir).documents}/${stored}`;
    expect(existsSync(file)).toBe(true);
    const at = deps.now().toISOString();
    const book = await deps.db
      .insertInto("books")
      .values({ title: "Accounts I", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const loan = await deps.db
      .insertInto("book_loans")
      .values({ book_id: book.id, user_id: ravi.id, issued_at: at, due_on: "2026-12-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const admin = await person("admin");
    await expect(admin.call.students.remove({ id: ravi.id })).rejects.toThrow(
      "This student still has 1 library book: receive it back before deleting the account.",
    );
    await deps.db.updateTable("book_loans").set({ returned_at: at }).where("id", "=", loan.id).execute();
    await admin.call.students.remove({ id: ravi.id });
    expect(existsSync(file)).toBe(false);
  });

  test("the office's submissions search treats % and _ as letters", async () => {
    const { subject } = await staff.call.studies.create(SUBJECT);
    const { assignment } = await staff.call.studies.createAssignment({
      subjectId: subject.id,
      title: "A1",
      dueAt: "2026-12-01T10:00",
      maxMarks: 10,
    });
    expect((await staff.call.studies.submissions({ assignmentId: assignment.id, search: "%" })).submissions).toEqual([]);
    expect(
      (await staff.call.studies.submissions({ assignmentId: assignment.id, search: "STU0101" })).submissions.map((s) => s.userId),
    ).toEqual([asha.id]);
  });
});

describe("moving a term, set-based (issue 18)", () => {
  test("moving back reopens the earlier subjects and drops the later ones; students of other terms and programmes stay", async () => {
    await staff.call.studies.create(SUBJECT);
    await staff.call.studies.create({ ...SUBJECT, term: 2, code: "BCOM-201", name: "Cost Accounting" });
    const later = await studentOf(programmeId, 2, "STU0120");
    await staff.call.studies.moveTerm({ programmeId, fromTerm: 1, toTerm: 2 });
    expect(await enrolmentsOf(later.id)).toEqual([{ code: "BCOM-201", status: "in_progress" }]);
    const back = await staff.call.studies.moveTerm({ programmeId, fromTerm: 2, toTerm: 1 });
    expect(back.moved).toBe(3);
    for (const p of [asha, ravi])
      expect(await enrolmentsOf(p.id)).toEqual([
        { code: "BCOM-101", status: "in_progress" },
        { code: "BCOM-201", status: "dropped" },
      ]);
    expect(await enrolmentsOf(later.id)).toEqual([
      { code: "BCOM-101", status: "in_progress" },
      { code: "BCOM-201", status: "dropped" },
    ]);
    expect(await enrolmentsOf(meera.id)).toEqual([]);
  });
});
