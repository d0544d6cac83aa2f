/**
 * Fee plans (issue 19) against the real server: the administrator sets BBA's plan, raises term 1's fees for the
 * demo student's programme, gives the demo student a scholarship with its reason, and in Fee settings sets the
 * UPI ID and "admit card only when fees are clear"; with an exam scheduled for the term, the demo student's
 * admit card page then says the card comes once the fees are clear, with what is still to pay. Every
 * screen is checked with axe and for sideways scrolling at 390 px and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import {
  type AxeFinding,
  axeFindings,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE_390,
  type RunningServer,
  settle,
  signIn,
  startServer,
  waitOrExplain,
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

async function check(page: Page, label: string, found: Record<string, AxeFinding[] | number>) {
  await settle(page);
  const findings = await axeFindings(page);
  if (findings.length) found[label] = findings;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found[`${label}: scrolls sideways by`] = overflow;
}

/** The same screen at 390 px and back at 1280 px. */
async function checkBoth(page: Page, label: string, found: Record<string, AxeFinding[] | number>) {
  await check(page, `${label} 1280`, found);
  await page.setViewportSize(PHONE_390);
  await check(page, `${label} 390`, found);
  await page.setViewportSize(DESKTOP);
}

const toast = (page: Page, text: string | RegExp) => waitOrExplain(page.locator(".ui-toasts__list").getByText(text));

