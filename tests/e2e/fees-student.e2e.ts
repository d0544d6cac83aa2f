/**
 * The student's fees (issue 19) against the real server: the office sets the institute's UPI address
 * (tRPC feePlans.saveSettings) and an instalment is raised for the demo student (written straight into the
 * server's database file: WAL lets a second connection write); the student opens /student/fees on a phone,
 * sees the instalment, opens Pay by UPI (the exact amount, the QR code, the upi:// link), reports the UTR
 * with a screenshot (a progress bar while it uploads) and sees it waiting for the office; the office
 * confirms it (tRPC feeDesk.confirm); the student gets the receipt by e-mail, sees it on the page and prints
 * it (emulated print media: the receipt alone on one A4 page). Every screen is checked with axe and for
 * sideways scrolling at 390 px and 1280 px.
 */

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import {
  type AxeFinding,
  axeFindings,
  DESKTOP,
  fromOutbox,
  keepShot,
  launchBrowser,
  newPage,
  PHONE,
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
  // On a phone every row card's buttons take the card's width, the last card's too (walk 15b: a rule for the last
  // row squeezed them into the label column). A wide table's actions cell is not a grid at all.
  const squeezed = await page.$$eval(
    ".ui-table__cell--actions",
    (cells) =>
      cells.filter((c) => getComputedStyle(c).display === "grid" && getComputedStyle(c).gridTemplateColumns.trim().split(/\s+/).length > 1)
        .length,
  );
  if (squeezed > 0) overflows.push(`${label}: ${squeezed} row cards' buttons in two columns`);
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(server.admin),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A tRPC call as another client of the API would make it (no transformer: plain JSON). */
async function trpc<T>(token: string, kind: "query" | "mutation", procedure: string, input: unknown): Promise<T> {
  const url =
    kind === "query"
      ? `${server.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`
      : `${server.url}/api/trpc/${procedure}`;
  const res = await fetch(url, {
    method: kind === "query" ? "GET" : "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    ...(kind === "mutation" ? { body: JSON.stringify(input) } : {}),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!res.ok || !body.result) throw new Error(`${procedure}: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data;
}

/** What print shows: whether the portal's parts are hidden and nothing lies outside the receipt. */
async function printedLayout(page: Page) {
  return page.evaluate(() => {
    const shown = (s: string) => {
      const el = document.querySelector(s);
      if (!el) return "missing";
      const box = el.getBoundingClientRect();
      return getComputedStyle(el).display !== "none" && box.width > 0 && box.height > 0 ? "visible" : "hidden";
    };
    return {
      sidebar: shown(".portal-sidebar"),
      topbar: shown(".portal-topbar"),
      heading: shown(".fees-print-page h1"),
      back: shown(".fees-back"),
      receipt: shown(".fee-receipt"),
      outside: [...document.body.querySelectorAll("*")].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !el.closest(".fee-receipt") && !el.querySelector(".fee-receipt");
      }).length,
    };
  });
}

/** The PDF's pages (width × height in points): A4 is 595.3 × 841.9. */
async function pdfPages(page: Page) {
  const pdf = new TextDecoder("latin1").decode(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  return [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
}

const VPA = "institute@okaxis";
const UTR = "402156789012";
const AMOUNT = 12_500_50; // ₹12,500.50, due 20 days ago: with its late fee of ₹250, ₹12,750.50 to pay
const DUE = AMOUNT + 250_00;

describe("the student's fees: paying by UPI and the receipt (issue 19)", () => {
  test("a phone: the instalment, Pay by UPI (QR and link), the UTR with a screenshot, the office confirms, the receipt prints on A4", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const overflows: string[] = [];

    // The office's side, through the API: the institute's UPI address, then one instalment for the demo student.
    const admin = await adminToken();
    await trpc(admin, "mutation", "feePlans.saveSettings", {
      upiVpa: VPA,
      upiPayeeName: "Institute of Distance Education",
      admitCardNeedsFeesClear: false,
      remindDaysBefore: 3,
      remindDaysAfter: 7,
    });
    const db = new Database(path.join(server.dataDir, "institute.db"));
    db.exec("PRAGMA busy_timeout = 5000");
    const student = db.query("select id, programme_id, current_term from users where student_id = ?").get(server.student.studentId) as {
      id: number;
      programme_id: number;
      current_term: number;
    };
    const inserted = db
      .query(
        `insert into fee_instalments (user_id, programme_id, term, number, amount_paise, due_on, late_fee_paise, grace_days, created_at)
         values (?, ?, ?, 1, ?, ?, 25000, 5, ?) returning id`,
      )
      .get(student.id, student.programme_id, student.current_term, AMOUNT, dayFromToday(-20), new Date().toISOString()) as { id: number };
    const instalmentId = inserted.id;
    db.close();
    expect(instalmentId).toBeGreaterThan(0);

    // The student, on a phone.
    const { page, context, problems } = await newPage(browser, server, PHONE_390);
    await signIn(page, server, "student");
    await page.goto("/student/fees");
    await page.getByRole("heading", { level: 1, name: "Fees" }).waitFor();
    const instalments = page.getByRole("table", { name: "Your instalments" });
    const row = instalments.getByRole("row").filter({ hasText: "Instalment 1" });
    await row.getByText("Overdue", { exact: true }).waitFor();
    await row.getByText("₹12,750.50").first().waitFor();
    await page.getByRole("group", { name: "Total still to pay" }).getByText("₹12,750.50").waitFor();
    await check(page, "fees, 390", found, overflows);
    await keepShot(page, "fees-student-390.png");

    // Pay by UPI: the exact amount, the QR code and the link any UPI app opens.
    await row.getByRole("button", { name: /^Pay by UPI/ }).click();
    const dialog = page.getByRole("dialog", { name: "Pay by UPI" });
    await dialog.getByText("₹12,750.50").waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".fee-pay__qr img");
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(await dialog.getByRole("img", { name: "QR code to pay ₹12,750.50 by UPI" }).isVisible()).toBe(true);
    const link = (await dialog.getByRole("link", { name: "Open in a UPI app" }).getAttribute("href")) ?? "";
    const reference = `FEE-${server.student.studentId}-I${instalmentId}`;
    expect(link).toBe(`upi://pay?pa=${VPA}&pn=Institute%20of%20Distance%20Education&am=12750.50&cu=INR&tn=${reference}&tr=${reference}`);
    await dialog.getByText(reference).waitFor();
    await check(page, "pay dialog, 390", found, overflows);
    await keepShot(page, "fees-pay-dialog-390.png");

    // The form's own rule first, then the UTR, the day and a screenshot (slowed down, so its progress shows).
    await dialog.getByLabel(/^UTR/).fill("12345");
    await dialog.getByRole("button", { name: "Send to the office" }).click();
    await dialog.getByText("Enter the 12-digit UTR (UPI reference) your app shows after paying.").waitFor();
    await check(page, "pay dialog with an error, 390", found, overflows);
    await dialog.getByLabel(/^UTR/).fill(UTR);
    expect(await dialog.getByLabel(/^Day you paid/).inputValue()).toBe(dayFromToday(0));
    const noise = Buffer.from(Array.from({ length: 360 * 360 * 3 }, () => Math.floor(Math.random() * 256)));
    const png = await sharp(noise, { raw: { width: 360, height: 360, channels: 3 } })
      .png()
      .toBuffer();
    await dialog.getByLabel(/^Screenshot/).setInputFiles({ name: "upi-paid.png", mimeType: "image/png", buffer: png });
    await page.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await dialog.getByRole("button", { name: "Send to the office" }).click();
    await page
      .locator(".ui-toasts__list")
      .getByText(/the office will check your payment against the bank statement/)
      .waitFor();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    await dialog.waitFor({ state: "hidden" });
    await row.getByText("Waiting for the office").waitFor();
    // Its Pay button, the dialog's opener, is gone: focus is on the instalment's new state (QA2 3).
    await page.waitForFunction(() => document.activeElement?.textContent === "Waiting for the office");
    const reported = page.getByRole("region", { name: "UPI payments you reported" });
    await reported.getByText(new RegExp(`UTR ${UTR}`)).waitFor();
    await check(page, "fees with a transfer waiting, 390", found, overflows);
    await keepShot(page, "fees-waiting-390.png");

    // The people who confirm payments are told (third QA walk, 5): the notification opens the fee desk's To confirm tab.
    const office = await newPage(browser, server, DESKTOP);
    await signIn(office.page, server, "admin");
    // Fee notifications have their own type (stop 39): the Type filter shows them alone.
    await office.page.goto("/admin/notifications?type=payment");
    expect(await office.page.getByRole("combobox", { name: "Type" }).inputValue()).toBe("payment");
    const item = office.page.getByRole("listitem").filter({ hasText: "UPI payment to confirm: Priya Sharma" });
    await item.getByText("Payment", { exact: true }).waitFor();
    await item.getByRole("button", { name: "Unread: UPI payment to confirm: Priya Sharma" }).click();
    const told = office.page.getByRole("dialog", { name: "UPI payment to confirm: Priya Sharma" });
    await told.getByText(new RegExp(`reported paying ₹12,750.50 by UPI, UTR ${UTR}`)).waitFor();
    await told.getByRole("link", { name: "Open Fees → To confirm" }).click();
    await office.page.waitForURL("**/admin/fees?tab=confirm");
    await office.page.getByRole("table", { name: "UPI payments waiting to be confirmed" }).getByText(UTR).waitFor();
    expect(office.problems).toEqual([]);
    await office.context.close();

    // The office finds it in its bank statement and confirms it.
    const since = Date.now();
    const pending = await trpc<{ payments: { id: number; reference: string; amount: number; screenshotUrl: string | null }[] }>(
      admin,
      "query",
      "feeDesk.pending",
      { page: 1, limit: 10, search: UTR },
    );
    expect(pending.payments).toHaveLength(1);
    expect(pending.payments[0]).toMatchObject({ reference: UTR, amount: DUE });
    expect(pending.payments[0]!.screenshotUrl).toBeTruthy();
    const { receipt } = await trpc<{ receipt: { id: number; number: string } }>(admin, "mutation", "feeDesk.confirm", {
      id: pending.payments[0]!.id,
    });
    expect(receipt.number).toMatch(/^RCP\/\d{4}-\d{2}\/000001$/);
    // The receipt e-mail, with its number and a link to it in the portal.
    const mailed = await fromOutbox(server, { to: server.student.email, subject: /Your fee receipt/, since }, (text) =>
      text.includes(receipt.number) && text.includes(`/student/fees/receipts/${receipt.id}`) ? text : undefined,
    );
    expect(mailed).toContain("Amount: ₹12,750.50\nOf which late fee: ₹250");
    expect(mailed).toContain("Paid by: UPI");

    // The student sees it paid and opens the receipt.
    await page.reload();
    await row.getByText("Paid", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Total still to pay" }).getByText("₹0").waitFor();
    const receipts = page.getByRole("table", { name: "Your receipts" });
    await receipts.getByRole("link", { name: receipt.number }).click();
    const sheet = page.getByRole("article", { name: "Fee receipt" });
    await sheet.getByText("Priya Sharma").waitFor();
    await sheet.getByText(server.student.studentId, { exact: true }).waitFor();
    await sheet.getByText(receipt.number).waitFor();
    await sheet.getByText("₹12,750.50").waitFor();
    // What paid the late fee stands apart from the fee.
    await sheet.getByRole("definition").filter({ hasText: "₹12,500.50" }).waitFor();
    expect(await sheet.getByText("Of which late fee").locator("xpath=following-sibling::dd").textContent()).toBe("₹250");
    await sheet.getByText("Rupees Twelve Thousand Seven Hundred Fifty and Fifty Paise Only").waitFor();
    await sheet.getByText(UTR).waitFor();
    await check(page, "receipt, 390", found, overflows);
    await keepShot(page, "fees-receipt-390.png");
    // On a 360 px phone the heading's number wraps only after a slash: its year stays on one line (walk 26).
    await page.setViewportSize(PHONE);
    const heading = page.getByRole("heading", { level: 1, name: `Receipt ${receipt.number}` });
    expect(
      await heading.evaluate((h) => Math.round(h.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(h).lineHeight))),
    ).toBe(2);
    const yearTops = await heading
      .locator(".fees-receipt-year")
      .evaluate((year) => [...year.getClientRects()].map((r) => Math.round(r.top)));
    expect(new Set(yearTops).size).toBe(1);
    expect(problems).toEqual([]);
    await context.close();

    // A desktop: the same screens, then the receipt printed — alone, on one A4 page.
    const desk = await newPage(browser, server, DESKTOP);
    await signIn(desk.page, server, "student");
    await desk.page.goto("/student/fees");
    await desk.page.getByRole("table", { name: "Your receipts" }).getByRole("link", { name: receipt.number }).waitFor();
    await check(desk.page, "fees, 1280", found, overflows);
    await keepShot(desk.page, "fees-student-1280.png");
    await desk.page.goto(`/student/fees/receipts/${receipt.id}`);
    await desk.page.getByRole("article", { name: "Fee receipt" }).getByText(receipt.number).waitFor();
    await check(desk.page, "receipt, 1280", found, overflows);
    await keepShot(desk.page, "fees-receipt-1280.png");
    await desk.page.emulateMedia({ media: "print" });
    expect(await printedLayout(desk.page)).toEqual({
      sidebar: "hidden",
      topbar: "hidden",
      heading: "hidden",
      back: "hidden",
      receipt: "visible",
      outside: 0,
    });
    await keepShot(desk.page, "fees-receipt-print.png");
    // Printed narrower (A4 in Marathi sent the title to a line of its own: walk 20a), the title block keeps to the
    // head's end, not its start.
    await desk.page.setViewportSize({ width: 520, height: 900 });
    const ends = await desk.page.evaluate(() => {
      const head = document.querySelector(".fee-receipt__head")!;
      const heading = document.querySelector(".fee-receipt__heading")!;
      const padding = Number.parseFloat(getComputedStyle(head).paddingRight);
      const contact = document.querySelector(".fee-receipt__contact")!.getBoundingClientRect();
      return {
        wrapped: heading.getBoundingClientRect().top >= contact.bottom,
        atEnd: Math.abs(head.getBoundingClientRect().right - padding - heading.getBoundingClientRect().right) < 1,
      };
    });
    expect(ends).toEqual({ wrapped: true, atEnd: true });
    await desk.page.setViewportSize(DESKTOP);
    const pages = await pdfPages(desk.page);
    expect(pages).toHaveLength(1);
    expect(Math.abs(pages[0]![0] - 595.3)).toBeLessThan(1);
    expect(Math.abs(pages[0]![1] - 841.9)).toBeLessThan(1);
    await desk.page.emulateMedia({ media: "screen" });
    // Another student's receipt number in the address is not theirs to see.
    await desk.page.goto(`/student/fees/receipts/${receipt.id + 1}`);
    await desk.page.getByText("Receipt not found").waitFor();
    expect(desk.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await desk.context.close();

    expect(found).toEqual({});
    expect(overflows).toEqual([]);
  });
});
