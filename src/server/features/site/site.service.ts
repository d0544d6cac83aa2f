/** Public facts about the institute for the layout (footer, header) and contact details. */
import type { AppDeps } from "../../deps.ts";
import { getSettings } from "../settings/settings.service.ts";

export async function getInstituteInfo(deps: Pick<AppDeps, "db">) {
  const [{ institute, general }, streams] = await Promise.all([
    getSettings(deps),
    deps.db
      .selectFrom("catalog_options")
      .select("value")
      .where("list", "=", "stream")
      .where("is_active", "=", 1)
      .orderBy("sort_order")
      .execute(),
  ]);
  return {
    name: institute.name,
    tagline: institute.tagline ?? null,
    description: general.siteDescription ?? null,
    email: institute.email,
    phones: institute.phones,
    offices: institute.offices,
    hours: institute.hours ?? null,
    registration: institute.registration ?? null,
    streams: streams.map((s) => s.value),
  };
}

export type InstituteInfo = Awaited<ReturnType<typeof getInstituteInfo>>;
