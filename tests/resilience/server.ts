/** Starts src/server/main.ts on a given DATA_DIR (kept across restarts) and stops it with a signal of choice. */
import path from "node:path";

const ROOT = path.resolve(import.meta.dir, "..", "..");
export const ADMIN = { email: "resilience-admin@example.test", password: "Resilience1Admin" };

export interface Server {
  url: string;
  proc: ReturnType<typeof Bun.spawn>;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  const proc = Bun.spawn([process.execPath, "src/server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...extraEnv,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += decoder.decode(chunk);
  };
  void pump(proc.stdout as ReadableStream<Uint8Array>);
  void pump(proc.stderr as ReadableStream<Uint8Array>);
  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (!url) {
    url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (proc.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start within 30 s:\n${output}`);
    await Bun.sleep(20);
  }
  return {
    url,
    proc,
    output: () => output,
    async kill(signal: NodeJS.Signals = "SIGKILL") {
      proc.kill(signal);
      await proc.exited;
    },
  };
}

export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { success: boolean; data?: { token?: string; user?: { mustChangePassword: boolean } } };
  if (!body.data?.token) throw new Error(`admin login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}
