/**
 * `npm run test:e2e`: builds the client, then runs every tests/e2e/*.e2e.ts in Chromium.
 * Locally a missing Chromium skips them with a clear message; in CI (CI=true) that is a failure.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { buildClient } from "../../src/server/build.ts";
import { chromiumPath } from "./harness.ts";

const here = import.meta.dir;
const ci = process.env.CI === "true" || process.env.CI === "1";

if (!chromiumPath()) {
  const message = "Chromium was not found, so the browser tests cannot run. Install it with: apt-get install -y chromium";
  if (ci) {
    console.error(`${message}\nIn CI the browser tests are never skipped.`);
    process.exit(1);
  }
  console.warn(`\n*** BROWSER TESTS SKIPPED: ${message} ***\n`);
  process.exit(0);
}

await buildClient();
const files = readdirSync(here)
  .filter((f) => f.endsWith(".e2e.ts"))
  .sort()
  .map((f) => "./" + path.relative(process.cwd(), path.join(here, f)));
const proc = Bun.spawn([process.execPath, `--config=${path.join(here, "bunfig.toml")}`, "test", "--timeout=60000", ...files], {
  stdout: "inherit",
  stderr: "inherit",
  env: { ...process.env },
});
process.exit(await proc.exited);
