/** The benchmark's figures, its budgets (issue 9) and the markdown table docs/PERFORMANCE.md shows. */

export interface LoadResult {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  /** responses that were not 2xx/3xx, and socket errors */
  errors: number;
  /** the ratio to the reference's requests/s measured around this endpoint's run */
  ratio: number;
  /** that reference: the mean of the reference runs just before and after */
  referenceRps?: number;
  note?: string;
}

export interface ProbeResult {
  name: string;
  p50: number;
  p99: number;
  max: number;
  samples: number;
  /** work done alongside: logins or uploads completed */
  background: string;
}

export interface BundleResult {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: string[];
  /** chunks holding admin or student portal code */
  portalChunks: string[];
}

/** A list's service time with its read cache emptied (bench/first-requests.ts). */
export interface FirstRequestResult {
  name: string;
  medianMs: number;
  maxMs: number;
}

/** Publishing a notice to a programme's students through the server (bench/publish.ts). */
export interface PublishResult {
  /** also e-mailed: one outbox row per student */
  email: boolean;
  ms: number;
  recipients: number;
}

export interface BenchResults {
  at: string;
  quick: boolean;
  sizes: Record<string, number>;
  durationSeconds: number;
  connections: number;
  machine: string;
  reference: LoadResult;
  endpoints: LoadResult[];
  probes: ProbeResult[];
  startupMs: number;
  rssMb: number;
  bundles: BundleResult[];
  firstRequests: FirstRequestResult[];
  /** a notice published to 5,000 students, portal only and with e-mail (absent in runs before it was measured) */
  publish?: PublishResult[];
  /** issue 21: the database the server ran on, and how many server processes shared it (absent: SQLite, one) */
  engine?: "sqlite" | "postgres";
  processes?: number;
  /** each process's resident memory; rssMb is the largest */
  rssEachMb?: number[];
  /** how long `copy-to-postgres` took to move the dataset (PostgreSQL runs) */
  copySeconds?: number | null;
  /** one backup of the whole dataset through the admin API, before the load runs */
  backup?: { seconds: number; mb: number };
  failures: string[];
}

export const BUDGETS = {
  listPage1Ratio: 0.15,
  listPage1P99: 50,
  deepOrSearchVsPage1: 0.5,
  publicRatio: 0.4,
  homeBatchRatio: 0.3,
  healthDuringLoginsP99: 20,
  /** issue 18: a student's whole dashboard in one request, one connection */
  studentDashboardP99: 20,
  healthDuringUploadsP99: 50,
  startupMs: 1000,
  rssMb: 200,
  homeJsKb: 110,
  homeCssKb: 20,
  /** a notice published to 5,000 students: their notifications in the portal, and with one e-mail each queued */
  publishPortalMs: 1_500,
  publishEmailMs: 15_000,
} as const;

const publishBudget = (p: PublishResult) => (p.email ? BUDGETS.publishEmailMs : BUDGETS.publishPortalMs);
const publishName = (p: PublishResult) =>
  `publishing a notice to ${p.recipients.toLocaleString("en")} students${p.email ? " with e-mail" : " (portal only)"}`;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Every budget the figures miss, each named. */
