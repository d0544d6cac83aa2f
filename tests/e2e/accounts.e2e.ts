/**
 * Account journeys against the real server: password reset with the e-mailed code (read from the
 * outbox folder), a wrong code, lockout, Logout All, the forced change at first sign-in, and the
 * first-login link. The tests share one server and run in order: they change the demo accounts'
 * passwords as they go (and the lockout, which locks the demo student, comes last).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { fromOutbox, launchBrowser, newPage, PHONE, type RunningServer, startServer } from "./harness.ts";

let server: RunningServer;
let browser: Browser;
/** The demo accounts' passwords as the journeys change them. */
const current = { student: "", admin: "" };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  current.student = server.student.password;
  current.admin = server.admin.password;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ---------- the outbox: .eml files written by the server when no SMTP_URL is set ----------

/** The 6-digit code of the newest message to `to` whose subject matches, written after `since` (ms). */
const codeFromOutbox = (to: string, subject: RegExp, since: number) =>
  fromOutbox(server, { to, subject, since }, (text) => /^ {4}(\d{6})\s*$/m.exec(text)?.[1] ?? /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1]);

// ---------- small steps ----------

const RESET_SUBJECT = /password reset code/i;

async function signIn(page: Page, kind: "student" | "admin", login: string, password: string) {
  await page.goto("/login");
  if (kind === "admin") {
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    await page.getByLabel("Email", { exact: true }).fill(login);
  } else {
    await page.getByLabel("Email or Student ID").fill(login);
  }
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Asks for a reset code on /forgot-password and waits for the code page (the 2-second pause). */
async function requestCode(page: Page, kind: "student" | "admin", email: string): Promise<number> {
  await page.getByRole("heading", { name: "Forgot password" }).waitFor();
  if (kind === "admin") await page.getByRole("button", { name: "Admin", exact: true }).click();
  await page.getByLabel(/Email address/).fill(email);
  const since = Date.now();
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByText("If an account exists for this e-mail address").waitFor();
  await page.waitForURL((u) => u.pathname === "/verify-otp");
  expect(new URL(page.url()).searchParams.get("email")).toBe(email);
  expect(new URL(page.url()).searchParams.get("userType")).toBe(kind);
  await page.getByRole("heading", { name: "Enter your code" }).waitFor();
  return since;
}

const boxValues = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>(".code-input input"))
      .map((i) => i.value)
      .join(""),
  );

