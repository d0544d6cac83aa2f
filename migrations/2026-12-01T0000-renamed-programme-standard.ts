/**
 * A programme renamed in the catalogue left its students' Course/Standard on the old name (the list, the
 * profile and the ID card showed it, and an office edit could no longer find the programme by it). A rename
 * now reaches them in its transaction (programmes.service: updateProgramme); this gives those renamed
 * before the same: a student whose Course/Standard names neither their programme nor any other in the
 * catalogue (in any spelling) takes their programme's name. Running it again changes nothing.
 */
import type { Kysely } from "kysely";
import { programmeKey } from "../db/programme-catalogue.ts";

export async function up(db: Kysely<any>): Promise<void> {
  const programmes: { id: number; name: string }[] = await db.selectFrom("programmes").select(["id", "name"]).execute();
  const known = new Set(programmes.map((p) => programmeKey(p.name)));
  const students: { id: number; standard: string; programme_id: number }[] = await db
    .selectFrom("users")
    .select(["id", "standard", "programme_id"])
    .where("role", "=", "student")
    .where("standard", "is not", null)
    .where("programme_id", "is not", null)
    .execute();
  for (const programme of programmes) {
    const stale = students.filter((s) => s.programme_id === programme.id && !known.has(programmeKey(s.standard))).map((s) => s.id);
    for (let i = 0; i < stale.length; i += 1000) {
      await db
        .updateTable("users")
        .set({ standard: programme.name })
        .where("id", "in", stale.slice(i, i + 1000))
        .execute();
    }
  }
}

/** Nothing to undo: the old names are what the catalogue no longer has. */
export async function down(): Promise<void> {}
