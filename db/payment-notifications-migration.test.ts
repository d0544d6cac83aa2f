/**
 * migrations/2026-12-03T0000-payment-notifications.ts: the fee notifications written before "payment" was a
 * type take it (a reported UPI transfer, a receipt, a refusal, a cancellation, a fee reminder); every other
 * notification keeps its type. Runs on the suite's database, so on PostgreSQL too (tests/postgres/run.ts).
 */
import { describe, expect, test } from "bun:test";
import { up } from "../migrations/2026-12-03T0000-payment-notifications.ts";
import { createTestDeps, createUser } from "../src/server/testing.ts";
import type { NotificationType } from "./schema.ts";

describe("the payment notifications migration", () => {
  test("fee notifications become payments, twice over the same; the others keep their type", async () => {
    const deps = await createTestDeps();
    const user = await createUser(deps, { role: "student" });
    const rows: { type: NotificationType; kind: string | null; data: string }[] = [
      { type: "support", kind: "fee.upiReported", data: "{}" },
      { type: "system", kind: "fee.receipt", data: "{}" },
      { type: "system", kind: "fee.rejected", data: "{}" },
      { type: "system", kind: "fee.receiptCancelled", data: "{}" },
      { type: "course", kind: null, data: JSON.stringify({ feeReminder: "due", instalments: [3] }) },
      { type: "course", kind: null, data: JSON.stringify({ materialId: 4 }) },
      { type: "support", kind: "ticket.new", data: JSON.stringify({ ticketId: 2 }) },
      { type: "system", kind: null, data: "{}" },
    ];
    const ids = [];
    for (const r of rows) {
      const { id } = await deps.db
        .insertInto("notifications")
        .values({ recipient_user_id: user.id, ...r, title: "t", message: "m", priority: "medium", created_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(id);
    }

    await up(deps.db);
    await up(deps.db);

    const types = await deps.db.selectFrom("notifications").select("type").where("id", "in", ids).orderBy("id").execute();
    expect(types.map((t) => t.type)).toEqual(["payment", "payment", "payment", "payment", "payment", "course", "support", "system"]);
  });
});
