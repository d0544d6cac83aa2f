import { beforeEach, describe, expect, test } from "bun:test";
import { native } from "../../../../tests/setup/happy-dom.ts";
import hiAbout from "../../../shared/i18n/hi/about.json";
import mrAbout from "../../../shared/i18n/mr/about.json";
import { NEWS_ON_HOME } from "../../../shared/news.ts";
import { fileOf, pdfBytes, pngBytes } from "../../test-files.ts";
import { callerFor, createTestDeps, createUser, type TestDeps, testApp } from "../../testing.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let admin: ReturnType<typeof callerFor>;
let adminToken: string;

beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
  const id = (await createUser(deps, { role: "admin", email: "head@example.test", name: "Head" })).id;
  adminToken = await createSession(deps, id);
  admin = callerFor(deps, await resolveSession(deps, adminToken));
});

const DETAILS = {
  tagline: "Study while you work.",
  email: "Office@Example.test",
  phones: ["+91 20 1111 2222"],
  offices: [
    { name: "Pune office", address: "Shivaji Nagar, Pune", mapUrl: "https://maps.example/pune" },
    { name: "Nashik office", address: "College Road, Nashik" },
  ],
  hours: "Mon–Sat, 10 am – 6 pm",
  registration: "Society reg. no. 123",
  foundedYear: 2010,
};

