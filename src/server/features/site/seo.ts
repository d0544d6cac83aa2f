/**
 * robots.txt and sitemap.xml, built from the site's public address so the links are absolute, with every
 * listed programme's page; and a programme page's own head (title, description, canonical address and
 * schema.org Course data) for search engines and link previews that do not run scripts (issue 17).
 */
import { Hono } from "hono";
import { isOneOf } from "../../../shared/constants.ts";
import { about } from "../../../shared/i18n/about.ts";
import { admission } from "../../../shared/i18n/admission.ts";
import { contact } from "../../../shared/i18n/contact.ts";
import { gallery } from "../../../shared/i18n/gallery.ts";
import { home } from "../../../shared/i18n/home.ts";
import { programmes as programmesText } from "../../../shared/i18n/programmes.ts";
import { status } from "../../../shared/i18n/status.ts";
import { currentLocale } from "../../../shared/i18n/translate.ts";
import { type AppDeps, publicUrl } from "../../deps.ts";
import type { AppEnv } from "../../platform/http.ts";
import { addressIn, beforeHeadEnd, INDEXED_PAGES, languageLinks, withMetaContent } from "../../platform/page-language.ts";
import { publicFaqs } from "../content/news-faqs.service.ts";
import { type PublicProgramme, publicProgramme, publicProgrammes } from "../programmes/programmes.service.ts";
import { getInstituteInfo } from "./site.service.ts";

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
 * Each indexed page's title and description in the request's language, from the catalogue its screen reads
 * (the client's usePageTitle and useMetaDescription write the same words once it runs): search engines and
 * link previews see them without script. Pages without their own description keep the site's.
 */
const PAGE_HEADS: Record<(typeof INDEXED_PAGES)[number], { title: () => string; description?: () => string }> = {
  "/": { title: () => home.t("title"), description: () => home.t("description") },
  "/about": { title: () => about.t("title"), description: () => about.t("description") },
  "/programmes": { title: () => programmesText.t("title"), description: () => programmesText.t("description") },
  "/gallery": { title: () => gallery.t("title"), description: () => gallery.t("description") },
  "/contact": { title: () => contact.t("title"), description: () => contact.t("description") },
  "/faq": { title: () => about.t("faq.title"), description: () => about.t("faq.description") },
  "/admission": { title: () => admission.t("title") },
  "/admission-status": { title: () => status.t("title") },
};

/** "<page> – <institute>", the client's page-title form (lib/site.ts: usePageTitle), escaped for HTML. */
const titleOf = (page: string, institute: string) => escapeHtml(`${page} – ${institute}`);

const withTitle = (html: string, title: string) =>
  withMetaContent(
    html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`),
    'property="og:title"',
    title,
  );

/** The description (and its Open Graph copy), already escaped. */
const withDescription = (html: string, description: string) =>
  withMetaContent(withMetaContent(html, 'name="description"', description), 'property="og:description"', description);

/**
 * What a public page adds to its shell's head for search engines: its title and description in the
 * request's language; a
 * programme's own head; the FAQ page's schema.org FAQPage data (the published questions). Null for every
 * other page.
 */
export async function pageHead(deps: Pick<AppDeps, "db" | "now">, origin: string, pagePath: string) {
  const programme = await programmeHead(deps, origin, pagePath);
  if (programme || !isOneOf(INDEXED_PAGES, pagePath)) return programme;
  const head = PAGE_HEADS[pagePath];
  const title = titleOf(head.title(), (await getInstituteInfo(deps)).name);
  const description = head.description ? escapeHtml(head.description()) : null;
  const data = pagePath === "/faq" ? await faqData(deps) : "";
  return {
    key: `page:${title}:${description}:${data}`,
    apply: (html: string) => {
      const titled = withTitle(html, title);
      return beforeHeadEnd(description === null ? titled : withDescription(titled, description), data);
    },
  };
}

/** The FAQ page's published questions as a schema.org FAQPage script; empty while there are none. */
async function faqData(deps: Pick<AppDeps, "db">): Promise<string> {
  const { faqs } = await publicFaqs(deps);
  if (!faqs.length) return "";
  const data = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({ "@type": "Question", name: f.question, acceptedAnswer: { "@type": "Answer", text: f.answer } })),
  };
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

/** The head of /programmes/<slug> for a listed programme; null for any other path or an unknown programme. */
async function programmeHead(deps: Pick<AppDeps, "db" | "now">, origin: string, pagePath: string) {
  const slug = /^\/programmes\/([a-z0-9-]{1,80})$/.exec(pagePath)?.[1];
  if (!slug) return null;
  const found = await publicProgramme(deps, slug).catch(() => null);
  if (!found) return null;
  const p = found.programme;
  const institute = (await getInstituteInfo(deps)).name;
  const title = titleOf(p.name, institute);
  const description = escapeHtml(p.summary ?? p.name);
  const path = `/programmes/${p.slug}`;
  // Each language's address names itself as canonical, and every language's address is listed (hreflang).
  const tags = [
    `<link rel="canonical" href="${escapeHtml(addressIn(origin, path, currentLocale()))}">`,
    languageLinks(origin, path),
    `<script type="application/ld+json">${scriptJson(courseData(p, origin, institute))}</script>`,
  ].join("");
  return {
    key: `programme:${tags}:${title}:${description}`,
    apply: (html: string) => beforeHeadEnd(withDescription(withTitle(html, title), description), tags),
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
    const pages = [...INDEXED_PAGES, ...programmes.map((p) => `/programmes/${p.slug}`)];
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
