import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { temporaryDir } from "../../tests/setup/temp-dirs.ts";
import { runCli } from "./cli.ts";
import { COMMANDS } from "./cli-commands.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out: () => out.join("\n"), err: () => err.join("\n") };
}
const dataDir = () => temporaryDir("institute-cli");

describe("the command line", () => {
  test("--help lists every command with its arguments; version names the source build", async () => {
    const help = capture();
    expect(await runCli(["--help"], {}, help.io)).toBe(0);
    for (const c of Object.values(COMMANDS)) expect(help.out()).toContain(c.usage);
    const version = capture();
    expect(await runCli(["version"], {}, version.io)).toBe(0);
    expect(version.out()).toMatch(/^institute \d+\.\d+\.\d+ \(source; Bun /);
  });

  test("an unknown command and a command with the wrong arguments are usage errors (2); a bad environment is named (1)", async () => {
    const unknown = capture();
    expect(await runCli(["serv"], {}, unknown.io)).toBe(2);
    expect(unknown.err()).toContain('Unknown command "serv"');
    const missing = capture();
    expect(await runCli(["reset-password"], {}, missing.io)).toBe(2);
    expect(missing.err()).toContain("reset-password <email or student ID>");
    const extra = capture();
    expect(await runCli(["check", "now"], {}, extra.io)).toBe(2);
    const env = capture();
    expect(await runCli(["check"], { PORT: "eighty" }, env.io)).toBe(1);
    expect(env.err()).toContain("PORT must be a whole number");
  });

  test("serve on a port already taken prints the first logins, says so and exits 1 at once, leaving the folder free (walk 15a)", async () => {
    // Something else holds the port: a child process, so that this test's own process listens on nothing.
    const holder = Bun.spawn(
      ["bun", "-e", "const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') }); console.log(s.port);"],
      { stdout: "pipe" },
    );
    try {
      const reader = holder.stdout.getReader();
      const port = new TextDecoder().decode((await reader.read()).value).trim();
      reader.releaseLock();
      const source = { DATA_DIR: dataDir(), NODE_ENV: "test", PORT: port, HOST: "127.0.0.1", LOG_LEVEL: "warn" };
      const started = Date.now();
      const server = Bun.spawn(["bun", path.join(import.meta.dir, "main.ts")], {
        env: { ...process.env, ...source },
        stdout: "pipe",
        stderr: "pipe",
      });
      const killer = setTimeout(() => server.kill(), 30_000);
      const code = await server.exited;
      clearTimeout(killer);
      expect(code).toBe(1);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await new Response(server.stderr).text()).toContain(`Failed: Failed to start server. Is port ${port} in use?`);
      // The first start's logins were printed before the bind failed: the one-time admin password is not lost.
      expect(await new Response(server.stdout).text()).toMatch(/^Admin login: admin@institute\.local \/ \S+$/m);
      // The folder's lock went with the process: the next command may run.
      const migrate = capture();
      expect(await runCli(["migrate"], source, migrate.io)).toBe(0);
      expect(migrate.out()).toBe("The database is up to date.");
    } finally {
      holder.kill();
    }
  }, 40_000);

  test("migrate, then check and create-admin on that folder; check and backup refuse a folder with no database", async () => {
    const empty = capture();
    const source = { DATA_DIR: dataDir(), NODE_ENV: "test" };
    expect(await runCli(["check"], source, empty.io)).toBe(1);
    expect(empty.err()).toContain("There is no database");
    const migrate = capture();
    expect(await runCli(["migrate"], source, migrate.io)).toBe(0);
    expect(migrate.out()).toStartWith("Applied: 2026-11-22T0000-initial");
    const again = capture();
    expect(await runCli(["migrate"], source, again.io)).toBe(0);
    expect(again.out()).toBe("The database is up to date.");
    const check = capture();
    expect(await runCli(["check"], source, check.io)).toBe(0);
    expect(check.out()).toStartWith(`database: ${path.join(source.DATA_DIR, "institute.db")}\ndatabase integrity: ok`);
    expect(check.out()).toContain("migrations: all applied");
    expect(check.out()).toEndWith("OK");
    // A file no record names (an upload interrupted between its file and its row) is said, with what happens to it.
    mkdirSync(path.join(source.DATA_DIR, "uploads", "documents"), { recursive: true });
    writeFileSync(path.join(source.DATA_DIR, "uploads", "documents", "eeeeeeeeeeeeeeeeeeeeeeee.pdf"), "%PDF-1.4");
    const leftover = capture();
    await runCli(["check"], source, leftover.io);
    expect(leftover.out()).toContain("unreferenced files: 1 (left by an interrupted upload; the next start removes them)");
    const admin = capture();
    expect(await runCli(["create-admin", "desk@example.org", "Front Desk"], source, admin.io)).toBe(0);
    expect(admin.out()).toMatch(/^Admin login: desk@example\.org \/ \S{16}\n/);
    const refused = capture();
    expect(await runCli(["create-admin", "desk@example.org"], source, refused.io)).toBe(1);
    expect(refused.err()).toContain("exists already");
    const folder = capture();
    expect(await runCli(["restore", source.DATA_DIR], source, folder.io)).toBe(1);
    expect(folder.err()).toBe(`${source.DATA_DIR} is a folder, not a backup file (backup-<time>.tar.gz).`);
  });

  test("a folder holding a SQLite site is not served from PostgreSQL before copy-to-postgres; a folder served from PostgreSQL refuses commands without it (walks 19b, 20b)", async () => {
    const folder = dataDir();
    writeFileSync(path.join(folder, "institute.db"), "");
    const onPostgres = { DATA_DIR: folder, NODE_ENV: "test", DATABASE_URL: "postgres://institute@127.0.0.1:1/institute" };
    const serve = capture();
    expect(await runCli(["serve"], onPostgres, serve.io)).toBe(1);
    expect(serve.err()).toContain(`${folder} holds a site on SQLite`);
    expect(serve.err()).toContain("copy-to-postgres <DATABASE_URL>");
    // Served from PostgreSQL (the server's note), the SQLite file is not "the copy from before the move".
    writeFileSync(
      path.join(folder, "moved-to-postgres"),
      "served from postgres://institute@127.0.0.1:1/institute since 2026-11-28T10:00:00.000Z\n",
    );
    const command = capture();
    expect(await runCli(["create-admin", "desk@example.org"], { DATA_DIR: folder, NODE_ENV: "test" }, command.io)).toBe(1);
    expect(command.err()).toContain("This site moved to PostgreSQL (served from postgres://institute@127.0.0.1:1/institute since");
    expect(command.err()).toContain("To serve this folder from SQLite instead, delete");
    expect(command.err()).not.toContain("the copy from before the move");
  });

  test("copy-uploads copies DATA_DIR/uploads into the folder or bucket STORAGE_URL names, once; without STORAGE_URL it refuses", async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, "uploads", "documents"), { recursive: true });
    writeFileSync(path.join(dir, "uploads", "documents", "dddddddddddddddddddddddd.pdf"), "%PDF-1.4");
    const shared = temporaryDir("institute-shared");
    const env = { DATA_DIR: dir, STORAGE_URL: `file://${shared}` };

    const first = capture();
    expect(await runCli(["copy-uploads"], env, first.io)).toBe(0);
    expect(first.out()).toContain(`Copied 1 file from ${path.join(dir, "uploads")} into uploads under ${shared}; 0 were there already.`);
    expect(existsSync(path.join(shared, "documents", "dddddddddddddddddddddddd.pdf"))).toBe(true);
    const again = capture();
    expect(await runCli(["copy-uploads"], env, again.io)).toBe(0);
    expect(again.out()).toContain("Copied 0 files");
    expect(again.out()).toContain("1 was there already.");

    const nowhere = capture();
    expect(await runCli(["copy-uploads"], { DATA_DIR: dir }, nowhere.io)).toBe(1);
    expect(nowhere.err()).toContain("Set STORAGE_URL");
    const missing = capture();
    expect(await runCli(["copy-uploads", path.join(dir, "no-such")], env, missing.io)).toBe(1);
    expect(missing.err()).toContain("There is no uploads folder at");
  });
});
