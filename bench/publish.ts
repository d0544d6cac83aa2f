/**
 * Publishing a notice to 5,000 students (issue 9's budgets; it was a timed unit test before): the office's
 * publish through the running server's tRPC endpoint, portal only and then with e-mail, timed end to end.
 * The audience is a programme of its own made for it on the bench's data (its first active students), so
 * the figure is for 5,000 recipients whatever the dataset's programmes hold. Run last: the e-mails it queues
 * go out in the background.
 */
import type { DB } from "../db/connection.ts";
import type { PublishResult } from "./report.ts";

export const PUBLISH_STUDENTS = 5_000;

/** A programme holding the first `n` active students (they leave their own): the notice's audience. */
export async function publishAudience(db: DB, n: number): Promise<number> {
  const at = new Date().toISOString();
  const programme = await db
    .insertInto("programmes")
    .values({
      slug: `bench-notices-${Date.now()}`,
      name: "Bench notices audience",
      level: "certificate",
      university: null,
      duration_months: null,
      eligibility: null,
      summary: null,
      fee_paise: null,
      seats: null,
      syllabus_file: null,
      syllabus_name: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids = db.selectFrom("users").select("id").where("role", "=", "student").where("is_active", "=", 1).orderBy("id").limit(n);
  await db.updateTable("users").set({ programme_id: programme.id }).where("id", "in", ids).execute();
  return programme.id;
}

/** One publish through POST /api/trpc/notices.publish, timed; answers how many students it reached. */
async function publish(url: string, token: string, programmeId: number, email: boolean): Promise<PublishResult> {
  const body = {
    kind: "notice",
    title: email ? "Bench notice, also by e-mail" : "Bench notice",
    body: "A notice the benchmark publishes to a programme's students.",
    programmeId: String(programmeId),
    priority: "medium",
    eventDate: "",
    eventTime: "",
    venue: "",
    email,
  };
  const started = performance.now();
  const res = await fetch(`${url}/api/trpc/notices.publish`, {
    method: "POST",
    headers: { "content-type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`publishing a notice failed: ${res.status} ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as { result?: { data?: { notice?: { recipients?: number } } } };
  return { email, ms, recipients: answer.result?.data?.notice?.recipients ?? 0 };
}

/** Portal only, then with e-mail. */
export async function measurePublish(url: string, token: string, programmeId: number): Promise<PublishResult[]> {
  return [await publish(url, token, programmeId, false), await publish(url, token, programmeId, true)];
}
