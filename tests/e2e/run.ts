/**
 * `npm run test:e2e`: builds the client, then runs every tests/e2e/*.e2e.ts in Chromium.
 * Locally a missing Chromium skips them with a clear message; in CI (CI=true) that is a failure.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { buildClient } from "../../src/server/build.ts";
import { RELEASE_JOURNEYS } from "../release/journeys.ts";
import { chromiumPath } from "./harness.ts";

const here = import.meta.dir;
const ci = process.env.CI === "true" || process.env.CI === "1";

if (!chromiumPath()) {
  const message = "Chromium was not found, so the browser tests cannot run. Install it with: apt-get install -y chromium";
  if (ci) {
    console.error(`${message}\nIn CI the browser tests are never skipped.`);
    process.exit(1);
  }
  console.warn(`\n*** BROWSER TESTS SKIPPED: ${message} ***\n`);
  process.exit(0);
}

await buildClient();
// In `npm test` the release tests run these against the executable, beside this run (tests/release/journeys.ts).
const leftToRelease = process.env.E2E_LEAVE_TO_RELEASE === "1" ? RELEASE_JOURNEYS : [];
if (leftToRelease.length) console.log(`browser tests: ${leftToRelease.join(", ")} run against the release executable (test:release)`);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".e2e.ts") && !leftToRelease.includes(f))
  .sort()
  .map((f) => `./${path.relative(process.cwd(), path.join(here, f))}`);

/**
 * The files run in E2E_JOBS groups at once (default 4): each file starts its own server and browser, so
 * groups share nothing. A journey is mostly Chromium's CPU (renderer, browser process), so four groups keep
 * two cores busy. Files are spread by their usual length (seconds of their tests in `npm test`'s second stage,
 * 4 groups beside the release tests on a quiet 2-core machine, 2026-11-29) so the groups end together; a file
 * not listed counts as 30 s. (A queue, each file in a `bun test` of its own taken by whichever of four ended
 * first, ended as late and cost 35 CPU s more: the stage is CPU-bound, so only less work makes it shorter.)
 */
const USUAL_SECONDS: Record<string, number> = {
  "screens.e2e.ts": 182,
  "office.e2e.ts": 109,
  "languages.e2e.ts": 103,
  "student-portal.e2e.ts": 94,
  "admissions.e2e.ts": 89,
  "library.e2e.ts": 69,
  "large-text.e2e.ts": 68,
  "accounts.e2e.ts": 67,
  "exams.e2e.ts": 63,
  "public-site.e2e.ts": 49,
  "fees-plans.e2e.ts": 47,
  "fees-desk.e2e.ts": 47,
  "admin-content.e2e.ts": 47,
  "fees-student.e2e.ts": 33,
  "notices-help.e2e.ts": 32,
  "studies.e2e.ts": 21,
  "performance.e2e.ts": 19,
  "foundation.e2e.ts": 18,
  "stored-xss.e2e.ts": 15,
  "fees-reports.e2e.ts": 15,
  "admin-operations.e2e.ts": 13,
};
const jobs = Math.max(1, Math.min(files.length, Number(process.env.E2E_JOBS ?? 4) || 1));
const groups: { files: string[]; seconds: number }[] = Array.from({ length: jobs }, () => ({ files: [], seconds: 0 }));
for (const file of [...files].sort((a, b) => (USUAL_SECONDS[path.basename(b)] ?? 30) - (USUAL_SECONDS[path.basename(a)] ?? 30))) {
  const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
  lightest.files.push(file);
  lightest.seconds += USUAL_SECONDS[path.basename(file)] ?? 30;
}

/**
 * A journey's own waits end in seconds; this limit only stops one that hangs. The longest journeys take
 * 35–55 s on 2 cores while the release tests run beside them, so 60 s (the old limit) failed sound runs.
 */
const TEST_TIMEOUT_MS = 150_000;

const started = performance.now();
const runs = groups.map(async (group, i) => {
  const proc = Bun.spawn(
    [process.execPath, `--config=${path.join(here, "bunfig.toml")}`, "test", `--timeout=${TEST_TIMEOUT_MS}`, ...group.files],
    {
      // One group at a time shows live; the others are printed whole when they end, so reports never interleave.
      stdout: i === 0 ? "inherit" : "pipe",
      stderr: i === 0 ? "inherit" : "pipe",
      env: { ...process.env },
    },
  );
  const [out, err] =
    i === 0
      ? ["", ""]
      : await Promise.all([new Response(proc.stdout as ReadableStream).text(), new Response(proc.stderr as ReadableStream).text()]);
  const code = await proc.exited;
  return { i, code, out, err };
});
const results = await Promise.all(runs);
for (const r of results.filter((r) => r.i > 0)) {
  process.stdout.write(`\n===== browser tests, group ${r.i + 1} of ${jobs} =====\n${r.out}`);
  process.stderr.write(r.err);
}
console.log(`\nbrowser tests: ${jobs} groups in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
