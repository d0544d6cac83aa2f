/**
 * Exams (issue 18) against the real server: the office schedules two exams of the demo student's BBA term
 * (one to come, one already held), uploads the held one's marks from a CSV file — first with mistakes the
 * dry run lists, then fixed — and publishes the results; the demo student sees the exam to come and the
 * result, prints the admit card (A4, the card alone) whose QR address a guest verifies, and prints the
 * marksheet. Then the office moves the term's students on (the Move dialog says the exam to come stays
 * theirs) and the student, in Year 2, still has it and its admit card. Every screen is checked with axe and
 * for sideways scrolling at 390 px and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import {
  type AxeFinding,
  axeFindings,
  DESKTOP,
  fromOutbox,
  keepShot,
  launchBrowser,
  newPage,
  PHONE_390,
  type RunningServer,
  settle,
  signIn,
  startServer,
} from "./harness.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A day counted from today on the institute's clock (Asia/Kolkata, the default), as YYYY-MM-DD. */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function check(page: Page, label: string, found: Record<string, AxeFinding[]>, overflows: string[]) {
  await settle(page);
  const findings = await axeFindings(page);
  if (findings.length) found[label] = findings;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) overflows.push(`${label}: ${overflow}px`);
}

/** What print shows: whether the portal's parts are hidden and nothing lies outside the sheet. */
async function printedLayout(page: Page, sheet: string) {
  return page.evaluate((selector) => {
    const shown = (s: string) => {
      const el = document.querySelector(s);
      if (!el) return "missing";
      const box = el.getBoundingClientRect();
      return getComputedStyle(el).display !== "none" && box.width > 0 && box.height > 0 ? "visible" : "hidden";
    };
    return {
      sidebar: shown(".portal-sidebar"),
      topbar: shown(".portal-topbar"),
      heading: shown(".exams-print-page h1"),
      back: shown(".exams-back"),
      sheet: shown(selector),
      outside: [...document.body.querySelectorAll("*")].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !el.closest(selector) && !el.querySelector(selector);
      }).length,
    };
  }, sheet);
}

