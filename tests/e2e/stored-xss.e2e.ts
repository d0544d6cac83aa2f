/**
 * Issue 10 §7 — stored XSS. Script payloads go into every free-text field a visitor, applicant or student
 * can fill (contact form, application, support ticket, profile) and an admin-entered student name through the APIs; then the
 * admin opens every screen that shows them, with their details dialogs. No payload may run
 * (window.__xss stays undefined), no dialog may appear, and no CSP violation or page error may be logged
 * (newPage() collects them). Each payload must be visible as text somewhere, so the screens did render it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { jpegBytes, pdfBytes } from "../../src/server/test-files.ts";
import { launchBrowser, newPage, type RunningServer, signIn, startServer } from "./harness.ts";

let server: RunningServer;
let browser: Browser;

const PAYLOADS = [
  "<img src=x onerror=window.__xss=1>",
  "<script>window.__xss=1</script>",
  "javascript:window.__xss=1",
  '"><svg onload=window.__xss=1>',
];
const ALL = PAYLOADS.join(" ");

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = async (method: string, p: string, body?: unknown, token?: string) => {
  const res = await fetch(`${server.url}${p}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** Submits an application with payloads in every free-text field the rules allow; fields the rules refuse fall back to plain text. */
async function applyWithPayloads(): Promise<string[]> {
  const base: Record<string, string> = {
    firstName: "Xss",
    lastName: "Applicant",
    dateOfBirth: "2003-04-12",
    gender: "Female",
    bloodGroup: "O+",
    nationality: "Indian",
    email: "xss-applicant@example.test",
    phone: "9876501234",
    address: "1 Road",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    course: "Commerce",
    previousSchool: "School",
    boardOfStudy: "Board",
    fatherName: "Father",
    fatherOccupation: "Work",
    motherName: "Mother",
    motherOccupation: "Work",
    extracurricular: "Chess",
    medicalHistory: "None",
    specialRequirements: "None",
  };
  const textFields = [
    "firstName",
    "lastName",
    "address",
    "city",
    "state",
    "previousSchool",
    "boardOfStudy",
    "fatherName",
    "fatherOccupation",
    "motherName",
    "motherOccupation",
    "extracurricular",
    "medicalHistory",
    "specialRequirements",
    "nationality",
  ];
  const fields = { ...base };
  for (const f of textFields) fields[f] = `${f} ${ALL}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append("photo", new File([await jpegBytes()], "photo.jpg", { type: "image/jpeg" }));
    fd.append("marksheet", new File([pdfBytes()], `${PAYLOADS[0]}.pdf`, { type: "application/pdf" }));
    const res = await fetch(`${server.url}/api/admission/submit`, { method: "POST", body: fd });
    const body = (await res.json()) as { errors?: Record<string, string[]> };
    if (res.status === 201) return textFields.filter((f) => fields[f] !== base[f]);
    for (const f of Object.keys(body.errors ?? {})) fields[f] = base[f] ?? "";
  }
  throw new Error("the application could not be submitted");
}

async function studentToken() {
  const login = await api("POST", "/api/auth/student/login", { email: server.student.email, password: server.student.password });
  return login.body.data.token as string;
}

const signInAsAdmin = (page: Page) => signIn(page, server, "admin");

describe("stored XSS", () => {
  test("payloads from visitors, applicants and students never run on any admin screen", async () => {
    // Visitors: the contact form (every text field).
    for (const [i, p] of PAYLOADS.entries()) {
      const r = await api("POST", "/api/public/contact", {
        name: `Visitor ${p}`,
        email: `xss${i}@example.test`,
        subject: "general",
        message: `${ALL}\n${p}`,
      });
      expect(r.status).toBe(201);
    }
    // Applicants: every free-text field of the application that accepts the payload, and the file name.
    const applicationFields = await applyWithPayloads();
    console.info(`stored XSS: application fields holding payloads: ${applicationFields.join(", ")}`);
    expect(applicationFields.length).toBeGreaterThan(3);
    // Students: a support ticket, the profile, the account name.
    const token = await studentToken();
    expect(
      (
        await api(
          "POST",
          "/api/tickets",
          { subject: `Ticket ${PAYLOADS[0]}`, category: "technical", priority: "high", description: ALL },
          token,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await api(
          "PUT",
          "/api/student/profile",
          {
            address: `Home ${ALL}`,
            city: `City ${PAYLOADS[1]}`,
            state: `State ${PAYLOADS[3]}`,
            emergencyContact: { name: `Parent ${PAYLOADS[0]}`, relationship: "Father", phone: "9876500000" },
          },
          token,
        )
      ).status,
    ).toBe(200);
    // A student's name is the institute's record (issue 14.2): the student cannot set it; an admin can, so the
    // payload goes in through Add Student.
    expect((await api("PUT", "/api/auth/profile", { name: `Student ${PAYLOADS[0]}` }, token)).status).toBe(403);
    const admin = (await api("POST", "/api/auth/admin/login", { email: server.admin.email, password: server.admin.password })).body.data
      .token as string;
    const added = await api(
      "POST",
      "/api/admin/students",
      {
        name: `Student ${PAYLOADS[0]}`,
        email: "xss-student@example.test",
        mobile: "9876500011",
        standard: "BBA",
        address: `Home ${ALL}`,
        emergencyContact: { name: "", relationship: "", phone: "", email: "" },
      },
      admin,
    );
    expect(added.status).toBe(201);

    const { page, problems } = await newPage(browser, server);
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInAsAdmin(page);

    const seen = new Set<string>();
    const record = async () => {
      const text = await page.evaluate(() => document.body.innerText);
      for (const p of PAYLOADS) if (text.includes(p)) seen.add(p);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      // No payload became an element or an attribute.
      expect(
        await page.evaluate(() => document.querySelectorAll('img[src="x"], svg[onload], [onerror], a[href^="javascript:"]').length),
      ).toBe(0);
    };
    const covered: string[] = [];
    /** Opens a screen, then each of its details dialogs (buttons matched by name), checking after each. */
    const visit = async (path: string, openers: RegExp | null, max = 6) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await record();
      if (!openers) return covered.push(path);
      const buttons = page.getByRole("button", { name: openers });
      const n = Math.min(await buttons.count(), max);
      for (let i = 0; i < n; i++) {
        await buttons.nth(i).click();
        await page.getByRole("dialog").first().waitFor({ timeout: 5000 });
        await page.waitForLoadState("networkidle");
        await record();
        await page.keyboard.press("Escape");
        await page
          .getByRole("dialog")
          .first()
          .waitFor({ state: "detached", timeout: 5000 })
          .catch(() => undefined);
      }
      covered.push(`${path} (${n} details)`);
    };

    await visit("/admin/dashboard", null);
    await visit("/admin/contacts", /^View inquiry from/);
    await visit("/admin/admissions", /^View application of/);
    await visit("/admin/students", /^View /);
    await visit("/admin/help", /^View ticket/);
    await visit("/admin/notifications", /^(Unread: )?(New support ticket|New admission application|New contact)/);
    await visit("/admin/activity", null);
    await visit("/admin/analytics", null);

    console.info(`stored XSS: screens covered: ${covered.join(", ")}`);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    // The screens showed the payloads as text (so the test looked at rendered data, not empty pages).
    expect([...seen].sort()).toEqual([...PAYLOADS].sort());
  }, 120_000);
});
