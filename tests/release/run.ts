/**
 * `npm run test:release` (issue 20): builds the release executable for this machine (`npm run release`)
 * unless INSTITUTE_BINARY names one, then, with the server being that executable alone in an empty
 * folder, runs tests/release/*.release.ts (its commands, the API smoke) and the browser journeys of the
 * public site, the admission and both sign-ins (tests/e2e, whose harness starts the executable when
 * INSTITUTE_BINARY is set). Chromium missing: the browser part is skipped locally, a failure in CI.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { canHideCheckout, chromiumPath } from "../e2e/harness.ts";
import { RELEASE_JOURNEYS } from "./journeys.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");
const here = import.meta.dir;
const ci = process.env.CI === "true" || process.env.CI === "1";

async function step(cmd: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: "inherit", stderr: "inherit", env });
  return proc.exited;
}

let binary = process.env.INSTITUTE_BINARY;
if (!binary) {
  if (await step([process.execPath, "src/server/release/build-release.ts"])) process.exit(1);
  binary = path.join(ROOT, "release", `institute-${pkg.version}-linux-${process.arch}`);
}
const size = Bun.file(binary).size;
console.log(
  `release tests against ${path.relative(ROOT, binary)} (${(size / 1e6).toFixed(1)} MB)${canHideCheckout() ? ", the checkout hidden from it" : ""}`,
);
const env = { ...process.env, INSTITUTE_BINARY: path.resolve(binary) };

const files = readdirSync(here)
  .filter((f) => f.endsWith(".release.ts"))
  .sort()
  .map((f) => `./${path.relative(ROOT, path.join(here, f))}`);
let failed = await step([process.execPath, `--config=${path.join(here, "bunfig.toml")}`, "test", "--timeout=120000", ...files], env);

if (!chromiumPath()) {
  const message = "Chromium was not found, so the browser journeys against the executable cannot run (apt-get install -y chromium)";
  if (ci) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n*** ${message}: skipped ***\n`);
} else {
  const journeys = RELEASE_JOURNEYS.map((f) => `./tests/e2e/${f}`);
  // The journeys' own time limit (tests/e2e/run.ts's): a hang guard; beside the four journey groups on one slow afternoon
  // the first took over 60 s and the rest fell with its browser (stop 62).
  failed ||= await step([process.execPath, "--config=tests/e2e/bunfig.toml", "test", "--timeout=240000", ...journeys], env);
}
process.exit(failed ? 1 : 0);
