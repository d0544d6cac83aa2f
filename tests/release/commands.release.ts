/**
 * The release executable's commands (issue 20), run from an empty folder: help and version without
 * unpacking, the payload unpacked once and mended when damaged, create-admin, reset-password while the
 * server runs (its session cache sees the other process's write), the refusals while it runs (a second
 * server, migrate, restore), backup, check finding a missing file, and restore putting a backup back.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { COMMANDS } from "../../src/server/cli-commands.ts";
import { emptyFolderWithBinary, run, serve } from "./binary.ts";

const folder = emptyFolderWithBinary();
afterAll(() => folder.remove());

const login = async (url: string, email: string, password: string) => {
  const res = await fetch(`${url}/api/auth/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { data?: { token: string; user: { mustChangePassword: boolean } } } };
};
const me = (url: string, token: string) =>
  fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
const password = (stdout: string) => /: (\S+)\n/.exec(stdout)?.[1] ?? "";

describe("the release executable, alone in an empty folder", () => {
  test("--help lists every command and version names the build, without unpacking anything; an unknown command is a usage error", async () => {
    const help = await run(folder, ["--help"]);
    expect(help.code).toBe(0);
    for (const command of Object.values(COMMANDS)) expect(help.stdout).toContain(command.usage);
    const version = await run(folder, ["version"]);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^institute \d+\.\d+\.\d+ \([0-9a-f]{7,}.*built \d{4}-\d{2}-\d{2}T.*; Bun \d/);
    expect(existsSync(folder.dataDir)).toBe(false);
    const unknown = await run(folder, ["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const usage = await run(folder, ["restore"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("restore <file>");
  });

  test("the first command unpacks the payload into DATA_DIR/runtime once; a damaged file is put right at the next start", async () => {
    const none = await run(folder, ["check"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("There is no database");
    const builds = readdirSync(path.join(folder.dataDir, "runtime"));
    expect(builds).toHaveLength(1);
    const bundle = path.join(folder.dataDir, "runtime", builds[0]!, "app", "cli.js");
    const original = readFileSync(bundle);
    appendFileSync(bundle, "\nthrow new Error('tampered');\n");
    const created = await run(folder, ["create-admin", "ops@example.org", "Operations Desk"]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(readFileSync(bundle).equals(original)).toBe(true);
  });

  let opsPassword = "";
  test("create-admin prints a one-time password; a second account with that e-mail is refused", async () => {
    const again = await run(folder, ["create-admin", "ops@example.org"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists already");
    const bad = await run(folder, ["create-admin", "not-an-email"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("not an e-mail address");
    const reset = await run(folder, ["reset-password", "ops@example.org"]);
    expect(reset.code).toBe(0);
    opsPassword = password(reset.stdout);
    expect(opsPassword).toMatch(/^\S{12,}$/);
  });

  let backupFile = "";
  test("while the server runs: reset-password ends the sessions at once, backup works, and a second server, migrate and restore are refused", async () => {
    const server = await serve(folder);
    try {
      const first = await login(server.url, "ops@example.org", opsPassword);
      expect(first.status).toBe(200);
      expect(first.body.data!.user.mustChangePassword).toBe(true);
      const token = first.body.data!.token;
      expect(await me(server.url, token)).toBe(200);

      const reset = await run(folder, ["reset-password", "OPS@example.org"]);
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain("Sessions ended: 1");
      // The server remembered the session; the other process's commit makes it read again.
      expect(await me(server.url, token)).toBe(401);
      expect((await login(server.url, "ops@example.org", opsPassword)).status).toBe(401);
      expect((await login(server.url, "ops@example.org", password(reset.stdout))).status).toBe(200);

      const second = await run(folder, ["serve"], { PORT: "0", HOST: "127.0.0.1" });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain("already running on this data folder");
      const migrate = await run(folder, ["migrate"]);
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toContain("is running");

      // Another build's folder a running server uses stays through this build's commands; one whose processes
      // are gone goes (walk 19b: a `check` of a new build took a running server's pages away).
      const runtime = path.join(folder.dataDir, "runtime");
      const serverPid = readFileSync(path.join(folder.dataDir, "server.pid"), "utf8").split(" ")[0]!;
      mkdirSync(path.join(runtime, "0.0.1-other-build", ".in-use"), { recursive: true });
      writeFileSync(path.join(runtime, "0.0.1-other-build", ".in-use", serverPid), "");
      mkdirSync(path.join(runtime, "0.0.1-gone-build", ".in-use"), { recursive: true });
      writeFileSync(path.join(runtime, "0.0.1-gone-build", ".in-use", "4194305"), "");

      const backup = await run(folder, ["backup"]);
      expect(backup.code).toBe(0);
      expect(existsSync(path.join(runtime, "0.0.1-other-build"))).toBe(true);
      expect(existsSync(path.join(runtime, "0.0.1-gone-build"))).toBe(false);
      backupFile = /Backup written: (\S+)/.exec(backup.stdout)?.[1] ?? "";
      expect(existsSync(backupFile)).toBe(true);
      const restore = await run(folder, ["restore", backupFile]);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain("stop it first");
    } finally {
      await server.stop();
    }
    expect(existsSync(path.join(folder.dataDir, "server.pid"))).toBe(false);
  });

  test("check passes on sound data, then names a stored file that has gone", async () => {
    const sound = await run(folder, ["check"]);
    expect(sound.stdout).toContain("database integrity: ok");
    expect(sound.stdout).toMatch(/stored files \(uploads under \S+\/data\/uploads\): all present/);
    expect(sound.code).toBe(0);
    const gallery = path.join(folder.dataDir, "uploads", "gallery");
    const victim = readdirSync(gallery).sort()[0]!;
    rmSync(path.join(gallery, victim));
    const damaged = await run(folder, ["check"]);
    expect(damaged.code).toBe(1);
    expect(damaged.stdout).toContain(`missing: uploads/gallery/${victim}`);
    expect(damaged.stdout).toContain("PROBLEMS FOUND");
  });

  test("restore puts the backup back: an account made after it is gone, the missing file is back, the replaced data is kept aside", async () => {
    expect((await run(folder, ["create-admin", "late@example.org"])).code).toBe(0);
    const restored = await run(folder, ["restore", backupFile]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    const aside = /are in (\S+)\.\n/.exec(restored.stdout)?.[1] ?? "";
    expect(existsSync(path.join(aside, "institute.db"))).toBe(true);
    expect(existsSync(path.join(aside, "uploads"))).toBe(true);
    const late = await run(folder, ["reset-password", "late@example.org"]);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain("No account has the e-mail late@example.org");
    expect((await run(folder, ["check"])).code).toBe(0);
    const notBackup = await run(folder, ["restore", path.join(folder.dir, "institute")]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain("not a readable backup archive");
  });
});