/** Pastes text into the first box, as a person pasting the code from the e-mail would. */
const pasteIntoFirstBox = (page: Page, text: string) =>
  page.getByLabel("Digit 1 of 6").evaluate((input, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);

async function chooseNewPassword(page: Page, password: string) {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
}

const expectedNoise = (problems: string[]) => problems.filter((p) => !/status of (400|429)/.test(p));

function openDatabase() {
  return new SQLite(path.join(server.dataDir, "institute.db"));
}

describe("account journeys", () => {
  test("the demo student resets a forgotten password with the e-mailed code, on a phone, and signs in with it", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const since = await requestCode(page, "student", server.student.email);
    const code = await codeFromOutbox(server.student.email, RESET_SUBJECT, since);

    // Typed digit by digit: each box moves on to the next.
    await page.getByLabel("Digit 1 of 6").focus();
    await page.keyboard.type(code, { delay: 20 });
    expect(await boxValues(page)).toBe(code);
    await expect(page.getByLabel("Digit 6 of 6").evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.getByRole("button", { name: "Verify" }).click();

    await page.waitForURL((u) => u.pathname === "/reset-password");
    expect(page.url()).not.toContain("token"); // the reset token never enters the address bar
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    current.student = "Journey2Reset";
    await chooseNewPassword(page, current.student);
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Your password has been reset").waitFor();
    await page.waitForURL((u) => u.pathname === "/login", { timeout: 6000 });

    await page.getByLabel("Email or Student ID").fill(server.student.studentId);
    await page.getByLabel("Password", { exact: true }).fill(current.student);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/student/dashboard");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the admin resets theirs (code pasted from the e-mail) and signs in with the new password", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await page.goto("/forgot-password");
    const since = await requestCode(page, "admin", server.admin.email);
    const code = await codeFromOutbox(server.admin.email, RESET_SUBJECT, since);
    await pasteIntoFirstBox(page, `Code: ${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await boxValues(page)).toBe(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((u) => u.pathname === "/reset-password");
    current.admin = "Admin2Reset!x";
    await chooseNewPassword(page, current.admin);
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.waitForURL((u) => u.pathname === "/login", { timeout: 6000 });
    await signIn(page, "admin", server.admin.email, current.admin);
    await page.waitForURL("**/admin/dashboard");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a wrong code shows the server's message and clears the boxes; a reload keeps the page working", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await page.goto("/forgot-password");
    const since = await requestCode(page, "student", server.student.email);
    const code = await codeFromOutbox(server.student.email, RESET_SUBJECT, since);
    const wrong = code === "000000" ? "111111" : "000000";
    await pasteIntoFirstBox(page, wrong);
    expect(await boxValues(page)).toBe(wrong);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid verification code. Please try again." }).waitFor();
    expect(await boxValues(page)).toBe("");
    await expect(page.getByLabel("Digit 1 of 6").evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // The address travels in the query string, so a reload still knows it (the real code still works).
    await page.reload();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    await pasteIntoFirstBox(page, code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((u) => u.pathname === "/reset-password");
    // The token lives in memory only: a reload of the reset page starts over.
    await page.reload();
    await page.waitForURL((u) => u.pathname === "/forgot-password");
    expect(expectedNoise(problems)).toEqual([]);
    await context.close();
  });

  test("Logout All from one browser signs the demo student out of the other", async () => {
    const first = await newPage(browser, server);
    const second = await newPage(browser, server);
    for (const { page } of [first, second]) {
      await signIn(page, "student", server.student.studentId, current.student);
      await page.waitForURL("**/student/dashboard");
    }
    const answer = await first.page.evaluate(async () => {
      const response = await fetch("/api/auth/logout-all", {
        method: "POST",
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
      });
      return { status: response.status, body: await response.json() };
    });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toMatch(/"endedSessions":[1-9]/);

    await second.page.reload();
    await second.page.waitForURL((u) => u.pathname === "/login");
    await second.page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await second.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // The browser that asked stays signed in.
    await first.page.reload();
    await first.page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(new URL(first.page.url()).pathname).toBe("/student/dashboard");
    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  test("an account that must change its password is taken to /change-password first, then to its dashboard", async () => {
    const db = openDatabase();
    try {
      db.prepare("UPDATE users SET must_change_password = 1 WHERE email = ?").run(server.student.email);
    } finally {
      db.close();
    }
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await signIn(page, "student", server.student.studentId, current.student);
    await page.waitForURL((u) => u.pathname === "/change-password");
    await page.getByText("Please choose a new password before you continue.").waitFor();
    // Every portal page leads back here until it is done.
    await page.goto("/student/profile");
    await page.waitForURL((u) => u.pathname === "/change-password");

    await page.getByLabel(/^Current password/).fill(current.student);
    current.student = "Chosen3Forced";
    await chooseNewPassword(page, current.student);
    await page.getByRole("button", { name: "Save password" }).click();
    await page.waitForURL("**/student/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();

    const again = await newPage(browser, server);
    await signIn(again.page, "student", server.student.email, current.student);
    await again.page.waitForURL("**/student/dashboard");
    expect(problems).toEqual([]);
    expect(again.problems).toEqual([]);
    await again.context.close();
    await context.close();
  });

  test("a new student's first-login link sets the password, and they sign in with it", async () => {
    const token = `e2e-first-login-${crypto.randomUUID()}`;
    const now = new Date();
    const db = openDatabase();
    try {
      const stamp = now.toISOString();
      const { lastInsertRowid } = db
        .prepare(
          "INSERT INTO users (role, name, email, student_id, must_change_password, preferences, created_at, updated_at) VALUES ('student', ?, ?, ?, 1, ?, ?, ?)",
        )
        // Her account's language, as an approval stores it from the application: English.
        .run("Meera Iyer", "meera.iyer@example.com", "STU0900", JSON.stringify({ language: "english" }), stamp, stamp);
      db.prepare(
        "INSERT INTO one_time_codes (purpose, email, user_id, code_hash, expires_at, created_at) VALUES ('first_login', ?, ?, ?, ?, ?)",
      ).run(
        "meera.iyer@example.com",
        Number(lastInsertRowid),
        createHash("sha256").update(token).digest("hex"),
        new Date(now.getTime() + 86_400_000).toISOString(),
        stamp,
      );
    } finally {
      db.close();
    }

    const { page, context, problems } = await newPage(browser, server, PHONE);
    await page.goto(`/first-login?token=${encodeURIComponent(token)}`);
    await page.getByRole("heading", { name: "Welcome — choose your password" }).waitFor();
    await chooseNewPassword(page, "Meera2Portal");
    await page.getByRole("button", { name: "Set my password" }).click();
    await page.getByText("Your password is set. Please sign in.").waitFor();
    await page.getByText("STU0900").waitFor();
    // She picks Marathi on these screens before signing in: signing in keeps it, and her account is told (walk 33a:
    // the account's English took the screen back).
    await page.getByRole("combobox", { name: "Language" }).selectOption("mr");
    await page.waitForFunction(() => document.documentElement.lang === "mr");
    await page.locator('a[href="/login"]').first().click();
    await page.waitForURL((u) => u.pathname === "/login");
    await page.locator("#login-identifier").fill("STU0900");
    await page.locator("#login-password").fill("Meera2Portal");
    await page.locator("#login-password").press("Enter");
    await page.waitForURL("**/student/dashboard");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("mr");
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("mr");
    const stored = openDatabase();
    try {
      const row = stored.prepare("SELECT preferences FROM users WHERE student_id = 'STU0900'").get() as { preferences: string };
      expect(JSON.parse(row.preferences).language).toBe("marathi");
    } finally {
      stored.close();
    }

    // The link works once: opened again, it says so at once, with no password form to fill for nothing (walk 22b).
    const used = await newPage(browser, server);
    await used.page.goto(`/first-login?token=${encodeURIComponent(token)}`);
    await used.page.getByRole("alert").filter({ hasText: "This link is not valid" }).waitFor();
    await used.page.getByText("Each link works once and for 7 days.").waitFor();
    expect(await used.page.getByLabel(/^New password/).count()).toBe(0);
    expect(problems).toEqual([]);
    expect(expectedNoise(used.problems)).toEqual([]);
    await used.context.close();
    await context.close();
  });

  test("two-step sign-in turned on in Settings, then by keyboard: the code's box takes the focus, and again after a wrong code (eleventh walk, walk 20a)", async () => {
    // Turned on for the account itself, as an office member does it (walk 20a: there was no switch for it).
    const before = await newPage(browser, server);
    await signIn(before.page, "admin", server.admin.email, current.admin);
    await before.page.waitForURL("**/admin/dashboard");
    await before.page.goto("/admin/settings?section=profile");
    await before.page.getByRole("switch", { name: "Ask for an e-mailed code at every sign-in" }).click();
    await before.page.getByText("On: saved as soon as it was switched.").waitFor();
    expect(expectedNoise(before.problems)).toEqual([]);
    await before.context.close();
    const { page, context, problems } = await newPage(browser, server);
    try {
      const since = Date.now();
      await signIn(page, "admin", server.admin.email, current.admin);
      await page.getByText("We have sent a 6-digit sign-in code to your e-mail address.").waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "login-code");
      await page.keyboard.type("000000");
      await page.keyboard.press("Enter");
      await page.getByText(/Invalid verification code/).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "login-code");
      // Typed straight over the wrong one (it is selected).
      await page.keyboard.type(await codeFromOutbox(server.admin.email, /sign-in code/i, since));
      await page.keyboard.press("Enter");
      await page.waitForURL("**/admin/dashboard");
      expect(expectedNoise(problems)).toEqual([]);
    } finally {
      await context.close();
      const after = openDatabase();
      after.prepare("update users set two_factor_enabled = 0 where email = ?").run(server.admin.email);
      after.close();
    }
  });

  test("lockout: five wrong passwords, then the sixth attempt is refused for 15 minutes", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await page.goto("/login");
    await page.getByLabel("Email or Student ID").fill(server.student.studentId);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel("Password", { exact: true }).fill(`Wrong${attempt}Password`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "Invalid credentials" }).waitFor();
      // The next attempt must start from a fresh answer.
      await page.getByRole("button", { name: "Sign in" }).and(page.locator(":not([aria-busy])")).waitFor();
    }
    // Even the right password is refused now.
    await page.getByLabel("Password", { exact: true }).fill(current.student);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /Too many failed sign-in attempts. Your account is locked: please try again after \d{1,2}:\d\d [ap]m\./ })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(expectedNoise(problems)).toEqual([]);
    await context.close();
  });
});
