/**
 * Issue 9: opening the public routes requests no admin or student chunk and no portal stylesheet, and the
 * CSS they load stays within its budget; the portals bring their stylesheets and never show unstyled. The
 * client is built once more with a metafile into its own folder (served through DIST_DIR), so every chunk
 * can be traced to its sources.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page, Response as PlaywrightResponse } from "playwright-core";
import { bundle, writePageShells } from "../../src/server/build.ts";
import { launchBrowser, newPage, PHONE, type RunningServer, settle, signIn, startServer } from "./harness.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");
/** The route tables: the public one and the portals' (lazy modules of their own), all in src/client. */
const ROUTES = ["routes.tsx", "student-routes.tsx", "admin-routes.tsx"]
  .map((file) => readFileSync(path.join(ROOT, "src/client", file), "utf8"))
  .join("\n");
/** The portals' stylesheets: every CSS file the route tables import as a file (lib/stylesheets.ts). */
const PORTAL_CSS = [
  ...new Set([...ROUTES.matchAll(/import \w+ from "\.\/([^"]+\.css)" with \{ type: "file" \}/g)].map((m) => `src/client/${m[1]}`)),
];
/** The lazy entries of the portals (their layouts and pages) and of the public side, from the route table. */
const LAZY = [...ROUTES.matchAll(/const (\w+) = (?:\w+\()?\(\) => (?:withStylesheets\()?import\("\.\/([^"]+)"\)/g)].map((m) => ({
  name: m[1]!,
  source: `src/client/${m[2]}`,
}));
/** docs/PERFORMANCE.md: the CSS that `/` loads, gzip. */
const CSS_BUDGET = 20 * 1024;
/** docs/PERFORMANCE.md: the JavaScript that `/` loads in English, gzip (issue 16: languages must not raise it). */
const HOME_JS_BUDGET = 110 * 1024;

let work: string;
let server: RunningServer;
let browser: Browser;
const portalChunks = new Set<string>();
/** The sources of the stylesheet index.html links (every page loads it). */
let pageStylesheetSources: string[] = [];
/** Every stylesheet of the build but the one index.html links: the portals' (their route tables). */
const portalStylesheets = new Set<string>();
/** Each output file's own code (its source modules), to name a chunk in a failure. */
const chunkSources = new Map<string, string[]>();

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "institute-perf-"));
  const dist = path.join(work, "dist");
  const metafile = path.join(work, "meta.json");
  // The build the server ships (src/server/build.ts), with its metafile and its page shells.
  writePageShells(dist, await bundle(dist, metafile));
  const meta = (await Bun.file(metafile).json()) as {
    inputs: Record<string, { imports?: { path: string; kind: string }[] }>;
    outputs: Record<string, { inputs?: Record<string, unknown>; entryPoint?: string }>;
  };
  // Portal-only code: reached by static imports from a portal entry and from no public one.
  const reach = (entries: string[]) => {
    const seen = new Set<string>();
    const stack = [...entries];
    while (stack.length) {
      const source = stack.pop()!;
      if (seen.has(source)) continue;
      seen.add(source);
      for (const i of meta.inputs[source]?.imports ?? []) if (i.kind !== "dynamic-import") stack.push(i.path);
    }
    return seen;
  };
  const isPortal = (name: string) => /^(Admin|Student)/.test(name);
  const publicCode = reach(["src/client/main.tsx", ...LAZY.filter((l) => !isPortal(l.name)).map((l) => l.source)]);
  const portalOnly = [...reach(LAZY.filter((l) => isPortal(l.name)).map((l) => l.source))].filter((s) => !publicCode.has(s));
  expect(portalOnly).toContain("src/client/layouts/admin-layout.tsx");
  expect(portalOnly).toContain("src/client/features/gallery/admin-gallery-page.tsx");
  for (const [out, info] of Object.entries(meta.outputs)) {
    if (out.endsWith(".css") && info.entryPoint === "index.html") pageStylesheetSources = Object.keys(info.inputs ?? {});
    // A chunk names the portal stylesheets it loads (their URLs) as inputs too: only code counts here.
    const code = Object.keys(info.inputs ?? {}).filter((i) => !i.endsWith(".css"));
    chunkSources.set(path.basename(out), code);
    if (code.some((i) => portalOnly.includes(i))) portalChunks.add(path.basename(out));
  }
  const linked = [...readFileSync(path.join(dist, "index.html"), "utf8").matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(linked).toHaveLength(1);
  for (const file of readdirSync(dist)) if (file.endsWith(".css") && !linked.includes(file)) portalStylesheets.add(file);
  server = await startServer({ DIST_DIR: dist });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The scripts and stylesheets a page requests, with the gzip size of each stylesheet. */
function watchRequests(page: Page) {
  const scripts: string[] = [];
  const stylesheets: Promise<{ file: string; gzip: number }>[] = [];
  const scriptResponses: PlaywrightResponse[] = [];
  const gzipOf = (body: Buffer) => Bun.gzipSync(new Uint8Array(body)).length;
  page.on("response", (res) => {
    const file = path.basename(new URL(res.url()).pathname);
    const type = res.request().resourceType();
    if (type === "script") {
      scripts.push(file);
      // Read only when asked (and before the page closes): a body read after that would fail.
      scriptResponses.push(res);
    }
    if (type === "stylesheet") stylesheets.push(res.body().then((body) => ({ file, gzip: gzipOf(body) })));
  });
  return {
    scripts,
    stylesheets: () => Promise.all(stylesheets),
    scriptGzip: async () => (await Promise.all(scriptResponses.map((r) => r.body().then(gzipOf)))).reduce((sum, n) => sum + n, 0),
  };
}

describe("public routes load no portal code or CSS", () => {
  test("the build has admin and student chunks and the portals' stylesheets to tell apart", () => {
    expect(portalChunks.size).toBeGreaterThan(2);
    expect(portalStylesheets.size).toBe(PORTAL_CSS.length);
    expect(PORTAL_CSS).toEqual(
      expect.arrayContaining(["src/client/layouts/portal.css", "src/client/layouts/admin.css", "src/client/features/student/student.css"]),
    );
  });

  test("the stylesheet every page loads is built from no portal stylesheet", () => {
    // Bun merges CSS imported anywhere in the code (lazy chunks too) into this one file.
    expect(pageStylesheetSources).toContain("src/client/layouts/shell.css");
    expect(pageStylesheetSources.filter((s) => PORTAL_CSS.includes(s))).toEqual([]);
  });

  for (const route of ["/", "/gallery", "/admission", "/login"]) {
    test(`${route} requests no admin or student chunk and no portal stylesheet; its CSS is within ${CSS_BUDGET / 1024} KB gzip${route === "/" ? `, its JS within ${HOME_JS_BUDGET / 1024} KB` : ""}`, async () => {
      const { context, page, problems } = await newPage(browser, server);
      const requests = watchRequests(page);
      await page.goto(route, { waitUntil: "networkidle" });
      const stylesheets = await requests.stylesheets();
      expect(requests.scripts.length).toBeGreaterThan(0);
      expect(requests.scripts.filter((f) => portalChunks.has(f))).toEqual([]);
      expect(stylesheets.map((s) => s.file).filter((f) => portalStylesheets.has(f))).toEqual([]);
      expect(stylesheets.length).toBe(1);
      expect(stylesheets.reduce((sum, s) => sum + s.gzip, 0)).toBeLessThanOrEqual(CSS_BUDGET);
      // The bench's measure (bench/run.ts: the bodies gzipped at the default level), as a size, not a time.
      if (route === "/") expect(await requests.scriptGzip()).toBeLessThanOrEqual(HOME_JS_BUDGET);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("the portals bring their stylesheets", () => {
  const portals = [
    { role: "student", home: "/student/dashboard", own: ["student"], other: "admin" },
    // The admin layout's stylesheet and the dashboard's own (each admin area's loads with its page).
    { role: "admin", home: "/admin/dashboard", own: ["admin", "dashboard"], other: "student" },
  ] as const;
  for (const { role, home, own, other } of portals) {
    test(`the ${role} portal loads the portal and ${own.join(" and ")} stylesheets, not the ${other} one, and is never shown unstyled`, async () => {
      const { context, page, problems } = await newPage(browser, server);
      // The moment the sidebar enters the page (before it is painted), its stylesheet must already apply.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const sidebar = document.querySelector(".portal-sidebar");
          if (!sidebar) return;
          (window as unknown as { sidebarPosition: string }).sidebarPosition = getComputedStyle(sidebar).position;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto("/login");
      const requests = watchRequests(page);
      if (role === "admin") {
        await page.getByRole("button", { name: "Admin", exact: true }).click();
        await page.getByLabel("Email", { exact: true }).fill(server.admin.email);
        await page.getByLabel("Password", { exact: true }).fill(server.admin.password);
      } else {
        await page.getByLabel("Email or Student ID").fill(server.student.studentId);
        await page.getByLabel("Password", { exact: true }).fill(server.student.password);
      }
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`**${home}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      const loaded = (await requests.stylesheets()).map((s) => s.file.replace(/-[a-z0-9]+\.css$/, "")).sort();
      expect(loaded).toEqual([...own, "portal"].sort());
      expect(await page.evaluate(() => (window as unknown as { sidebarPosition?: string }).sidebarPosition)).toBe("fixed");
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("a portal page opened by its address (stop 48)", () => {
  // An e-mail's "Open" or a bookmark: the page's shell names every script and stylesheet it will need, so they
  // come in one round trip with the main script instead of one import at a time (eleven waves, 28 s, on a 2 s
  // round trip before; docs/PERFORMANCE.md).
  for (const [role, address] of [
    ["student", "/student/fees"],
    ["student", "/student/exams/admit-card"],
    ["admin", "/admin/fees"],
  ] as const) {
    test(`${address}: its shell preloads every script and stylesheet the page loads`, async () => {
      const { context, page, problems } = await newPage(browser, server, PHONE);
      await signIn(page, server, role);
      // The dashboard signed in to has loaded all it asks for first (CI: on a loaded machine its own chunks were
      // still being asked for once the address was opened, and were counted as the page's).
      await page.getByRole("heading", { level: 1 }).waitFor();
      await settle(page);
      await page.waitForLoadState("networkidle");
      // Nothing from the sign-in's own pages in the cache: every script and stylesheet of this page is fetched.
      await (await context.newCDPSession(page)).send("Network.setCacheDisabled", { cacheDisabled: true });
      const loaded = { script: [] as string[], stylesheet: [] as string[] };
      let opened = false;
      page.on("request", (req) => {
        // Only what the page opened asks for, from its own document on.
        if (req.isNavigationRequest() && new URL(req.url()).pathname === address) opened = true;
        const type = req.resourceType();
        if (opened && (type === "script" || type === "stylesheet")) loaded[type].push(path.basename(new URL(req.url()).pathname));
      });
      const shell = page.waitForResponse((res) => new URL(res.url()).pathname === address);
      await page.goto(address, { waitUntil: "networkidle" });
      const html = await (await shell).text();
      const named = new Set([...html.matchAll(/<(?:link|script)[^>]* (?:href|src)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]));
      expect(named.size).toBeGreaterThan(10);
      // The area's routes, its frame and the page: more than a public page loads.
      expect(loaded.script.length).toBeGreaterThan(10);
      const unnamed = (files: string[]) =>
        files.filter((file) => !named.has(file)).map((file) => `${file}: ${chunkSources.get(file)?.join(", ")}`);
      expect(unnamed(loaded.script)).toEqual([]);
      expect(unnamed(loaded.stylesheet)).toEqual([]);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
