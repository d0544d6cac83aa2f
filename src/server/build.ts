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
 * mobile, docs/PERFORMANCE.md). The home page is in the main chunk; portal pages are not preloaded.
 */
export const PRELOADED_PAGES: Record<string, string> = {
  "/about": "src/client/features/site/about-page.tsx",
  "/gallery": "src/client/features/gallery/gallery-page.tsx",
  "/contact": "src/client/features/contacts/contact-page.tsx",
  "/admission": "src/client/features/admissions/admission-page.tsx",
  "/admission-status": "src/client/features/admissions/admission-status-page.tsx",
};

/** The part of Bun's `--metafile` that page shells read. */
export interface BuildMetafile {
  outputs: Record<string, { entryPoint?: string; imports?: { path: string; kind: string }[] }>;
}

/**
 * index.html with modulepreload links for each page of PRELOADED_PAGES: its chunk and every chunk it
 * imports statically, less what index.html loads already. Keyed by page path.
 */
export function pageShells(
  indexHtml: string,
  meta: BuildMetafile,
  pages: Record<string, string> = PRELOADED_PAGES,
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
  const shells: Record<string, string> = {};
  for (const [page, source] of Object.entries(pages)) {
    const chunk = [...outputs].find(([file, info]) => info.entryPoint === source && file.endsWith(".js"))?.[0];
    if (!chunk) throw new Error(`No chunk of the build comes from ${source} (the page ${page}): update PRELOADED_PAGES`);
    const preload = [...staticClosure([chunk])].filter((file) => !initial.has(file) && file.endsWith(".js"));
    const links = preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("");
    if (!indexHtml.includes("</head>")) throw new Error("index.html has no </head>");
    shells[page] = indexHtml.replace("</head>", `${links}</head>`);
  }
  return shells;
}

/** Writes the page shells of a build into dist/_pages/ (the server picks them by path). */
export function writePageShells(distDir: string, meta: BuildMetafile): void {
  const shells = pageShells(readFileSync(path.join(distDir, "index.html"), "utf8"), meta);
  mkdirSync(path.join(distDir, PAGE_SHELL_DIR), { recursive: true });
  for (const [page, html] of Object.entries(shells)) writeFileSync(path.join(distDir, PAGE_SHELL_DIR, `${page.slice(1)}.html`), html);
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
