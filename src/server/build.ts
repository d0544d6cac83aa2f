/**
 * Builds the client into dist/ with Bun's bundler (production React, code splitting per route).
 * `ensureClientBuilt()` rebuilds only when a client source is newer than the last build.
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dir, "..", "..");
/** DIST_DIR lets parallel builds (e.g. separate browser-test runs) use their own output folder. */
const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? "dist");
const SOURCES = ["index.html", "src/client", "src/shared", "public"];

function newestMtime(entry: string): number {
  const full = path.join(ROOT, entry);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function clientIsStale(): boolean {
  let built: number;
  try {
    built = statSync(path.join(DIST, "index.html")).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((s) => newestMtime(s) > built);
}

export async function buildClient(): Promise<void> {
  // Start from an empty dist/ so it holds exactly one build.
  rmSync(DIST, { recursive: true, force: true });
  const proc = Bun.spawn(
    [process.execPath, "build", "./index.html", "--production", "--public-path=/", `--outdir=${DIST}`, "--splitting"],
    { cwd: ROOT, stdout: "inherit", stderr: "inherit" },
  );
  if ((await proc.exited) !== 0) throw new Error("The client build failed (see the messages above).");
}

export async function ensureClientBuilt(): Promise<void> {
  if (clientIsStale()) await buildClient();
}

if (import.meta.main) await buildClient();
