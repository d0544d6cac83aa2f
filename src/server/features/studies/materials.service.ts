/**
 * Study materials (issue 18): PDFs (content-checked, at most 20 MB, stored like applicants' documents) and
 * https links, per subject and optionally per unit. The office adds and removes them; the students
 * studying the subject now are told; only students enrolled in the subject (now or in an earlier term)
 * can download them.
 */
import type { StudyMaterial } from "../../../../db/schema.ts";
import { studies as text } from "../../../shared/i18n/studies.ts";
import { isOffice } from "../../../shared/roles.ts";
import { MATERIAL_MAX_BYTES, type MaterialFileFields, type MaterialLinkInput } from "../../../shared/schemas/studies.ts";
import type { AppDeps } from "../../deps.ts";
import { zonedLocal } from "../../platform/calendar.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { fileStore } from "../../platform/file-store.ts";
import { requiredPdf, storeThenRecord } from "../../platform/uploads.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { instituteTimeZone } from "../settings/settings.service.ts";
import { canReadSubject } from "./enrolment.ts";
import { auditSubject, findListedSubject, findSubject, studentSubjectLink, tellStudyingNow } from "./studies.service.ts";

const materialNotFound = () => new AppError("NOT_FOUND", text.t("rule.material"));

/**
 * What both sides show of a material: downloads go through the server (authorised), links as they are; when
 * it was added also on the institute's clock, for the screens to write whatever the device's zone.
 */
export const toMaterialItem = (m: StudyMaterial, timeZone: string) => ({
  id: m.id,
  subjectId: m.subject_id,
  unitId: m.unit_id,
  title: m.title,
  kind: m.kind,
  fileName: m.file_name,
  sizeBytes: m.size_bytes,
  url: m.kind === "link" ? m.url : `/api/studies/materials/${m.id}/file`,
  createdAt: m.created_at,
  createdLocal: zonedLocal(new Date(m.created_at), timeZone),
});

/** The materials of a subject, newest first, for the office's subject screen. */
export async function subjectMaterials(deps: Pick<AppDeps, "db">, subjectId: number) {
  await findSubject(deps.db, subjectId);
  const [timeZone, rows] = await Promise.all([
    instituteTimeZone(deps),
    deps.db
      .selectFrom("study_materials")
      .selectAll()
      .where("subject_id", "=", subjectId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
  ]);
  return { materials: rows.map((m) => toMaterialItem(m, timeZone)) };
}

async function checkedUnit(deps: Pick<AppDeps, "db">, subjectId: number, unitId: number | null) {
  if (unitId === null) return;
  const unit = await deps.db
    .selectFrom("subject_units")
    .select("id")
    .where("id", "=", unitId)
    .where("subject_id", "=", subjectId)
    .executeTakeFirst();
  if (!unit) throw fieldError("BAD_REQUEST", "unitId", text.t("rule.unit"));
}

async function recordMaterial(
  deps: AppDeps,
  actorId: number,
  values: Omit<StudyMaterial, "id" | "uploaded_by" | "created_at">,
  meta: SessionMeta,
) {
  const subject = await findListedSubject(deps.db, values.subject_id);
  const now = deps.now();
  const { row, told } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("study_materials")
      .values({ ...values, uploaded_by: actorId, created_at: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    const told = await tellStudyingNow(deps, trx, now, subject, {
      kind: "material.new",
      title: row.title,
      data: { subjectId: subject.id, materialId: row.id },
      link: studentSubjectLink(subject.id),
    });
    await auditSubject(trx, now, {
      actorUserId: actorId,
      action: "material.add",
      subject,
      details: { title: row.title, kind: row.kind },
      ip: meta.ip,
    });
    return { row, told };
  });
  return {
    message: text.t("said.materialAdded", { title: row.title, count: told }),
    material: toMaterialItem(row, await instituteTimeZone(deps)),
  };
}

/** A PDF material (multipart upload). */
export async function addMaterialFile(deps: AppDeps, actorId: number, fields: MaterialFileFields, file: unknown, meta: SessionMeta = {}) {
  await findListedSubject(deps.db, fields.subjectId);
  await checkedUnit(deps, fields.subjectId, fields.unitId);
  const checked = await requiredPdf(file, {
    field: "file",
    label: text.t("material.file"),
    maxBytes: MATERIAL_MAX_BYTES,
    missing: text.t("rule.file"),
  });
  return storeThenRecord(fileStore(deps.env), "documents", "pdf", checked.bytes, (stored) =>
    recordMaterial(
      deps,
      actorId,
      {
        subject_id: fields.subjectId,
        unit_id: fields.unitId,
        title: fields.title,
        kind: "file",
        stored_name: stored,
        file_name: checked.originalName,
        size_bytes: checked.bytes.length,
        url: null,
      },
      meta,
    ),
  );
}

/** A link material (an https address). */
export async function addMaterialLink(deps: AppDeps, actorId: number, input: MaterialLinkInput, meta: SessionMeta = {}) {
  await findListedSubject(deps.db, input.subjectId);
  await checkedUnit(deps, input.subjectId, input.unitId);
  return recordMaterial(
    deps,
    actorId,
    {
      subject_id: input.subjectId,
      unit_id: input.unitId,
      title: input.title,
      kind: "link",
      stored_name: null,
      file_name: null,
      size_bytes: null,
      url: input.url,
    },
    meta,
  );
}

export async function removeMaterial(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  const row = await deps.db.selectFrom("study_materials").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw materialNotFound();
  const subject = await findSubject(deps.db, row.subject_id);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("study_materials").where("id", "=", id).execute();
    await auditSubject(trx, now, { actorUserId: actorId, action: "material.remove", subject, details: { title: row.title }, ip: meta.ip });
  });
  await fileStore(deps.env).remove("documents", [row.stored_name]);
  return { message: text.t("said.materialRemoved", { title: row.title }) };
}

/**
 * A material's PDF for download: the office always; a student only when enrolled in its subject (now or
 * earlier) and the subject is listed. Anyone else is told it does not exist.
 */
export async function materialFile(deps: Pick<AppDeps, "db" | "env">, viewer: { id: number; role: string }, id: number) {
  const row = await deps.db
    .selectFrom("study_materials")
    .innerJoin("subjects", "subjects.id", "study_materials.subject_id")
    .select(["study_materials.subject_id", "study_materials.stored_name", "study_materials.file_name", "subjects.archived"])
    .where("study_materials.id", "=", id)
    .where("study_materials.kind", "=", "file")
    .executeTakeFirst();
  if (!row?.stored_name) throw materialNotFound();
  if (!isOffice(viewer.role) && (row.archived === 1 || !(await canReadSubject(deps.db, viewer.id, row.subject_id))))
    throw materialNotFound();
  return { area: "documents" as const, file: row.stored_name, name: row.file_name ?? "material.pdf" };
}