describe("fee plans, raising fees, concessions and the admit card rule (issue 19)", () => {
  test("the administrator plans and raises BBA's fees, gives a scholarship and sets the fee settings; the student's admit card waits for the fees", async () => {
    const found: Record<string, AxeFinding[] | number> = {};
    const office = await newPage(browser, server, DESKTOP);
    const { page } = office;
    await signIn(page, server, "admin");

    // BBA's plan: the second instalment 90 days after the start, ₹250 late after 7 days' grace.
    await page.goto("/admin/fees?tab=plans");
    // All eight tabs in one row at 1280 px beside the sidebar, none cut (walk 33c: "Fee sett…").
    const tabs = page.getByRole("tablist").first();
    await tabs.getByRole("tab", { name: "Fee settings" }).waitFor();
    expect(await tabs.evaluate((row) => row.scrollWidth - row.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole("searchbox", { name: "Search programmes" }).fill("BBA");
    const bba = page.getByRole("row").filter({ has: page.getByText("BBA", { exact: true }) });
    await bba.getByText("Default").waitFor();
    await checkBoth(page, "fee plans", found);
    await bba.getByRole("button", { name: "Edit plan for BBA" }).click();
    const plan = page.getByRole("dialog", { name: "Fee plan: BBA" });
    await plan.getByLabel(/^Instalment 2: days after the start/).fill("0");
    await plan.getByRole("button", { name: "Save plan" }).click();
    await plan.getByText("The due days must go up: each instalment falls due after the one before.").waitFor();
    await check(page, "fee plan dialog with an error, 1280", found);
    await plan.getByLabel(/^Instalment 2: days after the start/).fill("90");
    await plan.getByLabel(/^Late fee/).fill("250");
    await plan.getByLabel(/^Grace days/).fill("7");
    await plan.getByRole("button", { name: "Save plan" }).click();
    await toast(page, "The fee plan of BBA is saved. Fees already raised keep their dates.");
    await bba.getByText("Saved").waitFor();
    await bba.getByText("₹250 after 7 days' grace").waitFor();

    // Raise term 1 (the demo student's) from today.
    await bba.getByRole("button", { name: "Raise fees for BBA" }).click();
    const raise = page.getByRole("dialog", { name: "Raise fees: BBA" });
    await raise.getByLabel(/^Term/).selectOption({ label: "Year 1" });
    await raise.getByLabel(/^The term starts on/).fill(dayFromToday(0));
    await raise.getByText("1 active student in this term.").waitFor();
    await raise.getByText(/^Instalment 1: ₹9,000, due/).waitFor();
    await check(page, "raise dialog, 1280", found);
    await raise.getByRole("button", { name: "Raise fees for 1 student" }).click();
    await toast(page, "Fees raised for 1 student of BBA, Year 1.");
    // Raising again charges nobody twice.
    await bba.getByRole("button", { name: "Raise fees for BBA" }).click();
    await raise.getByText(/1 already has these instalments/).waitFor();
    expect(await raise.getByRole("button", { name: "Nobody to raise fees for" }).isDisabled()).toBe(true);
    await raise.getByRole("button", { name: "Cancel" }).click();

    // A scholarship against the first instalment, with its reason.
    await page.getByRole("tab", { name: "Concessions" }).click();
    await page.getByText("No concessions yet").waitFor();
    await page.getByLabel(/^Student ID or name/).fill(server.student.studentId);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    const ledger = page.getByRole("table", { name: "Priya Sharma's instalments" });
    await ledger.getByText("BBA · Year 1 · Instalment 1").waitFor();
    await checkBoth(page, "concessions with the student's instalments", found);
    await ledger.getByRole("button", { name: "Give concession on BBA · Year 1 · Instalment 1" }).click();
    const give = page.getByRole("dialog", { name: "Concession on BBA · Year 1 · Instalment 1" });
    await give.getByLabel(/^Kind/).selectOption("scholarship");
    await give.getByLabel(/^Amount/).fill("9000.01");
    await give.getByRole("button", { name: "Give concession" }).click();
    await give
      .getByText("The concession can be at most ₹9,000: what is still to pay on this instalment, not counting a late fee.")
      .waitFor();
    await give.getByText("Give the reason for the concession (it is kept with the record).").waitFor();
    await check(page, "concession dialog with errors, 1280", found);
    await give.getByLabel(/^Amount/).fill("1000");
    await give.getByLabel(/^Reason/).fill("Merit scholarship 2026");
    // A double click after a refusal gives it once (QA3 1: two concessions were stored, and two exams scheduled).
    const gifts: string[] = [];
    page.on("request", (request) => gifts.push(...(request.url().match(/feePlans\.giveConcession/g) ?? [])));
    // (two clicks in one task: the fastest double click or double Enter, before any render can show it busy)
    await give.getByRole("button", { name: "Give concession" }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await toast(page, "Scholarship of ₹1,000 given to Priya Sharma.");
    expect(gifts).toHaveLength(1);
    const given = page.getByRole("table", { name: "Concessions given" }).getByRole("row").filter({ hasText: "Merit scholarship 2026" });
    await given.getByText("by Admin", { exact: false }).waitFor();
    await ledger.getByText("Scholarship ₹1,000").waitFor();
    await checkBoth(page, "concessions given", found);
    // The list downloads as CSV for the accountant's year-end file (stop 61's left item).
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download concessions (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fee-concessions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvRows = readFileSync((await download.path())!, "utf8")
      .trim()
      .split(/\r?\n/);
    expect(csvRows).toHaveLength(2);
    expect(csvRows[1]).toContain(",Scholarship,1000.00,Merit scholarship 2026,");
    expect(csvRows[1]).toContain(",In force,");

    // The fee settings: the UPI ID and the admit card rule.
    await page.getByRole("tab", { name: "Fee settings" }).click();
    await page.getByLabel(/^UPI ID \(VPA\)/).fill("institute");
    await page.getByRole("button", { name: "Save fee settings" }).click();
    await page.getByText("Enter the UPI ID (VPA) like institute@okaxis, or leave it blank.").waitFor();
    await page.getByLabel(/^UPI ID \(VPA\)/).fill("institute@okaxis");
    await page.getByLabel(/^Payee name/).fill("Institute of Distance Education");
    await page.getByRole("checkbox", { name: "Admit card only when fees are clear" }).check();
    await checkBoth(page, "fee settings", found);
    await page.getByRole("button", { name: "Save fee settings" }).click();
    await toast(page, "The fee settings are saved.");

    // The activity log reads the plan as saved: the first instalment on the term's first day (day 0).
    await page.goto("/admin/activity");
    await settle(page);
    await page
      .getByText("Saved the fee plan of BBA: due the day the term starts and 90 days after, late fee ₹250 after 7 days' grace")
      .waitFor();

    // An exam of the term, so that the admit card would exist.
    await page.goto("/admin/exams");
    await page.getByRole("heading", { level: 1, name: "Exams" }).waitFor();
    await page.getByRole("button", { name: "Schedule exam" }).first().click();
    const exam = page.getByRole("dialog", { name: "Schedule exam" });
    await exam.getByLabel(/^Subject/).selectOption({ label: "BBA-101 Principles of Management (BBA, Year 1)" });
    await exam.getByLabel(/^Title/).fill("Term-end examination");
    await exam.getByLabel(/^Date/).fill(dayFromToday(10));
    await exam.getByLabel(/^Starts at/).fill("10:00");
    await exam.getByLabel(/^Exam centre/).fill("Pune study centre, Hall A");
    await exam.getByRole("button", { name: "Schedule", exact: true }).click();
    await toast(page, "Term-end examination is scheduled.");

    // The student: the admit card waits for the term's fees (₹18,000 less the ₹1,000 scholarship).
    const student = await newPage(browser, server, PHONE_390);
    await signIn(student.page, server, "student");
    await student.page.goto("/student/exams");
    await student.page.getByText("Term-end examination").first().waitFor();
    await student.page.getByRole("link", { name: "Admit card" }).click();
    const blocked = student.page.getByText(
      "Your admit card will be available once your fees are clear: every instalment raised, including any not yet due. Still to pay: ₹17,000.",
    );
    await blocked.waitFor();
    expect(await student.page.locator(".admit-card").count()).toBe(0);
    // Which instalments hold it, with their days, and where to pay; no Print over nothing to print (walk 33c).
    await student.page.getByText(/^Year 1 · Instalment 1: ₹/).waitFor();
    expect(await student.page.getByRole("button", { name: /Print/ }).count()).toBe(0);
    await student.page.getByRole("link", { name: "Pay on your Fees page (by UPI), or at the office" }).click();
    await student.page.waitForURL("**/student/fees");
    await student.page.goBack();
    await blocked.waitFor();
    await check(student.page, "admit card held back 390", found);
    await student.page.setViewportSize(DESKTOP);
    await check(student.page, "admit card held back 1280", found);

    expect(found).toEqual({});
    expect(office.problems).toEqual([]);
    expect(student.problems).toEqual([]);
  });

  test("a student added after BBA's Year 1 was raised: the banner says to raise it again, and its link leads to raising them alone (stop 53)", async () => {
    const found: Record<string, AxeFinding[] | number> = {};
    const office = await newPage(browser, server, PHONE_390);
    const { page } = office;
    await signIn(page, server, "admin");
    await page.goto("/admin/students");
    await page.getByRole("button", { name: "Add Student" }).click();
    const form = page.getByRole("dialog", { name: "Add Student" });
    await form.getByLabel("Full name").fill("Kiran Late");
    await form.getByLabel("Email").first().fill("kiran.late@example.com");
    await form.getByLabel("Mobile").fill("+91 98200 54321");
    await form.getByLabel("Course/Standard").selectOption("BBA");
    await form.getByRole("button", { name: "Add Student" }).click();
    await page.getByText(/^The fees of BBA, Year 1, were raised before this student joined/).waitFor();
    await check(page, "students with the raise-again banner 390", found);
    await page.getByRole("link", { name: "Open Fee plans" }).click();
    await page.getByRole("button", { name: "Raise fees for BBA" }).click();
    const raise = page.getByRole("dialog", { name: "Raise fees: BBA" });
    await raise.getByLabel(/^Term/).selectOption({ label: "Year 1" });
    await raise.getByLabel(/^The term starts on/).fill(dayFromToday(0));
    await raise.getByText(/1 already has these instalments/).waitFor();
    await raise.getByRole("button", { name: "Raise fees for 1 student" }).click();
    await toast(page, /^Fees raised for 1 student of BBA, Year 1\./);
    expect(found).toEqual({});
    expect(office.problems).toEqual([]);
  });
});
