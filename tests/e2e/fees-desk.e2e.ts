/**
 * The office's fee desk (issue 19) against the real server. The test raises two instalments for the demo
 * student and a UPI transfer they reported (with a screenshot) straight in the server's SQLite file (a second
 * connection; the database is in WAL mode). The administrator records a cash payment for the first
 * instalment and sees its receipt number, cancels that receipt with a reason (it keeps its number, shown as
 * cancelled), records the payment again (the next number), looks at the transfer's screenshot and confirms the
 * transfer. Every tab is checked with axe, and for sideways scrolling, at 390 px and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { financialYear } from "../../src/server/features/fees/ledger.ts";
import { pngBytes } from "../../src/server/test-files.ts";
import {
  type AxeFinding,
  axeFindings,
  DESKTOP,
  fromOutbox,
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
const UTR = "402156789012";
/** Today in India, and the receipts' financial year. */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
const FY = financialYear(today);
const receipt = (n: number) => `RCP/${FY}/${String(n).padStart(6, "0")}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The demo student's fees, raised as the fee plans would: ₹12,500 and ₹9,000 for term 1, and a transfer
  // of ₹9,000 they reported with a screenshot, waiting for the office.
  await raiseInstalments([12_500_00, 9_000_00], async (db, [, second], student, at) => {
    const shot = "e2efeedesk0000000screenshot.png";
    await Bun.write(path.join(server.dataDir, "uploads", "documents", shot), await pngBytes(320, 640));
    db.prepare(
      "insert into fee_payments (instalment_id, user_id, amount_paise, mode, reference, paid_on, status, screenshot_file, created_by, created_at) values (?, ?, ?, 'upi', ?, ?, 'pending', ?, ?, ?)",
    ).run(second, student.id, 9_000_00, UTR, today, shot, student.id, at);
  });
});

/**
 * The demo student's instalments of term 1, numbered from `first`, due in 30 days, written straight in the
 * server's SQLite file (a second connection; WAL mode); `then` adds to them in the same connection.
 */
async function raiseInstalments(
  amounts: number[],
  then: (db: Database.Database, ids: number[], student: { id: number }, at: string) => Promise<void> = async () => {},
  first = 1,
) {
  const db = new Database(path.join(server.dataDir, "institute.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const student = db.prepare("select id, programme_id from users where student_id = ?").get(server.student.studentId) as {
      id: number;
      programme_id: number;
    };
    const at = new Date().toISOString();
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const raise = db.prepare(
      "insert into fee_instalments (user_id, programme_id, term, number, amount_paise, due_on, late_fee_paise, grace_days, created_at) values (?, ?, 1, ?, ?, ?, 0, 0, ?) returning id",
    );
    const ids = amounts.map((amount, i) => (raise.get(student.id, student.programme_id, first + i, amount, due, at) as { id: number }).id);
    await then(db, ids, student, at);
  } finally {
    db.close();
  }
}
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

/** Finds the demo student on the Record tab and opens the form for one of their instalments. */
async function openPaymentForm(page: Page, instalment: number) {
  // By keyboard (QA2 3): focus follows each step, never falling to the page's body. A student already chosen
  // (in the address, kept across the tabs) is not found again.
  const finder = page.getByLabel(/^Student ID or name/);
  const table = page.getByRole("table", { name: /^Instalments of .* and where each stands$/ });
  await finder.or(table).first().waitFor();
  if (await finder.count()) {
    await finder.fill(server.student.studentId);
    await finder.press("Enter");
    await table.waitFor();
    await page.waitForFunction(
      () => document.activeElement?.matches("h2") && document.activeElement.textContent?.startsWith("Instalments of"),
    );
  }
  const choose = page.getByRole("button", { name: `Record a payment for BBA · Year 1 · Instalment ${instalment}` });
  await choose.focus();
  await choose.press("Enter");
  const form = page.getByRole("region", { name: `Record a payment: BBA · Year 1 · Instalment ${instalment}` });
  await form.getByLabel(/^Amount/).waitFor();
  expect(await form.getByLabel(/^Amount/).evaluate((el) => el === document.activeElement)).toBe(true);
  return form;
}

describe("the fee desk (issue 19)", () => {
  test("cash recorded, its receipt cancelled with a reason and recorded again; a UPI transfer confirmed after looking at its screenshot", async () => {
    const found: Record<string, AxeFinding[] | number> = {};

    // On a phone first: each tab as the office finds it.
    const phone = await newPage(browser, server, PHONE_390);
    await signIn(phone.page, server, "admin");
    await phone.page.goto("/admin/fees");
    await phone.page.getByRole("heading", { level: 1, name: "Fees" }).waitFor();
    await phone.page.getByText(UTR).waitFor();
    await check(phone.page, "to confirm 390", found);
    await tab(phone.page, "Record a payment").click();
    const phoneForm = await openPaymentForm(phone.page, 1);
    await phoneForm.getByLabel(/^Amount/).waitFor();
    await check(phone.page, "record form 390", found);
    await tab(phone.page, "Receipts").click();
    await phone.page.getByText("No receipts yet").waitFor();
    await check(phone.page, "no receipts 390", found);

    // At the office desk: ₹12,500 in cash for instalment 1.
    const office = await newPage(browser, server, DESKTOP);
    await signIn(office.page, server, "admin");
    await office.page.goto("/admin/fees?tab=record");
    let form = await openPaymentForm(office.page, 1);
    // Instalment 2's ₹9,000 is the transfer waiting on the To confirm tab: nothing is recorded beside it (decision 023).
    const waitingRow = office.page
      .getByRole("table", { name: /^Instalments of / })
      .getByRole("row")
      .filter({ hasText: "Instalment 2" });
    await waitingRow.getByText("UPI payment of ₹9,000 reported, waiting for confirmation").waitFor();
    await waitingRow.getByText("Confirm or reject that payment first").waitFor();
    expect(await waitingRow.getByRole("button").count()).toBe(0);
    await expect(form.getByLabel(/^Amount/).inputValue()).resolves.toBe("12500");
    await expect(form.getByLabel(/^Paid by/).inputValue()).resolves.toBe("cash");
    await expect(form.getByLabel(/^Paid on/).inputValue()).resolves.toBe(today);
    await check(office.page, "record form 1280", found);
    // A cheque needs its number.
    await form.getByLabel(/^Paid by/).selectOption({ label: "Cheque" });
    await form.getByRole("button", { name: "Record payment" }).click();
    await form.getByText("Enter the transaction reference (UTR, cheque or DD number).").waitFor();
    await form.getByLabel(/^Paid by/).selectOption({ label: "Cash" });
    // A wrong amount, then straight to Record with the mouse: the first click is the submit (eleventh walk: the
    // amount's message, shown as the field was left, moved the button from under the pointer), and the focus
    // goes to the amount to fix. On a tablet, where the message sat above the button.
    await office.page.setViewportSize({ width: 768, height: 1024 });
    // At this width the sidebar becomes a drawer and slides away, and the page moves with it: the press is
    // measured once the layout has settled (on a quick machine it was still sliding: the button "moved" 30 px).
    await office.page.waitForFunction(() =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
    );
    await form.getByLabel(/^Amount/).fill("-100");
    // A person's click, held down a moment: the button stays where it was pressed until it is let go.
    const recordButton = form.getByRole("button", { name: "Record payment" });
    const pressed = (await recordButton.boundingBox())!;
    await office.page.mouse.move(pressed.x + pressed.width / 2, pressed.y + pressed.height / 2);
    await office.page.mouse.down();
    await office.page.waitForTimeout(150);
    // (a pressed button sinks a pixel or so: its :active style)
    expect(Math.abs((await recordButton.boundingBox())!.y - pressed.y)).toBeLessThan(3);
    await office.page.mouse.up();
    await office.page.waitForFunction(() => document.activeElement?.getAttribute("aria-invalid") === "true", null, { timeout: 3000 });
    expect(await form.getByLabel(/^Amount/).evaluate((el) => el === document.activeElement)).toBe(true);
    await office.page.setViewportSize(DESKTOP);
    await form.getByLabel(/^Amount/).fill("12500");
    await form.getByLabel(/^Amount/).press("Enter");
    await office.page.getByText(`Payment recorded: receipt ${receipt(1)}.`).waitFor();
    // Focus is on the answer, so Tab goes on to its receipt link.
    await office.page.waitForFunction(() => document.activeElement?.classList.contains("fee-record__answer"));
    await office.page.keyboard.press("Tab");
    expect(await office.page.evaluate(() => document.activeElement?.textContent)).toBe(`Print receipt ${receipt(1)}`);
    const print = office.page.getByRole("link", { name: `Print receipt ${receipt(1)}` });
    expect(await print.getAttribute("href")).toMatch(/^\/admin\/fees\/receipts\/\d+\?student=\d+$/);
    const instalments = office.page.getByRole("table", { name: /^Instalments of / });
    await instalments.getByRole("row").filter({ hasText: "Instalment 1" }).getByText("Paid", { exact: true }).waitFor();
    await check(office.page, "recorded 1280", found);
    // The printed receipt leads back to the desk and the same student (walk 22b: to the receipts list).
    await print.click();
    await office.page.getByRole("heading", { level: 1, name: new RegExp(receipt(1)) }).waitFor();
    await office.page.getByRole("link", { name: "← Back to the desk" }).click();
    await instalments.getByRole("row").filter({ hasText: "Instalment 1" }).getByText("Paid", { exact: true }).waitFor();

    // Entered in error: cancelled with the reason; the number stays, shown as cancelled.
    await tab(office.page, "Receipts").click();
    const receipts = office.page.getByRole("table", { name: "Receipts" });
    let row = receipts.getByRole("row").filter({ hasText: receipt(1) });
    await row.getByText("Valid").waitFor();
    await row.getByRole("button", { name: `Cancel receipt ${receipt(1)}` }).click();
    const dialog = office.page.getByRole("dialog", { name: `Cancel receipt ${receipt(1)}?` });
    await dialog.getByRole("button", { name: "Cancel the receipt" }).click();
    await dialog.getByText("Give the reason (it is kept with the record).").waitFor();
    await check(office.page, "cancel dialog 1280", found);
    await dialog.getByLabel(/^Reason/).fill("Entered against the wrong instalment");
    const cancelledAt = Date.now();
    await dialog.getByRole("button", { name: "Cancel the receipt" }).click();
    // The student, who holds its e-mail, is told which receipt no longer counts and why (third QA walk, 6).
    const told = await fromOutbox(server, { to: server.student.email, subject: /Receipt cancelled/, since: cancelledAt }, (text) =>
      text.includes(receipt(1)) ? text : undefined,
    );
    expect(told).toContain("Entered against the wrong instalment");
    await office.page.getByText(`Receipt ${receipt(1)} is cancelled; its number stays used.`).waitFor();
    row = receipts.getByRole("row").filter({ hasText: receipt(1) });
    await row.getByText(/^Cancelled by Administrator on .*: Entered against the wrong instalment$/).waitFor();
    expect(await row.getByRole("button", { name: /^Cancel receipt/ }).count()).toBe(0);
    await check(office.page, "receipts 1280", found);

    // Recorded again: the money is due again, and the receipt takes the next number.
    await tab(office.page, "Record a payment").click();
    form = await openPaymentForm(office.page, 1);
    await expect(form.getByLabel(/^Amount/).inputValue()).resolves.toBe("12500");
    await form.getByRole("button", { name: "Record payment" }).click();
    await office.page.getByText(`Payment recorded: receipt ${receipt(2)}.`).waitFor();

    // The transfer the student reported: its screenshot, then confirmed.
    await tab(office.page, "To confirm").click();
    const pending = office.page.getByRole("table", { name: "UPI payments waiting to be confirmed" });
    const transfer = pending.getByRole("row").filter({ hasText: UTR });
    await transfer.getByText("₹9,000 still due").waitFor();
    await check(office.page, "to confirm 1280", found);
    await transfer.getByRole("button", { name: /^View the screenshot/ }).click();
    const picture = office.page.getByRole("dialog", { name: /^Screenshot from / }).getByRole("img", { name: new RegExp(`UTR ${UTR}$`) });
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await check(office.page, "screenshot 1280", found);
    await office.page
      .getByRole("dialog", { name: /^Screenshot from / })
      .getByRole("button", { name: "Close", exact: true })
      .first()
      .click();
    await transfer.getByRole("button", { name: new RegExp(`^Confirm the payment of .*, UTR ${UTR}$`) }).click();
    const confirm = office.page.getByRole("dialog", { name: "Confirm this payment?" });
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await office.page.getByText(`Payment confirmed: receipt ${receipt(3)}.`).waitFor();
    await office.page.getByText("Nothing to confirm").waitFor();
    // The confirmed transfer's row left with the focus: it is on the table, not dropped to the page.
    await office.page.waitForFunction(() => document.activeElement?.matches("table") ?? false, null, { timeout: 5000 });

    // The receipts, on the phone: three numbers, the first cancelled.
    await phone.page.goto("/admin/fees?tab=receipts");
    const list = phone.page.getByRole("table", { name: "Receipts" });
    await list.getByText(receipt(3)).waitFor();
    expect(await list.getByText(/^RCP\//).allTextContents()).toEqual([receipt(3), receipt(2), receipt(1)]);
    await check(phone.page, "receipts 390", found);
    // At 360 px the numbers break inside their column rather than run past the card (walk 15b: 19 px past it).
    await phone.page.setViewportSize({ width: 360, height: 740 });
    const pastColumn = await list
      .getByText(/^RCP\//)
      .evaluateAll((numbers) => numbers.map((n) => n.scrollWidth - (n.parentElement?.clientWidth ?? 0)).filter((past) => past > 0));
    expect(await list.getByText(/^RCP\//).count()).toBe(3);
    expect(pastColumn).toEqual([]);
    await phone.page.setViewportSize(PHONE_390);
    await phone.page.getByRole("combobox", { name: "Receipts to show" }).selectOption("cancelled");
    await list.getByText(receipt(2)).waitFor({ state: "detached" });
    expect(await list.getByText(/^RCP\//).allTextContents()).toEqual([receipt(1)]);

    expect(found).toEqual({});
    expect(phone.problems).toEqual([]);
    expect(office.problems).toEqual([]);
  });

  test("an answer 12 s late: the form waits for it, busy, and the payment is recorded once (walk 16b: a timeout said 'try again', two receipts)", async () => {
    const receipts = () => {
      const read = new Database(path.join(server.dataDir, "institute.db"), { readonly: true });
      try {
        return (read.prepare("select count(*) as n from fee_receipts").get() as { n: number }).n;
      } finally {
        read.close();
      }
    };
    const before = receipts();
    await raiseInstalments([3_000_00], undefined, 3);
    const office = await newPage(browser, server, DESKTOP);
    await signIn(office.page, server, "admin");
    await office.page.goto("/admin/fees?tab=record");
    // The server records at once; only its answer is slow on the way back (a congested line).
    await office.page.route("**/api/trpc/feeDesk.record**", async (route) => {
      const answer = await route.fetch();
      await Bun.sleep(12_000);
      await route.fulfill({ response: answer });
    });
    const form = await openPaymentForm(office.page, 3);
    const button = form.getByRole("button", { name: /Record payment|Recording/ });
    await button.click();
    await Bun.sleep(11_000);
    expect(await form.getByRole("alert").count()).toBe(0);
    expect(await button.getAttribute("aria-busy")).toBe("true");
    await office.page.getByText(/^Payment recorded: receipt RCP\//).waitFor({ timeout: 10_000 });
    expect(receipts()).toBe(before + 1);
    expect(office.problems).toEqual([]);
    await office.context.close();
  }, 60_000);
});