describe("site content (issue 17)", () => {
  test("the institute's details: saved, checked, shown on the public site at once, and in the log", async () => {
    // Untouched, the tagline and description are the product's words, which the site writes in the reader's language.
    const untouched = await callerFor(deps).site.info();
    expect([untouched.tagline, untouched.description]).toEqual([null, null]);
    const saved = await admin.content.saveInstitute(DETAILS);
    expect(saved.institute).toMatchObject({ email: "office@example.test", foundedYear: 2010 });
    const info = await callerFor(deps).site.info();
    expect(info.offices.map((o) => o.name)).toEqual(["Pune office", "Nashik office"]);
    expect(info.offices[0]?.mapUrl).toBe("https://maps.example/pune");
    expect(info.tagline).toBe("Study while you work.");
    expect(info.figures.offices).toBe(2);
    // 2026 − 2010 (the test clock is in 2026).
    expect(info.figures.years).toBe(16);
    await expect(
      admin.content.saveInstitute({ ...DETAILS, offices: [{ name: "X", address: "Y", mapUrl: "javascript:alert(1)" }] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The map link must be a web address starting with https://" });
    await expect(admin.content.saveInstitute({ ...DETAILS, foundedYear: 1700 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const log = await deps.db.selectFrom("audit_log").select("details").where("action", "=", "content.institute").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details).changed).toEqual(expect.arrayContaining(["tagline", "email", "offices", "foundedYear"]));
  });

  test("a save over a colleague's since the page was filled is refused with what to do; the brochure saved at the same moment stays", async () => {
    const filled = await admin.content.institute();
    const mine = await admin.content.saveInstitute({ ...DETAILS, version: filled.version });
    expect(mine.version).not.toBe(filled.version);
    // Another tab, filled before that save: its save would undo the tagline and offices just saved.
    const refusal = await admin.content.saveInstitute({ ...DETAILS, tagline: "Learn anywhere.", version: filled.version }).catch((e) => e);
    expect(refusal).toMatchObject({ code: "CONFLICT" });
    expect(refusal.message).toStartWith("Someone else saved the institute’s details after you opened this page");
    expect((await admin.content.institute()).institute.tagline).toBe("Study while you work.");
    // With the version it was filled from, it saves.
    expect((await admin.content.saveInstitute({ ...DETAILS, tagline: "Learn anywhere.", version: mine.version })).institute.tagline).toBe(
      "Learn anywhere.",
    );

    // A brochure and a details save at once: each is made over what the other stored (the details keep the brochure).
    const fd = new FormData();
    fd.append("brochure", fileOf(pdfBytes(), "Prospectus.pdf", "application/pdf"));
    const [upload] = await Promise.all([
      app.request("/api/admin/content/brochure", { method: "POST", body: fd, headers: { authorization: `Bearer ${adminToken}` } }),
      admin.content.saveInstitute({ ...DETAILS, hours: "Mon–Fri" }),
    ]);
    expect(upload.status).toBe(200);
    const now = await admin.content.institute();
    expect([now.brochureName, now.institute.hours]).toEqual(["Prospectus.pdf", "Mon–Fri"]);
  });

  test("the home figures come from real data: active students, listed programmes and their universities", async () => {
    const before = (await callerFor(deps).site.info()).figures;
    await createUser(deps, { role: "student", email: "s1@example.test", student_id: "STU0001" });
    await createUser(deps, { role: "student", email: "s2@example.test", student_id: "STU0002", is_active: 0 });
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("name", "=", "Arts").execute();
    const after = (await callerFor(deps).site.info()).figures;
    expect(after.students).toBe(before.students + 1);
    expect(after.programmes).toBe(before.programmes - 1);
    expect(after.universities).toBe(1);
  });

  test("a visitor who follows Download Brochure before one is published reads why in their language", async () => {
    // Bun's Request: happy-dom's drops the Cookie header.
    const visit = async (cookie: string) =>
      (await (await app.fetch(new native.Request("http://localhost/api/public/brochure", { headers: { cookie } }))).json()).message;
    expect(await visit("lang=hi")).toBe(hiAbout.brochureNone);
    expect(await visit("lang=mr")).toBe(mrAbout.brochureNone);
  });

  test("the brochure: a PDF by content, public once uploaded, and only administrators upload it", async () => {
    expect((await callerFor(deps).site.info()).brochureUrl).toBeNull();
    const none = await app.request("/api/public/brochure");
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe("No brochure has been published yet.");
    const upload = (file: File, token = adminToken) => {
      const fd = new FormData();
      fd.append("brochure", file);
      return app.request("/api/admin/content/brochure", { method: "POST", body: fd, headers: { authorization: `Bearer ${token}` } });
    };
    expect((await upload(fileOf(await pngBytes(10, 10), "brochure.pdf", "application/pdf"))).status).toBe(400);
    const ok = await upload(fileOf(pdfBytes(), "Prospectus 2026.pdf", "application/pdf"));
    expect(ok.status).toBe(200);
    expect((await callerFor(deps).site.info()).brochureUrl).toBe("/api/public/brochure");
    const download = await app.request("/api/public/brochure");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("Prospectus%202026.pdf");
    // Saving the details keeps the brochure.
    await admin.content.saveInstitute(DETAILS);
    expect((await admin.content.institute()).brochureName).toBe("Prospectus 2026.pdf");
    const staff = await createUser(deps, { role: "staff", email: "st@example.test", name: "St" });
    const staffToken = await createSession(deps, staff.id);
    expect((await upload(fileOf(pdfBytes(), "x.pdf", "application/pdf"), staffToken)).status).toBe(403);
    await expect(callerFor(deps, await resolveSession(deps, staffToken)).content.saveInstitute(DETAILS)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("news and FAQs (issue 17)", () => {
  test("a publish moment typed in the office is on the institute's clock, whatever the server's; the edit form gets it back as typed (tenth walk)", async () => {
    // A server clock neither UTC nor India's, so reading the moment on it would show (review).
    const serverZone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      await admin.content.addNews({ title: "New year", body: "Holiday.", publishedAt: "2030-01-01T10:00" });
      await admin.content.addNews({ title: "A day", body: "From midnight.", publishedAt: "2030-02-01" });
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
    const office = await admin.content.news({});
    const item = (title: string) => office.news.find((n) => n.title === title)!;
    // 10:00 in India is 04:30 UTC; a day starts at the institute's midnight.
    expect([item("New year").publishedAt, item("New year").publishedAtLocal]).toEqual(["2030-01-01T04:30:00.000Z", "2030-01-01T10:00"]);
    expect([item("A day").publishedAt, item("A day").publishedAtLocal]).toEqual(["2030-01-31T18:30:00.000Z", "2030-02-01T00:00"]);
    // An instant sent with its Z (a REST client) stays that instant.
    await admin.content.addNews({ title: "Exact", body: "x", publishedAt: "2030-03-01T00:00:00.000Z" });
    expect((await admin.content.news({})).news.find((n) => n.title === "Exact")?.publishedAt).toBe("2030-03-01T00:00:00.000Z");
  });

  test("news: a later publish date keeps it off the site until then; a draft never shows; each change is logged", async () => {
    await admin.content.addNews({ title: "Results of the June exams", body: "See the portal." });
    await admin.content.addNews({ title: "Admissions for 2027 open", body: "Apply online.", publishedAt: "2026-12-01" });
    await admin.content.addNews({ title: "Draft notice", body: "Not yet.", isPublished: false });
    const titles = async () => (await callerFor(deps).site.news()).news.map((n) => n.title);
    expect(await titles()).toContain("Results of the June exams");
    expect(await titles()).not.toContain("Admissions for 2027 open");
    expect(await titles()).not.toContain("Draft notice");
    const office = await admin.content.news({});
    expect(office.news.find((n) => n.title === "Admissions for 2027 open")?.status).toBe("scheduled");
    expect(office.news.find((n) => n.title === "Draft notice")?.status).toBe("draft");
    // The day comes.
    deps.advance(10 * 86_400_000);
    expect(await titles()).toContain("Admissions for 2027 open");
    await expect(admin.content.addNews({ title: " ", body: "x" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Please write a headline",
    });
    await expect(admin.content.addNews({ title: "x", body: "y", publishedAt: "2026-13-45" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // Days and times that do not exist, and years no news item has, are refused rather than rolled over (review).
    for (const publishedAt of ["2026-02-30", "2026-12-01T24:00", "0099-01-01", "2026-12-01T10:60"])
      await expect(admin.content.addNews({ title: "x", body: "y", publishedAt })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const draft = office.news.find((n) => n.title === "Draft notice")!;
    await admin.content.removeNews({ id: draft.id });
    await expect(admin.content.removeNews({ id: draft.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const log = await deps.db.selectFrom("audit_log").select("action").where("entity_type", "=", "announcement").execute();
    expect(log.map((l) => l.action)).toEqual(["content.news", "content.news", "content.news", "content.news_delete"]);
  });

  test("news: the office's list says which published items the home page shows, the newest three; the older ones say they are no longer shown (walk 19a)", async () => {
    for (const day of ["01", "05", "09", "13", "17"])
      await admin.content.addNews({ title: `News of the ${day}th`, body: "x", publishedAt: `2026-11-${day}` });
    await admin.content.addNews({ title: "Draft", body: "x", publishedAt: "2026-11-20", isPublished: false });
    const home = (await callerFor(deps).site.news()).news.slice(0, NEWS_ON_HOME).map((n) => n.title);
    expect(home).toEqual(["News of the 17th", "News of the 13th", "News of the 09th"]);
    const office = await admin.content.news({});
    expect(office.news.map((n) => [n.title, n.status])).toEqual([
      ["Draft", "draft"],
      ["News of the 17th", "live"],
      ["News of the 13th", "live"],
      ["News of the 09th", "live"],
      ["News of the 05th", "older"],
      ["News of the 01th", "older"],
    ]);
  });

  test("FAQs: the public page lists the shown ones in the office's order", async () => {
    await admin.content.addFaq({ question: "Can I study while I work?", answer: "Yes.", sortOrder: "20" });
    await admin.content.addFaq({
      question: "Are the degrees recognised?",
      answer: "Yes, by the UGC-DEB.",
      sortOrder: "10",
      category: "Admissions",
    });
    await admin.content.addFaq({ question: "Hidden one", answer: "No.", isPublished: false });
    const shown = (await callerFor(deps).content.publicFaqs()).faqs;
    expect(shown.map((f) => f.question)).toEqual(["Are the degrees recognised?", "Can I study while I work?"]);
    expect(shown[0]?.category).toBe("Admissions");
    const all = await admin.content.faqs({});
    expect(all.pagination.totalItems).toBe(3);
    const first = all.faqs[0]!;
    await admin.content.updateFaq({ ...first, sortOrder: "99", category: first.category ?? "" });
    expect((await callerFor(deps).content.publicFaqs()).faqs.map((f) => f.question)).toEqual([
      "Can I study while I work?",
      "Are the degrees recognised?",
    ]);
  });
});
