/**
 * `npm run release [-- --arch=x64|arm64|all]` (issue 20): builds release/institute-<version>-linux-<arch>,
 * one executable (`bun build --compile`) holding Bun, a launcher (launcher.ts) and a zstd payload
 * (payload.ts) of everything the server needs: its own bundle (migrations and seed content compiled in),
 * the built client with its brotli/gzip copies, public files, and the native modules — better-sqlite3's
 * prebuilt addon through its platform entry, sharp's addon and the libvips library it links to. The
 * default is this machine's architecture; arm64 on an x64 machine fetches sharp's arm64 packages and
 * Bun's arm64 runtime from the npm registry at build time (never at run time). docs/DEPLOY.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BunPlugin } from "bun";
import pkg from "../../../package.json" with { type: "json" };
import { buildClient } from "../build.ts";
import { type Manifest, pack } from "./payload.ts";

const ROOT = path.resolve(import.meta.dir, "..", "..", "..");
const NODE_MODULES = path.join(ROOT, "node_modules");
const RUNTIME_TS = path.join(ROOT, "src/server/runtime.ts");
const RELEASE_RUNTIME_TS = path.join(import.meta.dir, "runtime.release.ts");
const LAUNCHER_TS = path.join(import.meta.dir, "launcher.ts");
export type Arch = "x64" | "arm64";

const log = (msg: string) => console.log(`[release] ${msg}`);

async function run(cmd: string[], cwd = ROOT): Promise<string> {
  const proc = Bun.spawn(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${cmd.join(" ")} failed (${code}):\n${err || out}`);
  return out;
}

/** sharp's two packages for an architecture: installed ones, or fetched from the npm registry (build time only). */
async function sharpPackages(arch: Arch, work: string): Promise<{ addon: string; libvipsDir: string }> {
  const names = [`@img/sharp-linux-${arch}`, `@img/sharp-libvips-linux-${arch}`] as const;
  const sharpPkg = JSON.parse(readFileSync(path.join(NODE_MODULES, "sharp/package.json"), "utf8")) as {
    optionalDependencies: Record<string, string>;
  };
  const dirs: string[] = [];
  for (const name of names) {
    const installed = path.join(NODE_MODULES, name);
    let dir = installed;
    try {
      statSync(installed);
    } catch {
      const version = sharpPkg.optionalDependencies[name];
      if (!version) throw new Error(`sharp ${arch}: ${name} is not among sharp's packages`);
      const into = path.join(work, "packages", name.replace("/", "+"));
      mkdirSync(into, { recursive: true });
      log(`fetching ${name}@${version} from the npm registry`);
      const tarball = (await run(["npm", "pack", `${name}@${version}`, "--silent", `--pack-destination=${into}`]))
        .trim()
        .split("\n")
        .pop()!;
      await run(["tar", "-xzf", path.join(into, tarball), "-C", into]);
      dir = path.join(into, "package");
    }
    dirs.push(dir);
  }
  const addonDir = path.join(dirs[0]!, "lib");
  const addon = readdirSync(addonDir).find((f) => f.endsWith(".node"));
  if (!addon) throw new Error(`no .node file in ${addonDir}`);
  return { addon: path.join(addonDir, addon), libvipsDir: path.join(dirs[1]!, "lib") };
}

interface NativeFile {
  /** path inside the payload */
  path: string;
  source: string;
}

async function nativeFiles(arch: Arch, work: string): Promise<NativeFile[]> {
  const { addon, libvipsDir } = await sharpPackages(arch, work);
  const libvips = readdirSync(libvipsDir).filter((f) => f.startsWith("libvips-cpp.so"));
  if (libvips.length !== 1) throw new Error(`expected one libvips-cpp.so in ${libvipsDir}, found ${libvips.join(", ") || "none"}`);
  return [
    { path: "native/better-sqlite3.node", source: path.join(NODE_MODULES, `better-sqlite3/prebuilds/linux-${arch}.node`) },
    // sharp's addon looks for libvips at $ORIGIN/../../sharp-libvips-linux-<arch>/lib (its rpath): keep that layout.
    { path: `native/@img/sharp-linux-${arch}/lib/${path.basename(addon)}`, source: addon },
    { path: `native/@img/sharp-libvips-linux-${arch}/lib/${libvips[0]}`, source: path.join(libvipsDir, libvips[0]!) },
  ];
}

