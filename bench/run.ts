/**
 * `bun run bench` (issue 9): generates the dataset into a temporary DATA_DIR, starts the real server in
 * production mode and a bare Hono reference beside it, drives both with wrk at 50 connections, probes
 * /api/health while logins and uploads run, measures start-up, memory and what the public routes load
 * in Chromium; writes bench/results.json and a markdown table, and exits 1 naming each missed budget.
 *
 * `--engine=postgres` (issue 21) copies the same dataset into PostgreSQL with the `copy-to-postgres`
 * command (a private durable cluster from Debian's packages, or `--database=postgres://…`) and runs the
 * same measures there, with `--processes=2` two servers on one port (REUSE_PORT: the kernel spreads the
 * connections). Those write bench/results-postgres-<n>.json; bench/engines.md sets every run side by side.
 *
 *   bun run bench [--quick] [--duration=10] [--scale=1] [--skip-browser] [--keep] [--binary=release/institute-…]
 *                 [--engine=sqlite|postgres] [--processes=1|2] [--database=postgres://…]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { openDatabase } from "../db/connection.ts";
import { openPostgres, withDatabaseName } from "../db/postgres.ts";
import { bundle, precompress, writePageShells } from "../src/server/build.ts";
import { startPrivateCluster } from "../tests/postgres/cluster.ts";
import { ADMIN, BENCH_STUDENT, generateDataset, SEARCH_FRAGMENT, scaled } from "./dataset.ts";
import { measureFirstRequests } from "./first-requests.ts";
import { freePort } from "./free-port.ts";
import { lighthouseFailures, lighthouseReport, PUBLIC_PATHS, runLighthouse } from "./lighthouse.ts";
import { measurePublish, PUBLISH_STUDENTS, publishAudience } from "./publish.ts";
import {
  type BenchResults,
  type BundleResult,
  checkBudgets,
  enginesTable,
  type LoadResult,
  markdownTable,
  type ProbeResult,
  readEngineResults,
} from "./report.ts";

const ROOT = path.resolve(import.meta.dir, "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];

const quick = flag("quick");
const binary = option("binary") ? path.resolve(option("binary")!) : null;
const scale = Number(option("scale") ?? (quick ? 0.1 : 1));
const duration = Number(option("duration") ?? (quick ? 3 : 10));
const engine = option("engine") ?? "sqlite";
const processes = Number(option("processes") ?? 1);
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine is sqlite or postgres");
if (!(Number.isInteger(processes) && processes >= 1)) throw new Error("--processes is a whole number, 1 or more");
if (processes > 1 && engine !== "postgres") throw new Error("several processes share a PostgreSQL database: add --engine=postgres");
/** What the client loads does not depend on the database: measured on the SQLite run only. */
const skipBrowser = flag("skip-browser") || engine === "postgres";
const CONNECTIONS = 50;
const LIST_LIMIT = 10;
const DEEP_PAGE = 5000;

const log = (msg: string) => console.log(`[bench] ${msg}`);

if (!Bun.which("wrk")) {
  console.error("wrk is not installed: apt-get install -y wrk");
  process.exit(2);
}

const work = mkdtempSync(path.join(tmpdir(), "institute-bench-"));
const dataDir = path.join(work, "data");
const distDir = path.join(work, "dist");
const children: Bun.Subprocess[] = [];

// ————— build (with a metafile, so chunks can be traced to their sources) —————

log("building the client");
// The same build as `npm run build`: the bundle, the page shells that preload a page's chunks, compressed copies.
const metafile = path.join(work, "meta.json");
writePageShells(distDir, await bundle(distDir, metafile));
await precompress(distDir);

// ————— dataset —————

const sizes = scaled(scale);
log(
  `generating the dataset (${Object.entries(sizes)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ")})`,
);
const generated = await generateDataset(dataDir, sizes);
log(`dataset ready in ${generated.seconds.toFixed(1)} s`);

// ————— PostgreSQL: the same dataset, copied by the tested command —————

