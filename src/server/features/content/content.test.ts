import { beforeEach, describe, expect, test } from "bun:test";
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

  test("the brochure: a PDF by content, public once uploaded, and only administrators upload it", async () => {
    expect((await callerFor(deps).site.info()).brochureUrl).toBeNull();
    expect((await app.request("/api/public/brochure")).status).toBe(404);
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
