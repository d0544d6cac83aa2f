import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { GALLERY_WIDTHS } from "../../shared/constants.ts";
import { createTestDeps, createUser } from "../testing.ts";
import { checkData } from "./data-check.ts";
import { dataPaths } from "./storage.ts";

describe("checkData (the executable's `check`)", () => {
  test("sound data passes; a missing photo and gallery variant fail it by name; a stray file is reported, not failed", async () => {
    const deps = await createTestDeps({}, { engine: "sqlite" });
    const paths = dataPaths(deps.env.dataDir);
    const at = deps.now().toISOString();
    await createUser(deps, { role: "student", student_id: "STU0001", photo_file: "aaaaaaaaaaaaaaaaaaaaaaaa.webp" });
    await deps.db
      .insertInto("gallery_images")
      .values({
        title: "Lab",
        category: "Campus",
        file_key: "lab",
        width: 1600,
        height: 900,
        size_bytes: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    writeFileSync(path.join(paths.photos, "aaaaaaaaaaaaaaaaaaaaaaaa.webp"), "x");
    for (const w of GALLERY_WIDTHS) writeFileSync(path.join(paths.gallery, `lab-${w}.webp`), "x");

    const sound = await checkData(deps);
    expect(sound).toMatchObject({
      integrity: "ok",
      foreignKeys: [],
      pendingMigrations: [],
      missingFiles: [],
      unreferencedFiles: [],
      ok: true,
    });

    writeFileSync(path.join(paths.documents, "bbbbbbbbbbbbbbbbbbbbbbbb.pdf"), "stray");
    writeFileSync(path.join(paths.documents, "notes-by-hand.txt"), "not ours: never reported");
    const stray = await checkData(deps);
    expect(stray.ok).toBe(true);
    expect(stray.unreferencedFiles).toEqual(["uploads/documents/bbbbbbbbbbbbbbbbbbbbbbbb.pdf"]);

    await Bun.file(path.join(paths.photos, "aaaaaaaaaaaaaaaaaaaaaaaa.webp")).delete();
    await Bun.file(path.join(paths.gallery, `lab-${GALLERY_WIDTHS[0]}.webp`)).delete();
    const damaged = await checkData(deps);
    expect(damaged.ok).toBe(false);
    expect(damaged.missingFiles).toEqual([`uploads/gallery/lab-${GALLERY_WIDTHS[0]}.webp`, "uploads/photos/aaaaaaaaaaaaaaaaaaaaaaaa.webp"]);
  });

  test("a row pointing at nothing is a broken foreign key", async () => {
    const deps = await createTestDeps({}, { engine: "sqlite" });
    const student = await createUser(deps, { role: "student", student_id: "STU0002" });
    deps.sqlite!.pragma("foreign_keys = OFF");
    deps
      .sqlite!.prepare("insert into sessions (user_id, token_hash, expires_at, last_seen_at, created_at) values (?, 'h', 'x', 'x', 'x')")
      .run(student.id + 999);
    deps.sqlite!.pragma("foreign_keys = ON");
    const report = await checkData(deps);
    expect(report.ok).toBe(false);
    expect(report.foreignKeys).toHaveLength(1);
    expect(report.foreignKeys[0]).toStartWith("sessions row ");
  });
});

test("a database a newer version migrated is reported: this version does not know all its migrations", async () => {
  const deps = await createTestDeps({}, { engine: "sqlite" });
  deps.sqlite!.prepare("insert into kysely_migration (name, timestamp) values ('2099-01-01T0000-from-the-future', 'x')").run();
  const report = await checkData(deps);
  expect(report.unknownMigrations).toEqual(["2099-01-01T0000-from-the-future"]);
  expect(report.ok).toBe(false);
});
