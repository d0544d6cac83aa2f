/**
 * Starts an S3-compatible server (tests/setup/s3rver.mjs, under Node) on a free loopback port, with one
 * empty bucket in a temporary folder. For the file store's tests (issue 21: STORAGE_URL=s3://…).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL and S3_* for a server process or parseEnv */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "institute"): Promise<TestS3> {
  const dir = mkdtempSync(path.join(tmpdir(), "institute-s3-"));
  const proc = Bun.spawn(["node", "--openssl-legacy-provider", path.join(import.meta.dir, "s3rver.mjs"), dir, bucket], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let text = "";
  const deadline = Date.now() + 15_000;
  while (!text.includes("\n")) {
    const { value, done } = await Promise.race([
      reader.read(),
      Bun.sleep(Math.max(0, deadline - Date.now())).then(() => ({ value: undefined, done: true })),
    ]);
    if (done) throw new Error(`the S3 test server did not start: ${await new Response(proc.stderr).text()}`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const { port } = JSON.parse(text) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}/files`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      // s3rver's own fixed credentials
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      proc.stdin.end();
      proc.kill();
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