let databaseUrl: string | null = null;
let stopCluster = async () => {};
let stopClusterNow = () => {};
let copySeconds: number | null = null;
if (engine === "postgres") {
  let server = option("database") ?? null;
  if (!server) {
    const cluster = await startPrivateCluster({ durable: true });
    if (!cluster) throw new Error("PostgreSQL is not installed (apt-get install -y postgresql), and no --database was given");
    log(`PostgreSQL ${cluster.version} started (durable settings) on port ${cluster.port}`);
    server = cluster.url;
    stopCluster = cluster.stop;
    stopClusterNow = cluster.stopNow;
  }
  const name = `institute_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  databaseUrl = withDatabaseName(server, name);
  const started = performance.now();
  const copy = Bun.spawn([process.execPath, "src/server/cli.ts", "copy-to-postgres", databaseUrl], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" },
    stdout: "pipe",
    stderr: "inherit",
  });
  const said = await new Response(copy.stdout).text();
  if ((await copy.exited) !== 0) throw new Error(`copy-to-postgres failed:\n${said}`);
  copySeconds = (performance.now() - started) / 1000;
  log(`copy-to-postgres: ${copySeconds.toFixed(1)} s (${said.trim().split("\n").at(-1)})`);
}

const measured = databaseUrl ? openPostgres(databaseUrl) : openDatabase(path.join(dataDir, "institute.db"));
const firstRequests = await measureFirstRequests(measured.db, Math.round(DEEP_PAGE * scale), SEARCH_FRAGMENT);
await measured.db.destroy();
for (const f of firstRequests) log(`first request, ${f.name}: median ${f.medianMs.toFixed(2)} ms`);

// ————— servers —————

function spawnServer(port: number, index: number) {
  // --binary=<release executable> (issue 20): the same budgets for the single file, run outside the checkout.
  const log = path.join(work, `server-${port}-${index}.log`);
  const proc = Bun.spawn(binary ? [binary, "serve"] : [process.execPath, "src/server/main.ts"], {
    cwd: binary ? work : ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(processes > 1 ? { REUSE_PORT: "true" } : {}),
    },
    stdout: Bun.file(log),
    stderr: "inherit",
  });
  children.push(proc);
  return { proc, log };
}

/** Starts the server(s) on one port: the first (which migrates) to a healthy /api/health, then the others until each says it listens. */
async function startServer(port: number) {
  const started = performance.now();
  const first = spawnServer(port, 0);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (first.proc.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 30 s");
    await Bun.sleep(5);
  }
  const startupMs = performance.now() - started;
  const procs = [first.proc];
  for (let i = 1; i < processes; i++) {
    const other = spawnServer(port, i);
    while (!(await Bun.file(other.log).exists()) || !(await Bun.file(other.log).text()).includes("listening on")) {
      if (other.proc.exitCode !== null) throw new Error(`server ${i + 1} exited during start-up`);
      if (Date.now() > deadline) throw new Error(`server ${i + 1} did not start within 30 s`);
      await Bun.sleep(10);
    }
    procs.push(other.proc);
  }
  return { procs, url: `http://127.0.0.1:${port}`, startupMs };
}

const refPort = await freePort();
const reference = Bun.spawn([process.execPath, "bench/reference.ts"], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(refPort) },
  stdout: "ignore",
  stderr: "inherit",
});
children.push(reference);
const server = await startServer(await freePort());
log(`server healthy after ${Math.round(server.startupMs)} ms`);
const refUrl = `http://127.0.0.1:${refPort}`;
for (let i = 0; i < 200; i++) {
  try {
    if ((await fetch(refUrl)).ok) break;
  } catch {
    await Bun.sleep(10);
  }
}

function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill();
}
// On a failure the private cluster goes too (its processes would outlive the bench).
process.on("exit", () => stopClusterNow());
process.on("exit", stopAll);

