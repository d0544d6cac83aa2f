/**
 * The release executable under test (issue 20): INSTITUTE_BINARY (tests/release/run.ts builds it), copied
 * alone into an empty folder and run there, with the checkout hidden when the machine allows it
 * (tests/e2e/harness.ts: canHideCheckout), so nothing can come from the source tree or node_modules.
 */
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { canHideCheckout } from "../e2e/harness.ts";
import { untilListening } from "../setup/listening.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..");

export function releaseBinary(): string {
  const binary = process.env.INSTITUTE_BINARY;
  if (!binary) throw new Error("INSTITUTE_BINARY is not set: run these through `npm run test:release`, which builds the executable");
  return binary;
}

export interface Folder {
  dir: string;
  dataDir: string;
  /**
   * argv that runs the copy with these arguments, inside a mount namespace that hides the checkout when
   * possible; `offline` also gives it a network namespace of its own with no interface up (no network at all)
   */
  command(args: string[], offline?: boolean): string[];
  remove(): void;
}

export function emptyFolderWithBinary(): Folder {
  const dir = mkdtempSync(path.join(tmpdir(), "institute-release-"));
  const copy = path.join(dir, "institute");
  copyFileSync(releaseBinary(), copy);
  chmodSync(copy, 0o755);
  const hide = canHideCheckout();
  return {
    dir,
    dataDir: path.join(dir, "data"),
    command: (args, offline = false) =>
      hide
        ? [
            "unshare",
            "--mount",
            ...(offline ? ["--net"] : []),
            "--",
            "sh",
            "-c",
            'mount -t tmpfs tmpfs "$0" && exec "$@"',
            ROOT,
            copy,
            ...args,
          ]
        : [copy, ...args],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** the environment of a run: the test runner's, less what could point the executable elsewhere */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DATA_DIR|DIST_DIR|PORT|NODE_ENV|ADMIN_)/.test(k)) env[k] = v;
  return { ...env, LOG_LEVEL: "warn", ...extra };
}

/** Runs a command to its end, with no network (issue 20: nothing is fetched at run time). */
export async function run(folder: Folder, args: string[], extra: Record<string, string> = {}) {
  const proc = Bun.spawn(folder.command(args, true), { cwd: folder.dir, env: cleanEnv(extra), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

export interface Serving {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** `serve` on a free port; resolves once it prints where it listens. */
export async function serve(folder: Folder, extra: Record<string, string> = {}): Promise<Serving> {
  const proc = Bun.spawn(folder.command(["serve"]), {
    cwd: folder.dir,
    env: cleanEnv({ PORT: "0", HOST: "127.0.0.1", ...extra }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const { url, output } = await untilListening(proc);
  return {
    url,
    output,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}
