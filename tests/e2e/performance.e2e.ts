/**
 * Issue 9: opening the public routes requests no admin or student chunk. The client is built once more
 * with a metafile into its own folder (served through DIST_DIR), so every chunk can be traced to its sources.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, type RunningServer, startServer } from "./harness.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");
const PORTAL_SOURCE = /src\/client\/(features\/(admin|student)\/|layouts\/(admin|student)-layout)/;

let work: string;
let server: RunningServer;
let browser: Browser;
const portalChunks = new Set<string>();

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "institute-perf-"));
  const dist = path.join(work, "dist");
  const metafile = path.join(work, "meta.json");
  const build = Bun.spawn(
    [process.execPath, "build", "./index.html", "--production", "--public-path=/", `--outdir=${dist}`, "--splitting", `--metafile=${metafile}`],
    { cwd: ROOT, stdout: "ignore", stderr: "inherit" },
  );
  expect(await build.exited).toBe(0);
  const meta = (await Bun.file(metafile).json()) as { outputs: Record<string, { inputs?: Record<string, unknown> }> };
  for (const [out, info] of Object.entries(meta.outputs)) {
    if (Object.keys(info.inputs ?? {}).some((i) => PORTAL_SOURCE.test(i))) portalChunks.add(path.basename(out));
  }
  server = await startServer({ DIST_DIR: dist });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("public routes load no portal code", () => {
  test("the build has admin and student chunks to tell apart", () => {
    expect(portalChunks.size).toBeGreaterThan(2);
  });

  for (const route of ["/", "/gallery", "/admission"]) {
    test(`${route} requests no admin or student chunk`, async () => {
      const { context, page, problems } = await newPage(browser, server);
      const requested: string[] = [];
      page.on("request", (req) => {
        const type = req.resourceType();
        if (type === "script" || type === "stylesheet") requested.push(path.basename(new URL(req.url()).pathname));
      });
      await page.goto(route, { waitUntil: "networkidle" });
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((f) => portalChunks.has(f))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
