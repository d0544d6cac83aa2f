/**
 * A private PostgreSQL cluster from Debian's packages (issue 21): initdb in a temporary folder, a free
 * loopback port, stopped and thrown away by `stop`. The test suite asks for a throwaway one (fsync off);
 * the benchmark for a durable one (PostgreSQL's defaults), so its figures are those of a real server.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Debian's server binaries: /usr/lib/postgresql/<version>/bin, the newest. */
function postgresBin(): string | null {
  try {
    const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (Bun.file(`/usr/lib/postgresql/${v}/bin/initdb`).size > 0) return `/usr/lib/postgresql/${v}/bin`;
  } catch {}
  return null;
}

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  await s.stop(true);
  return port;
}

/** As root, PostgreSQL's programs run as the `postgres` user (they refuse root). */
const asPostgres = (cmd: string[]) => (process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd);

export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only) */
  url: string;
  port: number;
  version: string;
  stop(): Promise<void>;
  /** the same, synchronously: for a process's "exit" handler */
  stopNow(): void;
}

/** Null when PostgreSQL's server is not installed. */
export async function startPrivateCluster({ durable = false } = {}): Promise<PrivateCluster | null> {
  const bin = postgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(tmpdir(), "institute-pg-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  const quiet = { stdout: "ignore", stderr: "pipe" } as const;
  const initdb = Bun.spawn(asPostgres([`${bin}/initdb`, "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8"]), quiet);
  if ((await initdb.exited) !== 0) throw new Error(`initdb failed: ${await new Response(initdb.stderr).text()}`);
  const throwaway = durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300${throwaway}`;
  const start = Bun.spawn(asPostgres([`${bin}/pg_ctl`, "-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]), quiet);
  if ((await start.exited) !== 0) throw new Error(`PostgreSQL did not start: ${await new Response(start.stderr).text()}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    version: path.basename(path.dirname(bin)),
    async stop() {
      await Bun.spawn(asPostgres([`${bin}/pg_ctl`, "-D", data, "-m", "immediate", "stop"]), quiet).exited;
      rmSync(dir, { recursive: true, force: true });
    },
    stopNow() {
      Bun.spawnSync(asPostgres([`${bin}/pg_ctl`, "-D", data, "-m", "immediate", "stop"]), quiet);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