/** Signs in at an audience's login path (admin or student) and answers the session's bearer token. */
async function signIn(audience: "admin" | "student", credentials: Record<string, string>, url = server.url): Promise<string> {
  const res = await fetch(`${url}/api/auth/${audience}/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!res.ok || !body.data?.token) throw new Error(`${audience} login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}
const login = () => signIn("admin", { email: ADMIN.email, password: ADMIN.password });
const token = await login();
const auth = { Authorization: `Bearer ${token}` };

// A backup of the whole dataset now, timed: SQLite's VACUUM INTO or pg_dump, with the uploads. It also
// keeps the scheduler's first backup (a minute after start, when none exists) out of the load runs below.
const backupStarted = performance.now();
const backupResponse = await fetch(`${server.url}/api/admin/backups`, { method: "POST", headers: auth });
if (backupResponse.status !== 201) throw new Error(`the backup failed: ${backupResponse.status} ${await backupResponse.text()}`);
const backupSeconds = (performance.now() - backupStarted) / 1000;
const backupMb = ((await backupResponse.json()) as { data: { backup: { size: number } } }).data.backup.size / 1024 / 1024;
log(`backup: ${backupSeconds.toFixed(1)} s, ${backupMb.toFixed(0)} MB`);

// ————— wrk —————

function parseDuration(text: string): number {
  const m = /([\d.]+)(us|ms|s|m)/.exec(text);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : n * 60_000;
}

async function wrk(url: string, headers: Record<string, string> = {}, seconds = duration, connections = CONNECTIONS) {
  const cmd = [
    "wrk",
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
    url,
  ];
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p50 = parseDuration(/^\s*50%\s+(\S+)/m.exec(out)?.[1] ?? "");
  const p99 = parseDuration(/^\s*99%\s+(\S+)/m.exec(out)?.[1] ?? "");
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((s, x) => s + Number(x), 0) : 0;
  return { rps, p50, p99, errors: non2xx + socketErrors, raw: out };
}

async function check(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

// The machine's speed drifts during a run (other jobs, thermal limits): the reference is measured again
// after every endpoint, and each endpoint is compared with the mean of the runs just before and after it.
const referenceRuns: Awaited<ReturnType<typeof wrk>>[] = [];
async function referenceRun(seconds: number): Promise<number> {
  const r = await wrk(refUrl, {}, seconds);
  referenceRuns.push(r);
  return r.rps;
}
log(`reference: wrk ${duration} s`);
let previousReference = await referenceRun(duration);
log(`reference ${previousReference.toFixed(0)} req/s`);

const endpoints: LoadResult[] = [];
/** What every browser sends; the server gzips the shared public answers it keeps (platform/response-cache.ts). */
const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br" };

async function measure(
  name: string,
  pathAndQuery: string,
  extraHeaders: Record<string, string> = {},
  note?: string,
  connections = CONNECTIONS,
) {
  const url = server.url + pathAndQuery;
  const headers = { ...BROWSER_HEADERS, ...extraHeaders };
  await check(url, headers);
  const r = await wrk(url, headers, duration, connections);
  if (!Number.isFinite(r.p99)) log(`${name}: no p99 in wrk's output:\n${r.raw}`);
  const nextReference = await referenceRun(Math.max(1, Math.round(duration / 2)));
  const reference = (previousReference + nextReference) / 2;
  previousReference = nextReference;
  const result: LoadResult = {
    name,
    path: pathAndQuery,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    errors: r.errors,
    ratio: r.rps / reference,
    referenceRps: reference,
    note,
  };
  endpoints.push(result);
  log(
    `${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${(result.ratio * 100).toFixed(1)}% of reference)${r.errors ? `, ${r.errors} errors` : ""}`,
  );
  return result;
}

const LISTS = [
  { name: "admissions", path: "/api/admin/admissions" },
  { name: "students", path: "/api/admin/students" },
  { name: "contacts", path: "/api/public/admin/contacts" },
] as const;

for (const list of LISTS) {
  const first = (await check(`${server.url}${list.path}?page=1&limit=${LIST_LIMIT}`, auth)) as {
    data: { pagination: { totalPages: number } };
  };
  const totalPages = first.data.pagination.totalPages;
  const deep = Math.max(1, Math.min(totalPages, Math.round(DEEP_PAGE * scale)));
  await measure(`${list.name} page 1`, `${list.path}?page=1&limit=${LIST_LIMIT}`, auth);
  await measure(`${list.name} deep page`, `${list.path}?page=${deep}&limit=${LIST_LIMIT}`, auth, `page ${deep} of ${totalPages}`);
  await measure(`${list.name} search`, `${list.path}?page=1&limit=${LIST_LIMIT}&search=${SEARCH_FRAGMENT}`, auth, `"${SEARCH_FRAGMENT}"`);
}
// Issue 18: a student's dashboard — every block (progress, assignments, exams, loans, events, performance)
// in one request, for a student of the full dataset; one connection, as one student asks for it.
const studentLogin = () => signIn("student", { studentId: BENCH_STUDENT.studentId, password: BENCH_STUDENT.password });
await measure(
  "student dashboard",
  "/api/student/dashboard/stats",
  { Authorization: `Bearer ${await studentLogin()}` },
  `${BENCH_STUDENT.studentId}, one connection`,
  1,
);
await measure("public gallery", "/api/public/gallery");
await measure("institute info", "/api/public/institute-info");
await measure("news", "/api/public/news");
const batchInput = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
await measure("home tRPC batch", `/api/trpc/site.info,site.news?batch=1&input=${batchInput}`, {}, "site.info + site.news");

const sortedReference = referenceRuns.map((r) => r.rps).sort((a, b) => a - b);
const referenceResult: LoadResult = {
  name: "reference",
  path: "/",
  rps: sortedReference[Math.floor(sortedReference.length / 2)]!,
  p50: referenceRuns[0]!.p50,
  p99: Math.max(...referenceRuns.map((r) => r.p99)),
  errors: referenceRuns.reduce((n, r) => n + r.errors, 0),
  ratio: 1,
  note: `median of ${referenceRuns.length} runs, ${Math.round(sortedReference[0]!)}–${Math.round(sortedReference.at(-1)!)} req/s`,
};

// ————— /api/health while other work runs —————

async function probeWhile(name: string, work: (until: number) => Promise<string>): Promise<ProbeResult> {
  const samples: number[] = [];
  let done = false;
  const until = Date.now() + duration * 1000;
  const probing = (async () => {
    while (!done) {
      const t = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      samples.push(performance.now() - t);
      await Bun.sleep(5);
    }
  })();
  const background = await work(until);
  done = true;
  await probing;
  samples.sort((a, b) => a - b);
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? NaN;
  const result = { name, p50: q(0.5), p99: q(0.99), max: samples.at(-1) ?? NaN, samples: samples.length, background };
  log(`${name}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(1)} ms (${background})`);
  return result;
}

const probes: ProbeResult[] = [];
probes.push(
  await probeWhile("/api/health during 20 concurrent logins", async (until) => {
    let n = 0;
    while (Date.now() < until) {
      await Promise.all(Array.from({ length: 20 }, () => login()));
      n += 20;
    }
    return `${n} logins`;
  }),
);

/** A photo-like JPEG just under 5 MB (noise compresses badly, like a detailed photo). */
async function fiveMegabyteJpeg(): Promise<Uint8Array> {
  let side = 2000;
  for (;;) {
    const raw = new Uint8Array(side * side * 3);
    for (let i = 0; i < raw.length; i += 65536) crypto.getRandomValues(raw.subarray(i, i + 65536));
    const jpeg = new Uint8Array(
      await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer(),
    );
    if (jpeg.length > 5 * 1024 * 1024) side = Math.floor(side * 0.97);
    else if (jpeg.length < 4.5 * 1024 * 1024) side = Math.floor(side * 1.03);
    else return jpeg;
  }
}
const photo = await fiveMegabyteJpeg();
log(`upload image: ${(photo.length / 1024 / 1024).toFixed(2)} MB`);
async function upload(i: number) {
  const form = new FormData();
  form.append("images", new File([photo as Uint8Array<ArrayBuffer>], `bench-${i}.jpg`, { type: "image/jpeg" }));
  form.append("imageDetails", JSON.stringify([{ title: `Benchmark upload ${i}`, category: "Campus" }]));
  const res = await fetch(`${server.url}/api/gallery/upload`, { method: "POST", headers: auth, body: form });
  const text = await res.text();
  if (!res.ok) throw new Error(`upload failed: ${res.status} ${text.slice(0, 300)}`);
}
probes.push(
  await probeWhile("/api/health during 4 concurrent 5 MB uploads", async (until) => {
    let n = 0;
    do {
      await Promise.all(Array.from({ length: 4 }, (_, i) => upload(n + i)));
      n += 4;
    } while (Date.now() < until);
    return `${n} uploads`;
  }),
);

// ————— memory, then a fresh start on the full dataset —————

const rssOf = async (proc: Bun.Subprocess) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await Bun.file(`/proc/${proc.pid}/status`).text())?.[1] ?? 0) / 1024;
const rssEach = await Promise.all(server.procs.map(rssOf));
/** The budget is per process; with several, the largest (their sum is reported beside it). */
const rssMb = Math.max(...rssEach);
log(`resident memory ${rssEach.map((m) => `${m.toFixed(0)} MB`).join(" + ")}`);
for (const proc of server.procs) proc.kill();
await Promise.all(server.procs.map((p) => p.exited));
const restarted = await startServer(await freePort());
const startupMs = Math.max(server.startupMs, restarted.startupMs);
log(`restart healthy after ${Math.round(restarted.startupMs)} ms`);

