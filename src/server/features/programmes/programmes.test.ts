import { beforeEach, describe, expect, test } from "bun:test";
import { native } from "../../../../tests/setup/happy-dom.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiProgrammes from "../../../shared/i18n/hi/programmes.json";
import mrProgrammes from "../../../shared/i18n/mr/programmes.json";
import { fileOf, pdfBytes, pngBytes } from "../../test-files.ts";
import { callerFor, createTestDeps, createUser, STUDENT_FORM, type TestDeps, testApp } from "../../testing.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let admin: ReturnType<typeof callerFor>;
let adminToken: string;
const guest = () => callerFor(deps);

beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
  const id = (await createUser(deps, { role: "admin", email: "head@example.test", name: "Head" })).id;
  adminToken = await createSession(deps, id);
  admin = callerFor(deps, await resolveSession(deps, adminToken));
});

const FORM = {
  name: "MBA in Finance",
  level: "pg",
  university: "Sahyadri Open University",
  durationMonths: "24",
  mode: "blended",
  eligibility: "Any bachelor's degree",
  summary: "Finance for working people.",
  fee: "32,500.50",
  feePeriod: "semester",
  instalments: "2",
  seats: "60",
  admissionOpen: true,
  sortOrder: "",
} as const;

describe("the catalogue (issue 17)", () => {
  test("an administrator adds a programme: money in paise, an address from its name, listed publicly and offered for admission", async () => {
    const { programme, message } = await admin.programmes.create(FORM);
    expect(message).toBe("Programme MBA in Finance added.");
    expect(programme).toMatchObject({
      slug: "mba-in-finance",
      feePaise: 3_250_050,
      feePeriod: "semester",
      instalments: 2,
      seats: 60,
      durationMonths: 24,
      admissionOpen: true,
      archived: false,
    });
    const listed = await guest().programmes.list();
    expect(listed.programmes.at(-1)?.name).toBe("MBA in Finance");
    expect((await guest().programmes.get({ slug: "mba-in-finance" })).programme.university).toBe("Sahyadri Open University");
    expect((await (await app.request("/api/admission/courses")).json()).data.courses).toContain("MBA in Finance");
    expect((await guest().site.info()).programmes).toContainEqual({ slug: "mba-in-finance", name: "MBA in Finance" });
  });

  test("the form's rules: a bad fee, a duration out of range and a taken name are refused on their fields", async () => {
    await expect(admin.programmes.create({ ...FORM, fee: "18.999" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Please enter the fee in rupees, e.g. 18000 or 18,000.50",
    });
    await expect(admin.programmes.create({ ...FORM, durationMonths: "0" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(admin.programmes.create({ ...FORM, level: "school" as "pg" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // "B.Com" is the seeded "BCom" written another way.
    await expect(admin.programmes.create({ ...FORM, name: "B.Com" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A programme with this name exists already",
    });
    // A blank fee is "on request".
    expect((await admin.programmes.create({ ...FORM, fee: "" })).programme.feePaise).toBeNull();
  });

  test("two people editing one programme: a save from a form filled before a colleague's is refused and undoes nothing (stop 47)", async () => {
    const { programme } = await admin.programmes.create(FORM);
    const opened = programme.version;
    await admin.programmes.update({ ...FORM, id: programme.id, version: opened, seats: "80" });
    await expect(admin.programmes.update({ ...FORM, id: programme.id, version: opened, name: "MBA (Finance)" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Someone else changed this programme after you opened the form"),
    });
    const [now] = (await admin.programmes.adminList({ status: "all", search: "Finance" })).programmes.filter((p) => p.id === programme.id);
    expect([now!.name, now!.seats]).toEqual([FORM.name, 80]);
    await admin.programmes.update({ ...FORM, id: programme.id, version: now!.version, seats: "80", name: "MBA (Finance)" });
  });

  test("closing admission takes a programme off the admission form but not off the site; archiving takes it off both", async () => {
    const { programme } = await admin.programmes.create(FORM);
    await admin.programmes.update({ ...FORM, id: programme.id, admissionOpen: false, name: "MBA (Finance)" });
    const courses = async () => (await (await app.request("/api/admission/courses")).json()).data.courses as string[];
    expect(await courses()).not.toContain("MBA (Finance)");
    // Renamed, the address stays: links already shared keep working.
    const shown = (await guest().programmes.get({ slug: "mba-in-finance" })).programme;
    expect(shown).toMatchObject({ name: "MBA (Finance)", admissionOpen: false });
    await admin.programmes.setArchived({ id: programme.id, archived: true });
    await expect(guest().programmes.get({ slug: "mba-in-finance" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await guest().programmes.list()).programmes.map((p) => p.slug)).not.toContain("mba-in-finance");
    const office = await admin.programmes.adminList({ status: "archived" });
    expect(office.programmes.map((p) => p.name)).toEqual(["MBA (Finance)"]);
    const log = await deps.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("entity_type", "=", "programme")
      .orderBy("id")
      .execute();
    expect(log.map((l) => l.action)).toEqual(["programme.create", "programme.update", "programme.archive"]);
    expect(JSON.parse(log[1]!.details).changed).toEqual(["name", "admissionOpen"]);
  });

  test("the syllabus is a PDF checked by content, replaced by a new one, and downloadable by anyone", async () => {
    const { programme } = await admin.programmes.create(FORM);
    const upload = (file: File, token = adminToken) => {
      const fd = new FormData();
      fd.append("syllabus", file);
      return app.request(`/api/admin/programmes/${programme.id}/syllabus`, {
        method: "POST",
        body: fd,
        headers: { authorization: `Bearer ${token}` },
      });
    };
    const fake = await upload(fileOf(await pngBytes(20, 20), "syllabus.pdf", "application/pdf"));
    expect(fake.status).toBe(400);
    // Named as the thing it is, not by the public link's words (tenth walk: "Download the syllabus (PDF) must be …").
    expect((await fake.json()).errors.syllabus).toEqual(["Syllabus must be a PDF file."]);
    const ok = await upload(fileOf(pdfBytes(), "MBA syllabus.pdf", "application/pdf"));
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.programme.syllabusUrl).toBe("/api/programmes/mba-in-finance/syllabus");
    const download = await app.request("/api/programmes/mba-in-finance/syllabus");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(new Uint8Array(await download.arrayBuffer())).startsWith("%PDF")).toBe(true);
    // Staff keep no catalogue.
    const staff = await createUser(deps, { role: "staff", email: "s@example.test", name: "S" });
    expect((await upload(fileOf(pdfBytes(), "x.pdf", "application/pdf"), await createSession(deps, staff.id))).status).toBe(403);
    const asStaff = callerFor(deps, await resolveSession(deps, await createSession(deps, staff.id)));
    await expect(asStaff.programmes.create(FORM)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("the office's list is paginated and searched by the server", async () => {
    const page = await admin.programmes.adminList({ limit: 5, page: 2, search: "" });
    expect(page.programmes).toHaveLength(5);
    expect(page.pagination).toMatchObject({ currentPage: 2, limit: 5, totalItems: 24, totalPages: 5 });
    expect((await admin.programmes.adminList({ search: "engineering" })).programmes.map((p) => p.name)).toEqual([
      "Mechanical Engineering",
      "Civil Engineering",
    ]);
    expect((await admin.programmes.adminList({ status: "open" })).pagination.totalItems).toBe(8);
  });

  test("a rename reaches its students' Course/Standard: the list, their profile and ID card name it, and an edit keeps it", async () => {
    const bcom = await deps.db.selectFrom("programmes").selectAll().where("name", "=", "BCom").executeTakeFirstOrThrow();
    const { student } = await admin.students.create(STUDENT_FORM);
    // Another programme's student is left alone; one whose Course/Standard spells the name another way follows.
    await admin.students.create({ ...STUDENT_FORM, email: "arun@example.test", standard: "BBA" });
    const spelt = await createUser(deps, { role: "student", email: "old@example.test", standard: "B.Com", programme_id: bcom.id });
    await admin.programmes.update({
      ...FORM,
      id: bcom.id,
      name: "Bachelor of Commerce",
      level: bcom.level,
      mode: bcom.mode,
      feePeriod: bcom.fee_period,
      fee: "",
      sortOrder: "",
    });
    const listed = await admin.students.list({ search: "", status: "all", page: 1, limit: 10 });
    expect(listed.students.map((s) => s.standard).sort()).toEqual(["BBA", "Bachelor of Commerce", "Bachelor of Commerce"]);
    expect((await admin.students.get({ id: spelt.id })).standard).toBe("Bachelor of Commerce");
    await deps.db.updateTable("users").set({ must_change_password: 0 }).where("id", "=", student.id).execute(); // signed in once
    const asStudent = callerFor(deps, await resolveSession(deps, await createSession(deps, student.id)));
    expect((await asStudent.student.profile()).standard).toBe("Bachelor of Commerce");
    expect(await asStudent.student.idCard()).toMatchObject({ course: "Bachelor of Commerce", standard: "Bachelor of Commerce" });
    // Saving the student with Course/Standard as the form shows it keeps the programme.
    const shown = await admin.students.get({ id: student.id });
    const saved = await admin.students.update({ ...STUDENT_FORM, id: student.id, mobile: "9000000009", standard: shown.standard! });
    expect(saved.student).toMatchObject({ standard: "Bachelor of Commerce", mobile: "9000000009" });
    const after = await deps.db.selectFrom("users").select("programme_id").where("id", "=", student.id).executeTakeFirstOrThrow();
    expect(after.programme_id).toBe(bcom.id);
  });
});

describe("in the admin's language (issue 16)", () => {
  test("a syllabus upload to an id that cannot be a programme is refused in the lang cookie's language, English without one", async () => {
    await loadAllCatalogues();
    // Bun's own Request: happy-dom's drops the Cookie header.
    const upload = (cookie?: string) =>
      app.fetch(
        new native.Request("http://localhost/api/admin/programmes/abc/syllabus", {
          method: "POST",
          headers: { authorization: `Bearer ${adminToken}`, "content-length": "0", ...(cookie ? { cookie } : {}) },
        }),
      );
    expect(((await (await upload("lang=hi")).json()) as { message: string }).message).toBe(hiProgrammes["rule.unknown"]);
    expect(((await (await upload("lang=mr")).json()) as { message: string }).message).toBe(mrProgrammes["rule.unknown"]);
    expect(((await (await upload()).json()) as { message: string }).message).toBe("Unknown programme");
  });
});
