/**
 * `npm run test:postgres` (issue 21): the server's whole test suite (src/server, db: services, REST and tRPC
 * adapters, security) again on PostgreSQL. With TEST_DATABASE_URL it uses that server; otherwise it starts a
 * private PostgreSQL from Debian's packages (initdb in a temporary folder, a free port, fsync off: a test
 * cluster, thrown away after) and stops it at the end. Each test's deps get a database of their own
 * (src/server/testing.ts: copied from a migrated template, or a finished test's emptied). The files run in
 * PG_JOBS groups at once (default 2). Without
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

// Every server and db test file, dealt round PG_JOBS groups (default 2) that run at once, one `bun test` each.
const files = ["src/server", "db"].flatMap((dir) => [...new Bun.Glob(`${dir}/**/*.test.ts`).scanSync({ cwd: ROOT })]).sort();
if (files.length < 50) throw new Error(`only ${files.length} test files found under src/server and db`);
const jobs = Math.max(1, Math.min(files.length, Number(process.env.PG_JOBS ?? 2) || 1));
const groups = Array.from({ length: jobs }, (_, g) => files.filter((_, i) => i % jobs === g));
const env = { ...process.env, TEST_DATABASE_URL: serverUrl };
const started = performance.now();
let codes: number[];
try {
  // The first group shows live; the others are printed whole after it, so reports never interleave.
  const spawnGroup = (group: string[], live: boolean) =>
    Bun.spawn([process.execPath, "test", ...group.map((f) => `./${f}`)], {
      cwd: ROOT,
      env,
      stdout: live ? "inherit" : "pipe",
      stderr: live ? "inherit" : "pipe",
    });
  const runs = groups.map((group, i) => {
    const proc = spawnGroup(group, i === 0);
    const output =
      i === 0
        ? Promise.resolve(["", ""])
        : Promise.all([new Response(proc.stdout as ReadableStream).text(), new Response(proc.stderr as ReadableStream).text()]);
    return { proc, output };
  });
  codes = [];
  for (const [i, run] of runs.entries()) {
    codes.push(await run.proc.exited);
    const [out, err] = await run.output;
    if (i > 0) {
      process.stdout.write(`\n===== PostgreSQL tests, group ${i + 1} of ${jobs} =====\n${out}`);
      process.stderr.write(err ?? "");
    }
  }
  // Then two real server processes on one database, the SQLite → PostgreSQL copy and the pool's held-connection rule (tests/postgres/*.postgres.ts).
  const two = Bun.spawn(
    [
      process.execPath,
      `--config=${path.join(import.meta.dir, "bunfig.toml")}`,
      "test",
      "--timeout=90000",
      "./tests/postgres/two-processes.postgres.ts",
      "./tests/postgres/copy.postgres.ts",
      "./tests/postgres/one-connection.postgres.ts",
    ],
    {
      cwd: ROOT,
      env,
      stdout: "inherit",
      stderr: "inherit",
    },
  );
  codes.push(await two.exited);
} finally {
  await stop();
}
console.log(`\nPostgreSQL tests: ${files.length} files in ${jobs} groups in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
