/**
 * Browser-test harness: starts the real server (built client, fresh temporary DATA_DIR, a free port)
 * as a child process, reads the logins it prints on first start, and drives Debian's Chromium.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

const ROOT = path.resolve(import.meta.dir, "..", "..");

export interface RunningServer {
  url: string;
  dataDir: string;
  admin: { email: string; password: string };
  student: { email: string; password: string; studentId: string };
  output: () => string;
  stop(): Promise<void>;
}

/** Starts `src/server/main.ts` and waits until it listens; extra env overrides the defaults. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "institute-e2e-"));
  const proc = Bun.spawn([process.execPath, "src/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...extraEnv },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += decoder.decode(chunk);
  };
  void pump(proc.stdout);
  void pump(proc.stderr);

  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (!url) {
    url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (proc.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start within 30 s:\n${output}`);
    await Bun.sleep(50);
  }
  const admin = /Admin login: (\S+) \/ (\S+)/.exec(output);
  const student = /Demo student login \(student ID (\S+)\): (\S+) \/ (\S+)/.exec(output);
  if (!admin || !student) throw new Error(`The first start did not print both logins:\n${output}`);
  return {
    url,
    dataDir,
    admin: { email: admin[1]!, password: admin[2]! },
    student: { studentId: student[1]!, email: student[2]!, password: student[3]! },
    output: () => output,
    async stop() {
      proc.kill();
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium: CHROMIUM_PATH, else the first of the usual places. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, Bun.which("chromium"), Bun.which("chromium-browser"), "/usr/bin/chromium"];
  for (const c of candidates) if (c && Bun.file(c).size > 0) return c;
  return null;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Chromium is not installed (apt-get install -y chromium)");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * A fresh browser context (its own storage) whose page fails the test on any console error,
 * page error or CSP violation.
 */
export async function newPage(browser: Browser, server: RunningServer, viewport: { width: number; height: number } = DESKTOP) {
  const context: BrowserContext = await browser.newContext({ baseURL: server.url, viewport });
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    // A 401 for a stale session is expected network noise, not a page error.
    if (msg.type() === "error" && !/status of 401/.test(msg.text())) problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  return { context, page, problems };
}

/**
 * Fills and sends the sign-in form (Admin tab for an admin); the caller waits for where it leads. The
 * demo logins by default.
 */
export async function submitSignIn(page: Page, server: RunningServer, role: "admin" | "student", login?: string, password?: string) {
  await page.goto("/login");
  if (role === "admin") {
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    await page.getByLabel("Email", { exact: true }).fill(login ?? server.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(password ?? server.admin.password);
  } else {
    await page.getByLabel("Email or Student ID").fill(login ?? server.student.studentId);
    await page.getByLabel("Password", { exact: true }).fill(password ?? server.student.password);
  }
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in and waits for the role's dashboard. */
export async function signIn(page: Page, server: RunningServer, role: "admin" | "student", login?: string, password?: string) {
  await submitSignIn(page, server, role, login, password);
  await page.waitForURL(`**/${role}/dashboard`);
}
