/**
 * Startup sweep (issue 10 §8). Uploads are written before the transaction that records them, so a crash
 * (power cut, SIGKILL) between the two leaves a file no row refers to — an applicant's document or photo
 * that would otherwise stay on disk, unlisted and never deleted. Before the server accepts requests, every
 * server-named file in the file store (platform/file-store.ts) that no row refers to is removed, and so
 * are a backup's unfinished leftovers. Only names the server itself generates are touched.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { AppDeps } from "../deps.ts";
import { FILE_AREAS, type FileArea, fileStore } from "./file-store.ts";
import { jsonObject } from "./json.ts";
import { dataPaths } from "./storage.ts";

/** storeFile(): 24 lower-case letters or digits and an extension; previews add ".thumb.webp". */
const STORED_NAME = /^[a-z0-9]{24}\.(pdf|jpg|png|webp)(\.thumb\.webp)?$/;
/** gallery variants: "<key>-<width>.webp" */
const GALLERY_VARIANT = /^(.+)-(\d+)\.webp$/;

/** The settings value that names a stored file: the brochure (Site content → Institute). */
const storedNameIn = (json: string | undefined, pick: (value: Record<string, unknown>) => unknown): string[] => {
  const name = json ? pick(jsonObject(json)) : undefined;
  return typeof name === "string" ? [name] : [];
};

/**
 * Every name under uploads/documents a row refers to: applicants' documents (and their previews), the
 * institute's brochure and the columns of DOCUMENT_COLUMNS (syllabi, study materials, submissions…). A new kind of stored document must be listed here,
 * or the next start removes it (orphan-sweep.test.ts stores one of each).
 */
async function referencedDocuments(db: AppDeps["db"]): Promise<Set<string>> {
  const [docs, institute, ...columns] = await Promise.all([
    db.selectFrom("admission_documents").select("stored_name").execute(),
    db.selectFrom("settings").select("value").where("key", "=", "institute").executeTakeFirst(),
    ...DOCUMENT_COLUMNS.map(([table, column]) =>
      db
        .selectFrom(table)
        .select(`${column} as name` as "id")
        .where(column as "id", "is not", null)
        .execute(),
    ),
  ]);
  return new Set([
    ...docs.flatMap((r) => [r.stored_name, `${r.stored_name}.thumb.webp`]),
    ...storedNameIn(institute?.value, (v) => (v.brochure as { file?: unknown } | null | undefined)?.file),
    ...columns.flatMap((rows) => rows.map((r) => String((r as unknown as { name: string }).name))),
  ]);
}

/** The other columns that hold a stored name under uploads/documents, one line each. */
const DOCUMENT_COLUMNS: readonly (readonly [
  table: "programmes" | "study_materials" | "assignment_submissions" | "books" | "fee_payments",
  column: string,
])[] = [
  ["programmes", "syllabus_file"],
  ["study_materials", "stored_name"],
  ["assignment_submissions", "stored_name"],
  ["books", "stored_name"],
  ["fee_payments", "screenshot_file"],
];

/**
 * What the rows refer to under uploads/: document names (previews included, which are made on first
 * view), photo names, and gallery keys (each with its width variants). The sweep keeps these; `check`
 * (platform/data-check.ts) reports those missing.
 */
export async function storedFileReferences(db: AppDeps["db"]) {
  const [documents, photoRows, galleryRows] = await Promise.all([
    referencedDocuments(db),
    db.selectFrom("users").select("photo_file").where("photo_file", "is not", null).execute(),
    db.selectFrom("gallery_images").select("file_key").execute(),
  ]);
  return {
    documents,
    photos: new Set(photoRows.map((r) => r.photo_file!)),
    galleryKeys: new Set(galleryRows.map((r) => r.file_key)),
  };
}

type StoredFileReferences = Awaited<ReturnType<typeof storedFileReferences>>;

/**
 * Whether a stored file is one the server generated (only those are ever swept or checked) that no row
 * refers to: the sweep removes these, `check` counts them.
 */
export function isUnreferenced(area: FileArea, name: string, refs: StoredFileReferences): boolean {
  if (area === "gallery") {
    const key = GALLERY_VARIANT.exec(name)?.[1];
    return key !== undefined && !refs.galleryKeys.has(key);
  }
  return STORED_NAME.test(name) && !(area === "documents" ? refs.documents : refs.photos).has(name);
}

/**
 * With several servers on one store (PostgreSQL: issue 21), another process may have just written a file
 * whose row is not committed yet: only files older than this are swept there. One SQLite server sweeps
 * before it serves, so every unreferenced file is a leftover.
 */
export const SHARED_SWEEP_MIN_AGE_MS = 60 * 60_000;

export async function sweepOrphanFiles(deps: Pick<AppDeps, "db" | "env" | "logger" | "now">): Promise<string[]> {
  const paths = dataPaths(deps.env.dataDir);
  const store = fileStore(deps.env);
  const removed: string[] = [];
  const writtenBefore = deps.env.DATABASE_URL ? deps.now().getTime() - SHARED_SWEEP_MIN_AGE_MS : Number.POSITIVE_INFINITY;
  const refs = await storedFileReferences(deps.db);
  for (const area of FILE_AREAS) {
    const names = (await store.list(area))
      .filter((f) => f.modifiedAt.getTime() < writtenBefore && isUnreferenced(area, f.name, refs))
      .map((f) => f.name);
    await store.remove(area, names);
    removed.push(...names.map((n) => `uploads/${area}/${n}`));
  }

  for (const name of await readdir(paths.backups).catch(() => [] as string[]))
    if (name.startsWith(".work-") || name.endsWith(".partial")) {
      await rm(path.join(paths.backups, name), { recursive: true, force: true });
      removed.push(`backups/${name}`);
    }

  if (removed.length)
    deps.logger.warn("removed files left behind by an interrupted write", { count: removed.length, files: removed.slice(0, 20) });
  return removed;
}
