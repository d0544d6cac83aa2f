/**
 * robots.txt and sitemap.xml, built from the site's public address so the links are absolute, with every
 * listed programme's page; and a programme page's own head (title, description, canonical address and
 * schema.org Course data) for search engines and link previews that do not run scripts (issue 17).
 */
import { Hono } from "hono";
import { type AppDeps, publicUrl } from "../../deps.ts";
import type { AppEnv } from "../../platform/http.ts";
import { publicFaqs } from "../content/news-faqs.service.ts";
import { type PublicProgramme, publicProgramme, publicProgrammes } from "../programmes/programmes.service.ts";
import { getInstituteInfo } from "./site.service.ts";

export const PUBLIC_PAGES = ["/", "/about", "/programmes", "/gallery", "/contact", "/faq", "/admission", "/admission-status"] as const;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** JSON inside <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** schema.org Course for a programme (https://schema.org/Course). */
export function courseData(p: PublicProgramme, origin: string, institute: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: p.name,
    description: p.summary ?? p.name,
    url: `${origin}/programmes/${p.slug}`,
    provider: { "@type": "EducationalOrganization", name: institute, url: origin },
    ...(p.university ? { educationalCredentialAwarded: p.university } : {}),
    ...(p.durationMonths ? { timeRequired: `P${p.durationMonths}M` } : {}),
    ...(p.feePaise !== null
      ? { offers: { "@type": "Offer", category: "Fees", price: (p.feePaise / 100).toFixed(2), priceCurrency: "INR" } }
      : {}),
    hasCourseInstance: { "@type": "CourseInstance", courseMode: p.mode === "online" ? "Online" : "Blended" },
  };
}

/**
 * What a public page adds to its shell's head for search engines: a programme's own head, or the FAQ
 * page's schema.org FAQPage data (the published questions); null for every other page.
 */
export async function pageHead(deps: Pick<AppDeps, "db" | "now">, origin: string, pagePath: string) {
  if (pagePath === "/faq") return faqHead(deps);
  return programmeHead(deps, origin, pagePath);
}

async function faqHead(deps: Pick<AppDeps, "db">) {
  const { faqs } = await publicFaqs(deps);
  if (!faqs.length) return null;
  const data = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
  };
  const tag = `<script type="application/ld+json">${scriptJson(data)}</script>`;
  return { key: `faq:${tag}`, apply: (html: string) => html.replace("</head>", `${tag}</head>`) };
}

/** The head of /programmes/<slug> for a listed programme; null for any other path or an unknown programme. */
async function programmeHead(deps: Pick<AppDeps, "db" | "now">, origin: string, pagePath: string) {
  const slug = /^\/programmes\/([a-z0-9-]{1,80})$/.exec(pagePath)?.[1];
  if (!slug) return null;
  const found = await publicProgramme(deps, slug).catch(() => null);
  if (!found) return null;
  const p = found.programme;
  const institute = (await getInstituteInfo(deps)).name;
  const title = escapeHtml(`${p.name} — ${institute}`);
  const description = escapeHtml(p.summary ?? p.name);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(`${origin}/programmes/${p.slug}`)}">`,
    `<script type="application/ld+json">${scriptJson(courseData(p, origin, institute))}</script>`,
  ].join("");
  return {
    key: `programme:${tags}:${title}:${description}`,
    apply: (html: string) =>
      html
        .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
        .replace(/(<meta name="description" content=")[^"]*"/, `$1${description}"`)
        .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${title}"`)
        .replace(/(<meta property="og:description" content=")[^"]*"/, `$1${description}"`)
        .replace("</head>", `${tags}</head>`),
  };
}

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
  .get("/sitemap.xml", async (c) => {
    const base = publicUrl(c.get("deps"));
    const { programmes } = await publicProgrammes(c.get("deps"));
    const pages = [...PUBLIC_PAGES, ...programmes.map((p) => `/programmes/${p.slug}`)];
    const urls = pages.map((p) => `  <url><loc>${base}${p === "/" ? "/" : p}</loc></url>`).join("\n");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      200,
      {
        "Content-Type": "application/xml; charset=utf-8",
      },
    );
  });
