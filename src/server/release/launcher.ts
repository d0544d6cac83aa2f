/**
 * The release executable's entry (issue 20). The executable is Bun with this launcher and one zstd
 * payload (payload.ts) compiled in. `--help` and `version` are answered at once; any other command
 * first makes sure the payload is unpacked, intact, in DATA_DIR/runtime/<build>/ (done once per build:
 * about 0.2 s; every later start checks each file's size and hash), then runs the command line from
 * there (src/server/cli.ts, bundled as app/cli.js). Native modules load from that folder: sharp's
 * addon finds libvips beside it through its own rpath (../../sharp-libvips-<platform>/lib).
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { helpText, versionText } from "../cli-commands.ts";
import { parseEnv } from "../env.ts";
import { dataPaths } from "../platform/storage.ts";
import { fileHash, type Manifest } from "./payload.ts";

/** Where app/cli.js's native-module shims (build-release.ts) find the unpacked folder. */
export const UNPACKED_KEY = Symbol.for("institute.unpacked");

/** Whether every file of the payload is in `dir` with its size and hash. */
export function isIntact(dir: string, manifest: Manifest): boolean {
  const buffer = new Uint8Array(1 << 20);
  for (const file of manifest.files) {
    const found = fileHash(path.join(dir, file.path), buffer);
    if (!found || found.size !== file.size || found.hash !== file.hash) return false;
  }
  return true;
}

/** Unpacks into a private folder and renames it into place, so a half-written folder is never used. */
export function unpack(compressed: Uint8Array, manifest: Manifest, dir: string): void {
  const staging = `${dir}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const data = Bun.zstdDecompressSync(compressed);
  if (data.length !== manifest.size) throw new Error("The executable's payload is damaged: download it again.");
  for (const file of manifest.files) {
    const full = path.join(staging, file.path);
    mkdirSync(path.dirname(full), { recursive: true, mode: 0o700 });
    writeFileSync(full, data.subarray(file.offset, file.offset + file.size), { mode: file.mode });
  }
  // The folder arrives marked as this process's, so no other build's launch takes it between its rename and the run.
  markInUse(staging);
  // Another process of this build may have put it in place meanwhile (two started together): it stays, with its
  // mark (walk 20b: removed and replaced, its process's mark went with it).
  if (isIntact(dir, manifest)) {
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(staging, dir);
  } catch (err) {
    // Another process of the same build unpacked it first.
    rmSync(staging, { recursive: true, force: true });
    if (!isIntact(dir, manifest)) throw err;
  }
}

/**
 * The marks of the processes running from a build's folder (`.in-use/<pid>`): another build's launch removes the
 * folder only once none of them runs. Without them, a command of a new build (a `check` before the upgrade, the
 * first of several processes restarted one at a time) removed the folder a running server serves its pages from,
 * and every page answered 503 while /api/health stayed 200 (walk 19b).
 */
const IN_USE = ".in-use";

/** The marks this process has made, removed when it exits. */
const myMarks = new Set<string>();

/**
 * Marks `dir` as used by this process until it exits (a mark left by a killed process counts for nothing); marking
 * it again puts back a mark another process's unpacking may have taken.
 */
export function markInUse(dir: string): void {
  const marks = path.join(dir, IN_USE);
  mkdirSync(marks, { recursive: true, mode: 0o700 });
  const mark = path.join(marks, String(process.pid));
  writeFileSync(mark, "");
  if (myMarks.size === 0)
    process.once("exit", () => {
      for (const m of myMarks) rmSync(m, { force: true });
    });
  myMarks.add(mark);
}

/** Whether the process `pid` runs (one of another user answers EPERM: it runs). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether a process that marked `dir` still runs. */
function inUse(dir: string, runs: (pid: number) => boolean): boolean {
  let marks: string[];
  try {
    marks = readdirSync(path.join(dir, IN_USE));
  } catch {
    return false;
  }
  return marks.some((mark) => /^\d+$/.test(mark) && Number(mark) !== process.pid && runs(Number(mark)));
}

/**
 * Removes the folders of other builds that no running process uses (an upgrade's or a rollback's leftovers;
 * unpacked again if run), and the half-unpacked folders of processes gone. Run at every launch, so the old build's
 * folder goes once its last process has been restarted on the new one.
 */
export function pruneOtherBuilds(root: string, buildId: string, runs: (pid: number) => boolean = processRuns): void {
  for (const name of readdirSync(root)) {
    if (name === buildId) continue;
    const staging = /\.unpacking-(\d+)$/.exec(name);
    if (staging ? runs(Number(staging[1])) : inUse(path.join(root, name), runs)) continue;
    rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

export async function launch(payloadFile: string, manifest: Manifest): Promise<void> {
  const argv = process.argv.slice(2);
  const program = path.basename(process.execPath);
  const [command] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    console.log(helpText(program));
    return;
  }
  if (command === "version" || command === "--version" || command === "-v") {
    console.log(versionText(manifest));
    return;
  }
  let root: string;
  try {
    root = dataPaths(parseEnv(process.env).dataDir).runtime;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  const dir = path.join(root, manifest.buildId);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  // Marked before it is checked, so another build's launch cannot take it between the check and the run.
  markInUse(dir);
  if (!isIntact(dir, manifest)) {
    unpack(await Bun.file(payloadFile).bytes(), manifest, dir);
    // Two processes of a new build started together: whichever folder stood at the end, both are marked in it.
    markInUse(dir);
  }
  pruneOtherBuilds(root, manifest.buildId);
  (globalThis as Record<symbol, unknown>)[UNPACKED_KEY] = dir;
  const cli = (await import(path.join(dir, "app", "cli.js"))) as typeof import("../cli.ts");
  process.exitCode = await cli.runCli(argv);
}
