import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { claimServerLock, runningServer } from "./server-lock.ts";

const lockIn = () => path.join(temporaryDir("server-lock"), "server.pid");

describe("the server lock", () => {
  test("a claim writes this process's pid; another process's claim names it; releasing removes the file", async () => {
    const file = lockIn();
    expect(runningServer(file)).toBeNull();
    const release = claimServerLock(file);
    expect(readFileSync(file, "utf8")).toStartWith(`${process.pid} `);
    expect(runningServer(file)).toBe(process.pid);
    // The same process claiming again (bun --watch re-executes in place, keeping its pid) takes it back.
    const again = claimServerLock(file);
    expect(runningServer(file)).toBe(process.pid);
    again();
    expect(existsSync(file)).toBe(false);
    release();
    expect(runningServer(file)).toBeNull();

    // Another process (a second server) is refused, naming the holder.
    const holder = claimServerLock(file);
    const script = `import { claimServerLock } from ${JSON.stringify(path.join(import.meta.dir, "server-lock.ts"))}; try { claimServerLock(${JSON.stringify(file)}); } catch (e) { console.log(e.message); }`;
    const other = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe" });
    expect(await new Response(other.stdout).text()).toContain(`A server (process ${process.pid}) is already running`);
    holder();
  });

  test("a file left by a process that has ended, or whose pid now belongs to another program, blocks nothing", async () => {
    const file = lockIn();
    const ended = Bun.spawn(["true"]);
    await ended.exited;
    writeFileSync(file, `${ended.pid} 12345\n`);
    expect(runningServer(file)).toBeNull();
    // This process is alive, but it did not start at that time: a reused pid.
    writeFileSync(file, `${process.pid} 1\n`);
    expect(runningServer(file)).toBeNull();
    const release = claimServerLock(file);
    expect(runningServer(file)).toBe(process.pid);
    release();
    writeFileSync(file, "garbage");
    expect(runningServer(file)).toBeNull();
  });

  test("releasing leaves a file that another process has taken since", () => {
    const file = lockIn();
    const release = claimServerLock(file);
    writeFileSync(file, "4242 99\n");
    release();
    expect(readFileSync(file, "utf8")).toBe("4242 99\n");
  });
});
