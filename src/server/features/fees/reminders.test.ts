import { beforeEach, describe, expect, test } from "bun:test";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { callerFor, createTestDeps, createUser, type TestDeps } from "../../testing.ts";
import { startFeeReminders } from "../../workers.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { getSettings, saveSettingsGroup } from "../settings/settings.service.ts";
import { recordPayment } from "./payments.service.ts";
import { reminderWords, sendFeeReminders } from "./reminders.service.ts";

let deps: TestDeps;
let bba: number;
let bcom: number;
const DAY = 86_400_000;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, token, email: user.email, call: callerFor(deps, await resolveSession(deps, token)) };
};

async function raise(userId: number, items: { amount: number; dueOn: string; programme?: number; lateFee?: number }[]) {
  const rows = await deps.db
    .insertInto("fee_instalments")
    .values(
      items.map((i, n) => ({
        user_id: userId,
        programme_id: i.programme ?? bba,
        term: 1,
        number: n + 1,
        amount_paise: i.amount,
        due_on: i.dueOn,
        late_fee_paise: i.lateFee ?? 0,
        grace_days: 0,
        created_at: deps.now().toISOString(),
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

const notes = (userId: number) =>
  deps.db
    .selectFrom("notifications")
    .select(["title", "message", "priority", "data", "type"])
    .where("recipient_user_id", "=", userId)
    .orderBy("id")
    .execute();
const mails = (to: string) =>
  deps.db.selectFrom("email_outbox").select(["subject", "text_body", "template"]).where("to_address", "=", to).orderBy("id").execute();
const reminders = () =>
  deps.db.selectFrom("fee_reminders").select(["instalment_id", "kind"]).orderBy("instalment_id").orderBy("kind").execute();
const setDays = async (remindDaysBefore: number, remindDaysAfter: number) =>
  saveSettingsGroup(deps, "fees", { ...(await getSettings(deps)).fees, remindDaysBefore, remindDaysAfter });
const speaks = (userId: number, chosenLanguage: string, extra: Record<string, unknown> = {}) =>
  deps.db
    .updateTable("users")
    .set({ preferences: JSON.stringify({ chosenLanguage, ...extra }) })
    .where("id", "=", userId)
    .execute();

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  const programmes = await deps.db.selectFrom("programmes").select(["id", "name"]).execute();
  bba = programmes.find((p) => p.name === "BBA")!.id;
  bcom = programmes.find((p) => p.name !== "BBA")!.id;
});

describe("reminding one student from the dues list (issue 19)", () => {
  test("an e-mail and a portal notification now, in the student's language, listing what is due with amounts and days; audited", async () => {
    const staff = await person("staff");
    const asha = await person("student", { name: "Asha Patil", student_id: "STU0301" });
    const ravi = await person("student", { name: "Ravi Kumar", student_id: "STU0302" });
    await speaks(ravi.id, "hindi");
    const [first, second] = await raise(asha.id, [
      { amount: 9_000_00, dueOn: "2026-11-01", lateFee: 500_00 },
      { amount: 9_000_00, dueOn: "2027-02-01" },
    ]);
    await raise(ravi.id, [{ amount: 4_500_50, dueOn: "2026-11-10" }]);

    const said = await staff.call.feeReports.remind({ userId: asha.id });
    expect(said.message).toBe("A reminder of ₹18,500 went to Asha Patil by e-mail and in the portal.");
    const [note] = await notes(asha.id);
    // The subject names what is overdue (₹9,500); the lines and "In all" give the rest (sixth walk).
    expect(note).toMatchObject({ title: "Fee overdue: ₹9,500 to pay", priority: "high", type: "payment" });
    expect(note!.message.split("\n")).toEqual([
      "This is a reminder of the fees you still owe the institute.",
      "• BBA · Year 1 · Instalment 1: ₹9,500, was due on 1 Nov 2026 (overdue)",
      "• BBA · Year 1 · Instalment 2: ₹9,000, due on 1 Feb 2027",
      "In all: ₹18,500.",
      "You can pay by UPI from the Fees page of your portal, or at the institute's office. If you have paid already, thank you, and please ignore this reminder.",
    ]);
    expect(JSON.parse(note!.data)).toEqual({ feeReminder: "manual", instalments: [first, second] });
    const [mail] = await mails(asha.email);
    expect(mail).toMatchObject({ template: "student_alert", subject: "Fee overdue: ₹9,500 to pay" });
    expect(mail!.text_body).toContain("₹9,500, was due on 1 Nov 2026 (overdue)");
    expect(mail!.text_body).toContain("/student/fees");

    // Ravi reads Hindi: the notification and the e-mail are in Hindi (amounts and days too).
    await staff.call.feeReports.remind({ userId: ravi.id });
    const [hindi] = await notes(ravi.id);
    expect(hindi!.title).toBe("शुल्क बकाया: ₹4,500.50 चुकाना है");
    expect(hindi!.message).toContain("BBA · वर्ष 1 · किस्त 1: ₹4,500.50, 10 नव॰ 2026 को देय था (बकाया)");
    expect((await mails(ravi.email))[0]!.subject).toBe("शुल्क बकाया: ₹4,500.50 चुकाना है");

    // The last reminder shows on the list; the activity log has it.
    const list = await staff.call.feeReports.dues({});
    expect(list.dues.find((d) => d.student.id === asha.id)!.lastReminder).toBe(deps.now().toISOString());
    // Reminded on the institute's today: the list says so, so Remind asks before another.
    expect(list.dues.find((d) => d.student.id === asha.id)!.remindedToday).toBe(true);
    const logged = await deps.db
      .selectFrom("audit_log")
      .select(["entity_id", "details"])
      .where("action", "=", "fee.reminders")
      .orderBy("id")
      .execute();
    expect(logged[0]).toMatchObject({ entity_id: String(asha.id) });
    expect(JSON.parse(logged[0]!.details)).toEqual({ studentId: "STU0301", instalments: 2, amount: 18_500_00 });
    expect(await reminders()).toEqual([
      { instalment_id: first!, kind: "manual" },
      { instalment_id: second!, kind: "manual" },
      { instalment_id: second! + 1, kind: "manual" },
    ]);

    // Reminding again is the office's choice, said with `again` (its "Remind … again?"): without it, refused
    // (walk 16b: two office people pressing Remind at once sent two e-mails); with it, sent again, the time moves on.
    deps.advance(3_600_000);
    await expect(staff.call.feeReports.remind({ userId: asha.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "Asha Patil was already sent a fee reminder today. The list now shows it: choose Remind, then Send again, if another must go.",
    });
    expect(await notes(asha.id)).toHaveLength(1);
    await staff.call.feeReports.remind({ userId: asha.id, again: true });
    expect(await notes(asha.id)).toHaveLength(2);
    expect((await staff.call.feeReports.dues({ search: "STU0301" })).dues[0]!.lastReminder).toBe(deps.now().toISOString());
    // The next day on the institute's calendar it is no longer "today": Remind sends without asking.
    deps.advance(24 * 3_600_000);
    expect((await staff.call.feeReports.dues({ search: "STU0301" })).dues[0]!.remindedToday).toBe(false);
    await staff.call.feeReports.remind({ userId: asha.id });
    expect(await notes(asha.id)).toHaveLength(3);
  });

  test("e-mail off: the portal only, and the office is told; nothing owed, inactive or unknown students are refused", async () => {
    const staff = await person("staff");
    const meera = await person("student", { name: "Meera Joshi", student_id: "STU0303" });
    await speaks(meera.id, "english", { emailNotifications: false });
    await raise(meera.id, [{ amount: 1_000_00, dueOn: "2026-12-01" }]);
    const said = await staff.call.feeReports.remind({ userId: meera.id });
    expect(said.message).toBe("A reminder of ₹1,000 is in Meera Joshi's portal notifications (they have turned e-mail notifications off).");
    expect((await notes(meera.id))[0]!.title).toBe("Fee reminder: ₹1,000 to pay");
    expect(await mails(meera.email)).toEqual([]);

    const paid = await person("student", { name: "Paid Up", student_id: "STU0304" });
    const [id] = await raise(paid.id, [{ amount: 1_000_00, dueOn: "2026-11-01" }]);
    await recordPayment(deps, staff.id, { instalmentId: id!, amount: 1_000_00, mode: "cash", paidOn: "2026-11-01" });
    await expect(staff.call.feeReports.remind({ userId: paid.id })).rejects.toThrow("Paid Up owes nothing now.");
    const gone = await person("student", { name: "Gone Away", student_id: "STU0305", is_active: 0 });
    await raise(gone.id, [{ amount: 1_000_00, dueOn: "2026-11-01" }]);
    await expect(staff.call.feeReports.remind({ userId: gone.id })).rejects.toThrow("Gone Away's account is inactive");
    await expect(staff.call.feeReports.remind({ userId: staff.id })).rejects.toThrow("This student no longer exists.");
    // (the payment's own "received" notification aside)
    expect((await notes(paid.id)).filter((n) => n.title.startsWith("Fee"))).toEqual([]);
  });
});

describe("reminding every overdue student (issue 19)", () => {
  test("only the filtered list's overdue, active students; twice the same day sends nothing more; reports how many", async () => {
    const staff = await person("staff");
    const admin = await person("admin");
    const a = await person("student", { name: "Asha Patil", student_id: "STU0401" });
    const b = await person("student", { name: "Ravi Kumar", student_id: "STU0402" });
    const c = await person("student", { name: "Meera Joshi", student_id: "STU0403" });
    const d = await person("student", { name: "Kiran Rao", student_id: "STU0404" });
    const e = await person("student", { name: "Inactive One", student_id: "STU0405", is_active: 0 });
    await raise(a.id, [{ amount: 1_000_00, dueOn: "2026-11-01" }]);
    await raise(b.id, [{ amount: 2_000_00, dueOn: "2026-11-20" }]);
    await raise(c.id, [{ amount: 3_000_00, dueOn: "2026-11-30" }]); // not yet due
    await raise(d.id, [{ programme: bcom, amount: 4_000_00, dueOn: "2026-11-02" }]);
    await raise(e.id, [{ amount: 5_000_00, dueOn: "2026-11-02" }]);

    // Each batch lets the server answer others (a timer is a request's turn): thirteenth walk.
    let othersServed = false;
    setTimeout(() => {
      othersServed = true;
    }, 0);
    const inBba = await staff.call.feeReports.remindOverdue({ programme: String(bba) });
    expect(othersServed).toBe(true);
    expect(inBba).toEqual({
      reminded: 2,
      skipped: 1,
      message: "Reminders went to 2 students with overdue fees; 1 skipped (reminded today already, or inactive).",
    });
    expect((await notes(a.id)).map((n) => n.title)).toEqual(["Fee overdue: ₹1,000 to pay"]);
    expect(await notes(b.id)).toHaveLength(1);
    expect(await notes(c.id)).toEqual([]);
    expect(await notes(d.id)).toEqual([]);
    expect(await notes(e.id)).toEqual([]);

    // Everyone now: those reminded today are skipped, Kiran (B.Com) is reminded.
    const all = await admin.call.feeReports.remindOverdue({});
    expect(all).toMatchObject({ reminded: 1, skipped: 3 });
    expect(await notes(d.id)).toHaveLength(1);
    expect(await notes(a.id)).toHaveLength(1);
    expect(await admin.call.feeReports.remindOverdue({})).toEqual({
      reminded: 0,
      skipped: 4,
      message: "Nobody was reminded: the 4 students with something overdue were reminded today already, or are inactive.",
    });
    expect((await staff.call.feeReports.remindOverdue({ search: "nobody" })).message).toBe("Nobody in this list has anything overdue.");
    // A search narrows it too; the next day they may be reminded again.
    deps.advance(DAY);
    expect(await staff.call.feeReports.remindOverdue({ search: "asha" })).toEqual({
      reminded: 1,
      skipped: 0,
      message: "A reminder went to 1 student with overdue fees.",
    });
    const logged = await deps.db.selectFrom("audit_log").select("details").where("action", "=", "fee.reminders").orderBy("id").execute();
    expect(logged.map((l) => JSON.parse(l.details))).toEqual([
      { count: 2, skipped: 1, search: "", programme: bba },
      { count: 1, skipped: 3, search: "", programme: null },
      { count: 0, skipped: 4, search: "", programme: null },
      { count: 0, skipped: 0, search: "nobody", programme: null },
      { count: 1, skipped: 0, search: "asha", programme: null },
    ]);
  });
});

describe("automatic reminders (issue 19)", () => {
  test("once per instalment and kind: days before the due day and days after it while unpaid; none for paid instalments", async () => {
    const staff = await person("staff");
    await setDays(3, 7);
    const asha = await person("student", { name: "Asha Patil", student_id: "STU0501" });
    const ravi = await person("student", { name: "Ravi Kumar", student_id: "STU0502" });
    await speaks(ravi.id, "marathi");
    const paid = await person("student", { name: "Paid Up", student_id: "STU0503" });
    // Today is 22 Nov 2026.
    const [ashas] = await raise(asha.id, [{ amount: 9_000_00, dueOn: "2026-11-25" }]);
    const [ravis] = await raise(ravi.id, [{ amount: 4_000_00, dueOn: "2026-11-15" }]);
    const [paids] = await raise(paid.id, [{ amount: 2_000_00, dueOn: "2026-11-24" }]);
    await recordPayment(deps, staff.id, { instalmentId: paids!, amount: 2_000_00, mode: "cash", paidOn: "2026-11-20" });

    expect(await sendFeeReminders(deps)).toEqual({ today: "2026-11-22", reminded: 2, instalments: 2 });
    expect(await reminders()).toEqual([
      { instalment_id: ashas!, kind: "before" },
      { instalment_id: ravis!, kind: "after" },
    ]);
    const [before] = await notes(asha.id);
    expect(before).toMatchObject({ title: "Fee due on 25 Nov 2026: ₹9,000", priority: "medium" });
    expect(before!.message).toContain("This is a reminder that the fee below falls due soon.");
    expect(before!.message).toContain("• BBA · Year 1 · Instalment 1: ₹9,000, due on 25 Nov 2026");
    expect((await mails(asha.email))[0]!.subject).toBe("Fee due on 25 Nov 2026: ₹9,000");
    // Ravi reads Marathi.
    const [after] = await notes(ravi.id);
    expect(after!.title).toBe("शुल्क थकीत: ₹4,000 भरायचे आहेत");
    expect(after!.message).toContain("देय तारीख उलटून गेली आहे");
    expect((await mails(ravi.email))[0]!.subject).toBe("शुल्क थकीत: ₹4,000 भरायचे आहेत");
    expect((await notes(paid.id)).filter((n) => n.title.startsWith("Fee"))).toEqual([]);

    // Again, the same day or the next: nothing more.
    expect((await sendFeeReminders(deps)).reminded).toBe(0);
    deps.advance(DAY);
    expect((await sendFeeReminders(deps)).reminded).toBe(0);

    // Asha's instalment passes its day unpaid: seven days later, the "after" reminder; then never again.
    deps.advance(9 * DAY);
    expect(await sendFeeReminders(deps)).toEqual({ today: "2026-12-02", reminded: 1, instalments: 1 });
    expect((await notes(asha.id)).map((n) => n.title)).toEqual(["Fee due on 25 Nov 2026: ₹9,000", "Fee overdue: ₹9,000 to pay"]);
    deps.advance(DAY);
    expect((await sendFeeReminders(deps)).reminded).toBe(0);
  });

  test("0 switches a kind off; none while a transfer waits for the office, nor once paid; a missed day is caught up for a week only", async () => {
    const staff = await person("staff");
    const asha = await person("student", { name: "Asha Patil", student_id: "STU0601" });
    const [soon, late, ancient] = await raise(asha.id, [
      { amount: 1_000_00, dueOn: "2026-11-24" },
      { amount: 2_000_00, dueOn: "2026-11-12" },
      { amount: 3_000_00, dueOn: "2026-10-01" },
    ]);
    await setDays(0, 0);
    expect((await sendFeeReminders(deps)).reminded).toBe(0);
    await setDays(0, 7);
    // Only the "after" kind, for the instalment due 10 days ago (within a week's catch-up), not the one due in October.
    expect(await sendFeeReminders(deps)).toMatchObject({ reminded: 1, instalments: 1 });
    expect(await reminders()).toEqual([{ instalment_id: late!, kind: "after" }]);
    await setDays(3, 0);
    // A UPI transfer waiting for the office: not chased meanwhile; rejected, the reminder goes.
    const { id: pending } = await deps.db
      .insertInto("fee_payments")
      .values({
        instalment_id: soon!,
        user_id: asha.id,
        amount_paise: 1_000_00,
        mode: "upi",
        reference: "123412341234",
        paid_on: "2026-11-21",
        status: "pending",
        created_at: deps.now().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await sendFeeReminders(deps)).reminded).toBe(0);
    await deps.db.updateTable("fee_payments").set({ status: "rejected" }).where("id", "=", pending).execute();
    expect((await sendFeeReminders(deps)).instalments).toBe(1);
    await deps.db.deleteFrom("fee_reminders").where("kind", "=", "before").execute();
    await recordPayment(deps, staff.id, { instalmentId: soon!, amount: 1_000_00, mode: "cash", paidOn: "2026-11-22" });
    expect((await sendFeeReminders(deps)).reminded).toBe(0);
    expect((await reminders()).map((r) => r.instalment_id)).not.toContain(ancient);
  });

  test("several instalments of one student in one window make one message; inactive students get none", async () => {
    await setDays(5, 7);
    const asha = await person("student", { name: "Asha Patil", student_id: "STU0701" });
    const gone = await person("student", { name: "Gone", student_id: "STU0702", is_active: 0 });
    await raise(asha.id, [
      { amount: 1_000_00, dueOn: "2026-11-23" },
      { programme: bcom, amount: 2_000_00, dueOn: "2026-11-26" },
    ]);
    await raise(gone.id, [{ amount: 1_000_00, dueOn: "2026-11-23" }]);
    expect(await sendFeeReminders(deps)).toMatchObject({ reminded: 1, instalments: 2 });
    const [note] = await notes(asha.id);
    expect(note!.title).toBe("Fee due on 23 Nov 2026: ₹3,000");
    expect(note!.message).toContain("In all: ₹3,000.");
    expect(await notes(gone.id)).toEqual([]);
  });

  test("the words: one line per instalment, money in paise written the student's way", () => {
    const item = {
      instalmentId: 1,
      programme: "BBA",
      termUnit: "semester" as const,
      term: 2,
      number: 1,
      dueOn: "2026-12-05",
      outstanding: 12_345_67,
      overdue: false,
    };
    expect(reminderWords("before", [item], "en")).toEqual({
      title: "Fee due on 5 Dec 2026: ₹12,345.67",
      message: [
        "This is a reminder that the fee below falls due soon.",
        "• BBA · Semester 2 · Instalment 1: ₹12,345.67, due on 5 Dec 2026",
        "You can pay by UPI from the Fees page of your portal, or at the institute's office. If you have paid already, thank you, and please ignore this reminder.",
      ].join("\n"),
    });
    expect(reminderWords("manual", [{ ...item, outstanding: 1_00_00_000_00 }], "hi").title).toBe("शुल्क की याद: ₹1,00,00,000 चुकाना है");
    // The office's reminder of one overdue instalment and one not yet due: the subject names what is overdue.
    const both = reminderWords("manual", [{ ...item, dueOn: "2026-06-01", overdue: true, outstanding: 42_166_66 }, item], "en");
    expect(both.title).toBe("Fee overdue: ₹42,166.66 to pay");
    expect(both.message).toContain("In all: ₹54,512.33.");
  });

  test("the server's hourly job sends them, and stops when told", async () => {
    await setDays(3, 7);
    const asha = await person("student", { name: "Asha Patil", student_id: "STU0801" });
    await raise(asha.id, [{ amount: 1_000_00, dueOn: "2026-11-23" }]);
    const stop = startFeeReminders(deps, 60_000, 0);
    try {
      for (let i = 0; i < 500; i++) {
        // The job logs after its transaction commits: wait for both (on PostgreSQL they are apart).
        if ((await notes(asha.id)).length && deps.logLines.join("\n").includes("fee reminders sent")) break;
        await Bun.sleep(10);
      }
    } finally {
      stop();
    }
    expect((await notes(asha.id)).map((n) => n.title)).toEqual(["Fee due on 23 Nov 2026: ₹1,000"]);
    expect(deps.logLines.join("\n")).toContain("fee reminders sent");
  });
});
