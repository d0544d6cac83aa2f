/**
 * Browser-test harness: starts the real server (built client, fresh temporary DATA_DIR, a free port)
 * as a child process, reads the logins it prints on first start, and drives Debian's Chromium.
 */
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import sharp from "sharp";
import { withDatabaseName } from "../../db/postgres.ts";
import { untilListening } from "../setup/listening.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");

export interface RunningServer {
  url: string;
  dataDir: string;
  admin: { email: string; password: string };
  student: { email: string; password: string; studentId: string };
  output: () => string;
  stop(): Promise<void>;
}

/**
 * How the server is started: `src/server/main.ts` from the checkout, or, when INSTITUTE_BINARY names a
 * release executable (issue 20, tests/release/run.ts), that file copied alone into an empty folder and run
 * there on its default DATA_DIR (./data). As root with util-linux's unshare, the checkout is also hidden
 * from it (an empty tmpfs over it), so nothing can come from the source tree or its node_modules.
 */
function serverCommand(): { cmd: string[]; cwd: string; dataDir: string; env: Record<string, string> } {
  const binary = process.env.INSTITUTE_BINARY;
  if (!binary) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "institute-e2e-"));
    return { cmd: [process.execPath, "src/server/main.ts"], cwd: ROOT, dataDir, env: { DATA_DIR: dataDir } };
  }
  const folder = mkdtempSync(path.join(tmpdir(), "institute-release-e2e-"));
  const copy = path.join(folder, "institute");
  copyFileSync(binary, copy);
  chmodSync(copy, 0o755);
  const cmd = canHideCheckout()
    ? ["unshare", "--mount", "--", "sh", "-c", 'mount -t tmpfs tmpfs "$0" && exec "$@"', ROOT, copy, "serve"]
    : [copy, "serve"];
  return { cmd, cwd: folder, dataDir: path.join(folder, "data"), env: {} };
}

let hideCheckout: boolean | undefined;
/** Whether a private mount namespace can be made here (root, unshare present, allowed by the sandbox). */
export function canHideCheckout(): boolean {
  hideCheckout ??=
    process.getuid?.() === 0 && Bun.which("unshare") !== null && Bun.spawnSync(["unshare", "--mount", "--", "true"]).exitCode === 0;
  return hideCheckout;
}

let databases = 0;
/**
 * With E2E_DATABASE_URL naming a PostgreSQL server (issue 21), each server started gets a new, empty
 * database of its own there, dropped when it stops: the journeys then run on PostgreSQL.
 */
async function e2eDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return { env: {}, drop: async () => {} };
  const name = `e2e_${process.pid}_${++databases}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  return { env: { DATABASE_URL: withDatabaseName(server, name) }, drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** Starts the server (serverCommand) and waits until it listens; extra env overrides the defaults. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const start = serverCommand();
  const { dataDir } = start;
  const database = await e2eDatabase();
  const proc = Bun.spawn(start.cmd, {
    cwd: start.cwd,
    env: {
      ...process.env,
      NODE_ENV: "development",
      ...start.env,
      ...database.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const { url, output: printed } = await untilListening(proc).catch(async (err) => {
    await database.drop();
    throw err;
  });
  const output = printed();
  const admin = /Admin login: (\S+) \/ (\S+)/.exec(output);
  const student = /Demo student login \(student ID (\S+)\): (\S+) \/ (\S+)/.exec(output);
  if (!admin || !student) throw new Error(`The first start did not print both logins:\n${output}`);
  return {
    url,
    dataDir,
    admin: { email: admin[1]!, password: admin[2]! },
    student: { studentId: student[1]!, email: student[2]!, password: student[3]! },
    output: printed,
    async stop() {
      proc.kill();
      await proc.exited;
      await database.drop();
      rmSync(start.cwd === ROOT ? dataDir : start.cwd, { recursive: true, force: true });
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
/** the phone width the issues name for new screens (issue 17: "at 390 px and 1280 px") */
export const PHONE_390 = { width: 390, height: 844 } as const;

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
  keepTrail(page, server);
  return { context, page, problems };
}

/** Each page's last console messages, and its server: what `waitOrExplain` tells of a wait that failed. */
const trails = new WeakMap<Page, { lines: string[]; server: RunningServer }>();

/**
 * Keeps the page's console messages (newPage listens to the console already). Not its requests: listening to a
 * page's network events made Playwright's connection fail under Bun when a context closed with requests in
 * flight ("Cannot find parent object page@…"); waitOrExplain reads them from the page's resource timings instead.
 */
function keepTrail(page: Page, server: RunningServer) {
  const lines: string[] = [];
  trails.set(page, { lines, server });
  page.on("console", (m) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} console.${m.type()}: ${m.text().slice(0, 200)}`);
    if (lines.length > 20) lines.shift();
  });
}

