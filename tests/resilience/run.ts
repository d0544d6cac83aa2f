/**
 * `npm run test:resilience`: runs tests/resilience/*.resilience.ts against real server processes —
 * SIGKILL during bursts of writes, then integrity and consistency checks; a backup restored into a fresh
 * DATA_DIR; a slow upload. Part of `npm test`'s first stage: it mostly waits (the slow upload is 30 s of a
 * client sending), so it costs that stage little.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

const here = import.meta.dir;
const files = readdirSync(here)
  .filter((f) => f.endsWith(".resilience.ts"))
  .sort()
  .map((f) => `./${path.relative(process.cwd(), path.join(here, f))}`);
// A hang guard, not a measure: the fifty SIGKILLs took over 240 s beside four other jobs on one slow afternoon (stop 62).
const proc = Bun.spawn([process.execPath, `--config=${path.join(here, "bunfig.toml")}`, "test", "--timeout=600000", ...files], {
  stdout: "inherit",
  stderr: "inherit",
  env: { ...process.env },
});
process.exit(await proc.exited);
