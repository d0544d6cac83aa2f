/**
 * A programme renamed in the catalogue left its students' Course/Standard on the old name (the list, the
 * profile and the ID card showed it). A rename now reaches them in its transaction (programmes.service:
 * updateProgramme), and an office edit finds the programme by the Course/Standard alone; this gives those
 * renamed before the same: a student whose Course/Standard does not name their programme (in any spelling)
 * takes their programme's name. The programme a student points at is what their fees, subjects and exams
 * follow, and before the rename reached them a rename was the only way the two could differ — including an
 * old name a newer programme has since taken, which a later edit would otherwise move them to. Running it
 * again changes nothing.
 */
import type { Kysely } from "kysely";
import { programmeKey } from "../db/programme-catalogue.ts";

export async function up(db: Kysely<any>): Promise<void> {
  const programmes: { id: number; name: string }[] = await db.selectFrom("programmes").select(["id", "name"]).execute();
  const nameOf = new Map(programmes.map((p) => [p.id, p.name]));
  const students: { id: number; standard: string; programme_id: number }[] = await db
    .selectFrom("users")
    .select(["id", "standard", "programme_id"])
    .where("role", "=", "student")
    .where("standard", "is not", null)
    .where("programme_id", "is not", null)
    .execute();
  const stale = new Map<string, number[]>();
  for (const s of students) {
    const name = nameOf.get(s.programme_id);
    if (name === undefined || programmeKey(s.standard) === programmeKey(name)) continue;
    stale.set(name, [...(stale.get(name) ?? []), s.id]);
  }
  for (const [name, ids] of stale) {
    for (let i = 0; i < ids.length; i += 1000) {
      await db
        .updateTable("users")
        .set({ standard: name })
        .where("id", "in", ids.slice(i, i + 1000))
        .execute();
    }
  }
}

/** Nothing to undo: the old names are what the catalogue no longer has. */
export async function down(): Promise<void> {}
