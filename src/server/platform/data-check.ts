/**
 * `check` (issue 20): is the data folder sound? The database's own integrity check and foreign keys,
 * migrations not yet applied, every file a row refers to present under uploads/, and the files no row
 * refers to (the next start's sweep removes those). Reads only; safe while the server runs.
 */
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { integrityCheck } from "../../../db/connection.ts";
import { GALLERY_WIDTHS } from "../../shared/constants.ts";
import type { AppDeps } from "../deps.ts";
import { runtime } from "../runtime.ts";
import { FILE_AREAS, type FileArea, fileStore } from "./file-store.ts";
import { isUnreferenced, storedFileReferences } from "./orphan-sweep.ts";

export interface DataCheck {
  /** "ok", or what SQLite's integrity_check found */
  integrity: string;
  /** rows whose foreign key points at nothing, as "<table> row <rowid> → <parent>" */
  foreignKeys: string[];
  /** migrations the database has not had yet (the next start or `migrate` applies them) */
  pendingMigrations: string[];
  /** migrations the database has had that this version does not know: a newer version wrote it */
  unknownMigrations: string[];
  /** files rows refer to that are not in the file store, as "uploads/<area>/<name>" */
  missingFiles: string[];
  /** server-named files no row refers to, as "uploads/<area>/<name>" */
  unreferencedFiles: string[];
  /** false when migrations are pending: the files are checked against the latest schema only */
  filesChecked: boolean;
  /** whether anything above is a problem (unreferenced files and pending migrations are not) */
  ok: boolean;
}

export async function checkData(deps: Pick<AppDeps, "db" | "env" | "sqlite">): Promise<DataCheck> {
  // PostgreSQL checks its pages and enforces foreign keys itself: these two are SQLite's.
  const integrity = deps.sqlite ? integrityCheck(deps.sqlite) : "ok";
  const foreignKeys = ((deps.sqlite?.pragma("foreign_key_check") ?? []) as { table: string; rowid: number; parent: string }[]).map(
    (r) => `${r.table} row ${r.rowid} → ${r.parent}`,
  );
  const migrations = await new Migrator({ db: deps.db, provider: runtime.migrations() }).getMigrations();
  const pendingMigrations = migrations.filter((m) => !m.executedAt).map((m) => m.name);
  const known = new Set(migrations.map((m) => m.name));
  const applied = (
    await sql<{ name: string }>`select name from kysely_migration order by name`.execute(deps.db).catch(() => ({ rows: [] }))
  ).rows.map((r) => r.name);
  const unknownMigrations = applied.filter((name) => !known.has(name));

  if (pendingMigrations.length) {
    // Rows and columns the file check reads may not exist before the migrations: files are checked after.
    return {
      integrity,
      foreignKeys,
      pendingMigrations,
      unknownMigrations,
      missingFiles: [],
      unreferencedFiles: [],
      filesChecked: false,
      ok: integrity === "ok" && foreignKeys.length === 0 && unknownMigrations.length === 0,
    };
  }
  const refs = await storedFileReferences(deps.db);
  const { documents, photos, galleryKeys } = refs;
  const store = fileStore(deps.env);
  const listed = (area: FileArea) => store.list(area).then((files) => new Set(files.map((f) => f.name)));
  const [documentFiles, photoFiles, galleryFiles] = await Promise.all([listed("documents"), listed("photos"), listed("gallery")]);
  const rel = (area: FileArea) => (name: string) => `uploads/${area}/${name}`;
  const missingFiles = [
    // A document's preview is made when it is first viewed: only the documents themselves must be there.
    ...[...documents].filter((n) => !n.endsWith(".thumb.webp") && !documentFiles.has(n)).map(rel("documents")),
    ...[...photos].filter((n) => !photoFiles.has(n)).map(rel("photos")),
    ...[...galleryKeys]
      .flatMap((key) => GALLERY_WIDTHS.map((w) => `${key}-${w}.webp`).filter((n) => !galleryFiles.has(n)))
      .map(rel("gallery")),
  ].sort();
  const listedIn = { documents: documentFiles, photos: photoFiles, gallery: galleryFiles };
  const unreferencedFiles = FILE_AREAS.flatMap((area) =>
    [...listedIn[area]].filter((n) => isUnreferenced(area, n, refs)).map(rel(area)),
  ).sort();
  return {
    integrity,
    foreignKeys,
    pendingMigrations,
    unknownMigrations,
    missingFiles,
    unreferencedFiles,
    filesChecked: true,
    ok: integrity === "ok" && foreignKeys.length === 0 && unknownMigrations.length === 0 && missingFiles.length === 0,
  };
}
