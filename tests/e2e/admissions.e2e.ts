/**
 * Issue 5's journeys in Chromium against the built app: apply on a phone with documents (progress bar,
 * application number), follow the status, unlock it with the e-mailed code, edit it; the admin finds and
 * approves it; the new student sets a password from the e-mailed link and signs in. Then a rejection with
 * its reason, and files the browser or the server refuses, with everything typed kept.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { DESKTOP, launchBrowser, navigate, newPage, PHONE, type RunningServer, signIn, startServer, waitOrExplain } from "./harness.ts";

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

// ——— small real files ———

/** A noisy PNG (so it has some size to upload) that decodes fully. */
async function pngFile(): Promise<Buffer> {
  const width = 160;
  const height = 160;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function jpegFile(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 160, channels: 3, background: "#1d3a8a" } })
    .jpeg()
    .toBuffer();
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** A Windows program's first bytes, named like a PDF. */
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(512, 0x41)]);

// ——— the outbox ———

interface Mail {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(c, "utf8")) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

const splitHead = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  return at === -1 ? { head: raw, body: "" } : { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, "") };
};
/** Header lines folded onto one (RFC 5322 continuation lines start with white space). */
const unfold = (head: string) => head.replace(/\r?\n[ \t]+/g, " ");

/** The text part of an .eml file (multipart or not). */
function parseEml(raw: string): Mail {
  const { head, body } = splitHead(raw);
  const headers = unfold(head);
  const to = /^to:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "";
  const subject = /^subject:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "";
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return { to, subject, text: decodePart(headers, body) };
  for (const part of body.split(`--${boundary}`)) {
    const { head: partHead, body: partBody } = splitHead(part.replace(/^\r?\n/, ""));
    if (/content-type:\s*text\/plain/i.test(unfold(partHead))) return { to, subject, text: decodePart(unfold(partHead), partBody) };
  }
  return { to, subject, text: "" };
}

function readOutbox(): Mail[] {
  const dir = path.join(server.dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parseEml(readFileSync(path.join(dir, f), "utf8")));
}

/** Waits for the newest e-mail to `to` whose text matches; returns the first match group. */
async function mailFor(to: string, pattern: RegExp, seen = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const matches = readOutbox()
      .filter((m) => m.to.includes(to))
      .map((m) => pattern.exec(m.text))
      .filter((m): m is RegExpExecArray => m !== null);
    if (matches.length > seen) return matches.at(-1)![1]!;
    await Bun.sleep(150);
  }
  throw new Error(
    `No e-mail to ${to} matching ${pattern} arrived. Outbox:\n${readOutbox()
      .map((m) => `${m.to} · ${m.subject}`)
      .join("\n")}`,
  );
}