const UNPACKED = `globalThis[Symbol.for("institute.unpacked")]`;

/**
 * What the server bundle gets instead of: `runtime.ts` (→ runtime.release.ts), better-sqlite3 (→ its
 * platform entry, whose prebuilt addon comes from the unpacked folder), sharp's addon loader (→ the
 * unpacked addon), and the two made-up modules (every migration; the build's version).
 */
function releasePlugin(arch: Arch, natives: NativeFile[], build: { version: string; commit: string; builtAt: string }): BunPlugin {
  const sharpAddon = natives.find((n) => n.path.endsWith(".node") && n.path.includes("@img/"))!.path;
  const migrations = readdirSync(path.join(ROOT, "migrations"))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.includes(".test."))
    .sort();
  return {
    name: "institute-release",
    setup(b) {
      b.onResolve({ filter: /runtime\.ts$/ }, (args) =>
        path.resolve(path.dirname(args.importer), args.path) === RUNTIME_TS ? { path: RELEASE_RUNTIME_TS } : undefined,
      );
      b.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: path.join(NODE_MODULES, `better-sqlite3/lib/linux-${arch}.js`) }));
      b.onResolve({ filter: /\.node$/ }, (args) => {
        if (!/better-sqlite3[\\/]lib[\\/]/.test(args.importer))
          throw new Error(`unexpected native module ${args.path} from ${args.importer}`);
        return { path: "native/better-sqlite3.node", namespace: "institute-native" };
      });
      b.onLoad({ filter: /.*/, namespace: "institute-native" }, (args) => ({
        contents: `module.exports = require(require("node:path").join(${UNPACKED}, ${JSON.stringify(args.path)}));`,
        loader: "js",
      }));
      b.onLoad({ filter: /[\\/]sharp[\\/]dist[\\/]sharp\.mjs$/ }, () => ({
        contents: [
          `import { createRequire } from "node:module";`,
          `import path from "node:path";`,
          `export default createRequire(import.meta.url)(path.join(${UNPACKED}, ${JSON.stringify(sharpAddon)}));`,
        ].join("\n"),
        loader: "js",
      }));
      b.onResolve({ filter: /^institute-release:/ }, (args) => ({ path: args.path, namespace: "institute-release" }));
      b.onLoad({ filter: /.*/, namespace: "institute-release" }, (args) => {
        if (args.path === "institute-release:build") return { contents: `export const BUILD = ${JSON.stringify(build)};`, loader: "js" };
        const lines = migrations.map((f, i) => `import * as m${i} from ${JSON.stringify(path.join(ROOT, "migrations", f))};`);
        const entries = migrations.map((f, i) => `${JSON.stringify(f.slice(0, -".ts".length))}: m${i}`);
        return { contents: `${lines.join("\n")}\nexport const MIGRATIONS = { ${entries.join(", ")} };`, loader: "js" };
      });
    },
  };
}

function filesUnder(dir: string, prefix: string): { path: string; source: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
    .map((source) => ({ path: path.posix.join(prefix, path.relative(dir, source).split(path.sep).join("/")), source }));
}

export interface ReleaseBuilt {
  arch: Arch;
  file: string;
  bytes: number;
  payload: { files: number; unpacked: number; compressed: number };
}

