/** Issue 2's journeys: the home page, both logins, the guards, a wrong password. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, PHONE, type RunningServer, startServer } from "./harness.ts";

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

describe("foundation journeys", () => {
  test("a guest sees the home page with Apply Now and Login, on a phone, without sideways scrolling", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await page.goto("/");
    await page.getByRole("link", { name: "Apply for Admission" }).waitFor();
    expect(await page.title()).toContain("Institute of Distance Education");
    // The phone layout hides the links behind the menu button.
    await page.getByRole("button", { name: /menu/i }).click();
    await page.getByRole("link", { name: "Apply Now" }).first().waitFor();
    await page.getByRole("link", { name: "Login" }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the admin logs in and lands on /admin/dashboard; a reload keeps the session", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await page.goto("/login");
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    await page.getByLabel("Email", { exact: true }).fill(server.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(server.admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    // The sign-in form went with its page: the focus is on the dashboard's main region, not the document (eighth walk).
    await page.waitForFunction(() => document.activeElement?.id === "main", undefined, { timeout: 5_000 });
    await page.reload();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
    // A signed-in admin opening a guest page goes to the dashboard.
    await page.goto("/login");
    await page.waitForURL("**/admin/dashboard");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the demo student logs in by student ID and, in a new browser, by e-mail", async () => {
    for (const login of [server.student.studentId, server.student.email]) {
      const { page, context, problems } = await newPage(browser, server);
      await page.goto("/login");
      await page.getByLabel("Email or Student ID").fill(login);
      await page.getByLabel("Password", { exact: true }).fill(server.student.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL("**/student/dashboard");
      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("a guest opening /admin/dashboard is sent to /login on its Admin tab; a student never sees the admin area", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto("/admin/dashboard");
    await page.waitForURL(/\/login(\?|$)/);
    // The office's own page: the form is on its Admin tab (walk 17); a student chooses Student.
    expect(await page.getByRole("button", { name: "Admin", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Student", exact: true }).click();
    await page.getByLabel("Email or Student ID").fill(server.student.studentId);
    await page.getByLabel("Password", { exact: true }).fill(server.student.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/student/dashboard");
    // Wrong role → /login, and /login sends a signed-in student on to their own dashboard.
    await page.goto("/admin/dashboard");
    await page.waitForURL("**/student/dashboard");
    await context.close();
  });

  test("a wrong password shows 'Invalid credentials' and keeps what was typed", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto("/login");
    await page.getByLabel("Email or Student ID").fill(server.student.studentId);
    await page.getByLabel("Password", { exact: true }).fill("Wrong1Password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid credentials" }).waitFor();
    expect(await page.getByLabel("Email or Student ID").inputValue()).toBe(server.student.studentId);
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  test("an unknown page redirects to the home page", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto("/no/such/page");
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("link", { name: "Apply for Admission" }).waitFor();
    await context.close();
  });
});