// ————— what the public routes load —————

const bundles: BundleResult[] = [];
if (!skipBrowser) {
  const { chromiumPath, launchBrowser } = await import("../tests/e2e/harness.ts");
  if (!chromiumPath()) log("Chromium not found: bundle sizes skipped");
  else {
    const meta = (await Bun.file(metafile).json()) as { outputs: Record<string, { inputs?: Record<string, unknown> }> };
    const portalOutputs = new Set<string>();
    for (const [out, info] of Object.entries(meta.outputs)) {
      // A JS chunk lists the portal stylesheets whose URLs it holds (src/client/routes.tsx) among its inputs: only its code counts.
      const inputs = Object.keys(info.inputs ?? {}).filter((i) => out.endsWith(".css") || !i.endsWith(".css"));
      if (inputs.some((i) => /src\/client\/(features\/(admin|student)\/|layouts\/((admin|student)-layout|portal\.css))/.test(i)))
        portalOutputs.add(path.basename(out));
    }
    const browser = await launchBrowser();
    for (const route of ["/", "/gallery", "/admission"]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const seen: Promise<{ file: string; type: string; gzip: number }>[] = [];
      page.on("response", (res) => {
        const type = res.request().resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        seen.push(
          res
            .body()
            .then((body) => ({ file: new URL(res.url()).pathname.slice(1), type, gzip: Bun.gzipSync(new Uint8Array(body)).length })),
        );
      });
      await page.goto(restarted.url + route, { waitUntil: "networkidle" });
      const files = await Promise.all(seen);
      bundles.push({
        route,
        jsGzip: files.filter((f) => f.type === "script").reduce((s, f) => s + f.gzip, 0),
        cssGzip: files.filter((f) => f.type === "stylesheet").reduce((s, f) => s + f.gzip, 0),
        files: files.map((f) => f.file),
        portalChunks: files.map((f) => f.file).filter((f) => portalOutputs.has(path.basename(f))),
      });
      await context.close();
    }
    await browser.close();
    for (const b of bundles)
      log(`${b.route}: JS ${(b.jsGzip / 1024).toFixed(1)} KB, CSS ${(b.cssGzip / 1024).toFixed(1)} KB gzip, ${b.files.length} files`);
  }
}

