/** The audit log: who did what to which record, and when. */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import type { AuditAction } from "../../shared/audit-actions.ts";

export interface AuditEntry {
  actorUserId: number | null;
  action: AuditAction;
  entityType?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** The fields of `next` whose values differ from `current`: what an update's log line names as changed. */
export function changedFields<T extends object>(next: T, current: { [K in keyof T]?: unknown }): (keyof T)[] {
  return (Object.keys(next) as (keyof T)[]).filter((k) => next[k] !== current[k]);
}

export async function audit(db: Kysely<Database>, at: Date, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId === undefined ? null : String(entry.entityId),
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
      created_at: at.toISOString(),
    })
    .execute();
}
