/**
 * The office's fee reports (issue 19) against the real server. The test raises two instalments for the demo
 * student (one overdue, one due later) and a cash payment with its receipt issued today, straight in the
 * server's SQLite file (a second connection; the database is in WAL mode). The administrator finds the student
 * on the Dues tab (overdue, with what is owed), reminds them (an e-mail and a portal notification listing what
 * is due), tries "Remind all overdue" (the student reminded today is skipped), and the student reads the
 * reminder in their notifications. On the Collections tab the day's money shows by day, programme and mode,
 * and the range's receipts download as CSV. Every screen is checked with axe, and for sideways scrolling, at
 * 390 px and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { financialYear } from "../../src/server/features/fees/ledger.ts";
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
} from "./harness.ts";

let server: RunningServer;
let browser: Browser;
let studentName = "";
const DAY = 86_400_000;
/** Today in India, and a day some days from it. */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
const dayFrom = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const RECEIPT = `RCP/${financialYear(today)}/000001`;
const dbFile = () => path.join(server.dataDir, "institute.db");

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The demo student's term 1: ₹12,500 due 20 days ago (overdue; outside the automatic reminders' windows, so
  // the server's hourly job stays quiet) and ₹9,000 due in 60 days, of which ₹4,000 was paid in cash today.
  const db = new Database(dbFile());
  try {
    db.pragma("busy_timeout = 5000");
    const student = db.prepare("select id, name, programme_id from users where student_id = ?").get(server.student.studentId) as {
      id: number;
      name: string;
      programme_id: number;
    };
    studentName = student.name;
    const at = new Date().toISOString();
    const raise = db.prepare(
      "insert into fee_instalments (user_id, programme_id, term, number, amount_paise, due_on, late_fee_paise, grace_days, created_at) values (?, ?, 1, ?, ?, ?, 0, 0, ?) returning id",
    );
    raise.get(student.id, student.programme_id, 1, 12_500_00, dayFrom(-20), at);
    const second = raise.get(student.id, student.programme_id, 2, 9_000_00, dayFrom(60), at) as { id: number };
    const payment = db
      .prepare(
        "insert into fee_payments (instalment_id, user_id, amount_paise, mode, paid_on, status, created_at, decided_at) values (?, ?, ?, 'cash', ?, 'confirmed', ?, ?) returning id",
      )
      // Paid yesterday, entered today: the receipt is issued today (counted by the day paid, it is yesterday's).
      .get(second.id, student.id, 4_000_00, dayFrom(-1), at, at) as { id: number };
    const fy = financialYear(today);
    db.prepare(
      "insert into fee_receipts (payment_id, user_id, financial_year, sequence, number, amount_paise, late_fee_paise, mode, issued_on, issued_at) values (?, ?, ?, 1, ?, ?, 0, 'cash', ?, ?)",
    ).run(payment.id, student.id, fy, RECEIPT, 4_000_00, today, at);
    db.prepare("insert into sequences (name, value) values (?, 1)").run(`receipt:${fy}`);
  } finally {
    db.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function check(page: Page, label: string, found: Record<string, AxeFinding[] | number>) {
  await settle(page);
  const findings = await axeFindings(page);
  if (findings.length) found[label] = findings;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found[`${label}: scrolls sideways by`] = overflow;
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

describe("the fee reports (issue 19)", () => {
  test("the dues list with a reminder the student reads, and the day's collections with their CSV", async () => {
    const found: Record<string, AxeFinding[] | number> = {};

    // At the office desk: the student owes ₹17,500, ₹12,500 of it overdue.
    const office = await newPage(browser, server, DESKTOP);
    await signIn(office.page, server, "admin");
    await office.page.goto("/admin/fees?tab=dues");
    const dues = office.page.getByRole("table", { name: "Students who owe fees, overdue first" });
    const row = dues.getByRole("row").filter({ hasText: server.student.studentId });
    await row.getByText("₹17,500").waitFor();
    await row.getByText("₹12,500 overdue").waitFor();
    await row.getByText("Overdue", { exact: true }).waitFor();
    await row.getByText("Never").waitFor();
    await office.page.getByRole("group", { name: "Of which overdue" }).getByText("₹12,500").waitFor();
    await row.getByText("2 instalments").click();
    await row
      .getByRole("list", { name: "What is owed" })
      .getByText(/^Year 1 · Instalment 1: ₹12,500, due /)
      .waitFor();
    await check(office.page, "dues 1280", found);
    // The row fits its card at 1280: Remind is not cut off (sixth walk: the table was 972 px in 943).
    const [tableWidth, cardWidth] = await dues.evaluate((t) => [t.scrollWidth, (t.closest(".ui-table-wrap") as HTMLElement).clientWidth]);
    expect(tableWidth).toBeLessThanOrEqual(cardWidth!);

    // Reminded now: the office is told, and the row shows when.
    await row.getByRole("button", { name: `Remind ${studentName}` }).click();
    await office.page.getByText(`A reminder of ₹17,500 went to ${studentName} by e-mail and in the portal.`).waitFor();
    await row.getByText("Never").waitFor({ state: "detached" });

    // Everyone overdue: asked first; the student reminded today already is skipped.
    await office.page.getByRole("button", { name: "Remind all overdue" }).click();
    const dialog = office.page.getByRole("dialog", { name: "Remind every student with overdue fees?" });
    await dialog.getByText(/The 1 student in this list with something overdue/).waitFor();
    await check(office.page, "remind all dialog 1280", found);
    await dialog.getByRole("button", { name: "Send reminders" }).click();
    await office.page
      .getByText("Nobody was reminded: the 1 student with something overdue was reminded today already, or is inactive.")
      .waitFor();

    // The dues as a CSV file, as the list shows them (walk 32a: a year-end statement of who owes what).
    const [duesFile] = await Promise.all([
      office.page.waitForEvent("download"),
      office.page.getByRole("button", { name: "Download dues (CSV)" }).click(),
    ]);
    expect(duesFile.suggestedFilename()).toMatch(/^fee-dues-\d{4}-\d{2}-\d{2}\.csv$/);
    const duesLines = readFileSync((await duesFile.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(duesLines[0]).toBe(
      "Student ID,Student name,Programme,Terms,Instalments owed,Outstanding (INR),Of which overdue (INR),Oldest due on,Standing,Account",
    );
    expect(duesLines.slice(1).filter((l) => l.startsWith(`${server.student.studentId},`))).toEqual([
      expect.stringMatching(/,Year 1,2,17500\.00,12500\.00,\d{4}-\d{2}-\d{2},Overdue,Active$/),
    ]);

    // The filters: nobody is due soon.
    await office.page.getByRole("combobox", { name: "Which dues" }).selectOption("soon");
    await office.page.getByText("No students match").waitFor();
    await check(office.page, "dues filtered 1280", found);

    // On a phone: the list as stacked cards.
    const phone = await newPage(browser, server, PHONE_390);
    await signIn(phone.page, server, "admin");
    await phone.page.goto("/admin/fees?tab=dues");
    await phone.page.getByRole("table", { name: "Students who owe fees, overdue first" }).getByText(server.student.studentId).waitFor();
    await check(phone.page, "dues 390", found);

    // The e-mail went out in the student's language, with the link to their fees.
    const db = new Database(dbFile(), { readonly: true });
    try {
      const mail = db
        .prepare("select subject, text_body from email_outbox where to_address = ? and template = 'student_alert' order by id desc")
        .get(server.student.email) as { subject: string; text_body: string };
      expect(mail.subject).toBe("Fee overdue: ₹12,500 to pay");
      expect(mail.text_body).toContain("BBA · Year 1 · Instalment 1: ₹12,500, was due on");
      expect(mail.text_body).toContain("BBA · Year 1 · Instalment 2: ₹5,000, due on");
      expect(mail.text_body).toContain("/student/fees");
    } finally {
      db.close();
    }

    // The student reads it in the portal.
    const student = await newPage(browser, server, PHONE_390);
    await signIn(student.page, server, "student");
    await student.page.goto("/student/notifications");
    const notifications = student.page.getByRole("list", { name: "Your notifications" });
    await notifications.getByRole("heading", { name: "Fee overdue: ₹12,500 to pay" }).waitFor();
    await notifications
      .getByText(/In all: ₹17,500\./)
      .first()
      .waitFor();
    await check(student.page, "student notifications 390", found);

    // Collections: this month so far has today's ₹4,000 in cash.
    await tab(office.page, "Collections").click();
    await office.page.getByRole("group", { name: "Collected" }).getByText("₹4,000").waitFor();
    await office.page.getByRole("table", { name: "By mode" }).getByRole("row").filter({ hasText: "Cash" }).getByText("₹4,000").waitFor();
    await office.page.getByRole("table", { name: "By programme" }).getByText("BBA").waitFor();
    expect(await office.page.getByRole("button", { name: "This month" }).getAttribute("aria-pressed")).toBe("true");
    await check(office.page, "collections 1280", found);
    // The month's figures stay on screen while today's load (keepPreviousData), and the CSV is named by the
    // range of the figures shown: wait for today's answer before downloading.
    await Promise.all([
      office.page.waitForResponse((r) => r.url().includes("feeReports.collections") && decodeURIComponent(r.url()).includes(today)),
      office.page.getByRole("button", { name: "Today" }).click(),
    ]);
    await office.page.waitForURL(`**/admin/fees?tab=collections&from=${today}&to=${today}`);
    await office.page.getByRole("table", { name: "By day" }).getByRole("row").nth(1).getByText("₹4,000").waitFor();

    const [download] = await Promise.all([
      office.page.waitForEvent("download"),
      office.page.getByRole("button", { name: "Download receipts (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`fee-receipts-${today}-to-${today}.csv`);
    await office.page.getByText(`fee-receipts-${today}-to-${today}.csv is downloaded.`).waitFor();
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Receipt number,Issued on,Student ID,Student name,Programme,Term,Instalment,Mode,Reference,Paid on,Amount (INR),Of which late fee (INR),Status,Cancelled on,Cancellation reason",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${RECEIPT},${today},${server.student.studentId},`);
    expect(lines[1]).toContain(",Cash,,");
    expect(lines[1]).toContain(`,Cash,,${dayFrom(-1)},4000.00,0.00,Valid,,`);

    // Counted by the day the money was paid (stop 62, walk 32a's ask): today has nothing, yesterday the ₹4,000.
    await office.page.getByLabel("Count each receipt on").selectOption("paid");
    await office.page.waitForURL(`**/admin/fees?tab=collections&from=${today}&to=${today}&by=paid`);
    await office.page.getByText("Nothing collected in these days").waitFor();
    await office.page.getByText(/for money paid between/).waitFor();
    await office.page.goto(`/admin/fees?tab=collections&from=${dayFrom(-1)}&to=${dayFrom(-1)}&by=paid`);
    await office.page.getByRole("group", { name: "Collected" }).getByText("₹4,000").waitFor();
    expect(await office.page.getByLabel("Count each receipt on").inputValue()).toBe("paid");
    await check(office.page, "collections by day paid 1280", found);

    await phone.page.goto(`/admin/fees?tab=collections&from=${dayFrom(-40)}&to=${today}`);
    await phone.page.getByRole("group", { name: "Collected" }).getByText("₹4,000").waitFor();
    await check(phone.page, "collections 390", found);

    // The dashboard's fees at a glance agree, on a phone; its figure opens the collections (stop 48).
    await phone.page.goto("/admin/dashboard");
    const fees = phone.page.getByRole("region", { name: "Fees" });
    await fees.getByRole("group", { name: "Collected this month" }).getByText("₹4,000", { exact: true }).waitFor();
    await fees
      .getByRole("group", { name: "Outstanding" })
      .getByText(/overdue, from 1 student$/)
      .waitFor();
    await check(phone.page, "dashboard 390", found);
    await fees.getByRole("link", { name: /Collected this month/ }).click();
    await phone.page.waitForURL("**/admin/fees?tab=collections");
    await phone.page.getByRole("group", { name: "Collected" }).getByText("₹4,000").waitFor();

    // The activity log tells who reminded and who exported.
    await office.page.goto("/admin/activity");
    await settle(office.page);
    await office.page.getByText(`Reminded ${server.student.studentId} of fees of ₹17,500`).waitFor();
    await office.page.getByText(/^Exported 1 fee receipt issued from /).waitFor();

    expect(found).toEqual({});
    expect(office.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    expect(student.problems).toEqual([]);
  });
});
