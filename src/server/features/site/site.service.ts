/** Public facts about the institute (layout, contact page), its announcements, and maintenance mode. */

import { MSG } from "../../../shared/messages.ts";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../platform/errors.ts";
import { cachedRead } from "../../platform/read-cache.ts";
import { homeFigures } from "../content/content.service.ts";
import { publicProgrammes } from "../programmes/programmes.service.ts";
import { getSettings, instituteContact } from "../settings/settings.service.ts";

/** Remembered until the next write to the database (platform/read-cache.ts), like the other public reads. */
export async function getInstituteInfo(deps: Pick<AppDeps, "db" | "now">) {
  // The year is part of what is remembered: "years of experience" follows the calendar.
  return cachedRead(deps.db, `site:info:${deps.now().getUTCFullYear()}`, () => readInstituteInfo(deps));
}

async function readInstituteInfo(deps: Pick<AppDeps, "db" | "now">) {
  const [settings, { programmes }, figures] = await Promise.all([getSettings(deps), publicProgrammes(deps), homeFigures(deps)]);
  const { general, system } = settings;
  const institute = instituteContact(settings);
  return {
    name: institute.name,
    // Untouched, the tagline and description are the product's own words, which the site shows in the reader's
    // language (null here); the office's own words go as written.
    tagline: institute.tagline && institute.tagline !== DEFAULT_SETTINGS.institute.tagline ? institute.tagline : null,
    description:
      general.siteDescription && general.siteDescription !== DEFAULT_SETTINGS.general.siteDescription ? general.siteDescription : null,
    email: institute.email,
    phones: institute.phones,
    offices: institute.offices,
    address: institute.offices[0]?.address ?? null,
    hours: institute.hours ?? null,
    registration: institute.registration ?? null,
    // The programmes open for admission: the footer's names and the home page's links (issue 17).
    streams: programmes.filter((p) => p.admissionOpen).map((p) => p.name),
    programmes: programmes.filter((p) => p.admissionOpen).map((p) => ({ slug: p.slug, name: p.name })),
    // The home page's figures from real data, and the brochure once uploaded (issue 17).
    figures,
    brochureUrl: settings.institute.brochure ? "/api/public/brochure" : null,
    maintenance: system.maintenanceMode,
    // The clock the portals write every time on (client lib/format.ts, decision 025).
    timeZone: general.timeZone,
  };
}

/**
 * The latest published announcements, newest first. One dated later is published on its date (issue 17):
 * the remembered answer is kept per minute, so it appears within a minute of its time.
 */
export async function listNews(deps: Pick<AppDeps, "db" | "now">, limit = 5) {
  const minute = deps.now().toISOString().slice(0, 16);
  return cachedRead(deps.db, `site:news:${limit}:${minute}`, () => readNews(deps, limit, deps.now().toISOString()));
}

async function readNews(deps: Pick<AppDeps, "db">, limit: number, now: string) {
  const rows = await deps.db
    .selectFrom("announcements")
    .select(["id", "title", "body", "published_at"])
    .where("is_published", "=", 1)
    .where("published_at", "<=", now)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return { news: rows.map((r) => ({ _id: String(r.id), id: r.id, title: r.title, body: r.body, publishedAt: r.published_at })) };
}

/** Maintenance mode (DECISIONS 3): the public site's data paths answer 503; sign-in and portals keep working. */
export async function assertSiteOpen(deps: Pick<AppDeps, "db">) {
  const { system } = await getSettings(deps);
  if (system.maintenanceMode) throw new AppError("SERVICE_UNAVAILABLE", MSG.maintenance);
}
