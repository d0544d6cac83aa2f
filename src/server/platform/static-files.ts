/**
 * Serves the built client (hashed assets cached for a year, index.html revalidated) and public/ files,
 * and answers every other page path with the app shell so the client router can take over.
 */
import path from "node:path";
import type { Context } from "hono";

const HASHED = /-[a-z0-9]{8,}\.(js|css|png|jpe?g|svg|webp|woff2?)$/i;

/** Resolves a URL path inside root, or null when it would escape it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const full = path.resolve(root, "." + path.posix.normalize("/" + decoded));
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

async function fileAt(root: string, urlPath: string) {
  // No served file has a path this long; the file system would refuse it anyway (ENAMETOOLONG).
  if (urlPath.length > 1024) return null;
  const full = resolveInside(root, urlPath);
  if (!full) return null;
  try {
    const file = Bun.file(full);
    const stat = await file.stat();
    return stat.isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * Serves one stored upload by its server-generated name (e.g. a gallery variant). Names never contain
 * separators; anything else is a 404.
 */
export function serveStoredFile(dir: string, cacheControl: string) {
  const root = path.resolve(dir);
  return async (c: Context) => {
    const name = c.req.param("file") ?? "";
    if (!/^[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/i.test(name)) return c.text("Not found", 404);
    const file = await fileAt(root, "/" + name);
    if (!file) return c.text("Not found", 404);
    c.header("Cache-Control", cacheControl);
    return c.body(file.stream(), 200, { "Content-Type": file.type, "Content-Disposition": `inline; filename="${name}"` });
  };
}

export function serveFiles(opts: { distDir: string; publicDir: string }) {
  const distDir = path.resolve(opts.distDir);
  const publicDir = path.resolve(opts.publicDir);
  return async (c: Context) => {
    const urlPath = c.req.path;
    if (urlPath !== "/" && urlPath !== "/index.html") {
      const built = await fileAt(distDir, urlPath);
      if (built) {
        c.header("Cache-Control", HASHED.test(urlPath) ? "public, max-age=31536000, immutable" : "public, max-age=300");
        return c.body(built.stream(), 200, { "Content-Type": built.type });
      }
      const asset = await fileAt(publicDir, urlPath);
      if (asset) {
        c.header("Cache-Control", "public, max-age=3600");
        return c.body(asset.stream(), 200, { "Content-Type": asset.type });
      }
      // A missing file (anything with an extension) is a real 404, not the app shell.
      if (path.posix.extname(urlPath)) return c.text("Not found", 404);
    }
    const shell = Bun.file(path.join(distDir, "index.html"));
    if (!(await shell.exists())) {
      return c.text("The site has not been built yet. Run `npm run build` (or `npm start`, which builds it).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.body(shell.stream(), 200, { "Content-Type": "text/html; charset=utf-8" });
  };
}
