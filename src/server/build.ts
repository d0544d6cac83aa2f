/**
 * Builds the client into dist/ with Bun's bundler (production React, code splitting per route), then
 * writes a page shell per lazily loaded public page (dist/_pages/<page>.html: index.html that also
 * preloads the page's chunks) and a brotli (`.br`) and a gzip (`.gz`) copy beside each text file for the
 * server to send. `ensureClientBuilt()` rebuilds only when a client source is newer than the last build.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { COMPRESSIBLE, compress, MIN_COMPRESS_BYTES, PAGE_SHELL_DIR } from "./platform/static-files.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");
/** DIST_DIR lets parallel builds (e.g. separate browser-test runs) use their own output folder. */
const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? "dist");
const SOURCES = ["index.html", "src/client", "src/shared", "public"];

function newestMtime(entry: string): number {
  const full = path.join(ROOT, entry);
  let stat: ReturnType<typeof statSync>;
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

/**
 * The public pages whose code is a lazy chunk (src/client/routes.tsx), by path. Their page shell names
 * the chunk and what it imports in `<link rel="modulepreload">`, so the browser fetches them together
 * with the main chunk instead of after it has run (one round trip less before the page shows: Lighthouse
 * mobile, docs/PERFORMANCE.md). The home page is in the main chunk.
 */
export const PRELOADED_PAGES: Record<string, string> = {
  "/about": "src/client/features/site/about-page.tsx",
  "/gallery": "src/client/features/gallery/gallery-page.tsx",
  "/contact": "src/client/features/contacts/contact-page.tsx",
  "/admission": "src/client/features/admissions/admission-page.tsx",
  "/admission-status": "src/client/features/admissions/admission-status-page.tsx",
};

/** What a portal page is made of, as its area's routes file loads it: lazy modules and `with { type: "file" }` stylesheets. */
type PortalParts = readonly string[];

const studentPortal = (parts: Record<string, PortalParts>) => portalPages("student", STUDENT_FRAME, parts);
const adminPortal = (parts: Record<string, PortalParts>) => portalPages("admin", ADMIN_FRAME, parts);
function portalPages(area: string, frame: PortalParts, parts: Record<string, PortalParts>) {
  return Object.fromEntries(Object.entries(parts).map(([page, own]) => [`/${area}/${page}`, [...frame, ...own]]));
}

const C = "src/client";
const STUDENT_FRAME = [
  `${C}/student-routes.tsx`,
  `${C}/layouts/student-layout.tsx`,
  `${C}/layouts/portal.css`,
  `${C}/features/student/student.css`,
];
const ADMIN_FRAME = [`${C}/admin-routes.tsx`, `${C}/layouts/admin-layout.tsx`, `${C}/layouts/portal.css`, `${C}/layouts/admin.css`];
const STUDENT_PAGES = `${C}/features/student/portal-pages.ts`;
const STUDIES_PAGES = `${C}/studies-pages.ts`;
const ADMIN_ONLY_PAGES = `${C}/admin-only-pages.ts`;
const PRINT_SHEET = `${C}/ui/print-sheet.css`;

/**
 * The portals' pages, by path (a deeper path, /student/exams/admit-card, takes its page's): each page's shell
 * preloads the area's routes and frame, the page's chunk and every chunk they import statically, and their
 * stylesheets. Without it a deep link (an e-mail's "Open", a bookmark) found its code one import at a time:
 * /student/fees on a 2 s round trip made eleven waves of chunks before its data (28 s; walk 16b, stop 48).
 * Mirrors student-routes.tsx and admin-routes.tsx (build.test.ts checks each part is loaded there).
 */
export const PORTAL_PAGES: Record<string, PortalParts> = {
  ...studentPortal({
    dashboard: [`${C}/features/student/dashboard-page.tsx`],
    profile: [`${C}/features/student/profile-page.tsx`],
    "id-card": [`${C}/features/student/id-card-page.tsx`, `${C}/features/student/id-card.css`],
    settings: [`${C}/features/student/settings-page.tsx`],
    courses: [STUDENT_PAGES, `${C}/features/studies/studies.css`],
    library: [STUDENT_PAGES, `${C}/features/library/library.css`],
    exams: [STUDENT_PAGES, PRINT_SHEET, `${C}/features/exams/exams.css`],
    fees: [STUDENT_PAGES, PRINT_SHEET, `${C}/features/fees/fees.css`],
    notifications: [STUDENT_PAGES],
    help: [STUDENT_PAGES, `${C}/features/notices/notices.css`],
  }),
  ...adminPortal({
    dashboard: [`${C}/features/dashboard/dashboard-page.tsx`, `${C}/features/dashboard/dashboard.css`],
    admissions: [`${C}/features/admissions/admin-admissions-page.tsx`, `${C}/features/admissions/admissions-admin.css`],
    students: [`${C}/features/students/students-page.tsx`, `${C}/features/students/students.css`],
    contacts: [`${C}/features/contacts/admin-contacts-page.tsx`, `${C}/features/contacts/contacts-admin.css`],
    notifications: [`${C}/features/notifications/notifications-page.tsx`, `${C}/features/notifications/notifications.css`],
    settings: [`${C}/features/settings/settings-page.tsx`, `${C}/features/settings/settings.css`],
    help: [`${C}/features/tickets/help-page.tsx`, `${C}/features/tickets/tickets.css`],
    courses: [STUDIES_PAGES, `${C}/features/studies/studies.css`],
    library: [STUDIES_PAGES, `${C}/features/library/library.css`],
    exams: [STUDIES_PAGES, `${C}/features/exams/exams.css`],
    fees: [STUDIES_PAGES, PRINT_SHEET, `${C}/features/fees/fees.css`],
    notices: [STUDIES_PAGES, `${C}/features/notices/notices.css`],
    activity: [ADMIN_ONLY_PAGES, `${C}/features/dashboard/dashboard.css`],
    gallery: [ADMIN_ONLY_PAGES, `${C}/features/gallery/gallery-admin.css`],
    analytics: [ADMIN_ONLY_PAGES, `${C}/features/analytics/analytics.css`],
    staff: [ADMIN_ONLY_PAGES],
    content: [ADMIN_ONLY_PAGES, `${C}/features/settings/settings.css`],
    programmes: [ADMIN_ONLY_PAGES, `${C}/features/programmes/programmes-admin.css`],
  }),
};

/** The part of Bun's `--metafile` that page shells read. */
export interface BuildMetafile {
  outputs: Record<string, { entryPoint?: string; imports?: { path: string; kind: string }[] }>;
}

/**
 * index.html with preload links for each page: for each lazy module its chunk and every chunk it imports
 * statically, less what index.html loads already (`modulepreload`); for each stylesheet (a portal's, which its
 * code adds as a `<link>`) the built file `files` names (`preload as="style"`). Keyed by page path.
 */
export function pageShells(
  indexHtml: string,
  meta: BuildMetafile,
  pages: Record<string, string | PortalParts> = { ...PRELOADED_PAGES, ...PORTAL_PAGES },
  files: readonly string[] = [],
): Record<string, string> {
  const name = (output: string) => path.posix.normalize(output).replace(/^\.?\//, "");
  const outputs = new Map(Object.entries(meta.outputs).map(([file, info]) => [name(file), info]));
  const staticClosure = (start: string[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const imp of outputs.get(file)?.imports ?? []) {
        if (imp.kind === "import-statement") queue.push(name(path.posix.join(path.posix.dirname(file), imp.path)));
      }
    }
    return seen;
  };
  const initial = staticClosure([...outputs].filter(([, info]) => info.entryPoint === "index.html").map(([file]) => file));
  const chunkOf = (page: string, source: string) => {
    const chunk = [...outputs].find(([file, info]) => info.entryPoint === source && file.endsWith(".js"))?.[0];
    if (!chunk) throw new Error(`No chunk of the build comes from ${source} (the page ${page}): update build.ts' page lists`);
    return chunk;
  };
  // A stylesheet imported as a file is emitted as "<its name>-<hash>.css".
  const stylesheetOf = (page: string, source: string) => {
    const base = path.posix.basename(source, ".css");
    const file = files.find((f) => f.startsWith(`${base}-`) && /^-[a-z0-9]+\.css$/.test(f.slice(base.length)));
    if (!file) throw new Error(`No stylesheet of the build comes from ${source} (the page ${page}): update build.ts' page lists`);
    return file;
  };
  if (!indexHtml.includes("</head>")) throw new Error("index.html has no </head>");
  const shells: Record<string, string> = {};
  for (const [page, parts] of Object.entries(pages)) {
    const sources = typeof parts === "string" ? [parts] : parts;
    const code = sources.filter((s) => !s.endsWith(".css")).map((s) => chunkOf(page, s));
    const preload = [...staticClosure(code)].filter((file) => !initial.has(file) && file.endsWith(".js"));
    const links = [
      ...preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...sources.filter((s) => s.endsWith(".css")).map((s) => `<link rel="preload" as="style" href="/${stylesheetOf(page, s)}">`),
    ].join("");
    shells[page] = indexHtml.replace("</head>", `${links}</head>`);
  }
  return shells;
}

/** Writes the page shells of a build into dist/_pages/ (the server picks them by path: _pages/student/fees.html). */
export function writePageShells(distDir: string, meta: BuildMetafile): void {
  const shells = pageShells(readFileSync(path.join(distDir, "index.html"), "utf8"), meta, undefined, readdirSync(distDir));
  for (const [page, html] of Object.entries(shells)) {
    const file = path.join(distDir, PAGE_SHELL_DIR, `${page.slice(1)}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
}

/**
 * `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every compressible file of dir worth it:
 * compressed once here at the best ratio instead of on each request.
 */
export async function precompress(dir: string): Promise<void> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => statSync(f).size >= MIN_COMPRESS_BYTES);
  await Promise.all(
    files.map(async (file) => {
      const data = await Bun.file(file).bytes();
      const [br, gz] = await Promise.all([compress(data, "br"), compress(data, "gzip")]);
      await Promise.all([Bun.write(`${file}.br`, br), Bun.write(`${file}.gz`, gz)]);
    }),
  );
}

/**
 * Bun's bundler on the client into `outdir` (production React, code splitting), writing its metafile.
 * Returns the metafile's outputs, as the page shells and the performance test read them.
 */
export async function bundle(outdir: string, metafile: string): Promise<BuildMetafile> {
  const proc = Bun.spawn(
    [
      process.execPath,
      "build",
      "./index.html",
      "--production",
      "--public-path=/",
      `--outdir=${outdir}`,
      "--splitting",
      // Chunks by their hash alone ("c-1kgvs4ve.js"): the entry names every lazy chunk it can load, and their
      // descriptive names cost the first download 322 B gzip. The "-hash" keeps them immutable (static-files.ts).
      "--chunk-naming=c-[hash].[ext]",
      `--metafile=${metafile}`,
    ],
    // React's production build whatever NODE_ENV the caller runs under (bun test sets "test").
    { cwd: ROOT, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if ((await proc.exited) !== 0) throw new Error("The client build failed (see the messages above).");
  return JSON.parse(readFileSync(metafile, "utf8")) as BuildMetafile;
}

/** `precompress: false` (npm run dev) skips the compressed copies: the server then compresses on request. */
/** Builds the client into `outDir` (default DIST: DIST_DIR or dist/), replacing what was there. */
export async function buildClient(opts: { precompress?: boolean; outDir?: string } = {}): Promise<void> {
  const outDir = opts.outDir ?? DIST;
  // Start from an empty folder so it holds exactly one build.
  rmSync(outDir, { recursive: true, force: true });
  const metafile = path.join(tmpdir(), `institute-build-${process.pid}-${Date.now()}.json`);
  try {
    writePageShells(outDir, await bundle(outDir, metafile));
  } finally {
    rmSync(metafile, { force: true });
  }
  if (opts.precompress ?? true) await precompress(outDir);
}

export async function ensureClientBuilt(): Promise<void> {
  if (clientIsStale()) await buildClient();
}

if (import.meta.main) await buildClient();
