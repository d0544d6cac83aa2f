/**
 * The institute's site content (issue 17): the details the public site and e-mails show (tagline, e-mail,
 * phones, offices with map links, hours, registration, the founding year), the brochure PDF, and the home
 * page's figures computed from real data. Administrators change them; the public reads are remembered until
 * the next write, so a change shows at once.
 */

import { about } from "../../../shared/i18n/about.ts";
import { config } from "../../../shared/i18n/config.ts";
import { BROCHURE_MAX_BYTES } from "../../../shared/schemas/content.ts";
import type { InstituteContentInput } from "../../../shared/schemas/settings.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { requiredPdf, storeThenRecord } from "../../platform/uploads.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { getSettings, storeSettingsGroupAudited } from "../settings/settings.service.ts";

/** What the Site content screen edits, and the brochure's name if one is uploaded. */
export async function instituteContent(deps: Pick<AppDeps, "db">) {
  const { institute } = await getSettings(deps);
  const { brochure, ...details } = institute;
  return { institute: details, brochureName: brochure?.name ?? null };
}

export async function saveInstituteContent(deps: AppDeps, actorId: number, input: InstituteContentInput, meta: SessionMeta = {}) {
  const { institute } = await getSettings(deps);
  const changed = (Object.keys(input) as (keyof InstituteContentInput)[]).filter(
    (k) => JSON.stringify(input[k]) !== JSON.stringify(institute[k]),
  );
  await storeSettingsGroupAudited(
    deps,
    "institute",
    { ...input, brochure: institute.brochure },
    { actorUserId: actorId, action: "content.institute", entityType: "settings", details: { changed }, ip: meta.ip },
  );
  return { message: config.t("content.saved"), ...(await instituteContent(deps)) };
}

/** The brochure PDF (checked by content, ≤ 15 MB); a new one replaces the old. */
export async function storeBrochure(deps: AppDeps, actorId: number, file: unknown, meta: SessionMeta = {}) {
  const checked = await requiredPdf(file, {
    field: "brochure",
    label: config.t("brochure.label"),
    maxBytes: BROCHURE_MAX_BYTES,
    missing: config.t("rule.brochure"),
  });
  const files = fileStore(deps.env);
  const { institute } = await getSettings(deps);
  await storeThenRecord(files, "documents", "pdf", checked.bytes, (stored) =>
    storeSettingsGroupAudited(
      deps,
      "institute",
      { ...institute, brochure: { file: stored, name: checked.originalName } },
      { actorUserId: actorId, action: "content.brochure", entityType: "settings", details: { file: checked.originalName }, ip: meta.ip },
    ),
  );
  await files.remove("documents", [institute.brochure?.file]);
  return { message: config.t("content.brochureSaved"), brochureName: checked.originalName };
}

/** The brochure for download (public), or 404 while none is uploaded. */
export async function brochureFile(deps: Pick<AppDeps, "db" | "env">) {
  const { institute } = await getSettings(deps);
  if (!institute.brochure) throw new AppError("NOT_FOUND", about.t("brochureNone"));
  return { area: "documents" as const, file: institute.brochure.file, name: institute.brochure.name };
}

/**
 * The home page's figures from real data: active students, listed programmes, their partner universities,
 * offices, and years since the founding year (null when not set). A figure of 0 is left out by the page.
 */
export async function homeFigures(deps: Pick<AppDeps, "db" | "now">) {
  const [{ institute }, students, programmes] = await Promise.all([
    getSettings(deps),
    deps.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", "student")
      .where("is_active", "=", 1)
      .executeTakeFirstOrThrow(),
    deps.db.selectFrom("programmes").select(["university"]).where("archived", "=", 0).execute(),
  ]);
  const universities = new Set(programmes.map((p) => p.university?.trim()).filter(Boolean));
  return {
    students: Number(students.n),
    programmes: programmes.length,
    universities: universities.size,
    offices: institute.offices.length,
    years: institute.foundedYear ? Math.max(0, deps.now().getUTCFullYear() - institute.foundedYear) : null,
  };
}
