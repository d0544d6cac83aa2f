/**
 * Issue 18's courses against the real server: the office adds a PDF material to the demo student's subject;
 * the student ticks a unit, downloads the PDF and hands in the assignment; the office grades it and the student sees the marks and the comment. The screens are
 * checked with axe and for sideways scrolling at 390 px and 1280 px.
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

async function check(page: Page, label: string, found: Record<string, AxeFinding[] | number>) {
  await settle(page);
  const findings = await axeFindings(page);
  if (findings.length) found[label] = findings;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found[`${label}: scrolls sideways by`] = overflow;
}

const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(pdfBytes()) });

describe("courses, materials and assignments (issue 18)", () => {
  test("the office adds a material; the student studies it and hands in work; the office grades it; the student sees the marks", async () => {
    const found: Record<string, AxeFinding[] | number> = {};
    const office = await newPage(browser, server, DESKTOP);
    await signIn(office.page, server, "admin");
    await office.page.goto("/admin/courses");
    await check(office.page, "subjects 1280", found);
    const row = office.page.getByRole("row").filter({ hasText: "BBA-101" });
    await expect(row.getByRole("cell").nth(2).textContent()).resolves.toBe("1");
    await row.getByRole("link", { name: "BBA-101 Principles of Management" }).click();
    await office.page.getByRole("heading", { level: 1, name: "BBA-101 Principles of Management" }).waitFor();

    // A PDF for unit 2.
    await office.page.getByRole("textbox", { name: /^Title/ }).fill("Planning: lecture notes");
    await office.page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "2. Planning and decision making" });
    await office.page.getByLabel(/^Material PDF/).setInputFiles(pdf("planning-notes.pdf"));
    await office.page.getByRole("button", { name: "Add material" }).click();
    await office.page.getByText("Planning: lecture notes was added; 1 student was told.").waitFor();
    await office.page.getByRole("button", { name: "Download Planning: lecture notes" }).waitFor();
    await check(office.page, "subject 1280", found);

    const student = await newPage(browser, server, PHONE_390);
    await signIn(student.page, server, "student");
    // The bell rings for the new material.
    await student.page.getByRole("link", { name: "1 unread notification" }).waitFor();
    await student.page.goto("/student/courses");
    await check(student.page, "courses 390", found);
    await student.page.getByRole("link", { name: /Principles of Management/ }).click();
    await student.page.getByRole("heading", { level: 1, name: "BBA-101 Principles of Management" }).waitFor();
    await student.page.getByRole("checkbox", { name: "Unit 1: Nature and scope of management" }).check();
    await student.page.getByRole("progressbar", { name: "1 of 4 units done" }).first().waitFor();
    const [download] = await Promise.all([
      student.page.waitForEvent("download"),
      student.page.getByRole("button", { name: "Download Planning: lecture notes" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("planning-notes.pdf");
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const assignment = student.page.getByRole("article", { name: "Case study: planning at a small business" });
    await assignment.getByRole("button", { name: "Hand in" }).click();
    await assignment.getByText("Choose your work as a PDF to submit.").waitFor();
    // On a slow line (walk 33b: 20 KB/s up) the upload can be stopped beside its progress: nothing handed in, the
    // note kept for the next try.
    const cdp = await student.context.newCDPSession(student.page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 20 * 1024,
    });
    const large = Buffer.concat([Buffer.from(pdfBytes()), Buffer.alloc(400_000, 32)]);
    await assignment.getByLabel("Your work (PDF)").setInputFiles({ name: "large.pdf", mimeType: "application/pdf", buffer: large });
    await assignment.getByLabel("Note for your teacher (optional)").fill("Answers to all five questions.");
    await assignment.getByRole("button", { name: "Hand in" }).click();
    await assignment.getByRole("progressbar").waitFor();
    await assignment.getByRole("button", { name: "Cancel upload" }).click();
    await student.page.getByText("Upload cancelled: nothing was handed in. Your file and note are still here.").waitFor();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await assignment.getByLabel("Note for your teacher (optional)").inputValue()).toBe("Answers to all five questions.");
    expect(await assignment.getByText("Handed in", { exact: true }).count()).toBe(0);
    await assignment.getByLabel("Your work (PDF)").setInputFiles(pdf("priya-case-study.pdf"));
    await assignment.getByLabel("Note for your teacher (optional)").fill("Answers to all five questions.");
    await assignment.getByRole("button", { name: "Hand in" }).click();
    await student.page.getByText("Your work was submitted.").waitFor();
    await assignment.getByText("Handed in", { exact: true }).waitFor();
    await check(student.page, "course 390", found);

    // The office grades it.
    await office.page.getByRole("link", { name: "Case study: planning at a small business" }).click();
    await office.page.getByRole("heading", { level: 1, name: "Case study: planning at a small business" }).waitFor();
    const work = office.page.getByRole("row").filter({ hasText: "Priya Sharma" });
    await work.getByText("Answers to all five questions.").waitFor();
    await check(office.page, "submissions 1280", found);
    await work.getByRole("button", { name: /^Grade/ }).click();
    const dialog = office.page.getByRole("dialog");
    await dialog.getByLabel("Marks (out of 20)").fill("25");
    await dialog.getByRole("button", { name: "Save marks" }).click();
    await dialog.getByText("Marks cannot be more than the maximum, 20.").waitFor();
    await dialog.getByLabel("Marks (out of 20)").fill("17");
    await dialog.getByLabel("Comment for the student").fill("Clear plan; cite the case's numbers.");
    await dialog.getByRole("button", { name: "Save marks" }).click();
    await office.page.getByText("Marks saved for Priya Sharma; they have been told.").waitFor();
    await work.getByText("17 / 20").waitFor();

    await student.page.reload();
    await assignment.getByText("17 / 20").waitFor();
    await assignment.getByText("Comment: Clear plan; cite the case's numbers.").waitFor();
    expect(await assignment.getByRole("button", { name: "Hand in" }).count()).toBe(0);

    // The dashboard shows it all from the records: the unit ticked, the work handed in and its marks.
    await student.page.goto("/student/dashboard");
    const progress = student.page.getByRole("region", { name: "Course progress" });
    await progress.getByRole("progressbar", { name: "BBA-101 Principles of Management" }).waitFor();
    expect(await progress.getByRole("progressbar", { name: "BBA-101 Principles of Management" }).getAttribute("aria-valuenow")).toBe("25");
    const performance = student.page.getByRole("region", { name: "Performance" });
    await performance.getByText("85%").first().waitFor();
    await performance.getByText("1 of 1").waitFor();
    await check(student.page, "dashboard 390", found);

    // Moving the term's students on says first what else it touches (QA3 2): here the open assignment. Not moved.
    await office.page.goto("/admin/courses");
    await office.page.getByRole("button", { name: "Move students to next term" }).click();
    const move = office.page.getByRole("dialog", { name: "Move students to another term" });
    await move
      .getByText(
        "1 assignment of Year 1's subjects is still open: it closes for these students, and work not handed in can no longer be handed in.",
      )
      .waitFor();
    await check(office.page, "move dialog 1280", found);
    await move.getByRole("button", { name: "Cancel" }).click();

    expect(found).toEqual({});
    expect(office.problems).toEqual([]);
    expect(student.problems).toEqual([]);
  });
});
