/**
 * bun test preload: the temporary folders tests make (`temporaryDir`), removed when the run ends. Every test's
 * deps have a data folder (src/server/testing.ts); without this a run left ~600 of them in the system's
 * temporary folder, and a working machine collected tens of thousands.
 */
import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const made: string[] = [];

/** A new folder under the system's temporary folder, named `<prefix>-XXXXXX`, removed at the run's end. */
export function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  made.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // A folder a child process still writes in is left for the system to clear.
    }
  }
});