/**
 * Waits for the locator as `waitFor` does; when it never comes, the error also says what the page showed (its
 * alerts, statuses and toasts), its last API calls finished (from the page's resource timings: start, duration,
 * status; a call still waiting is not among them), its console messages and the server's last output, so that a
 * wait failed on a loaded CI machine can be understood from the log alone.
 */
export async function waitOrExplain(locator: Locator): Promise<void> {
  try {
    await locator.waitFor();
  } catch (err) {
    const page = locator.page();
    const seen = await page
      .evaluate(() => ({
        shown: [...document.querySelectorAll('[role="alert"], [role="status"], .ui-toast')]
          .map((e) => e.textContent?.trim())
          .filter(Boolean),
        calls: (performance.getEntriesByType("resource") as (PerformanceResourceTiming & { responseStatus?: number })[])
          .filter((e) => e.initiatorType === "fetch" || e.initiatorType === "xmlhttprequest")
          .slice(-15)
          .map((e) => `${Math.round(e.startTime)} ms +${Math.round(e.duration)} ms ${e.responseStatus ?? "?"} ${new URL(e.name).pathname}`),
        now: Math.round(performance.now()),
      }))
      .catch(() => ({ shown: ["(the page could not be read)"], calls: [], now: 0 }));
    const trail = trails.get(page);
    const output = trail?.server.output().trim().split("\n").slice(-15).join("\n") ?? "";
    throw new Error(
      [
        (err as Error).message,
        `On screen: ${JSON.stringify(seen.shown)}`,
        `The page's last API calls finished (now ${seen.now} ms):`,
        ...seen.calls,
        "Its console:",
        ...(trail?.lines ?? []),
        "The server's last output:",
        output,
      ].join("\n"),
    );
  }
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

// ---------- shared by several journeys ----------

const AXE_SOURCE = readFileSync(path.join(path.dirname(require.resolve("axe-core")), "axe.min.js"), "utf8");

/** What a screen shows while it loads: a busy region or button, a skeleton, a page's spinner. */
const LOADING = '[aria-busy="true"], .ui-skeleton, .page-loading, .loading-view';

/** Waits for the screen's data: no request in flight and no loading skeleton left. */
export async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction((loading) => !document.querySelector(loading), LOADING, { timeout: 10_000 }).catch(() => {});
}

/**
 * The page's requests still open, counted from the DevTools protocol's network events (one listener per page,
 * from the first call on). Not Playwright's request events: see `keepTrail`.
 */
const networks = new WeakMap<Page, Promise<{ open: Set<string>; since: () => number }>>();
export function watchNetwork(page: Page) {
  let network = networks.get(page);
  if (!network) {
    network = (async () => {
      const cdp = await page.context().newCDPSession(page);
      const open = new Set<string>();
      let changed = performance.now();
      const finished = ({ requestId }: { requestId: string }) => {
        open.delete(requestId);
        changed = performance.now();
      };
      cdp.on("Network.requestWillBeSent", ({ requestId }) => {
        open.add(requestId);
        changed = performance.now();
      });
      cdp.on("Network.loadingFinished", finished);
      cdp.on("Network.loadingFailed", finished);
      await cdp.send("Network.enable");
      return { open, since: () => performance.now() - changed };
    })();
    networks.set(page, network);
  }
  return network;
}

/**
 * Goes to `path` inside the app, as a click on one of its links does (the router follows `history.pushState`),
 * when the page already shows the app; otherwise it loads the page. A load costs Chromium about 0.45 CPU
 * seconds, a move inside the app about 0.1 (docs/PERFORMANCE.md), so walks through many screens move inside
 * the app. Returns at once, as `goto` does at the load event: wait for what the screen shows, or use `visit`.
 * Not for an address whose load itself is tested (`?lang=`, a shell from the server).
 */
export async function navigate(page: Page, path: string) {
  if (!/^https?:/.test(page.url())) {
    await page.goto(path);
    return;
  }
  await watchNetwork(page);
  await page.evaluate((to) => history.pushState(null, "", to), path);
}

/** Waits until no request of the page (watched since `watchNetwork`) has been open for `quietMs`; fails after 15 s. */
export async function untilQuiet(page: Page, quietMs = 100) {
  const network = await watchNetwork(page);
  const until = performance.now() + 15_000;
  while (network.open.size > 0 || network.since() < quietMs) {
    if (performance.now() > until) throw new Error(`${network.open.size} request(s) still open after 15 s`);
    await Bun.sleep(25);
  }
}

