/** robots.txt and sitemap.xml, built from the site's public address so the links are absolute. */
import { Hono } from "hono";
import { publicUrl } from "../../deps.ts";
import type { AppEnv } from "../../platform/http.ts";

export const PUBLIC_PAGES = ["/", "/about", "/gallery", "/contact", "/admission", "/admission-status"] as const;

export const seoRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    const base = publicUrl(c.get("deps"));
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /student",
        "Disallow: /api/",
        "",
        `Sitemap: ${base}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  })
  .get("/sitemap.xml", (c) => {
    const base = publicUrl(c.get("deps"));
    const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${base}${p === "/" ? "/" : p}</loc></url>`).join("\n");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      200,
      {
        "Content-Type": "application/xml; charset=utf-8",
      },
    );
  });
