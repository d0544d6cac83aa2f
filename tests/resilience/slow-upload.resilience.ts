/**
 * A slow line (walk 20b): a request body that comes in slowly for longer than Bun's default idle time (10 s) —
 * a phone uploading a document on a weak connection — is still read and answered, not cut off with no answer
 * (behind nginx that was a 502, and the server marked down). `serve.ts: IDLE_TIMEOUT_S`.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Server, startServer } from "./server.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "institute-slow-"));
let server: Server;
beforeAll(async () => {
  server = await startServer(dataDir);
});
afterAll(async () => {
  await server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("a 600 KB document sent at 20 KB/s, as curl --limit-rate sends it, is read to its end and answered", async () => {
  // curl writes 64 KB at a time and then waits: with Bun's default idle time the server cut it off after 19 s with
  // no answer ("Bun.serve() timed out a request after 10 seconds"), though bytes kept coming.
  const file = path.join(dataDir, "slow.pdf");
  await Bun.write(file, new Blob([new TextEncoder().encode("%PDF-1.4\n"), new Uint8Array(600 * 1024).fill(32)]));
  const curl = Bun.spawn(
    [
      "curl",
      "-sS",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      "--limit-rate",
      "20k",
      "-F",
      `photo=@${file};type=application/pdf`,
      `${server.url}/api/admission/submit`,
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  const [status, errors] = await Promise.all([new Response(curl.stdout).text(), new Response(curl.stderr).text()]);
  await curl.exited;
  // The application's fields are missing: the form's 400, once the whole body came in.
  expect({ status, errors }).toEqual({ status: "400", errors: "" });
  expect(server.output()).not.toContain("timed out a request");
}, 90_000);
