/** A small levelled logger writing one JSON line per event; the level can change at run time (DECISIONS 3). */
import { writeSync } from "node:fs";
import type { LogLevel } from "../../shared/constants.ts";

const ORDER: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export interface Logger {
  level: LogLevel;
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

/** Where lines go: `line` takes one line; `flush` (if any) writes out what is held back. */
export interface LogSink {
  line(text: string): void;
  flush?(): void;
}

export function createLogger(level: LogLevel, sink: LogSink | ((line: string) => void) = bufferedStdout()): Logger {
  const out: LogSink = typeof sink === "function" ? { line: sink } : sink;
  const logger: Logger = {
    level,
    error: (m, f) => log("error", m, f),
    warn: (m, f) => log("warn", m, f),
    info: (m, f) => log("info", m, f),
    debug: (m, f) => log("debug", m, f),
  };
  function log(at: LogLevel, msg: string, fields?: Record<string, unknown>) {
    if (ORDER[at] > ORDER[logger.level]) return;
    out.line(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields }));
    // An error may be the last thing the process says: it goes out at once, with everything before it.
    if (at === "error") out.flush?.();
  }
  return logger;
}

/** Lines held back before a write, at most this many bytes or this long. */
const MAX_HELD_BYTES = 64 * 1024;
const MAX_HELD_MS = 50;

/**
 * Batches lines into one write at most every 50 ms (issue 9: a synchronous write per request was most of
 * a cached public answer's cost). Order is kept; errors go out at once (createLogger), and whatever is held
 * is written when the process exits.
 */
export function bufferedSink(write: (chunk: string) => void): LogSink & { pending(): number } {
  let held: string[] = [];
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (held.length === 0) return;
    const chunk = `${held.join("\n")}\n`;
    held = [];
    bytes = 0;
    write(chunk);
  };
  return {
    line(text) {
      held.push(text);
      bytes += text.length + 1;
      if (bytes >= MAX_HELD_BYTES) flush();
      else if (!timer) {
        timer = setTimeout(flush, MAX_HELD_MS);
        timer.unref?.();
      }
    },
    flush,
    pending: () => held.length,
  };
}

let stdoutSink: LogSink | undefined;
/** The process's one buffered stdout sink (flushed when the process exits). */
function bufferedStdout(): LogSink {
  if (!stdoutSink) {
    const sink = bufferedSink((chunk) => writeAll(1, chunk));
    process.on("exit", sink.flush!);
    stdoutSink = sink;
  }
  return stdoutSink;
}

function writeAll(fd: number, chunk: string) {
  let rest: string | Buffer = chunk;
  for (let tries = 0; tries < 10_000; tries++) {
    try {
      const written = typeof rest === "string" ? writeSync(fd, rest) : writeSync(fd, rest);
      const total = typeof rest === "string" ? Buffer.byteLength(rest) : rest.length;
      if (written >= total) return;
      // A partial write: carry on from the first byte not written.
      rest = (typeof rest === "string" ? Buffer.from(rest) : rest).subarray(written);
    } catch (err) {
      // A full non-blocking pipe: try again; anything else (closed stdout) drops the lines, not the process.
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN") return;
    }
  }
}

/** A logger that keeps lines in memory, for tests. */
export function memoryLogger(level: LogLevel = "debug") {
  const lines: string[] = [];
  return { logger: createLogger(level, (l) => lines.push(l)), lines };
}
