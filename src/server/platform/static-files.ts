/**
 * Serves the built client (hashed assets cached for a year, index.html revalidated) and public/ files,
 * and answers every other page path with the app shell so the client router can take over. Text files
 * go out brotli- or gzip-compressed when the browser accepts it: the `.br`/`.gz` the build wrote beside
 * them (build.ts, best compression), else compressed once on first request and kept in memory.
 */

import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context } from "hono";
import { MSG } from "../../shared/messages.ts";
import { type FileArea, fileStore } from "./file-store.ts";
import type { AppEnv } from "./http.ts";

const HASHED = /-[a-z0-9]{8,}\.(js|css|png|jpe?g|svg|webp|woff2?)$/i;

/**
 * Where the build writes a page's own shell (build.ts: index.html that also preloads the page's chunks),
 * e.g. `_pages/gallery.html` for /gallery; other page paths get index.html.
 */
export const PAGE_SHELL_DIR = "_pages";

/** Files worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|map|webmanifest)$/i;
/** Below this a compressed answer saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

export type Encoding = "br" | "gzip";
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Whether an Accept-Encoding header allows this encoding (`*` counts; a `;q=0` refuses). */
export function acceptsEncoding(acceptEncoding: string | undefined, encoding: Encoding): boolean {
  if (!acceptEncoding) return false;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  return (q.get(encoding) ?? q.get("*") ?? 0) > 0;
}

/** The best encoding the request accepts (brotli, then gzip), honouring `;q=0` refusals. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptsEncoding(acceptEncoding, "br")) return "br";
  if (acceptsEncoding(acceptEncoding, "gzip")) return "gzip";
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli or gzip: `best` (brotli 11, gzip 9) for the build's copies, `fast` (brotli 5, gzip 6: a few
 * milliseconds for the main chunk, about 10 % larger) when a request has to wait for it.
 */
export async function compress(data: Uint8Array, encoding: Encoding, quality: "best" | "fast" = "best"): Promise<Uint8Array> {
  if (encoding === "br") {
    return brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality === "best" ? 11 : 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
  }
  return gzip(data, { level: quality === "best" ? 9 : 6 });
}

/**
 * Compressed copies made at request time (files without a build-written `.br`/`.gz`), one per file and
 * encoding, replaced when the file changes. Bounded by the number of served files.
 */
const compressedCache = new Map<string, { mtimeMs: number; size: number; data: Promise<Uint8Array<ArrayBuffer>> }>();

async function compressedBody(
  full: string,
  file: ReturnType<typeof Bun.file>,
  stat: { mtimeMs: number; size: number },
  encoding: Encoding,
) {
  // The build's copy, when it is at least as new as the file.
  const sibling = Bun.file(full + SUFFIX[encoding]);
  try {
    const siblingStat = await sibling.stat();
    if (siblingStat.isFile() && siblingStat.mtimeMs >= stat.mtimeMs) return sibling.stream();
  } catch {
    // none: compress it here
  }
  const key = `${encoding}\0${full}`;
  let entry = compressedCache.get(key);
  if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) {
    // zlib's async functions run on the thread pool: the event loop keeps answering meanwhile.
    const data = file.bytes().then(async (bytes) => new Uint8Array(await compress(bytes, encoding, "fast")));
    entry = { mtimeMs: stat.mtimeMs, size: stat.size, data };
    compressedCache.set(key, entry);
    data.catch(() => compressedCache.delete(key));
  }
  return entry.data;
}

/**
 * A served file's answer: compressed when it is text, large enough and the browser accepts an encoding
 * (with `Vary: Accept-Encoding`, so caches keep the variants apart), else as it is.
 */
async function sendFile(c: Context, served: ServedFile, contentType: string) {
  const { full, file, stat } = served;
  if (!COMPRESSIBLE.test(full) || stat.size < MIN_COMPRESS_BYTES) return c.body(file.stream(), 200, { "Content-Type": contentType });
  c.header("Vary", "Accept-Encoding");
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  if (!encoding) return c.body(file.stream(), 200, { "Content-Type": contentType });
  const body = await compressedBody(full, file, stat, encoding);
  return c.body(body, 200, { "Content-Type": contentType, "Content-Encoding": encoding });
}

interface ServedFile {
  full: string;
  file: ReturnType<typeof Bun.file>;
  stat: { mtimeMs: number; size: number };
}