export async function buildRelease(arch: Arch, opts: { work: string; clientDir: string; outDir: string }): Promise<ReleaseBuilt> {
  const work = path.join(opts.work, arch);
  mkdirSync(work, { recursive: true });
  const commit = await run(["git", "rev-parse", "--short=12", "HEAD"])
    .then(async (c) => `${c.trim()}${(await run(["git", "status", "--porcelain"])).trim() ? "-modified" : ""}`)
    .catch(() => "unknown");
  const build = { version: pkg.version, commit, builtAt: new Date().toISOString() };
  const natives = await nativeFiles(arch, work);

  log(`bundling the server for linux-${arch}`);
  const bundled = await Bun.build({
    entrypoints: [path.join(ROOT, "src/server/cli.ts")],
    outdir: path.join(work, "app"),
    naming: "cli.js",
    target: "bun",
    minify: true,
    plugins: [releasePlugin(arch, natives, build)],
  });
  if (!bundled.success) throw new AggregateError(bundled.logs, "the server bundle failed");
  const outputs = bundled.outputs.map((o) => path.relative(work, o.path));
  if (outputs.length !== 1 || outputs[0] !== path.join("app", "cli.js"))
    throw new Error(`the server bundle should be one file, app/cli.js; it is ${outputs.join(", ")}`);

  const files = [
    { path: "app/cli.js", source: path.join(work, "app", "cli.js"), mode: 0o600 },
    // Brotli copies only: every browser sends br over HTTPS; a gzip-only client gets gzip made on its first
    // request and kept in memory (platform/static-files.ts). 0.5 MB less in the executable.
    ...filesUnder(opts.clientDir, "client")
      .filter((f) => !f.path.endsWith(".gz"))
      .map((f) => ({ ...f, mode: 0o600 })),
    ...filesUnder(path.join(ROOT, "public"), "public").map((f) => ({ ...f, mode: 0o600 })),
    ...natives.map((f) => ({ ...f, mode: 0o700 })),
  ];
  const packed = pack(files.map((f) => ({ path: f.path, data: readFileSync(f.source), mode: f.mode })));
  log(`compressing the payload (${files.length} files, ${(packed.data.length / 1e6).toFixed(1)} MB)`);
  const compressed = Bun.zstdCompressSync(packed.data, { level: 19 });
  const manifest: Manifest = {
    buildId: `${pkg.version}-${Bun.hash(compressed).toString(16).padStart(16, "0").slice(0, 12)}`,
    ...build,
    size: packed.data.length,
    files: packed.files,
  };
  writeFileSync(path.join(work, "payload.zst"), compressed);
  writeFileSync(
    path.join(work, "entry.ts"),
    [
      `import payload from "./payload.zst" with { type: "file" };`,
      `import { launch } from ${JSON.stringify(LAUNCHER_TS)};`,
      `await launch(payload, ${JSON.stringify(manifest)});`,
    ].join("\n"),
  );

  mkdirSync(opts.outDir, { recursive: true });
  const file = path.join(opts.outDir, `institute-${pkg.version}-linux-${arch}`);
  log(`compiling ${path.relative(ROOT, file)}`);
  // This machine's architecture uses the running Bun; another one is fetched by Bun from the npm registry.
  const target = arch === process.arch ? [] : [`--target=bun-linux-${arch}`];
  await run([process.execPath, "build", "--compile", "--minify", ...target, path.join(work, "entry.ts"), `--outfile=${file}`], work);
  const bytes = statSync(file).size;
  log(
    `${path.relative(ROOT, file)}: ${(bytes / 1e6).toFixed(1)} MB (payload ${(compressed.length / 1e6).toFixed(1)} MB of ${(packed.data.length / 1e6).toFixed(1)} MB)`,
  );
  return { arch, file, bytes, payload: { files: files.length, unpacked: packed.data.length, compressed: compressed.length } };
}

if (import.meta.main) {
  const option = process.argv.find((a) => a.startsWith("--arch="))?.slice("--arch=".length) ?? process.arch;
  const archs: Arch[] = option === "all" ? ["x64", "arm64"] : option === "x64" || option === "arm64" ? [option] : [];
  if (!archs.length || process.platform !== "linux") {
    console.error(`Builds Linux executables on Linux: --arch=x64, arm64 or all (got ${option} on ${process.platform}).`);
    process.exit(2);
  }
  const work = mkdtempSync(path.join(tmpdir(), "institute-release-"));
  try {
    log("building the client");
    const clientDir = path.join(work, "client");
    await buildClient({ outDir: clientDir });
    for (const arch of archs) await buildRelease(arch, { work, clientDir, outDir: path.join(ROOT, "release") });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
