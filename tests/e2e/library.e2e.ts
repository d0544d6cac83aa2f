/**
 * The library (issue 18) against the real server: an administrator adds a printed book and a PDF e-resource
 * for the demo student's programme (the upload's progress bar shows), lends the book to the demo student;
 * the student sees the loan with its due date (14 days from today in the institute's time zone) and
 * downloads the e-resource; the administrator receives the book back. The screens are checked with axe at
 * 390 px and 1280 px, and none scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { pdfBytes } from "../../src/server/test-files.ts";
import {
  type AxeFinding,
  axeFindings,
  DESKTOP,
  launchBrowser,
  navigate,
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

const BOOK = { title: "Principles of Accounting", author: "R. L. Gupta", isbn: "978-0-306-40615-7" };
const ERESOURCE = "Cost Accounting Notes";

/** A field by the start of its label (required ones end with " *"). */
const field = (scope: Page | ReturnType<Page["getByRole"]>, label: string) => scope.getByLabel(new RegExp(`^${label}`));

async function check(page: Page, label: string, found: Record<string, AxeFinding[]>) {
  await settle(page);
  const findings = await axeFindings(page);
  if (findings.length) found[label] = findings;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect([label, overflow > 0]).toEqual([label, false]);
}

/** Today + 14 days in India, written the way the student's page writes a due date ("6 December 2026"). */
function defaultDueText(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const due = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000);
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(due);
}