/** Resolves a URL path inside root, or null when it would escape it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

async function fileAt(root: string, urlPath: string): Promise<ServedFile | null> {
  // No served file has a path this long; the file system would refuse it anyway (ENAMETOOLONG).
  if (urlPath.length > 1024) return null;
  const full = resolveInside(root, urlPath);
  if (!full) return null;
  try {
    const file = Bun.file(full);
    const stat = await file.stat();
    return stat.isFile() ? { full, file, stat } : null;
  } catch {
    return null;
  }
}

/**
 * Serves one stored upload by its server-generated name (e.g. a gallery variant). Names never contain
 * separators; anything else is a 404.
 */
export function serveStoredFile(area: FileArea, cacheControl: string) {
  return async (c: Context<AppEnv>) => {
    const name = c.req.param("file") ?? "";
    if (!/^[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/i.test(name)) return c.text(MSG.notFound, 404);
    const file = await fileStore(c.get("deps").env).open(area, name);
    if (!file) return c.text(MSG.notFound, 404);
    c.header("Cache-Control", cacheControl);
    return c.body(file.stream(), 200, {
      "Content-Type": file.type,
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="${name}"`,
    });
  };
}

/** A page shell made for one request (its language, say): `key` names the variant, `apply` makes it. */
export interface ShellVariant {
  key: string;
  apply(html: string): string;
}

/** Shell variants made once and kept, with their compressed copies (bounded: cleared past 256). */
const shellCache = new Map<string, { html: string; compressed: Partial<Record<Encoding, Promise<Uint8Array>>> }>();

async function sendShell(c: Context, served: ServedFile, variant: ShellVariant) {
  const key = `${served.full}\0${served.stat.mtimeMs}\0${variant.key}`;
  let entry = shellCache.get(key);
  if (!entry) {
    if (shellCache.size >= 256) shellCache.clear();
    entry = { html: variant.apply(await served.file.text()), compressed: {} };
    shellCache.set(key, entry);
  }
  c.header("Vary", "Accept-Encoding, Cookie");
  const type = { "Content-Type": "text/html; charset=utf-8" };
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  if (!encoding) return c.body(entry.html, 200, type);
  const data = (entry.compressed[encoding] ??= compress(new TextEncoder().encode(entry.html), encoding, "fast"));
  return c.body(new Uint8Array(await data), 200, { ...type, "Content-Encoding": encoding });
}

/**
 * The page shell a path is served (build.ts writes them): a public page's own ("/gallery"), and a portal page's
 * for every path below it too ("/student/exams/admit-card" is /student/exams'); null for the rest (index.html).
 * An application's edit and print pages (/admin/admissions/7/edit) take the list's: a chunk or two they do not
 * need, and theirs found as before.
 */
export const shellNameOf = (urlPath: string): string | null =>
  /^\/(?:admin|student)\/[a-z0-9-]+(?=\/|$)/.exec(urlPath)?.[0] ?? (/^\/[a-z0-9-]+$/.test(urlPath) ? urlPath : null);

export function serveFiles(opts: { distDir: string; publicDir: string; shell?: (c: Context) => ShellVariant | Promise<ShellVariant> }) {
  const distDir = path.resolve(opts.distDir);
  const publicDir = path.resolve(opts.publicDir);
  return async (c: Context) => {
    const urlPath = c.req.path;
    if (urlPath !== "/" && urlPath !== "/index.html") {
      const built = await fileAt(distDir, urlPath);
      if (built) {
        c.header("Cache-Control", HASHED.test(urlPath) ? "public, max-age=31536000, immutable" : "public, max-age=300");
        return sendFile(c, built, built.file.type);
      }
      const asset = await fileAt(publicDir, urlPath);
      if (asset) {
        c.header("Cache-Control", "public, max-age=3600");
        return sendFile(c, asset, asset.file.type);
      }
      // A missing file (anything with an extension) is a real 404, not the app shell.
      if (path.posix.extname(urlPath)) return c.text(MSG.notFound, 404);
    }
    const shellName = shellNameOf(urlPath);
    const pageShell = shellName ? await fileAt(distDir, `/${PAGE_SHELL_DIR}${shellName}.html`) : null;
    const shell = pageShell ?? (await fileAt(distDir, "/index.html"));
    if (!shell) {
      return c.text("The site has not been built yet. Run `npm run build` (or `npm start`, which builds it).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return opts.shell ? sendShell(c, shell, await opts.shell(c)) : sendFile(c, shell, "text/html; charset=utf-8");
  };
}
