import { describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { isIntact, markInUse, processRuns, pruneOtherBuilds, unpack } from "./launcher.ts";
import { contentHash, fileHash, type Manifest, pack } from "./payload.ts";

const text = (s: string) => new TextEncoder().encode(s);

function payload() {
  const packed = pack([
    { path: "app/cli.js", data: text("export const x = 1;"), mode: 0o600 },
    { path: "client/index.html", data: text("<!doctype html>"), mode: 0o600 },
    { path: "native/lib/addon.node", data: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]), mode: 0o700 },
  ]);
  const manifest: Manifest = {
    buildId: "0.0.0-test",
    version: "0.0.0",
    commit: "abc",
    builtAt: "x",
    size: packed.data.length,
    files: packed.files,
  };
  return { manifest, compressed: Bun.zstdCompressSync(packed.data, { level: 3 }) };
}

describe("the release payload", () => {
  test("unpacks every file with its content and mode; the unpacked folder is intact until a file changes or goes", () => {
    const { manifest, compressed } = payload();
    const dir = path.join(temporaryDir("payload"), manifest.buildId);
    expect(isIntact(dir, manifest)).toBe(false);
    unpack(compressed, manifest, dir);
    expect(readFileSync(path.join(dir, "app/cli.js"), "utf8")).toBe("export const x = 1;");
    expect(statSync(path.join(dir, "native/lib/addon.node")).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "client/index.html")).mode & 0o777).toBe(0o600);
    expect(isIntact(dir, manifest)).toBe(true);

    appendFileSync(path.join(dir, "client/index.html"), " ");
    expect(isIntact(dir, manifest)).toBe(false);
    unpack(compressed, manifest, dir);
    expect(isIntact(dir, manifest)).toBe(true);
    rmSync(path.join(dir, "native/lib/addon.node"));
    expect(isIntact(dir, manifest)).toBe(false);
    // Same size, other content: the hash tells.
    unpack(compressed, manifest, dir);
    const file = path.join(dir, "app/cli.js");
    writeFileSync(file, "export const y = 2;");
    expect(isIntact(dir, manifest)).toBe(false);
  });

  test("a payload whose unpacked size differs from the manifest is refused, leaving no half-written folder", () => {
    const { manifest, compressed } = payload();
    const root = temporaryDir("payload");
    expect(() => unpack(compressed, { ...manifest, size: manifest.size + 1 }, path.join(root, "b"))).toThrow("damaged");
    expect(isIntact(path.join(root, "b"), manifest)).toBe(false);
  });
});

describe("other builds' folders (walk 19b)", () => {
  test("a folder a running process uses stays; one whose processes are gone goes, as do half-unpacked folders of processes gone", () => {
    const { manifest, compressed } = payload();
    const root = temporaryDir("runtime");
    unpack(compressed, manifest, path.join(root, manifest.buildId));
    // The unpacking process's mark comes with the folder.
    expect(readdirSync(path.join(root, manifest.buildId, ".in-use"))).toEqual([String(process.pid)]);
    expect(isIntact(path.join(root, manifest.buildId), manifest)).toBe(true);
    const folder = (name: string, ...pids: number[]) => {
      mkdirSync(path.join(root, name, ".in-use"), { recursive: true });
      for (const pid of pids) writeFileSync(path.join(root, name, ".in-use", String(pid)), "");
    };
    folder("0.1.0-old-running", 4101);
    folder("0.1.0-old-stopped", 4102);
    folder("0.0.9-never-marked");
    mkdirSync(path.join(root, "0.2.0-new.unpacking-4103"));
    mkdirSync(path.join(root, "0.2.0-new.unpacking-4104"));
    const running = new Set([4101, 4103]);
    pruneOtherBuilds(root, manifest.buildId, (pid) => running.has(pid));
    expect(readdirSync(root).sort()).toEqual([manifest.buildId, "0.1.0-old-running", "0.2.0-new.unpacking-4103"].sort());
    // Its last process restarted on the new build: the next launch removes it.
    running.clear();
    pruneOtherBuilds(root, manifest.buildId, (pid) => running.has(pid));
    expect(readdirSync(root)).toEqual([manifest.buildId]);
  });

  test("a second process of the same build finding the folder in place leaves it, with the first one's mark (walk 20b)", () => {
    const { manifest, compressed } = payload();
    const dir = path.join(temporaryDir("runtime"), manifest.buildId);
    unpack(compressed, manifest, dir);
    writeFileSync(path.join(dir, ".in-use", "4242"), "");
    // The second process had found no folder when it looked, and unpacks too.
    unpack(compressed, manifest, dir);
    expect(readdirSync(path.join(dir, ".in-use")).sort()).toEqual([String(process.pid), "4242"].sort());
    expect(isIntact(dir, manifest)).toBe(true);
    expect(readdirSync(path.dirname(dir))).toEqual([manifest.buildId]);
  });

  test("a mark names this process, which runs; a pid of no process does not run", () => {
    const dir = temporaryDir("mark");
    markInUse(dir);
    expect(existsSync(path.join(dir, ".in-use", String(process.pid)))).toBe(true);
    expect(processRuns(process.pid)).toBe(true);
    expect(processRuns(2 ** 22 + 1)).toBe(false);
  });
});

describe("content hashes", () => {
  test("a file hashed in pieces from disk has the hash of its content in memory, across piece boundaries", () => {
    const dir = temporaryDir("hash");
    for (const size of [0, 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 17]) {
      const data = new Uint8Array(size).map((_, i) => (i * 31) % 251);
      const file = path.join(dir, `f${size}`);
      writeFileSync(file, data);
      expect(fileHash(file)).toEqual({ size, hash: contentHash(data) });
    }
    expect(fileHash(path.join(dir, "missing"))).toBeNull();
    expect(contentHash(text("a"))).not.toBe(contentHash(text("b")));
  });
});