describe("the library (issue 18)", () => {
  test("a book and a PDF e-resource added, the book lent to the demo student, who sees it and downloads the PDF; then returned", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Library" }).click();
    await admin.page.getByRole("heading", { level: 1, name: "Library" }).waitFor();
    await check(admin.page, "empty catalogue 1280", found);

    // A printed book: two copies on shelf C-12.
    await admin.page.getByRole("button", { name: "Add a book" }).first().click();
    let dialog = admin.page.getByRole("dialog", { name: "Add a book" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Title is required.").waitFor();
    await check(admin.page, "book dialog with errors 1280", found);
    await field(dialog, "Title").fill(BOOK.title);
    await field(dialog, "Author").fill(BOOK.author);
    await field(dialog, "ISBN").fill(BOOK.isbn);
    await field(dialog, "Year").fill("2019");
    await field(dialog, "Category").fill("Commerce");
    await field(dialog, "Copies").fill("2");
    await field(dialog, "Shelf").fill("C-12");
    await dialog.getByRole("button", { name: "Save" }).click();
    await admin.page.getByText(`${BOOK.title} was added to the library.`).waitFor();
    await admin.page.getByRole("row").filter({ hasText: BOOK.title }).getByText("2 of 2 on the shelf").waitFor();

    // A PDF for BBA students (the demo student's programme); the server's answer is held back a moment so the
    // upload's progress bar can be seen.
    await admin.page.route("**/api/library/eresources", async (route) => {
      await Bun.sleep(1200);
      await route.continue();
    });
    await admin.page.getByRole("button", { name: "Add an e-resource" }).click();
    dialog = admin.page.getByRole("dialog", { name: "Add an e-resource" });
    await field(dialog, "Title").fill(ERESOURCE);
    await field(dialog, "Category").fill("Commerce");
    await dialog.getByLabel("Who may read it").selectOption({ label: "BBA" });
    await dialog
      .getByLabel(/^E-resource PDF/)
      .setInputFiles({ name: "cost-notes.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfBytes()) });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByRole("progressbar", { name: "Uploading the PDF" }).waitFor();
    await admin.page.getByText(`The e-resource ${ERESOURCE} was added.`).waitFor();
    await admin.page.unroute("**/api/library/eresources");
    const pdfRow = admin.page.getByRole("row").filter({ hasText: ERESOURCE });
    await pdfRow.getByText("E-resource · PDF").waitFor();
    await pdfRow.getByText("BBA").waitFor();
    expect(await admin.page.getByRole("group", { name: "Titles" }).textContent()).toContain("2");

    // Lent to the demo student, due in 14 days unless changed.
    await admin.page.getByRole("button", { name: `Lend: ${BOOK.title}` }).click();
    dialog = admin.page.getByRole("dialog", { name: `Lend ${BOOK.title}` });
    await field(dialog, "Student ID").fill(server.student.studentId);
    await check(admin.page, "lend dialog 1280", found);
    await dialog.getByRole("button", { name: "Lend" }).click();
    await admin.page.getByText(new RegExp(`${BOOK.title} was lent to .*\\(${server.student.studentId}\\), due back on`)).waitFor();
    await admin.page.getByRole("row").filter({ hasText: BOOK.title }).getByText("1 of 2 on the shelf").waitFor();
    await check(admin.page, "catalogue 1280", found);
    await admin.page.getByRole("link", { name: "Loans" }).click();
    await admin.page.getByRole("row").filter({ hasText: server.student.studentId }).getByText(BOOK.title, { exact: true }).waitFor();
    await check(admin.page, "loans 1280", found);

    // The student, on a phone: the loan with its due date, and the PDF meant for their programme.
    const student = await newPage(browser, server, PHONE_390);
    await signIn(student.page, server, "student");
    await student.page.goto("/student/library");
    await student.page.getByRole("heading", { level: 1, name: "Library" }).waitFor();
    const loans = student.page.getByRole("list", { name: "Books on loan" });
    const loan = loans.getByRole("listitem").filter({ hasText: BOOK.title });
    await loan.getByText(defaultDueText()).waitFor();
    await check(student.page, "student library 390", found);
    await student.page.getByRole("searchbox", { name: "Search the catalogue" }).fill("cost");
    const download = student.page.waitForEvent("download");
    await student.page.getByRole("button", { name: `Download ${ERESOURCE}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("cost-notes.pdf");
    expect(readFileSync((await file.path())!, "latin1").startsWith("%PDF-")).toBe(true);
    await student.page.getByText("cost-notes.pdf was saved to your Downloads folder.").waitFor();
    // The search is in the address: another page and Back show the same results (walk 27b: the box came back empty).
    await student.page.waitForURL((u) => u.searchParams.get("search") === "cost");
    await navigate(student.page, "/student/dashboard");
    await student.page.waitForURL("**/student/dashboard");
    await student.page.goBack();
    await student.page.getByRole("button", { name: `Download ${ERESOURCE}` }).waitFor();
    expect(await student.page.getByRole("searchbox", { name: "Search the catalogue" }).inputValue()).toBe("cost");
    // The search was one step from the catalogue as it opened: Back once more shows that, the box empty (walk 27b:
    // a search replaced the view's own entry, so this Back left the library).
    await student.page.goBack();
    await student.page.waitForURL((u) => u.pathname === "/student/library" && !u.searchParams.has("search"));
    await student.page.getByRole("searchbox", { name: "Search the catalogue" }).waitFor();
    expect(await student.page.getByRole("searchbox", { name: "Search the catalogue" }).inputValue()).toBe("");

    // Back at the counter: the administrator receives the book.
    await admin.page.getByRole("button", { name: new RegExp(`^Mark returned: ${BOOK.title} from`) }).click();
    // A double click on a confirmed action sends it once (useConfirmed's guard: the second click comes before
    // the dialog shows itself busy).
    const returns: string[] = [];
    admin.page.on("request", (request) => {
      // a tRPC batch names each call in its URL
      returns.push(...(request.url().match(/library\.returnLoan/g) ?? []));
    });
    // (two clicks in one task: the fastest double click, before any render can show the dialog busy)
    await admin.page
      .getByRole("dialog", { name: "Receive the book back?" })
      .getByRole("button", { name: "Mark returned" })
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
    await admin.page.getByText(new RegExp(`${BOOK.title} was received back from`)).waitFor();
    expect(returns).toHaveLength(1);
    await admin.page.getByText("No books are on loan").waitFor();
    await admin.page.getByLabel("Loans to show").selectOption("returned");
    await admin.page
      .getByRole("row")
      .filter({ hasText: BOOK.title })
      .getByText(/^Returned /)
      .waitFor();

    // The student's page follows: nothing on loan, the book among those returned.
    await student.page.reload();
    await student.page.getByText("No books on loan").waitFor();
    await student.page.getByRole("list", { name: "Books you returned" }).getByText(BOOK.title).waitFor();

    // The office's screens on a phone, the student's on a desktop.
    const phone = await newPage(browser, server, PHONE_390);
    await signIn(phone.page, server, "admin");
    await phone.page.goto("/admin/library");
    await phone.page.getByRole("heading", { level: 1, name: "Library" }).waitFor();
    await phone.page.getByText(BOOK.title).first().waitFor();
    await check(phone.page, "catalogue 390", found);
    await phone.page.goto("/admin/library/loans?status=all");
    await phone.page.getByText(BOOK.title).first().waitFor();
    await check(phone.page, "loans 390", found);
    const desk = await newPage(browser, server, DESKTOP);
    await signIn(desk.page, server, "student");
    await desk.page.goto("/student/library");
    await desk.page.getByRole("list", { name: "Catalogue entries" }).waitFor();
    await check(desk.page, "student library 1280", found);

    expect(found).toEqual({});
    expect([...admin.problems, ...student.problems, ...phone.problems, ...desk.problems]).toEqual([]);
    for (const p of [admin, student, phone, desk]) await p.context.close();
  });
  // The book the test above added.
  test("two administrators edit the same book: the second save is refused with a clear message, the typed shelf kept; opened again it saves (stop 47)", async () => {
    const first = await newPage(browser, server, DESKTOP);
    const second = await newPage(browser, server, PHONE_390);
    const openEdit = async (page: Page) => {
      await page.goto("/admin/library");
      await page.getByRole("button", { name: `Edit: ${BOOK.title}` }).click();
      return page.getByRole("dialog", { name: `Edit ${BOOK.title}` });
    };
    await signIn(first.page, server, "admin");
    await signIn(second.page, server, "admin");
    const mine = await openEdit(first.page);
    const theirs = await openEdit(second.page);
    await field(mine, "Copies").fill("3");
    await mine.getByRole("button", { name: "Save" }).click();
    await first.page.getByText(`${BOOK.title} was saved.`).waitFor();

    await field(theirs, "Shelf").fill("R-2");
    await theirs.getByRole("button", { name: "Save" }).click();
    await theirs.getByText(/^Someone else changed this entry after you opened the form/).waitFor();
    expect(await field(theirs, "Shelf").inputValue()).toBe("R-2");
    await theirs.getByRole("button", { name: "Cancel" }).click();
    const again = await openEdit(second.page);
    expect(await field(again, "Copies").inputValue()).toBe("3");
    await field(again, "Shelf").fill("R-2");
    await again.getByRole("button", { name: "Save" }).click();
    await second.page.getByText(`${BOOK.title} was saved.`).waitFor();
    expect(first.problems).toEqual([]);
    // The refused save is a 409 the browser reports in its console; nothing else.
    expect(second.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    await Promise.all([first.context.close(), second.context.close()]);
  });

  test("a book due in two days: the student renews it on a phone, to 14 days from today; the office sees it renewed", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.goto("/admin/library");
    await admin.page.getByRole("button", { name: "Add a book" }).first().click();
    let dialog = admin.page.getByRole("dialog", { name: "Add a book" });
    await field(dialog, "Title").fill("Business Law");
    await field(dialog, "Copies").fill("1");
    await dialog.getByRole("button", { name: "Save" }).click();
    await admin.page.getByText("Business Law was added to the library.").waitFor();
    await admin.page.getByRole("button", { name: "Lend: Business Law" }).click();
    dialog = admin.page.getByRole("dialog", { name: "Lend Business Law" });
    await field(dialog, "Student ID").fill(server.student.studentId);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const inTwoDays = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await dialog.locator("#library-issue-due").fill(inTwoDays);
    await dialog.getByRole("button", { name: "Lend" }).click();
    await admin.page.getByText(/Business Law was lent to .*, due back on/).waitFor();

    const student = await newPage(browser, server, PHONE_390);
    await signIn(student.page, server, "student");
    await student.page.goto("/student/library");
    const loan = student.page.getByRole("list", { name: "Books on loan" }).getByRole("listitem").filter({ hasText: "Business Law" });
    await loan.getByText("Due soon").waitFor();
    await loan.getByRole("button", { name: "Renew Business Law" }).click();
    const ask = student.page.getByRole("dialog", { name: "Renew this book?" });
    await ask.getByText(`Business Law will be due back on ${defaultDueText()}: 14 days from today.`).waitFor();
    await check(student.page, "renew dialog 390", found);
    await ask.getByRole("button", { name: "Renew" }).click();
    await student.page.getByText(/^Business Law is now due back on /).waitFor();
    await loan.getByText(defaultDueText()).waitFor();
    await loan.getByText("Renewed once").waitFor();
    // Renewed today, it has all the time a renewal gives: no Renew until that would add some.
    expect(await loan.getByRole("button", { name: /^Renew/ }).count()).toBe(0);

    await admin.page.goto("/admin/library/loans");
    const row = admin.page.getByRole("row").filter({ hasText: "Business Law" });
    await row.getByText("Renewed once").waitFor();
    expect(await row.getByRole("button", { name: /^Renew/ }).count()).toBe(0);
    await check(admin.page, "loans with a renewal 1280", found);
    expect(found).toEqual({});
    expect([...admin.problems, ...student.problems]).toEqual([]);
    await Promise.all([admin.context.close(), student.context.close()]);
  });
});
