/**
 * `npm run test:postgres` (issue 21): the server's whole test suite (src/server, db: services, REST and tRPC
 * adapters, security) again on PostgreSQL. With TEST_DATABASE_URL it uses that server; otherwise it starts a
 * private PostgreSQL from Debian's packages (initdb in a temporary folder, a free port, fsync off: a test
 * cluster, thrown away after) and stops it at the end. Each test's deps get a database of their own
 * (src/server/testing.ts: copied from a migrated template, or a finished test's emptied). The files run in
 * PG_JOBS groups at once (default 2), spread by their usual seconds. Without
 * PostgreSQL installed it is skipped locally with a message, and fails in CI.
 */
import path from "node:path";
import { startPrivateCluster } from "./cluster.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");
const ci = process.env.CI === "true" || process.env.CI === "1";

let serverUrl = process.env.TEST_DATABASE_URL;
let stop = async () => {};
if (!serverUrl) {
  const cluster = await startPrivateCluster();
  if (!cluster) {
    const message = "PostgreSQL was not found, so the suite cannot run on it. Install it with: apt-get install -y postgresql";
    if (ci) {
      console.error(message);
      process.exit(1);
    }
    console.warn(`\n*** POSTGRESQL TESTS SKIPPED: ${message} ***\n`);
    process.exit(0);
  }
  serverUrl = cluster.url;
  stop = cluster.stop;
  console.log(`PostgreSQL ${cluster.version} started for the tests on port ${cluster.port}`);
}

// Every server and db test file, in PG_JOBS groups (default 2) that run at once, one `bun test` each.
const files = ["src/server", "db"].flatMap((dir) => [...new Bun.Glob(`${dir}/**/*.test.ts`).scanSync({ cwd: ROOT })]).sort();
if (files.length < 50) throw new Error(`only ${files.length} test files found under src/server and db`);
/**
 * The files' usual seconds on PostgreSQL (this runner alone on a quiet 2-core machine, 2026-11-29), so the
 * groups end together: dealt round in turn, one group took 96 s and the other 62. A file not listed counts
 * as 1 s (most take 0.1–1.9).
 */
const USUAL_SECONDS: Record<string, number> = {
  "src/server/security/fuzz.test.ts": 20,
  "src/server/features/admissions/admissions.test.ts": 7.4,
  "src/server/features/gallery/gallery.test.ts": 6.2,
  "src/server/features/site/site.test.ts": 5.9,
  "src/server/features/fees/payments.test.ts": 5.8,
  "src/server/features/exams/exams.test.ts": 5.5,
  "src/server/features/fees/reports.test.ts": 5,
  "src/server/features/auth/account.test.ts": 4.8,
  "src/server/features/library/library.test.ts": 4.5,
  "src/server/features/students/students.test.ts": 4.3,
  "src/server/security/rate-limits.test.ts": 4.1,
  "src/server/features/student/student.test.ts": 4,
  "src/server/features/studies/studies.test.ts": 4,
  "src/server/features/fees/plans.test.ts": 3.7,
  "src/server/features/settings/admin-settings.test.ts": 3.7,
  "src/server/features/fees/student-fees.test.ts": 3.7,
  "src/server/security/authorization.test.ts": 3.6,
  "src/server/features/notices/notices.test.ts": 2.8,
  "db/seed.test.ts": 2.6,
  "src/server/platform/read-cache.test.ts": 2.6,
  "src/server/features/staff/staff.test.ts": 2.6,
  "src/server/features/analytics/analytics.test.ts": 2.4,
  "src/server/features/fees/desk.test.ts": 2.1,
};
const seconds = (file: string) => USUAL_SECONDS[file] ?? 1;
const jobs = Math.max(1, Math.min(files.length, Number(process.env.PG_JOBS ?? 2) || 1));
const groups: string[][] = Array.from({ length: jobs }, () => []);
const load = new Array<number>(jobs).fill(0);
for (const file of [...files].sort((a, b) => seconds(b) - seconds(a))) {
  const lightest = load.indexOf(Math.min(...load));
  groups[lightest]!.push(file);
  load[lightest]! += seconds(file);
}
// The files a stored seconds figure names must exist: a renamed file would otherwise fall back to 1 s unseen.
for (const file of Object.keys(USUAL_SECONDS)) if (!files.includes(file)) throw new Error(`USUAL_SECONDS names ${file}, which is gone`);
const env = { ...process.env, TEST_DATABASE_URL: serverUrl };
const started = performance.now();
let codes: number[];
try {
  // The first group shows live; the others are printed whole as they end, so reports never interleave.
  const spawn = (args: string[], live: boolean) => {
    const proc = Bun.spawn([process.execPath, ...args], {
      cwd: ROOT,
      env,
      stdout: live ? "inherit" : "pipe",
      stderr: live ? "inherit" : "pipe",
    });
    const output = live
      ? Promise.resolve(["", ""])
      : Promise.all([new Response(proc.stdout as ReadableStream).text(), new Response(proc.stderr as ReadableStream).text()]);
    return { exited: proc.exited, output };
  };
  // A test's time limit guards against a hang, never measures speed (as `npm run test:unit`'s): 20 s.
  const runs = groups.map((group, i) => spawn(["test", "--timeout=20000", ...group.map((f) => `./${f}`)], i === 0));
  // Then two real server processes on one database, the SQLite → PostgreSQL copy and the pool's held-connection
  // rule (tests/postgres/*.postgres.ts), as soon as a group has ended: beside the other, not after both.
  const servers = Promise.race(runs.map((r) => r.exited)).then(() =>
    spawn(
      [
        `--config=${path.join(import.meta.dir, "bunfig.toml")}`,
        "test",
        "--timeout=90000",
        "./tests/postgres/two-processes.postgres.ts",
        "./tests/postgres/copy.postgres.ts",
        "./tests/postgres/one-connection.postgres.ts",
      ],
      false,
    ),
  );
  codes = [];
  for (const [i, run] of runs.entries()) {
    codes.push(await run.exited);
    const [out, err] = await run.output;
    if (i > 0) {
      process.stdout.write(`\n===== PostgreSQL tests, group ${i + 1} of ${jobs} =====\n${out}`);
      process.stderr.write(err ?? "");
    }
  }
  const two = await servers;
  codes.push(await two.exited);
  const [out, err] = await two.output;
  process.stdout.write(`\n===== PostgreSQL tests, two server processes and the copy =====\n${out}`);
  process.stderr.write(err ?? "");
} finally {
  await stop();
}
console.log(`\nPostgreSQL tests: ${files.length} files in ${jobs} groups in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
