/**
 * runtime.ts for the release executable (issue 20): build-release.ts bundles this module in its place.
 * The bundle runs from the folder the launcher unpacked (DATA_DIR/runtime/<build>/app/cli.js), so the
 * client, public files and native modules are beside it; the migrations are compiled in, and the
 * backup's database copy runs as the executable's own internal command.
 */

import { BUILD } from "institute-release:build";
import { MIGRATIONS } from "institute-release:migrations";
import path from "node:path";
import type { Runtime } from "../runtime.ts";

const UNPACKED = path.dirname(import.meta.dir);

export const runtime: Runtime = {
  kind: "release",
  distDir: path.join(UNPACKED, "client"),
  publicDir: path.join(UNPACKED, "public"),
  migrations: () => ({ getMigrations: async () => MIGRATIONS }),
  helperCommand: (helper, args) => [process.execPath, `__${helper}`, ...args],
  version: BUILD,
};
