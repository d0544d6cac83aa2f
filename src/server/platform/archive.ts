/**
 * Archiving: a record leaves the lists that offer it (the site, the pickers, the students' pages) while
 * everything that names it keeps doing so; restoring brings it back. One update and one log line, in the
 * caller's transaction, for every table that can be archived.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { audit } from "./audit.ts";

/** The tables with an `archived` flag, and the name each record has in the audit log. */
const ENTITY_OF = { books: "book", programmes: "programme", subjects: "subject" } as const;
type ArchivableTable = keyof typeof ENTITY_OF;

/** Sets a record's `archived` flag (and `updated_at`) and logs `<entity>.archive` or `<entity>.restore`. */
export async function setArchivedFlag<T extends ArchivableTable>(
  trx: Kysely<Database>,
  now: Date,
  target: { table: T; id: number; archived: boolean },
  log: { actorUserId: number; ip?: string | null; details: (row: Selectable<Database[T]>) => Record<string, unknown> },
): Promise<Selectable<Database[T]>> {
  // One table's column types stand for the three: they share the two columns written here.
  const row = (await trx
    .updateTable(target.table as "books")
    .set({ archived: target.archived ? 1 : 0, updated_at: now.toISOString() })
    .where("id", "=", target.id)
    .returningAll()
    .executeTakeFirstOrThrow()) as unknown as Selectable<Database[T]>;
  const entity = ENTITY_OF[target.table];
  await audit(trx, now, {
    actorUserId: log.actorUserId,
    action: target.archived ? `${entity}.archive` : `${entity}.restore`,
    entityType: entity,
    entityId: target.id,
    details: log.details(row),
    ip: log.ip,
  });
  return row;
}
