/**
 * `institute copy-uploads [folder]` (issue 21's move to a bucket): every stored file of an uploads folder
 * (DATA_DIR/uploads by default) copied into the store STORAGE_URL names — an S3-compatible bucket or a
 * shared folder — area by area. A file the target has already is left as it is, so the copy can be run
 * again after an interruption, or once more just before the servers switch over; names the server could
 * not have made (a stray `.DS_Store`) are not uploads and are left behind.
 */
import { FILE_AREAS, type FileStore, isStoredName } from "./file-store.ts";

export interface CopyReport {
  copied: number;
  /** already in the target (by name: stored names are unique and files never change under one) */
  present: number;
  /** in the folder but not a name the server makes */
  skipped: number;
}

export async function copyUploads(from: FileStore, to: FileStore): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, skipped: 0 };
  for (const area of FILE_AREAS) {
    const there = new Set((await to.list(area)).map((f) => f.name));
    for (const { name } of await from.list(area)) {
      if (!isStoredName(name)) report.skipped++;
      else if (there.has(name)) report.present++;
      else {
        const bytes = await from.read(area, name);
        if (!bytes) continue; // removed meanwhile (a sweep, a delete): nothing to copy
        await to.write(area, name, bytes);
        report.copied++;
      }
    }
  }
  return report;
}
