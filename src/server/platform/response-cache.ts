/**
 * A micro-cache for answers that are the same for every visitor (issue 9): the public site's gallery,
 * institute facts and news, by REST or tRPC. The first guest request builds the answer through the whole
 * app; later ones get the stored bytes and headers (security headers included) until the database is
 * written — the version is the connection's write counter, as for read-cache.ts, so publishing news,
 * editing the gallery or switching maintenance mode on is seen by the next request.
 *
 * Only GETs without credentials are served from it, only 200 answers are kept, and nothing is kept while
 * the admin has turned caching off (Settings → System → cacheEnabled). A stored answer is also gzipped
 * once, for the browsers that accept it (all do): the gallery list shrinks about thirteen times.
 */
import type { MiddlewareHandler } from "hono";
import { dataVersion } from "../../../db/connection.ts";
import { acceptsEncoding, MIN_COMPRESS_BYTES } from "./static-files.ts";

export interface ResponseCacheOptions {
  /** the database whose writes make stored answers stale */
  db: object;
  /** whether a GET of this path answers the same to every visitor */
  cacheable(path: string): boolean;
  /** whether caching is switched on; asked before an answer is stored */
  enabled(): Promise<boolean>;
  /** distinct URLs kept (query strings differ per gallery category) */
  maxEntries?: number;
  /** larger answers are not kept */
  maxBodyBytes?: number;
}

interface Entry {
  version: number | string;
  /** copied by each Response built from it (a Headers object is copied far faster than a list) */
  headers: Headers;
  body: string;
  gzipHeaders: Headers | null;
  gzipped: Uint8Array<ArrayBuffer> | null;
}

export function responseCache(opts: ResponseCacheOptions): MiddlewareHandler & { size(): number } {
  const maxEntries = opts.maxEntries ?? 200;
  const maxBodyBytes = opts.maxBodyBytes ?? 1024 * 1024;
  const entries = new Map<string, Entry>();

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET" || c.req.header("authorization") !== undefined || !opts.cacheable(c.req.path)) return next();
    const version = await dataVersion(opts.db);
    if (version === null) return next();
    const url = c.req.url;
    const key = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      if (hit.gzipped && acceptsEncoding(c.req.header("accept-encoding"), "gzip"))
        return new Response(hit.gzipped, { status: 200, headers: hit.gzipHeaders! });
      return new Response(hit.body, { status: 200, headers: hit.headers });
    }

    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has("set-cookie") || !(await opts.enabled())) return;
    const body = await res.clone().text();
    // A write while the answer was built may have made it stale already.
    if (body.length > maxBodyBytes || (await dataVersion(opts.db)) !== version) return;
    if (entries.size >= maxEntries && !entries.has(key)) entries.delete(entries.keys().next().value!);
    const headers = new Headers(res.headers);
    // Beside what the answer already varies by (Authorization: kept for guests only).
    const vary = headers.get("Vary");
    headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    let gzipped: Uint8Array<ArrayBuffer> | null = null;
    let gzipHeaders: Headers | null = null;
    if (body.length >= MIN_COMPRESS_BYTES && !headers.has("content-encoding")) {
      gzipped = Bun.gzipSync(body) as Uint8Array<ArrayBuffer>;
      gzipHeaders = new Headers(headers);
      gzipHeaders.set("Content-Encoding", "gzip");
      gzipHeaders.delete("Content-Length");
    }
    entries.set(key, { version, headers, body, gzipped, gzipHeaders });
  };
  return Object.assign(middleware, { size: () => entries.size });
}
