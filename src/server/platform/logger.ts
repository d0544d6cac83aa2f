/** A small levelled logger writing one JSON line per event; the level can change at run time (DECISIONS 3). */
import type { LogLevel } from "../../shared/constants.ts";

const ORDER: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export interface Logger {
  level: LogLevel;
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + "\n")): Logger {
  const logger: Logger = {
    level,
    error: (m, f) => log("error", m, f),
    warn: (m, f) => log("warn", m, f),
    info: (m, f) => log("info", m, f),
    debug: (m, f) => log("debug", m, f),
  };
  function log(at: LogLevel, msg: string, fields?: Record<string, unknown>) {
    if (ORDER[at] > ORDER[logger.level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields }));
  }
  return logger;
}

/** A logger that keeps lines in memory, for tests. */
export function memoryLogger(level: LogLevel = "debug") {
  const lines: string[] = [];
  return { logger: createLogger(level, (l) => lines.push(l)), lines };
}
