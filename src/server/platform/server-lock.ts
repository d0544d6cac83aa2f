/**
 * One server per data folder (issue 20): the server writes DATA_DIR/server.pid at start and removes it
 * when it stops, so `restore` and `migrate` can refuse while it runs and a second server is not started on
 * the same SQLite file (its read caches assume one writer). The file holds "<pid> <start time>": on Linux
 * the process's start time (field 22 of /proc/<pid>/stat) tells a live server from a pid the system has
 * since given to another program, so a file left by a crash never blocks anything.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/** the process's start time in clock ticks since boot (Linux), or "" where /proc is not there */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    if (process.platform === "linux") return null;
    try {
      process.kill(pid, 0);
      return "";
    } catch {
      return null;
    }
  }
}

/** The pid of the server holding the lock file, or null when none is running (no file, or a stale one). */
export function runningServer(lockFile: string): number | null {
  let text: string;
  try {
    text = readFileSync(lockFile, "utf8");
  } catch {
    return null;
  }
  const [pidText, started = ""] = text.trim().split(" ");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return startTime(pid) === started ? pid : null;
}

/**
 * Takes the lock for this process, or throws naming the server that holds it. Returns the release
 * function (removes the file if it is still this process's).
 */
export function claimServerLock(lockFile: string): () => void {
  const mine = `${process.pid} ${startTime(process.pid) ?? ""}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx", 0o644);
      writeSync(fd, `${mine}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, "utf8").trim() === mine) rmSync(lockFile, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = runningServer(lockFile);
      // This very process wrote it before re-executing itself (bun --watch restarts in place): take it back.
      if (pid !== null && pid !== process.pid)
        throw new Error(`A server (process ${pid}) is already running on this data folder (${lockFile}).`);
      rmSync(lockFile, { force: true }); // left by a server that crashed
    }
  }
  throw new Error(`Could not take the server lock ${lockFile}.`);
}