const CODE_LINE = /^ {4}(\d{6})\s*$/m;
const FIRST_LOGIN_LINK = /(https?:\/\/\S+\/first-login\?token=[^\s<>"]+)/;

// ——— steps ———

interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  city: string;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A form control by its label, which may carry the required asterisk ("Email *"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function fillPersonalDetails(page: Page, a: Applicant) {
  await page.getByLabel("First Name").fill(a.firstName);
  await page.getByLabel("Last Name").fill(a.lastName);
  await page.getByLabel("Date of Birth").fill("1994-07-15");
  await page.getByLabel("Gender").selectOption("Female");
  await page.getByLabel("Blood Group").selectOption("O+");
  await field(page, "Email").fill(a.email);
  await field(page, "Phone").fill("+91 98765 43210");
  await page.getByLabel("Address").fill("14 Shivaji Nagar");
  await page.getByLabel("City").fill(a.city);
  await page.getByLabel("State").fill("Maharashtra");
  await page.getByLabel("Pincode").fill("411005");
}

async function fillAcademic(page: Page) {
  await page.getByLabel("Course").selectOption("Commerce");
  await page.getByLabel("Year of Passing").selectOption("2018");
  await page.getByLabel("Previous Percentage").fill("68.5");
}

const documentInput = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\b`));

/** Applies through the wizard; returns the application number from the success screen. */
async function apply(page: Page, a: Applicant, files: { photo: Buffer; marksheet: Buffer }) {
  await page.goto("/admission");
  await page.getByRole("heading", { name: "Personal Details" }).waitFor();
  await fillPersonalDetails(page, a);
  await page.getByRole("button", { name: "Next Step" }).click();
  await page.getByRole("heading", { name: "Academic Information" }).waitFor();
  await fillAcademic(page);
  // Enter in a field goes on, as Next Step does (sixth walk).
  await page.getByLabel("Previous Percentage").press("Enter");
  await documentInput(page, "Photo").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: files.photo });
  await documentInput(page, "Marksheet").setInputFiles({ name: "marksheet.pdf", mimeType: "application/pdf", buffer: files.marksheet });
  await page.getByText("marksheet.pdf").waitFor();
  await page.getByRole("img", { name: "Preview of Photo" }).waitFor();
  await page.getByRole("button", { name: "Next Step" }).click();
  await page.getByRole("heading", { name: "Review & Submit" }).waitFor();
  await page.getByRole("button", { name: "Submit Application" }).click();
}

const signInAsAdmin = (page: Page) => signIn(page, server, "admin");

async function findInAdmin(page: Page, email: string) {
  await page.goto("/admin/admissions");
  await page.getByRole("heading", { name: "Admissions Management" }).waitFor();
  await page.getByLabel("Search applications").fill(email);
  await page.waitForURL((u) => u.searchParams.get("search") === email);
  const row = page.getByRole("row").filter({ hasText: email });
  await row.waitFor();
  // The unfiltered page stays on screen until the search answer arrives: wait for the other rows to go.
  await page.getByRole("row").filter({ hasText: "@" }).nth(1).waitFor({ state: "detached" });
  expect(await page.getByRole("row").filter({ hasText: "@" }).count()).toBe(1);
  return row;
}

async function lookUpStatus(page: Page, email: string) {
  await page.goto("/admission-status");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Check Status" }).click();
  await page.getByRole("heading", { name: "Your application" }).waitFor();
}

describe("admissions journeys", () => {
  test("apply on a phone, follow, unlock and edit the application; the admin approves; the student signs in", async () => {
    const applicant: Applicant = { firstName: "Anjali", lastName: "Deshpande", email: "anjali.deshpande@example.com", city: "Pune" };
    const { page, context, problems } = await newPage(browser, server, PHONE);

    // Hold the upload's answer a moment, so the progress bar can be seen on this fast local link.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admission/submit", async (route) => {
      await held;
      await route.continue();
    });
    await apply(page, applicant, { photo: await pngFile(), marksheet: PDF });
    const progress = page.getByRole("progressbar");
    await progress.waitFor();
    expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(0);
    expect(await page.getByText(/Uploading your application…|Checking your documents…/).count()).toBe(1);
    await noSidewaysScroll(page);
    release();

    await page.getByRole("heading", { name: "Application submitted successfully!" }).waitFor();
    const applicationNumber = (await page.getByTestId("application-number").textContent())!.trim();
    expect(applicationNumber).toMatch(/^APP-\d{4}-\d{6}$/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("admissionDraft")))).toEqual([]);
    await noSidewaysScroll(page);

    // The status page: number and a yellow "Pending".
    await page.getByRole("link", { name: "Check Application Status" }).click();
    await page.waitForURL("**/admission-status");
    await page.getByLabel("Email address").fill(applicant.email);
    await page.getByRole("button", { name: "Check Status" }).click();
    await page.getByText(applicationNumber).waitFor();
    expect(await page.locator(".ui-badge--pending").filter({ hasText: "Pending" }).count()).toBe(1);
    await noSidewaysScroll(page);

    // View Details needs the e-mailed code.
    await page.getByRole("button", { name: "View Details" }).click();
    await page.getByText("We sent a code to").waitFor();
    expect(await page.getByText("a•••@example.com").count()).toBe(1);
    const code = await mailFor(applicant.email, CODE_LINE);
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify code" }).click();
    const details = page.getByRole("dialog", { name: `Application ${applicationNumber}` });
    await details.getByText("14 Shivaji Nagar").waitFor();
    await details.getByRole("link", { name: "Download Marksheet" }).waitFor();
    await details.getByRole("button", { name: "Edit Application" }).click();

    // Edit (the grant still lives): change the city and save.
    await page.getByRole("heading", { name: `Edit Application ${applicationNumber}` }).waitFor();
    expect(await page.getByLabel("City").inputValue()).toBe("Pune");
    await page.getByLabel("City").fill("Nashik");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Your changes have been saved.").waitFor();
    await page.getByRole("button", { name: "View Details" }).click();
    await page
      .getByRole("dialog", { name: `Application ${applicationNumber}` })
      .getByText("Nashik")
      .waitFor();
    await noSidewaysScroll(page);
    expect(problems).toEqual([]);
    await context.close();

    // The admin, on a phone, finds it by search and approves it.
    const admin = await newPage(browser, server, PHONE);
    await signInAsAdmin(admin.page);
    const row = await findInAdmin(admin.page, applicant.email);
    await row.getByText("Nashik, Maharashtra").waitFor();
    // From its details, which stay open under the question.
    const view = row.getByRole("button", { name: /^View/ });
    await view.click();
    await admin.page.getByRole("dialog").getByRole("button", { name: "Approve", exact: true }).click();
    // A double click (QA2 1) approves once: no second call, no error in the dialog, no 500 in the console.
    await admin.page.getByRole("dialog", { name: "Approve this application?" }).getByRole("button", { name: "Approve" }).dblclick();
    const approved = admin.page.getByRole("status").filter({ hasText: "Application approved successfully!" });
    await approved.waitFor();
    const studentId = /student ID (STU\d{4,})/.exec((await approved.textContent()) ?? "")?.[1];
    expect(studentId).toBeDefined();
    await row.locator(".ui-badge--approved").waitFor();
    // Both dialogs closed together: the focus is on the result's banner, where the page scrolled to, not on
    // the page's main region (eighth walk) nor back on the row's View, far below it on a phone (tenth walk).
    await admin.page.waitForFunction(() => document.activeElement?.classList.contains("ui-notice-in-view") === true);
    // The page scrolls smoothly: measured once it has come to rest, clear of the sticky top bar.
    await admin.page.waitForTimeout(900);
    expect(await approved.evaluate((status) => document.activeElement?.contains(status) === true)).toBe(true);
    const [banner, bar] = await admin.page.evaluate(() => [
      document.activeElement!.getBoundingClientRect().top,
      document.querySelector("header")!.getBoundingClientRect().bottom,
    ]);
    expect(banner).toBeGreaterThanOrEqual(bar!);
    expect(banner).toBeLessThan(PHONE.height / 2);
    // The next Tab is the banner's Dismiss.
    await admin.page.keyboard.press("Tab");
    expect(await admin.page.evaluate(() => document.activeElement?.closest(".ui-notice-in-view") !== null)).toBe(true);
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    // The new student sets a password from the approval e-mail's link and signs in by student ID.
    const link = new URL(await mailFor(applicant.email, FIRST_LOGIN_LINK));
    const firstLogin = `${server.url}${link.pathname}${link.search}`;
    const student = await newPage(browser, server, PHONE);
    const password = "Welcome2Study";
    await student.page.goto(firstLogin);
    await field(student.page, "New password").fill(password);
    await field(student.page, "Confirm new password").fill(password);
    await student.page.getByRole("button", { name: "Set my password" }).click();
    await student.page.getByText(studentId!).first().waitFor();
    await student.page.goto("/login");
    await student.page.getByLabel("Email or Student ID").fill(studentId!);
    await student.page.getByLabel("Password", { exact: true }).fill(password);
    await student.page.getByRole("button", { name: "Sign in" }).click();
    await student.page.waitForURL("**/student/dashboard");

    // And the status page now shows the student ID in green.
    await lookUpStatus(student.page, applicant.email);
    await student.page.getByText(studentId!).first().waitFor();
    expect(await student.page.locator(".ui-badge--approved").count()).toBe(1);
    await student.context.close();
  });

  test("the admin rejects an application with a reason, and the status page shows it", async () => {
    const applicant: Applicant = { firstName: "Rahul", lastName: "Verma", email: "rahul.verma@example.com", city: "Nagpur" };
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await apply(page, applicant, { photo: await jpegFile(), marksheet: await jpegFile() });
    await page.getByRole("heading", { name: "Application submitted successfully!" }).waitFor();

    const admin = await newPage(browser, server, DESKTOP);
    await signInAsAdmin(admin.page);
    const row = await findInAdmin(admin.page, applicant.email);
    // Its details opened from the row are in the address: Back closes them on the list as it was, Forward and a
    // reload open them again, and closing them takes that step back, so Back then leaves the list (walk 27b).
    const listAddress = admin.page.url();
    await row.getByRole("button", { name: /^View/ }).click();
    const details = admin.page.getByRole("dialog", { name: `${applicant.firstName} ${applicant.lastName}` });
    await details.waitFor();
    await admin.page.waitForURL((u) => u.searchParams.has("open") && u.searchParams.get("search") === applicant.email);
    await admin.page.goBack();
    await details.waitFor({ state: "detached" });
    expect(admin.page.url()).toBe(listAddress);
    await admin.page.goForward();
    await details.waitFor();
    await admin.page.reload();
    await details.waitFor();
    await details.getByRole("button", { name: "Close" }).last().click();
    await details.waitFor({ state: "detached" });
    await admin.page.waitForURL((u) => !u.searchParams.has("open") && u.searchParams.get("search") === applicant.email);
    await admin.page.goBack();
    await admin.page.waitForURL((u) => u.searchParams.get("search") !== applicant.email);
    await admin.page.goForward();
    await row.waitFor();
    await row.getByRole("button", { name: /^Reject/ }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Reject this application?" });
    await dialog.getByLabel("Reason for rejection").fill("Too short");
    await dialog.getByRole("button", { name: "Reject Application" }).click();
    await dialog.getByText("Rejection reason is required and must be at least 10 characters long.").waitFor();
    const reason = "The marksheet does not show the final-year results.";
    await dialog.getByLabel("Reason for rejection").fill(reason);
    await dialog.getByRole("button", { name: "Reject Application" }).click();
    await admin.page.getByText("Application rejected successfully!").waitFor();
    await row.locator(".ui-badge--rejected").waitFor();
    // Processed: Delete is offered now, Approve and Reject no longer.
    await row.getByRole("button", { name: /^Delete/ }).waitFor();
    expect(await row.getByRole("button", { name: /^Approve/ }).count()).toBe(0);
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    await lookUpStatus(page, applicant.email);
    await page.getByText(reason).waitFor();
    expect(await page.locator(".ui-badge--rejected").filter({ hasText: "Rejected" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Edit Application" }).count()).toBe(0);
    await noSidewaysScroll(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a program renamed .pdf is refused beside its field, and a file the server refuses comes back there too; nothing typed is lost", async () => {
    const applicant: Applicant = { firstName: "Sunita", lastName: "Rao", email: "sunita.rao@example.com", city: "Thane" };
    const { page, context } = await newPage(browser, server, PHONE);
    await page.goto("/admission");
    await fillPersonalDetails(page, applicant);
    await page.getByRole("button", { name: "Next Step" }).click();
    await fillAcademic(page);
    await page.getByRole("button", { name: "Next Step" }).click();

    // Refused in the browser at once (by content, as the server would).
    await documentInput(page, "Marksheet").setInputFiles({ name: "marksheet.pdf", mimeType: "application/pdf", buffer: EXE });
    const marksheetError = page.locator(".doc-picker").filter({ hasText: "Marksheet must be a PDF, JPG or PNG file." });
    await marksheetError.waitFor();
    expect(await documentInput(page, "Marksheet").getAttribute("aria-invalid")).toBe("true");

    // A PNG header on broken image data passes the quick check; the server's full decode refuses it.
    const png = await pngFile();
    const brokenPng = Buffer.concat([png.subarray(0, 64), Buffer.alloc(256, 0)]);
    await documentInput(page, "Photo").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: brokenPng });
    await documentInput(page, "Marksheet").setInputFiles({ name: "marksheet.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByText("marksheet.pdf").waitFor();
    await page.getByRole("button", { name: "Next Step" }).click();
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.getByRole("heading", { name: "Submission Failed" }).waitFor();
    await page.getByText("Photo could not be read as an image. Please choose another file.").first().waitFor();
    await page.getByRole("button", { name: "Try Again" }).click();

    await page.getByRole("heading", { name: "Documents Upload" }).waitFor();
    await page.locator(".doc-picker").filter({ hasText: "Photo could not be read as an image." }).waitFor();
    await page.getByText("marksheet.pdf").waitFor();
    await page.getByRole("button", { name: "Personal Details" }).click();
    expect(await page.getByLabel("First Name").inputValue()).toBe(applicant.firstName);
    expect(await page.getByLabel("City").inputValue()).toBe(applicant.city);
    expect(await field(page, "Email").inputValue()).toBe(applicant.email);

    // A reload keeps the typed answers and asks for the files again.
    await page.reload();
    await page.getByText(/please attach these again: Marksheet/).waitFor();
    await page.getByRole("button", { name: "Personal Details" }).click();
    expect(await page.getByLabel("City").inputValue()).toBe(applicant.city);
    await noSidewaysScroll(page);
    await context.close();
  });

  test("on a phone, the browser's Back goes a step back in the form and Forward returns, the chosen files still attached (walk 18)", async () => {
    const applicant: Applicant = { firstName: "Kavita", lastName: "Joshi", email: "kavita.joshi@example.com", city: "Satara" };
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await page.goto("/");
    // Into the form from the home page, as a visitor comes (a link, not a new load).
    await navigate(page, "/admission");
    await fillPersonalDetails(page, applicant);
    await page.getByRole("button", { name: "Next Step" }).click();
    await fillAcademic(page);
    await page.getByRole("button", { name: "Next Step" }).click();
    await documentInput(page, "Photo").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await pngFile() });
    await documentInput(page, "Marksheet").setInputFiles({ name: "marksheet.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByText("marksheet.pdf").waitFor();

    // Each step a Back or Forward reaches is shown from its title: the browser's own restoration of the scroll of
    // the moment Next was pressed (the step's end, or the footer) does not come after it (walk 21).
    const titleInView = async (name: string) => {
      const heading = page.getByRole("heading", { name });
      await heading.waitFor();
      await page.waitForTimeout(300);
      const box = await heading.evaluate((el) => ({ top: el.getBoundingClientRect().top, height: innerHeight }));
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeLessThan(box.height / 2);
    };
    await page.goBack();
    await titleInView("Academic Information");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Academic Information");
    await page.goBack();
    await titleInView("Personal Details");
    expect(await page.getByLabel("City").inputValue()).toBe(applicant.city);
    expect(new URL(page.url()).pathname).toBe("/admission");
    await page.goForward();
    await page.goForward();
    await titleInView("Documents Upload");
    await page.getByText("marksheet.pdf").waitFor();
    await page.getByRole("img", { name: "Preview of Photo" }).waitFor();
    expect(await page.getByText(/please attach these again/).count()).toBe(0);
    // From the step the page opened on, Back leaves it, as any page's Back does; with files chosen (the draft
    // keeps only the text) it asks first, as a link or a reload does (walk 27b).
    await page.getByRole("button", { name: "Personal Details" }).click();
    await page.goBack();
    await page.getByRole("heading", { name: "Documents Upload" }).waitFor();
    await page.goBack();
    await page.goBack();
    await page.getByRole("heading", { name: "Personal Details" }).waitFor();
    // Held before it happens, so Playwright's wait for the move is not awaited.
    void page.goBack({ timeout: 10_000 }).catch(() => null);
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await leave.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/admission");
    await page.getByRole("heading", { name: "Personal Details" }).waitFor();
    await page.goForward();
    await page.goForward();
    await page.getByText("marksheet.pdf").waitFor();
    await page.goBack();
    await page.goBack();
    void page.goBack({ timeout: 10_000 }).catch(() => null);
    await leave.getByRole("button", { name: "Discard and go on" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the office at the counter: a walk-in application, a note and a follow-up, an edit, the A4 print and the CSV export (issue 17)", async () => {
    const { page, context, problems } = await newPage(browser, server, DESKTOP);
    await signInAsAdmin(page);
    const walkIn = { firstName: "Rekha", lastName: "Walkin", email: "rekha.walkin@example.com", city: "Satara" };

    // The admissions screen's "Walk-in application" opens the public form, which knows it is the office.
    await page.goto("/admin/admissions");
    await page.getByRole("link", { name: "Walk-in application" }).click();
    await page.waitForURL("**/admission");
    await page.getByText("Entering a walk-in application").waitFor();
    await apply(page, walkIn, { photo: await pngFile(), marksheet: PDF });
    await page.getByTestId("application-number").waitFor();
    await page.getByRole("link", { name: "Back to Admissions" }).click();

    // Its details: entered at the office, a note, a follow-up date.
    const row = await findInAdmin(page, walkIn.email);
    await row.getByRole("button", { name: /^View/ }).click();
    const dialog = page.getByRole("dialog");
    const office = dialog.getByRole("region", { name: "Office notes" });
    await waitOrExplain(office.getByText(/Entered at the office by/));
    await office.getByLabel("Add a note").fill("Brought the marksheet; TC to follow on Monday.");
    await office.getByRole("button", { name: "Add note" }).click();
    await waitOrExplain(office.getByRole("listitem").filter({ hasText: "TC to follow on Monday" }));
    // The note's toast is put away first: nothing can slide over Save date while it is clicked.
    await page.locator(".ui-toast").filter({ hasText: "Note added." }).getByRole("button", { name: "Dismiss" }).click();
    await office.getByLabel("Follow-up date").fill("2030-01-15");
    await office.getByRole("button", { name: "Save date" }).click();
    await office.getByRole("button", { name: "Remove" }).waitFor();
    await page.locator(".ui-toasts").getByText("Follow-up set for 15 Jan 2030.").waitFor();
    // The toasts show above the open dialog, inside it: not under the dialog's backdrop, and not inert (a tap on
    // a toast drawn over the dialog from the page fell through to Approve). It goes back to the page when the
    // dialog closes (below).
    const toastsOnTop = () => page.evaluate(() => document.querySelector(".ui-toasts")!.closest("dialog[open]") !== null);
    expect(await toastsOnTop()).toBe(true);
    await page.locator(".ui-toast").filter({ hasText: "Follow-up set for 15 Jan 2030." }).getByRole("button", { name: "Dismiss" }).click();
    await page.locator(".ui-toast").filter({ hasText: "Follow-up set for 15 Jan 2030." }).waitFor({ state: "detached" });
    expect(await page.getByRole("dialog", { name: /^Approve/ }).count()).toBe(0);

    // Edit: the same form as the applicant's, filled in; the change is saved.
    await dialog.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/\/admin\/admissions\/\d+\/edit$/);
    const editPath = new URL(page.url()).pathname;
    await expect(page.getByLabel("City").inputValue()).resolves.toBe(walkIn.city);
    expect(await toastsOnTop()).toBe(false);
    // Two office members at once (eleventh walk): a colleague saves the same application first; this save is
    // refused with what to do, what was typed stays, and the application opened again shows their change.
    const colleague = await newPage(browser, server, DESKTOP);
    await signInAsAdmin(colleague.page);
    await colleague.page.goto(editPath);
    await colleague.page.getByLabel("City").fill("Sangli");
    await colleague.page.getByRole("button", { name: "Save Changes" }).click();
    await colleague.page.waitForURL("**/admin/admissions");
    await colleague.context.close();
    await page.getByLabel("City").fill("Kolhapur");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(/This application was changed by someone else after you opened it/).waitFor();
    expect(await page.getByLabel("City").inputValue()).toBe("Kolhapur");
    await page.getByRole("button", { name: "Cancel Edit" }).click();
    // Back to the list as it was left (its search, the application's details open), read afresh (walk 27b: the
    // unfiltered list, and Back showed the form again). Opened by its address, the page goes to the list.
    await page.waitForURL((u) => u.pathname === "/admin/admissions" && u.searchParams.get("search") === walkIn.email);
    expect(new URL(page.url()).searchParams.has("open")).toBe(true);
    await dialog
      .getByText(/Sangli/)
      .first()
      .waitFor();
    await page.goto(editPath);
    await expect(page.getByLabel("City").inputValue()).resolves.toBe("Sangli");
    await page.getByLabel("City").fill("Kolhapur");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(/^Application APP-\d{4}-\d{6} saved\.$/).waitFor();
    await page.waitForURL("**/admin/admissions");

    // Print: the application on A4, without the portal's bars.
    const again = await findInAdmin(page, walkIn.email);
    await again.getByText(/Follow up 15 Jan 2030/).waitFor();
    await again.getByRole("button", { name: /^View/ }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Print" }).click();
    await page.getByRole("heading", { name: "Application form", level: 1 }).waitFor();
    await page.getByText("Kolhapur").waitFor();
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".portal-sidebar").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    const pdf = await page.pdf({ format: "A4" });
    expect(pdf.byteLength).toBeGreaterThan(1000);
    // One sheet for a typical application (QA2 4): the signatures are not left alone on a second page.
    expect(new TextDecoder("latin1").decode(pdf).match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: "screen" });
    // Back to applications: the list as it was left, the details open again (walk 27b).
    await page.getByRole("link", { name: "Back to applications" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/admissions" && u.searchParams.get("search") === walkIn.email);
    await page
      .getByRole("dialog")
      .getByText(/Kolhapur/)
      .first()
      .waitFor();

    // The list as CSV, with the search applied.
    await findInAdmin(page, walkIn.email);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, "utf8")
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain("Rekha,Walkin,rekha.walkin@example.com");
    expect(csv[1]).toContain("2030-01-15");

    // The activity log names who did each.
    await page.goto("/admin/activity");
    for (const text of [
      /Entered application APP-\d{4}-\d{6} for walk-in applicant Rekha Walkin/,
      /Edited application APP-\d{4}-\d{6}: City/,
      /Added a note to application/,
      /Exported the applications list as CSV: 1 row\b/,
    ]) {
      await page.getByText(text).first().waitFor();
    }

    // A second walk-in begun, then the office signs out from the site's header: the answers go from the screen,
    // which says so, and never reach the device's storage for the next applicant to be offered (walk 32b).
    await page.goto("/admission");
    await page.getByText("Entering a walk-in application").waitFor();
    await page.getByLabel(/^First Name/).fill("Secondwalkin");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("Signed out: the walk-in application was cleared from this screen").waitFor();
    await page.getByText("Entering a walk-in application").waitFor({ state: "detached" });
    await expect(page.getByLabel(/^First Name/).inputValue()).resolves.toBe("");
    const stored = () => page.evaluate(() => Object.values(localStorage).join("\n"));
    expect(await stored()).not.toContain("Secondwalkin");
    const next = await context.newPage();
    await next.goto("/admission");
    await next.getByRole("heading", { name: "Personal Details" }).waitFor();
    await expect(next.getByLabel(/^First Name/).inputValue()).resolves.toBe("");
    // (the refused stale save's 409 is the browser's only complaint)
    expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    await context.close();
  });
});
