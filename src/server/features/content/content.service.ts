/**
 * The institute's site content (issue 17): the details the public site and e-mails show (tagline, e-mail,
 * phones, offices with map links, hours, registration, the founding year), the brochure PDF, and the home
 * page's figures computed from real data. Administrators change them; the public reads are remembered until
 * the next write, so a change shows at once.
 */

import { about } from "../../../shared/i18n/about.ts";
import { config } from "../../../shared/i18n/config.ts";
import { BROCHURE_MAX_BYTES } from "../../../shared/schemas/content.ts";
import type { InstituteContentInput, InstituteContentSave, Settings } from "../../../shared/schemas/settings.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError, conflict } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { rowVersion } from "../../platform/row-lock.ts";
import { requiredPdf, storeThenRecord } from "../../platform/uploads.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { getSettings, storeSettingsGroupAudited } from "../settings/settings.service.ts";

/** The institute's details as the Site content screen edits them: everything but the brochure. */
const detailsOf = ({ brochure: _brochure, ...details }: Settings["institute"]) => details;

/**
 * What the Site content screen edits, the version its form carries (a hash of those details: any change since,
 * by anyone, makes its save refused), and the brochure's name if one is uploaded.
 */
export async function instituteContent(deps: Pick<AppDeps, "db">) {
  const { institute } = await getSettings(deps);
  const details = detailsOf(institute);
  return { institute: details, version: rowVersion(details), brochureName: institute.brochure?.name ?? null };
}

/**
 * Saves the details over what is stored now (the brochure kept as it is now), refused with 409 when the form's
 * version is no longer theirs: a colleague's save (or another tab's) since the page was filled would be undone.
 */
export async function saveInstituteContent(deps: AppDeps, actorId: number, input: InstituteContentSave, meta: SessionMeta = {}) {
  const { version, ...details } = input;
  await storeSettingsGroupAudited(deps, "institute", ({ institute }) => {
    if (version !== undefined && version !== rowVersion(detailsOf(institute))) throw conflict(config.t("content.changedMeanwhile"));
    const changed = (Object.keys(details) as (keyof InstituteContentInput)[]).filter(
      (k) => JSON.stringify(details[k]) !== JSON.stringify(institute[k]),
    );
    return {
      value: { ...details, brochure: institute.brochure },
      entry: { actorUserId: actorId, action: "content.institute", entityType: "settings", details: { changed }, ip: meta.ip },
    };
  });
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
  // The one it replaces, as stored when the new one is recorded (not as read before the upload).
  let replaced: string | undefined;
  await storeThenRecord(files, "documents", "pdf", checked.bytes, (stored) =>
    storeSettingsGroupAudited(deps, "institute", ({ institute }) => {
      replaced = institute.brochure?.file;
      return {
        value: { ...institute, brochure: { file: stored, name: checked.originalName } },
        entry: {
          actorUserId: actorId,
          action: "content.brochure",
          entityType: "settings",
          details: { file: checked.originalName },
          ip: meta.ip,
        },
      };
    }),
  );
  await files.remove("documents", [replaced]);
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