export function checkBudgets(r: Omit<BenchResults, "failures">): string[] {
  const failures: string[] = [];
  const byName = new Map(r.endpoints.map((e) => [e.name, e]));
  for (const e of r.endpoints) if (e.errors > 0) failures.push(`${e.name}: ${e.errors} error responses`);
  for (const list of ["admissions", "students", "contacts"]) {
    const page1 = byName.get(`${list} page 1`);
    if (!page1) continue;
    if (page1.ratio < BUDGETS.listPage1Ratio)
      failures.push(`${list} page 1: ${pct(page1.ratio)} of reference (budget ≥ ${pct(BUDGETS.listPage1Ratio)})`);
    if (!(page1.p99 <= BUDGETS.listPage1P99))
      failures.push(`${list} page 1: p99 ${page1.p99.toFixed(1)} ms (budget ≤ ${BUDGETS.listPage1P99} ms)`);
    for (const variant of ["deep page", "search"]) {
      const e = byName.get(`${list} ${variant}`);
      if (!e) continue;
      const rel = e.rps / page1.rps;
      if (rel < BUDGETS.deepOrSearchVsPage1)
        failures.push(`${list} ${variant}: ${pct(rel)} of page 1 (budget ≥ ${pct(BUDGETS.deepOrSearchVsPage1)})`);
    }
  }
  for (const name of ["public gallery", "institute info", "news"]) {
    const e = byName.get(name);
    if (e && e.ratio < BUDGETS.publicRatio) failures.push(`${name}: ${pct(e.ratio)} of reference (budget ≥ ${pct(BUDGETS.publicRatio)})`);
  }
  const dashboard = byName.get("student dashboard");
  if (dashboard && !(dashboard.p99 <= BUDGETS.studentDashboardP99))
    failures.push(`student dashboard: p99 ${dashboard.p99.toFixed(1)} ms (budget ≤ ${BUDGETS.studentDashboardP99} ms)`);
  const home = byName.get("home tRPC batch");
  if (home && home.ratio < BUDGETS.homeBatchRatio)
    failures.push(`home tRPC batch: ${pct(home.ratio)} of reference (budget ≥ ${pct(BUDGETS.homeBatchRatio)})`);
  for (const p of r.probes) {
    const limit = p.name.includes("login") ? BUDGETS.healthDuringLoginsP99 : BUDGETS.healthDuringUploadsP99;
    if (!(p.p99 <= limit)) failures.push(`${p.name}: p99 ${p.p99.toFixed(1)} ms (budget ≤ ${limit} ms)`);
  }
  if (r.startupMs > BUDGETS.startupMs) failures.push(`start-up: ${Math.round(r.startupMs)} ms (budget ≤ ${BUDGETS.startupMs} ms)`);
  if (r.rssMb > BUDGETS.rssMb) failures.push(`resident memory: ${r.rssMb.toFixed(0)} MB (budget ≤ ${BUDGETS.rssMb} MB)`);
  for (const b of r.bundles) {
    if (b.route === "/") {
      if (b.jsGzip / 1024 > BUDGETS.homeJsKb)
        failures.push(`/ JavaScript: ${(b.jsGzip / 1024).toFixed(1)} KB gzip (budget ≤ ${BUDGETS.homeJsKb} KB)`);
      if (b.cssGzip / 1024 > BUDGETS.homeCssKb)
        failures.push(`/ CSS: ${(b.cssGzip / 1024).toFixed(1)} KB gzip (budget ≤ ${BUDGETS.homeCssKb} KB)`);
    }
    if (b.portalChunks.length) failures.push(`${b.route} loads portal code: ${b.portalChunks.join(", ")}`);
  }
  for (const p of r.publish ?? [])
    if (!(p.ms <= publishBudget(p))) failures.push(`${publishName(p)}: ${Math.round(p.ms)} ms (budget ≤ ${publishBudget(p)} ms)`);
  return failures;
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

export function markdownTable(r: BenchResults): string {
  const lines: string[] = [];
  const byName = new Map(r.endpoints.map((e) => [e.name, e]));
  lines.push(
    `Run ${r.at}${r.quick ? " (--quick: one tenth of the data)" : ""} on ${columnName(r)}; ${r.connections} connections, ${r.durationSeconds} s per endpoint; ${r.machine}.`,
    `Dataset: ${Object.entries(r.sizes)
      .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
      .join(", ")}.`,
    "",
    "Each ratio is against the reference measured just before and just after that endpoint (the mean of the two runs).",
    "",
    "| Endpoint | req/s | p50 ms | p99 ms | vs reference | budget |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    `| reference (bare Hono, small JSON${r.reference.note ? `; ${r.reference.note}` : ""}) | ${r.reference.rps.toFixed(0)} | ${ms(r.reference.p50)} | ${ms(r.reference.p99)} | 100% | |`,
  );
  for (const e of r.endpoints) {
    let budget = "";
    const list = /^(admissions|students|contacts) (page 1|deep page|search)$/.exec(e.name);
    if (list?.[2] === "page 1") budget = `≥ ${pct(BUDGETS.listPage1Ratio)}, p99 ≤ ${BUDGETS.listPage1P99} ms`;
    else if (list) {
      const page1 = byName.get(`${list[1]} page 1`);
      budget = `≥ 50% of page 1${page1 ? ` (is ${pct(e.rps / page1.rps)})` : ""}`;
    } else if (e.name === "home tRPC batch") budget = `≥ ${pct(BUDGETS.homeBatchRatio)}`;
    else if (e.name === "student dashboard") budget = `p99 ≤ ${BUDGETS.studentDashboardP99} ms`;
    else budget = `≥ ${pct(BUDGETS.publicRatio)}`;
    const name = `${e.name}${e.note ? ` (${e.note})` : ""}${e.errors ? ` — ${e.errors} errors` : ""}`;
    lines.push(`| ${name} | ${e.rps.toFixed(0)} | ${ms(e.p50)} | ${ms(e.p99)} | ${pct(e.ratio)} | ${budget} |`);
  }
  lines.push("", "| Measure | value | budget |", "| --- | ---: | --- |");
  for (const p of r.probes) {
    const limit = p.name.includes("login") ? BUDGETS.healthDuringLoginsP99 : BUDGETS.healthDuringUploadsP99;
    lines.push(
      `| ${p.name} (p50 ${ms(p.p50)}, max ${ms(p.max)}, ${p.samples} probes; ${p.background}) | p99 ${ms(p.p99)} ms | ≤ ${limit} ms |`,
    );
  }
  lines.push(`| start-up to a healthy /api/health | ${Math.round(r.startupMs)} ms | ≤ ${BUDGETS.startupMs} ms |`);
  if (r.backup)
    lines.push(
      `| a backup of the dataset (before the load runs) | ${r.backup.seconds.toFixed(1)} s, ${r.backup.mb.toFixed(0)} MB | no budget |`,
    );
  for (const p of r.publish ?? [])
    lines.push(`| ${publishName(p)} | ${Math.round(p.ms).toLocaleString("en")} ms | ≤ ${publishBudget(p).toLocaleString("en")} ms |`);
  lines.push(
    `| resident memory after the run${(r.rssEachMb?.length ?? 1) > 1 ? ` (largest process; each: ${r.rssEachMb!.map((m) => `${m.toFixed(0)} MB`).join(" + ")})` : ""} | ${r.rssMb.toFixed(0)} MB | ≤ ${BUDGETS.rssMb} MB |`,
  );
  for (const b of r.bundles) {
    const budget = b.route === "/" ? `JS ≤ ${BUDGETS.homeJsKb} KB, CSS ≤ ${BUDGETS.homeCssKb} KB, ` : "";
    lines.push(
      `| \`${b.route}\` JS / CSS gzip (${b.files.length} files) | ${(b.jsGzip / 1024).toFixed(1)} KB / ${(b.cssGzip / 1024).toFixed(1)} KB${b.portalChunks.length ? `, portal chunks: ${b.portalChunks.join(", ")}` : ", no portal code"} | ${budget}no admin or student code |`,
    );
  }
  if (r.firstRequests.length) {
    lines.push(
      "",
      "First request after a write (in-process service time with the read cache emptied, median of 15; no budget):",
      "",
      "| List | median ms | max ms |",
      "| --- | ---: | ---: |",
      ...r.firstRequests.map((f) => `| ${f.name} | ${ms(f.medianMs)} | ${ms(f.maxMs)} |`),
    );
  }
  lines.push(
    "",
    r.failures.length
      ? `**Budgets missed (${r.failures.length}):**\n\n${r.failures.map((f) => `- ${f}`).join("\n")}`
      : "**Every budget is met.**",
  );
  return lines.join("\n");
}

/** "SQLite", "PostgreSQL, 1 process", "PostgreSQL, 2 processes". */
export function columnName(r: Pick<BenchResults, "engine" | "processes">): string {
  if ((r.engine ?? "sqlite") === "sqlite") return "SQLite";
  const n = r.processes ?? 1;
  return `PostgreSQL, ${n} process${n === 1 ? "" : "es"}`;
}

/** The runs bench/ holds: results.json (SQLite) and results-postgres-<n>.json, SQLite first, then by processes. */
export async function readEngineResults(dir: string): Promise<BenchResults[]> {
  const names = [...new Bun.Glob("results{,-postgres-*}.json").scanSync({ cwd: dir })];
  const runs = await Promise.all(names.map((n) => Bun.file(`${dir}/${n}`).json() as Promise<BenchResults>));
  const rank = (r: BenchResults) => ((r.engine ?? "sqlite") === "sqlite" ? 0 : (r.processes ?? 1));
  return runs.sort((a, b) => rank(a) - rank(b));
}

/**
 * The same measures for each engine run side by side (issue 21): requests/s and p99 per endpoint, the
 * probes, start-up and memory, each cell marked ✗ where that run missed the endpoint's budget.
 */
export function enginesTable(runs: BenchResults[]): string {
  if (runs.length === 0) return "No benchmark results yet: run `bun run bench`.";
  const missed = (r: BenchResults, name: string) => r.failures.some((f) => f.startsWith(`${name}:`));
  const cell = (r: BenchResults, name: string, text: string) => `${text}${missed(r, name) ? " ✗" : ""}`;
  const head = `| Measure | ${runs.map(columnName).join(" | ")} |`;
  const rule = `| --- | ${runs.map(() => "---:").join(" | ")} |`;
  const names = [...new Set(runs.flatMap((r) => r.endpoints.map((e) => e.name)))];
  const lines = [
    ...runs.map(
      (r) =>
        `- ${columnName(r)}: run ${r.at}${r.quick ? " (--quick)" : ""}, ${r.durationSeconds} s per endpoint, ${r.connections} connections${r.copySeconds ? `; copy-to-postgres moved the dataset in ${r.copySeconds.toFixed(0)} s` : ""}; ${r.failures.length ? `${r.failures.length} budget(s) missed` : "every budget met"}.`,
    ),
    "",
    "Requests/s and p99 (ms) under wrk; ✗ marks a missed budget (bench/report.ts: BUDGETS).",
    "",
    head,
    rule,
    `| reference (bare Hono) req/s | ${runs.map((r) => r.reference.rps.toFixed(0)).join(" | ")} |`,
  ];
  for (const name of names) {
    const cells = runs.map((r) => {
      const e = r.endpoints.find((x) => x.name === name);
      return e ? cell(r, name, `${e.rps.toFixed(0)} req/s, p99 ${ms(e.p99)}`) : "—";
    });
    lines.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  const probeNames = [...new Set(runs.flatMap((r) => r.probes.map((p) => p.name)))];
  for (const name of probeNames) {
    const cells = runs.map((r) => {
      const p = r.probes.find((x) => x.name === name);
      return p ? cell(r, name, `p99 ${ms(p.p99)} (${p.background})`) : "—";
    });
    lines.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  lines.push(
    `| a backup of the dataset (s, MB) | ${runs.map((r) => (r.backup ? `${r.backup.seconds.toFixed(1)} s, ${r.backup.mb.toFixed(0)} MB` : "—")).join(" | ")} |`,
  );
  lines.push(
    `| start-up to a healthy /api/health (ms) | ${runs.map((r) => cell(r, "start-up", `${Math.round(r.startupMs)}`)).join(" | ")} |`,
  );
  lines.push(
    `| resident memory per process (MB) | ${runs.map((r) => cell(r, "resident memory", (r.rssEachMb ?? [r.rssMb]).map((m) => m.toFixed(0)).join(" + "))).join(" | ")} |`,
  );
  const firstNames = [...new Set(runs.flatMap((r) => r.firstRequests.map((f) => f.name)))];
  if (firstNames.length) {
    lines.push("", "First request after a write: service time with the read cache emptied, median ms (no budget).", "", head, rule);
    for (const name of firstNames)
      lines.push(
        `| ${name} | ${runs
          .map((r) => {
            const f = r.firstRequests.find((x) => x.name === name);
            return f ? ms(f.medianMs) : "—";
          })
          .join(" | ")} |`,
      );
  }
  return lines.join("\n");
}
