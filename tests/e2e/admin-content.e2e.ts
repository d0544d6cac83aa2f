/**
 * Issue 8's journeys in a real browser against the real server: Gallery Management (a batch with one bad
 * file: the two real images reach the public gallery, the renamed program is named as it is chosen and a broken
 * JPEG is refused by the server with its reason, then
 * both are bulk-deleted), System Settings (the session timeout is stored and read back; maintenance mode
 * closes the public site while the admin area keeps working), a support ticket answered and resolved, and
 * the analytics CSV with its sections.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { executableBytes, jpegBytes, pngBytes } from "../../src/server/test-files.ts";
import { DESKTOP, launchBrowser, newPage, PHONE, type RunningServer, signIn, startServer } from "./harness.ts";

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

const signInAsAdmin = (page: Page) => signIn(page, server, "admin");

/** GET /api/admin/settings with the page's own session. */
async function storedSettings(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/admin/settings", { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return (
      (await response.json()) as { data: { settings: { security: { sessionTimeout: number }; system: { maintenanceMode: boolean } } } }
    ).data.settings;
  });
}

/** Waits until `check` holds (or fails after `ms`). */
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("The page did not reach the expected state in time");
    await Bun.sleep(100);
  }
}

/** A number field of the open settings section ("Session timeout (hours)"). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe("admin content", () => {
  test("gallery: a renamed program is named as it is chosen, a broken JPEG is refused by the server, two photos reach the public gallery; then both are bulk-deleted", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await signInAsAdmin(page);
    await page.goto("/admin/gallery");
    await page.getByRole("heading", { name: "Gallery Management" }).waitFor();
    const total = page.getByRole("group", { name: "Total Images" });
    await total.getByText("6", { exact: true }).waitFor();

    await page.getByLabel("Choose images to upload").setInputFiles([
      { name: "E2E Gate.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await jpegBytes(640, 480)) },
      { name: "setup.jpg", mimeType: "image/jpeg", buffer: Buffer.from(executableBytes()) },
      { name: "E2E Hostel.final.png", mimeType: "image/png", buffer: Buffer.from(await pngBytes(480, 360)) },
    ]);
    const upload = page.getByRole("dialog", { name: "Upload Images" });
    await expect(upload.getByLabel(/^Title of image 1/).inputValue()).resolves.toBe("E2E Gate");
    await expect(upload.getByLabel(/^Title of image 3/).inputValue()).resolves.toBe("E2E Hostel");
    await expect(upload.getByLabel("Category of image 3").inputValue()).resolves.toBe("Campus");
    await upload.getByLabel("Category of image 3").selectOption("Facilities");
    // The program is named as it is chosen, by its first bytes (walk 19a), and Upload waits for it to go.
    const programRow = upload.getByRole("listitem").filter({ hasText: "setup.jpg" });
    const refusedLine = programRow.getByText("This is not a JPG, PNG or WebP picture: the gallery takes those only.");
    await refusedLine.waitFor();
    // On a phone, Upload with it there shows its message (walk 21: its Remove took the focus under the dialog's
    // footer, and nothing seemed to happen).
    await page.setViewportSize({ width: 390, height: 700 });
    await upload.getByRole("button", { name: "Upload Images" }).click();
    await page.waitForTimeout(300);
    const footerTop = await upload.locator(".ui-dialog__footer").evaluate((el) => el.getBoundingClientRect().top);
    const line = await refusedLine.evaluate((el) => el.getBoundingClientRect());
    expect(line.top).toBeGreaterThanOrEqual(0);
    expect(line.bottom).toBeLessThanOrEqual(footerTop);
    await page.setViewportSize(DESKTOP);
    await programRow.getByRole("button", { name: "Remove setup.jpg" }).click();
    // A JPEG's first bytes on broken data pass that look; the server's full read refuses it after the upload.
    const brokenJpeg = Buffer.concat([Buffer.from(await jpegBytes(64, 64)).subarray(0, 20), Buffer.alloc(400, 0)]);
    await page
      .getByRole("dialog", { name: "Upload Images" })
      .getByLabel("Choose images to upload")
      .setInputFiles([{ name: "broken.jpg", mimeType: "image/jpeg", buffer: brokenJpeg }]);
    await upload.getByLabel(/^Title of image 3/).waitFor();
    await upload.getByRole("button", { name: "Upload Images" }).click();
    await upload.getByText("2 images uploaded successfully").waitFor();
    const refused = upload.getByRole("list", { name: "Files not uploaded" });
    await expect(refused.textContent()).resolves.toMatch(/^broken\.jpg: .+/);
    await upload.getByRole("button", { name: "Done" }).click();
    await total.getByText("8", { exact: true }).waitFor();

    // A visitor sees both new photos in the public gallery.
    const guest = await newPage(browser, server, PHONE);
    await guest.page.goto("/gallery");
    await guest.page.getByRole("button", { name: /E2E Gate/ }).waitFor();
    await guest.page.getByRole("button", { name: /E2E Hostel/ }).waitFor();
    await guest.context.close();

    // Back in Gallery Management: find them, select them, delete them together.
    await page.getByRole("searchbox", { name: "Search images" }).fill("e2e");
    await page.waitForURL("**/admin/gallery?search=e2e");
    // The list shows the search's answer: only the two new images.
    await until(async () => (await page.getByRole("checkbox", { name: /^Select (?!All$)/ }).count()) === 2);
    await page.getByRole("checkbox", { name: "Select E2E Hostel" }).waitFor();
    await page.getByRole("checkbox", { name: "Select All" }).check();
    await page.getByRole("button", { name: "Delete Selected (2)" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
    await confirm.getByText("Are you sure you want to delete 2 selected images? This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("2 images deleted successfully").waitFor();
    await page.getByText("No images found").waitFor();
    await total.getByText("6", { exact: true }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  test("settings: a new session timeout is saved, read back after a reload and stored on the server", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await signInAsAdmin(page);
    await page.goto("/admin/settings?section=security");
    await page.getByRole("heading", { name: "Security", level: 2 }).waitFor();
    const timeout = field(page, "Session timeout (hours)");
    await expect(timeout.inputValue()).resolves.toBe("24");

    await timeout.fill("200");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Session timeout must be a whole number of hours from 1 to 168").waitFor();

    await timeout.fill("12");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully!").waitFor();

    await page.reload();
    await page.getByRole("heading", { name: "Security", level: 2 }).waitFor();
    await until(async () => (await field(page, "Session timeout (hours)").inputValue()) === "12");
    expect((await storedSettings(page)).security.sessionTimeout).toBe(12);

    expect(problems).toEqual([]);
    await context.close();
  });

  test("settings: maintenance mode closes the public site while the admin area keeps working, and opens it again", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await signInAsAdmin(page);
    await page.goto("/admin/settings?section=system");
    const maintenance = page.getByRole("switch", { name: "Maintenance mode" });
    await expect(maintenance.getAttribute("aria-checked")).resolves.toBe("false");
    await maintenance.click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully!").waitFor();
    await page.getByText("Maintenance mode is on: the public website is showing its maintenance page.").waitFor();
    expect((await storedSettings(page)).system.maintenanceMode).toBe(true);

    const guest = await browser.newContext({ baseURL: server.url });
    const visitor = await guest.newPage();
    await visitor.goto("/");
    await visitor.getByRole("region", { name: "We'll be back soon" }).waitFor();

    // The admin area is not affected.
    await page.goto("/admin/gallery");
    await page.getByRole("group", { name: "Total Images" }).getByText("6", { exact: true }).waitFor();

    await page.goto("/admin/settings?section=system");
    await page.getByRole("switch", { name: "Maintenance mode" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully!").waitFor();
    expect((await storedSettings(page)).system.maintenanceMode).toBe(false);

    await visitor.reload();
    await visitor.getByRole("link", { name: "Apply for Admission" }).first().waitFor();
    expect(await visitor.getByRole("region", { name: "We'll be back soon" }).count()).toBe(0);
    await guest.close();

    expect(problems).toEqual([]);
    await context.close();
  });

  test("help: a ticket is created, answered and resolved", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await signInAsAdmin(page);
    await page.goto("/admin/help");
    await page.getByRole("button", { name: "New Ticket" }).click();
    const form = page.getByRole("dialog", { name: "Create New Ticket" });
    await form.getByRole("button", { name: "Create Ticket" }).click();
    await form.getByText("Subject is required").waitFor();
    await form.getByLabel("Subject").fill("Projector in the Pune classroom");
    await form.getByLabel("Category").selectOption("technical");
    await form.getByLabel("Description").fill("The projector in room 2 does not switch on. Weekend classes need it on Saturday.");
    await form.getByRole("button", { name: "Create Ticket" }).click();
    await page.getByText(/Ticket created successfully!/).waitFor();

    const row = page.getByRole("row").filter({ hasText: "Projector in the Pune classroom" });
    await row.getByText("Open", { exact: true }).waitFor();
    const number = (await row.getByText(/^TKT-\d{4}-\d{5}$/).textContent())!;
    await row.getByRole("button", { name: `Add response to ${number}` }).click();
    const details = page.getByRole("dialog", { name: `Ticket ${number}` });
    await details.getByLabel("Your response").fill("An engineer will replace the lamp on Friday.");
    await details.getByRole("button", { name: "Send Response" }).click();
    await details.getByText("An engineer will replace the lamp on Friday.").waitFor();
    await details.locator(".ui-badge").getByText("In progress", { exact: true }).waitFor();

    await details.getByLabel("Status").selectOption("resolved");
    await details.locator(".ui-badge").getByText("Resolved", { exact: true }).waitFor();
    await details.getByRole("button", { name: "Close" }).click();
    await row.getByText("Resolved", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Resolved" }).getByText("1", { exact: true }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  test("analytics: the range reloads the figures and Export Report downloads the server's CSV with every section", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await signInAsAdmin(page);
    await page.goto("/admin/analytics");
    await page.getByRole("group", { name: "Gallery Images" }).getByText("6", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await page.waitForURL("**/admin/analytics?range=7d");
    await page.getByText("Showing last 7 days").waitFor();
    // The fees collected over the same days (the demo has no receipts yet).
    const fees = page.getByRole("region", { name: "Fees Collected" });
    await fees.getByText("₹0 from 0 receipts in the last 7 days.").waitFor();
    await fees.getByText("No fees collected in the last 7 days.").waitFor();
    // Said, not drawn: no row of empty bars, nor their hidden table of zeros (walk 30a).
    expect(await fees.locator(".ac-chart__bars, table").count()).toBe(0);

    const exportButton = page.getByRole("button", { name: "Export Report" });
    await until(() => exportButton.isEnabled());
    const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^analytics-report-\d{4}-\d{2}-\d{2}-7d\.csv$/);
    await page.getByText(new RegExp(`${download.suggestedFilename().replace(/\./g, "\\.")}.*Downloads folder`)).waitFor();
    const csv = readFileSync((await download.path())!, "utf8");
    for (const section of [
      "Analytics report",
      "Overview",
      "Admissions trend",
      "Contacts trend",
      "Fees collected",
      "Top gallery categories",
      "Recent activity",
    ]) {
      expect(csv).toContain(section);
    }
    expect(csv).toContain("Last 7 days (7d)");

    expect(problems).toEqual([]);
    await context.close();
  });
});
