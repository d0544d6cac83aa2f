import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getSettings, saveSettingsGroup } from "../features/settings/settings.service.ts";
import { buildWorld } from "../security/world.ts";
import { createUser } from "../testing.ts";
import { sweepOrphanFiles } from "./orphan-sweep.ts";
import { dataPaths } from "./storage.ts";

describe("startup sweep of files a crash left behind", () => {
  test("removes server-named uploads no row refers to, and unfinished backups; keeps everything referenced", async () => {
    const w = await buildWorld();
    const p = dataPaths(w.deps.env.dataDir);
    const referencedDocs = readdirSync(p.documents);
    expect(referencedDocs.length).toBeGreaterThan(0);
    await createUser(w.deps, { role: "student", student_id: "STU8001", photo_file: "kkkkkkkkkkkkkkkkkkkkkkkk.webp" });
    writeFileSync(path.join(p.photos, "kkkkkkkkkkkkkkkkkkkkkkkk.webp"), "kept");
    writeFileSync(path.join(p.photos, "oooooooooooooooooooooooo.webp"), "orphan photo");
    // A programme's syllabus and the institute's brochure live beside the applicants' documents.
    writeFileSync(path.join(p.documents, "ssssssssssssssssssssssss.pdf"), "syllabus: kept");
    const programme = await w.deps.db.selectFrom("programmes").select("id").executeTakeFirstOrThrow();
    await w.deps.db
      .updateTable("programmes")
      .set({ syllabus_file: "ssssssssssssssssssssssss.pdf" })
      .where("id", "=", programme.id)
      .execute();
    writeFileSync(path.join(p.documents, "bbbbbbbbbbbbbbbbbbbbbbbb.pdf"), "brochure: kept");
    const { institute } = await getSettings(w.deps);
    await saveSettingsGroup(w.deps, "institute", { ...institute, brochure: { file: "bbbbbbbbbbbbbbbbbbbbbbbb.pdf", name: "b.pdf" } });
    // Study materials and students' submissions (issue 18) too.
    const at = w.deps.now().toISOString();
    const subject = await w.deps.db
      .insertInto("subjects")
      .values({ programme_id: programme.id, term: 1, code: "S-1", name: "S", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    writeFileSync(path.join(p.documents, "mmmmmmmmmmmmmmmmmmmmmmmm.pdf"), "material: kept");
    await w.deps.db
      .insertInto("study_materials")
      .values({ subject_id: subject.id, title: "M", kind: "file", stored_name: "mmmmmmmmmmmmmmmmmmmmmmmm.pdf", created_at: at })
      .execute();
    const assignment = await w.deps.db
      .insertInto("assignments")
      .values({ subject_id: subject.id, title: "A", due_at: at, max_marks: 10, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    writeFileSync(path.join(p.documents, "wwwwwwwwwwwwwwwwwwwwwwww.pdf"), "submission: kept");
    await w.deps.db
      .insertInto("assignment_submissions")
      .values({
        assignment_id: assignment.id,
        user_id: w.a.id,
        stored_name: "wwwwwwwwwwwwwwwwwwwwwwww.pdf",
        file_name: "w.pdf",
        size_bytes: 1,
        submitted_at: at,
      })
      .execute();
    // The library's e-resources (issue 18).
    writeFileSync(path.join(p.documents, "eeeeeeeeeeeeeeeeeeeeeeee.pdf"), "e-resource: kept");
    await w.deps.db
      .insertInto("books")
      .values({ kind: "eresource", title: "E", stored_name: "eeeeeeeeeeeeeeeeeeeeeeee.pdf", created_at: at, updated_at: at })
      .execute();
    // A student's screenshot of a UPI fee payment (issue 19).
    writeFileSync(path.join(p.documents, "ffffffffffffffffffffffff.png"), "fee screenshot: kept");
    const instalment = await w.deps.db
      .insertInto("fee_instalments")
      .values({ user_id: w.a.id, programme_id: programme.id, term: 1, number: 1, amount_paise: 100, due_on: "2026-12-01", created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await w.deps.db
      .insertInto("fee_payments")
      .values({
        instalment_id: instalment.id,
        user_id: w.a.id,
        amount_paise: 100,
        mode: "upi",
        reference: "402156789012",
        paid_on: "2026-11-21",
        status: "pending",
        screenshot_file: "ffffffffffffffffffffffff.png",
        created_at: at,
      })
      .execute();
    writeFileSync(path.join(p.documents, "dddddddddddddddddddddddd.pdf"), "orphan document");
    writeFileSync(path.join(p.documents, "dddddddddddddddddddddddd.pdf.thumb.webp"), "orphan preview");
    writeFileSync(path.join(p.documents, "operator-notes.txt"), "not ours: kept");
    writeFileSync(path.join(p.gallery, "demokey-480.webp"), "kept: its row exists");
    writeFileSync(path.join(p.gallery, "gone1234-960.webp"), "orphan variant");
    mkdirSync(path.join(p.backups, ".work-123-456"));
    writeFileSync(path.join(p.backups, "backup-2026-11-22T06-31-00-000Z.tar.gz.partial"), "cut off");

    // On PostgreSQL (several processes may share the store) only files older than an hour are swept.
    w.deps.advance(Date.now() + 2 * 3_600_000 - w.deps.now().getTime());
    const removed = await sweepOrphanFiles(w.deps);
    expect(removed.sort()).toEqual(
      [
        "uploads/photos/oooooooooooooooooooooooo.webp",
        "uploads/documents/dddddddddddddddddddddddd.pdf",
        "uploads/documents/dddddddddddddddddddddddd.pdf.thumb.webp",
        "uploads/gallery/gone1234-960.webp",
        "backups/.work-123-456",
        "backups/backup-2026-11-22T06-31-00-000Z.tar.gz.partial",
      ].sort(),
    );
    for (const name of referencedDocs) expect(existsSync(path.join(p.documents, name))).toBe(true);
    expect(existsSync(path.join(p.photos, "kkkkkkkkkkkkkkkkkkkkkkkk.webp"))).toBe(true);
    expect(existsSync(path.join(p.documents, "operator-notes.txt"))).toBe(true);
    expect(existsSync(path.join(p.documents, "ssssssssssssssssssssssss.pdf"))).toBe(true);
    expect(existsSync(path.join(p.documents, "bbbbbbbbbbbbbbbbbbbbbbbb.pdf"))).toBe(true);
    expect(existsSync(path.join(p.documents, "mmmmmmmmmmmmmmmmmmmmmmmm.pdf"))).toBe(true);
    expect(existsSync(path.join(p.documents, "wwwwwwwwwwwwwwwwwwwwwwww.pdf"))).toBe(true);
    expect(existsSync(path.join(p.documents, "ffffffffffffffffffffffff.png"))).toBe(true);
    expect(existsSync(path.join(p.gallery, "demokey-480.webp"))).toBe(true);
    expect(existsSync(path.join(p.backups, w.backupName))).toBe(true);
    expect(await sweepOrphanFiles(w.deps)).toEqual([]);
  });
});
