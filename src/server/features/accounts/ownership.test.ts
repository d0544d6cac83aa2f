/** One owner per table (issue 15): only the accounts repository writes `users`. */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const SERVER = path.resolve(import.meta.dir, "..", "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("the users table has one owner", () => {
  test("no server file but accounts.repository.ts inserts, updates or deletes users", () => {
    const writers = sourceFiles(SERVER)
      .filter((f) => !f.endsWith(path.join("accounts", "accounts.repository.ts")) && !f.endsWith("testing.ts"))
      .filter((f) => /(insertInto|updateTable|deleteFrom)\(\s*"users"\s*\)/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(SERVER, f));
    expect(writers).toEqual([]);
  });
});