// ————— Lighthouse (mobile) on the public pages —————

let lighthouse: { table: string; failures: string[] } | null = null;
if (!skipBrowser && !flag("skip-lighthouse")) {
  log("Lighthouse (mobile), median of 3 runs per page");
  const results = await runLighthouse(restarted.url, PUBLIC_PATHS, { runs: 3 });
  lighthouse = { table: lighthouseReport(results), failures: lighthouseFailures(results).map((f) => `Lighthouse: ${f}`) };
}

// ————— publishing a notice to 5,000 students (last: the e-mails it queues go out in the background) —————

const audienceDb = databaseUrl ? openPostgres(databaseUrl) : openDatabase(path.join(dataDir, "institute.db"));
const audience = await publishAudience(audienceDb.db, PUBLISH_STUDENTS);
await audienceDb.db.destroy();
const publish = await measurePublish(restarted.url, await signIn("admin", ADMIN, restarted.url), audience);
for (const p of publish) log(`publish to ${p.recipients} students${p.email ? " with e-mail" : ""}: ${Math.round(p.ms)} ms`);

// ————— report —————

const partial: Omit<BenchResults, "failures"> = {
  at: new Date().toISOString(),
  quick,
  sizes: { ...sizes },
  durationSeconds: duration,
  connections: CONNECTIONS,
  machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? "cpu"}, Bun ${Bun.version}, wrk -t1`,
  engine,
  processes,
  rssEachMb: rssEach,
  copySeconds,
  backup: { seconds: backupSeconds, mb: backupMb },
  reference: referenceResult,
  endpoints,
  probes,
  startupMs,
  rssMb,
  bundles,
  firstRequests,
  publish,
};
const results: BenchResults = { ...partial, failures: [...checkBudgets(partial), ...(lighthouse?.failures ?? [])] };
const stem = engine === "sqlite" ? "results" : `results-${engine}-${processes}`;
writeFileSync(path.join(import.meta.dir, `${stem}.json`), `${JSON.stringify(results, null, 2)}\n`);
const table = markdownTable(results) + (lighthouse ? `\n\nLighthouse (mobile, median of 3):\n\n${lighthouse.table}` : "");
writeFileSync(path.join(import.meta.dir, `${stem}.md`), `${table}\n`);
console.log(`\n${table}\n`);
writeFileSync(path.join(import.meta.dir, "engines.md"), `${enginesTable(await readEngineResults(import.meta.dir))}\n`);

stopAll();
await Promise.all(children.map((c) => c.exited));
await stopCluster();
stopClusterNow = () => {};
if (!flag("keep")) rmSync(work, { recursive: true, force: true });
else log(`kept ${work}`);
if (results.failures.length) {
  console.error(`Budgets missed:\n${results.failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exit(1);
}