/** The PDF's pages (width × height in points): A4 is 595.3 × 841.9. */
async function pdfPages(page: Page) {
  const pdf = new TextDecoder("latin1").decode(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  return [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
}

const HELD = "Unit test 1";
const AHEAD = "Term-end examination";

describe("exams, admit cards and results (issue 18)", () => {
  test("the office schedules exams, uploads marks from a CSV file (the dry run first shows the mistakes) and publishes", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const overflows: string[] = [];
    const { page, context, problems } = await newPage(browser, server, DESKTOP);
    await signIn(page, server, "admin");
    await page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Exams" }).click();
    await page.getByRole("heading", { level: 1, name: "Exams" }).waitFor();
    await page.getByText("No exams scheduled").waitFor();
    await check(page, "exams list, empty, 1280", found, overflows);

    const schedule = async (values: { subject: string; title: string; date: string; max?: string; pass?: string }) => {
      await page.getByRole("button", { name: "Schedule exam" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Schedule exam" });
      await dialog.getByLabel(/^Subject/).selectOption({ label: values.subject });
      await dialog.getByLabel(/^Title/).fill(values.title);
      await dialog.getByLabel(/^Date/).fill(values.date);
      await dialog.getByLabel(/^Starts at/).fill("10:00");
      await dialog.getByLabel(/^Exam centre/).fill("Pune study centre, Hall A");
      if (values.max) await dialog.getByLabel(/^Maximum marks/).fill(values.max);
      if (values.pass) await dialog.getByLabel(/^Pass marks/).fill(values.pass);
      return dialog;
    };
    // The form's own check first: pass marks above the maximum.
    const dialog = await schedule({
      subject: "BBA-101 Principles of Management (BBA, Year 1)",
      title: AHEAD,
      date: dayFromToday(10),
      pass: "150",
    });
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    await dialog.getByText("Pass marks cannot be more than the maximum marks.").waitFor();
    await check(page, "schedule dialog with an error, 1280", found, overflows);
    await dialog.getByLabel(/^Pass marks/).fill("40");
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.locator(".ui-toasts__list").getByText(`${AHEAD} is scheduled.`).waitFor();
    // Its student is told by e-mail.
    await fromOutbox(server, { to: server.student.email, subject: /Exam scheduled/, since: Date.now() - 60_000 }, (text) =>
      text.includes("/student/exams") ? text : undefined,
    );

    const held = await schedule({
      subject: "BBA-102 Business Communication (BBA, Year 1)",
      title: HELD,
      date: dayFromToday(-2),
      max: "50",
      pass: "20",
    });
    await held.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.locator(".ui-toasts__list").getByText(`${HELD} is scheduled.`).waitFor();
    await page.getByRole("group", { name: "Upcoming" }).getByText("1").waitFor();
    await page.getByRole("group", { name: "Awaiting results" }).getByText("1").waitFor();
    await check(page, "exams list, 1280", found, overflows);
    await keepShot(page, "exams-list-1280.png");

    await page.getByRole("link", { name: `Marks: ${HELD} (BBA-102)` }).click();
    await page.getByRole("heading", { level: 1, name: `${HELD}: marks` }).waitFor();
    await page.getByRole("group", { name: "Students taking it" }).getByText("1").waitFor();
    await page.getByRole("textbox", { name: "Marks of Priya Sharma" }).waitFor();
    const publish = page.getByRole("button", { name: "Publish results" });
    expect(await publish.isDisabled()).toBe(true);
    await check(page, "marks screen, 1280", found, overflows);

    // A mark typed and not saved: the sidebar's link asks first; Stay keeps it (stop 45).
    const mark = page.getByRole("textbox", { name: "Marks of Priya Sharma" });
    await mark.fill("30");
    await page.locator(".portal-nav").getByRole("link", { name: "Exams", exact: true }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.getByText("What you entered on this page is not saved yet. If you go on, it is lost.").waitFor();
    await check(page, "leave question over the marks, 1280", found, overflows);
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await leave.waitFor({ state: "detached" });
    expect(await mark.inputValue()).toBe("30");
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/exams\/\d+\/marks$/);
    await mark.fill("");

    // The list to fill in, downloaded as CSV.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download the list (CSV)" }).click(),
    ]);
    const listed = readFileSync((await download.path())!, "utf8");
    // UTF-8 with a byte order mark, as a spreadsheet needs it.
    expect(listed).toBe(`\uFEFFstudent_id,name,marks\r\n${server.student.studentId},Priya Sharma,\r\n`);

    const file = page.getByLabel("CSV file of marks");
    await file.setInputFiles({
      name: "marks.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`student_id,name,marks\r\n${server.student.studentId},Priya Sharma,75\r\nSTU9999,Nobody,4.5\r\n`),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    const table = page.getByRole("table", { name: "Problems in the file" });
    await table.waitFor();
    const rows = await table.getByRole("row").allTextContents();
    expect(rows).toEqual([
      "RowColumnWhat to fix",
      "2marks75 is more than the exam's maximum of 50.",
      "3student_idNo student has the ID STU9999.",
      "3marks“4.5” is not a whole number: write marks from 0 to 50, or AB for absent.",
    ]);
    expect(await page.getByRole("button", { name: "Save marks from the file" }).isDisabled()).toBe(true);
    await check(page, "marks screen with the dry run's problems, 1280", found, overflows);
    await keepShot(page, "exams-marks-dry-run-1280.png");

    await file.setInputFiles({
      name: "marks.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`student_id,marks\n${server.student.studentId},42\n`),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByText("1 row checked, no problems (0 absent). Nothing is saved until you save it.").waitFor();
    await page.getByRole("button", { name: "Save marks from the file" }).click();
    await page.locator(".ui-toasts__list").getByText("Marks saved for 1 student.").waitFor();
    await page.getByRole("group", { name: "Recorded (marks or absent)" }).getByText("1").waitFor();
    expect(await page.getByRole("textbox", { name: "Marks of Priya Sharma" }).inputValue()).toBe("42");

    const since = Date.now();
    await publish.click();
    const confirm = page.getByRole("dialog", { name: "Publish these results?" });
    await confirm.getByRole("button", { name: "Publish results" }).click();
    await page.getByText(/^Results published on /).waitFor();
    await fromOutbox(server, { to: server.student.email, subject: new RegExp(`Results out: ${HELD}`), since }, (text) =>
      text.includes("/student/exams") ? text : undefined,
    );

    expect(found).toEqual({});
    expect(overflows).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // The marks screen on a phone: no sideways scroll, nothing for axe.
    const phone = await newPage(browser, server, PHONE_390);
    await signIn(phone.page, server, "admin");
    await phone.page.goto("/admin/exams");
    await phone.page.getByRole("heading", { level: 1, name: "Exams" }).waitFor();
    await phone.page.getByText(HELD).first().waitFor();
    await check(phone.page, "exams list, 390", found, overflows);
    await phone.page.getByRole("link", { name: `Results: ${HELD} (BBA-102)` }).click();
    await phone.page.getByRole("heading", { level: 1, name: `${HELD}: marks` }).waitFor();
    await check(phone.page, "marks screen, 390", found, overflows);
    await keepShot(phone.page, "exams-marks-390.png");
    expect(found).toEqual({});
    expect(overflows).toEqual([]);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  test("the student sees the exam to come and the result, prints the admit card (verified by a guest) and the marksheet", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const overflows: string[] = [];
    for (const viewport of [PHONE_390, DESKTOP]) {
      const { page, context, problems } = await newPage(browser, server, viewport);
      await signIn(page, server, "student");
      await page.goto("/student/exams");
      await page.getByRole("heading", { level: 1, name: "Exams" }).waitFor();
      const upcoming = page.getByRole("listitem").filter({ hasText: AHEAD });
      await upcoming.getByText("Principles of Management").waitFor();
      await upcoming.getByText("10:00 am").waitFor();
      await upcoming.getByText("3 hours").waitFor();
      const result = page.getByRole("table", { name: "Results" }).getByRole("row").filter({ hasText: HELD });
      await result.getByText("42 / 50").waitFor();
      await result.getByText("Pass").waitFor();
      await check(page, `student exams, ${viewport.width}`, found, overflows);
      await keepShot(page, `exams-student-${viewport.width}.png`);

      await page.getByRole("link", { name: "Admit card" }).click();
      const card = page.getByRole("article", { name: "Admit card (hall ticket)" });
      await card.getByText("Priya Sharma").waitFor();
      await card.getByText(server.student.studentId, { exact: true }).waitFor();
      await card.getByText(/^(Semester|Year) 1 examinations$/).waitFor();
      await card.getByRole("row").filter({ hasText: "BBA-101" }).getByText("Pune study centre, Hall A").waitFor();
      expect(await card.getByRole("row").filter({ hasText: "BBA-102" }).count()).toBe(0);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(".admit-card__qr img");
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      await check(page, `admit card, ${viewport.width}`, found, overflows);
      await keepShot(page, `exams-admit-card-${viewport.width}.png`);

      await page.getByRole("link", { name: "Back to Exams" }).click();
      await page.getByRole("link", { name: "Marksheet" }).click();
      const sheet = page.getByRole("article", { name: "Statement of marks" });
      await sheet.getByRole("row").filter({ hasText: HELD }).waitFor();
      await sheet.getByText("42 / 50").waitFor();
      await sheet.getByText("84%").first().waitFor();
      await check(page, `marksheet, ${viewport.width}`, found, overflows);
      await keepShot(page, `exams-marksheet-${viewport.width}.png`);
      expect(problems).toEqual([]);
      await context.close();
    }
    expect(found).toEqual({});
    expect(overflows).toEqual([]);

    // Printing, on a desktop: the admit card alone on one A4 page; the marksheet alone on A4.
    const { page, context, problems } = await newPage(browser, server, DESKTOP);
    await signIn(page, server, "student");
    await page.goto("/student/exams/admit-card");
    const card = page.getByRole("article", { name: "Admit card (hall ticket)" });
    await card.getByText("Priya Sharma").waitFor();
    const verifyText = (await card.locator(".admit-card__verify").textContent()) ?? "";
    const verifyUrl = /(https?:\/\/\S+\/verify\/admit\/[A-Za-z0-9_-]{40,})/.exec(verifyText)?.[1];
    expect(verifyUrl).toBeTruthy();
    await page.emulateMedia({ media: "print" });
    expect(await printedLayout(page, ".admit-card")).toEqual({
      sidebar: "hidden",
      topbar: "hidden",
      heading: "hidden",
      back: "hidden",
      sheet: "visible",
      outside: 0,
    });
    await keepShot(page, "exams-admit-card-print.png");
    const cardPages = await pdfPages(page);
    expect(cardPages).toHaveLength(1);
    expect(Math.abs(cardPages[0]![0] - 595.3)).toBeLessThan(1);
    expect(Math.abs(cardPages[0]![1] - 841.9)).toBeLessThan(1);
    await page.emulateMedia({ media: "screen" });

    await page.goto("/student/exams/marksheet");
    await page.getByRole("article", { name: "Statement of marks" }).getByText("42 / 50").waitFor();
    await page.emulateMedia({ media: "print" });
    expect(await printedLayout(page, ".marksheet")).toMatchObject({ sheet: "visible", sidebar: "hidden", heading: "hidden", outside: 0 });
    const sheetPages = await pdfPages(page);
    expect(sheetPages.length).toBeGreaterThan(0);
    for (const [w, h] of sheetPages) expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
    await page.emulateMedia({ media: "screen" });
    expect(problems).toEqual([]);
    await context.close();

    // The QR code's address, opened by a guest on a phone.
    const guest = await newPage(browser, server, PHONE_390);
    await guest.page.goto(new URL(verifyUrl!).pathname);
    await guest.page.getByText("Valid admit card").waitFor();
    await guest.page.getByText("Priya Sharma").waitFor();
    await guest.page.getByText(server.student.studentId, { exact: true }).waitFor();
    await guest.page
      .getByRole("region", { name: "Exams on this card" })
      .getByText(/Principles of Management/)
      .waitFor();
    expect(await guest.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await check(guest.page, "admit card verification, 390", found, overflows);
    await keepShot(guest.page, "exams-verify-390.png");
    // A made-up code is not a card.
    await guest.page.goto("/verify/admit/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await guest.page.getByText("This admit card could not be verified").waitFor();
    expect(found).toEqual({});
    expect(overflows).toEqual([]);
    expect(guest.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await guest.context.close();
  });

  test("moving the students on a term keeps the exam announced for the old term theirs; the dialog says so first (QA3 2)", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const overflows: string[] = [];
    const office = await newPage(browser, server, DESKTOP);
    await signIn(office.page, server, "admin");
    await office.page.goto("/admin/courses");
    await office.page.getByRole("button", { name: "Move students to next term" }).click();
    const move = office.page.getByRole("dialog", { name: "Move students to another term" });
    await move.getByText("1 exam of Year 1's subjects is still to come: it stays theirs (admit card, marks and results).").waitFor();
    await check(office.page, "move dialog, 1280", found, overflows);
    await move.getByRole("button", { name: "Move 1 student" }).click();
    await office.page.locator(".ui-toasts__list").getByText(/moved/).waitFor();
    await office.page.goto("/admin/exams");
    await office.page.getByRole("row").filter({ hasText: AHEAD }).getByText("0 of 1 entered").waitFor();
    expect(office.problems).toEqual([]);
    await office.context.close();

    // The student, now in Year 2, still has the exam and an admit card for it.
    const { page, context, problems } = await newPage(browser, server, PHONE_390);
    await signIn(page, server, "student");
    await page.goto("/student/exams");
    await page.getByRole("listitem").filter({ hasText: AHEAD }).getByText("Principles of Management").waitFor();
    await page.getByRole("link", { name: "Admit card" }).click();
    const card = page.getByRole("article", { name: "Admit card (hall ticket)" });
    // Headed by its paper's term, not the student's new one (walk 32a: "Year 2 examinations" over a Year 1 paper).
    await card.getByText("Year 1 examinations").waitFor();
    await card.getByRole("row").filter({ hasText: "BBA-101" }).getByText("Pune study centre, Hall A").waitFor();
    await check(page, "admit card after the move, 390", found, overflows);
    expect(problems).toEqual([]);
    await context.close();
    expect(found).toEqual({});
    expect(overflows).toEqual([]);
  });
});
