/**
 * Where the product's own files are, and how it runs a helper of its own: from the source tree here.
 * The release executable (issue 20, src/server/release/) swaps this module for runtime.release.ts when it
 * bundles the server, so nothing else knows which of the two it runs in. Both export the same `runtime`.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, type MigrationProvider } from "kysely/migration";
import pkg from "../../package.json" with { type: "json" };

const ROOT = path.resolve(import.meta.dir, "..", "..");

export interface Runtime {
  /** "source": a checkout run by Bun; "release": the single executable, unpacked under DATA_DIR/runtime */
  kind: "source" | "release";
  /** the built client (bun build output) */
  distDir: string;
  /** files served as they are (favicon, robots.txt, …) */
  publicDir: string;
  /** every migration, by name */
  migrations(): MigrationProvider;
  /** the command that runs one of the executable's internal helpers, e.g. the backup's database copy */
  helperCommand(helper: "vacuum-into", args: string[]): string[];
  version: { version: string; commit: string; builtAt: string | null };
}

export const runtime: Runtime = {
  kind: "source",
  distDir: path.resolve(ROOT, process.env.DIST_DIR ?? "dist"),
  publicDir: path.join(ROOT, "public"),
  migrations: () => new FileMigrationProvider({ fs, path, migrationFolder: path.join(ROOT, "migrations") }),
  helperCommand: (helper, args) => [process.execPath, path.join(ROOT, "db", `${helper}.ts`), ...args],
  version: { version: pkg.version, commit: "source", builtAt: null },
};