/** `navigate`, then waits as `settle` does: no request open for 100 ms and no loading state left (10 s at most). */
export async function visit(page: Page, path: string) {
  const loads = !/^https?:/.test(page.url());
  await navigate(page, path);
  if (loads) return settle(page);
  for (const until = performance.now() + 10_000; performance.now() < until; await Bun.sleep(25)) {
    await untilQuiet(page);
    if (await page.evaluate((loading) => !document.querySelector(loading), LOADING)) return;
  }
}

/**
 * A full-page picture of the screen, under the system's temporary folder, when E2E_SHOTS is set: for a person
 * to look at after a run (nothing asserts on it). Not taken otherwise: fifteen of them cost ~11 CPU seconds.
 */
export async function keepShot(page: Page, name: string) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(tmpdir(), name), fullPage: true });
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** WCAG's relative luminance of an sRGB colour (0–255 channels). */
const luminance = ([r, g, b]: readonly number[]) => {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};

/**
 * The lowest contrast between an element's text colour and any pixel of what is painted behind it, measured
 * from a screenshot with the text made transparent: axe cannot measure text over a gradient (it only asks
 * for review), and the public heroes' eyebrow fell to 4.1:1 in the amber glow (thirteenth walk).
 */
export async function contrastOverBackground(page: Page, selector: string): Promise<number> {
  const element = page.locator(selector).first();
  const text = await element.evaluate((el) => {
    const rgb = getComputedStyle(el)
      .color.match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number);
    (el as HTMLElement).style.setProperty("color", "transparent", "important");
    return rgb;
  });
  const box = (await element.boundingBox())!;
  const png = await page.screenshot({ clip: box, animations: "disabled" });
  await element.evaluate((el) => (el as HTMLElement).style.removeProperty("color"));
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const lt = luminance(text);
  let worst = Number.POSITIVE_INFINITY;
  for (let i = 0; i < info.width * info.height * 3; i += 3) {
    const lb = luminance([data[i]!, data[i + 1]!, data[i + 2]!]);
    worst = Math.min(worst, (Math.max(lt, lb) + 0.05) / (Math.min(lt, lb) + 0.05));
  }
  return worst;
}

/** axe-core on the page as it stands (run through the DevTools protocol, so the page's CSP stays strict). */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // Colours are measured as they settle: a dialog still fading in has half-transparent text. Only animations in
  // time are waited for: one tied to a scroll position (a tab row's fade) "runs" for as long as the page stands.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running" || a.timeline !== document.timeline),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n: { target: string[] }) => n.target.join(" ")),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** The decoded text/plain part of an RFC 5322 message (multipart or not; quoted-printable, base64 or 7bit). */
export function plainText(eml: string): string {
  const decode = (headers: string, body: string) => {
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    return body;
  };
  const split = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    return at === -1 ? { headers: part, body: "" } : { headers: part.slice(0, at), body: part.slice(at).replace(/^\r?\n\r?\n/, "") };
  };
  const { headers, body } = split(eml);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decode(headers, body);
  for (const part of body.split(`--${boundary}`)) {
    const inner = split(part.replace(/^\r?\n/, ""));
    if (/content-type:\s*multipart\//i.test(inner.headers)) {
      const nested = plainText(part.replace(/^\r?\n/, ""));
      if (nested) return nested;
    }
    if (/content-type:\s*text\/plain/i.test(inner.headers)) return decode(inner.headers, inner.body);
  }
  return "";
}

/**
 * What `pick` finds in the newest message to `to` whose subject matches, written after `since` (ms): the
 * server writes each e-mail to DATA_DIR/outbox as an .eml file when no SMTP_URL is set. Waits up to 10 s.
 */
export async function fromOutbox(
  server: RunningServer,
  mail: { to: string; subject: RegExp; since: number },
  pick: (text: string) => string | undefined,
): Promise<string> {
  const folder = path.join(server.dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(folder).filter((f) => f.endsWith(".eml"));
    } catch {
      // the folder appears with the first message
    }
    // Names start with the ISO time and end with the outbox id: sorting them sorts by age.
    for (const file of files.sort().reverse()) {
      const full = path.join(folder, file);
      if (Bun.file(full).lastModified < mail.since - 1000) continue;
      const eml = readFileSync(full, "utf8");
      const headerEnd = eml.search(/\r?\n\r?\n/);
      const headers = eml.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
      if (!new RegExp(`^to:.*${mail.to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "im").test(headers)) continue;
      if (!mail.subject.test(/^subject:(.*)$/im.exec(headers)?.[1] ?? "")) continue;
      const found = pick(plainText(eml));
      if (found) return found;
    }
    await Bun.sleep(100);
  }
  throw new Error(`No e-mail for ${mail.to} (subject ${mail.subject}) with what was looked for arrived in the outbox`);
}
