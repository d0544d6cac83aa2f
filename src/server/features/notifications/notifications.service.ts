/** Notifications addressed to people: one row per recipient, so read state and deletion are personal. */
import type { Kysely } from "kysely";
import type { Database, NotificationType, Priority } from "../../../../db/schema.ts";

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  priority?: Priority;
  data?: Record<string, unknown>;
}

/** Notifies every active admin, in one statement. */
export async function notifyAdmins(db: Kysely<Database>, at: Date, n: NewNotification): Promise<void> {
  await db
    .insertInto("notifications")
    .columns(["recipient_user_id", "type", "title", "message", "priority", "data", "created_at"])
    .expression(
      db
        .selectFrom("users")
        .select((eb) => [
          "id",
          eb.val(n.type).as("type"),
          eb.val(n.title).as("title"),
          eb.val(n.message).as("message"),
          eb.val(n.priority ?? "medium").as("priority"),
          eb.val(JSON.stringify(n.data ?? {})).as("data"),
          eb.val(at.toISOString()).as("created_at"),
        ])
        .where("role", "=", "admin")
        .where("is_active", "=", 1),
    )
    .execute();
}

export async function notifyUser(db: Kysely<Database>, at: Date, userId: number, n: NewNotification): Promise<void> {
  await db
    .insertInto("notifications")
    .values({
      recipient_user_id: userId,
      type: n.type,
      title: n.title,
      message: n.message,
      priority: n.priority ?? "medium",
      data: JSON.stringify(n.data ?? {}),
      created_at: at.toISOString(),
    })
    .execute();
}
