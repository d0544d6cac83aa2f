import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import QRCode from "qrcode";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { dataPaths } from "../../platform/storage.ts";
import { fileOf, jpegBytes, oversizedPng, pdfBytes, pngBytes } from "../../test-files.ts";
import { callerFor, createTestDeps, createUser, type TestDeps, testApp } from "../../testing.ts";
import { updateStudentRecord } from "../accounts/accounts.repository.ts";
import { createSession, resolveSession } from "../auth/auth.service.ts";
import { getSettings, saveSettingsGroup } from "../settings/settings.service.ts";
import { cancelReceipt, confirmPayment, recordPayment, rejectPayment } from "./payments.service.ts";
import { nextDueFor, totalOwed, upiLink, upiReference } from "./student-fees.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let programmeId: number;

const person = async (role: "admin" | "staff" | "student", extra: Record<string, unknown> = {}) => {
  const user = await createUser(deps, { role, ...extra });
  const token = await createSession(deps, user.id);
  return { id: user.id, email: user.email, token, call: callerFor(deps, await resolveSession(deps, token)) };
};
type Person = Awaited<ReturnType<typeof person>>;
let staff: Person;
let admin: Person;
let asha: Person;
let ravi: Person;
/** Asha's instalments: overdue (15 Nov), due (15 Dec), later (15 Feb); Ravi's one. */
let a1: number;
let a2: number;
let a3: number;
let r1: number;

const VPA = "institute@okaxis";

async function setUpi(vpa = VPA, name = "Institute of Distance Education") {
  const { fees } = await getSettings(deps);
  await saveSettingsGroup(deps, "fees", { ...fees, upiVpa: vpa, upiPayeeName: name });
}

async function raise(userId: number, number: number, amount: number, dueOn: string) {
  const row = await deps.db
    .insertInto("fee_instalments")
    .values({
      user_id: userId,
      programme_id: programmeId,
      term: 1,
      number,
      amount_paise: amount,
      due_on: dueOn,
      late_fee_paise: 500_00,
      grace_days: 3,
      created_at: deps.now().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const req = (method: string, url: string, token?: string, body?: BodyInit) =>
  app.request(url, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body });

async function payForm(fields: Record<string, string>, screenshot?: File) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (screenshot) form.append("screenshot", screenshot);
  return form;
}

const submit = async (who: Person, instalmentId: number, fields: Record<string, string>, screenshot?: File) =>
  req("POST", `/api/fees/instalments/${instalmentId}/upi`, who.token, await payForm(fields, screenshot));

/** The student chose Hindi: what they are sent is written in it. */
const speaksHindi = (userId: number) =>
  deps.db
    .updateTable("users")
    .set({ preferences: JSON.stringify({ chosenLanguage: "hindi" }) })
    .where("id", "=", userId)
    .execute();

const documents = () => readdirSync(dataPaths(deps.env.dataDir).documents);

beforeEach(async () => {
  await loadAllCatalogues();
  deps = await createTestDeps();
  app = testApp(deps);
  programmeId = (await deps.db.selectFrom("programmes").select("id").where("slug", "=", "bba").executeTakeFirstOrThrow()).id;
  staff = await person("staff");
  admin = await person("admin");
  asha = await person("student", { student_id: "STU0401", name: "Asha Patil" });
  ravi = await person("student", { student_id: "STU0402", name: "Ravi Kulkarni" });
  await updateStudentRecord(deps.db, asha.id, { programme_id: programmeId }, deps.now().toISOString());
  a1 = await raise(asha.id, 1, 10_000_00, "2026-11-15");
  a2 = await raise(asha.id, 2, 10_000_00, "2026-12-15");
  a3 = await raise(asha.id, 3, 5_000_50, "2027-02-15");
  r1 = await raise(ravi.id, 1, 7_500_00, "2026-12-01");
});

describe("what the student owes (fees.mine)", () => {
  test("only their own instalments, each with where it stands (late fee, concession, paid), and the total", async () => {
    await deps.db
      .insertInto("fee_concessions")
      .values({ instalment_id: a2, amount_paise: 2_000_00, reason: "Merit", created_at: deps.now().toISOString() })
      .execute();
    await recordPayment(deps, staff.id, { instalmentId: a2, amount: 3_000_00, mode: "cash", paidOn: "2026-11-20" });
    const mine = await asha.call.fees.mine();
    expect(mine.today).toBe("2026-11-22");
    expect(mine.upi).toBe(false);
    expect(mine.instalments.map((i) => i.id)).toEqual([a1, a2, a3]);
    expect(mine.instalments[0]).toMatchObject({
      programme: "BBA",
      termUnit: "year",
      term: 1,
      number: 1,
      dueOn: "2026-11-15",
      amount: 10_000_00,
      lateFee: 500_00,
      total: 10_500_00,
      outstanding: 10_500_00,
      status: "overdue",
      pending: null,
    });
    expect(mine.instalments[1]).toMatchObject({ concession: 2_000_00, paid: 3_000_00, outstanding: 5_000_00, status: "partial" });
    expect(mine.instalments[2]).toMatchObject({ outstanding: 5_000_50, status: "due" });
    expect(mine.totalOutstanding).toBe(10_500_00 + 5_000_00 + 5_000_50);
    expect((await ravi.call.fees.mine()).instalments.map((i) => i.id)).toEqual([r1]);
  });

  test("nothing raised yet: no instalments and nothing owed", async () => {
    const nobody = await person("student", { student_id: "STU0403" });
    expect(await nobody.call.fees.mine()).toMatchObject({ instalments: [], totalOutstanding: 0, waiting: 0 });
  });

  test("the dashboard's next due amount and the admit card's term total come from the same standings", async () => {
    expect(await nextDueFor(deps.db, asha.id, "2026-11-22")).toEqual({
      amount: 10_500_00,
      dueOn: "2026-11-15",
      overdue: true,
      instalmentId: a1,
      pending: null,
    });
    await recordPayment(deps, staff.id, { instalmentId: a1, amount: 10_500_00, mode: "cash", paidOn: "2026-11-22" });
    expect(await nextDueFor(deps.db, asha.id, "2026-11-22")).toEqual({
      amount: 10_000_00,
      dueOn: "2026-12-15",
      overdue: false,
      instalmentId: a2,
      pending: null,
    });
    expect(await totalOwed(deps.db, asha.id, "2026-11-22")).toBe(15_000_50);
    const nobody = await person("student", { student_id: "STU0404" });
    expect(await nextDueFor(deps.db, nobody.id, "2026-11-22")).toBeNull();

    // Paid by UPI and not yet confirmed: still owed, and the dashboard says the transfer waits (walk 26).
    await setUpi();
    const sent = await submit(
      asha,
      a2,
      { utr: "4021 5678 9012", paidOn: "2026-11-21", amount: "1000000" },
      fileOf(await pngBytes(), "paid.png", "image/png"),
    );
    expect(sent.status).toBe(201);
    expect(await nextDueFor(deps.db, asha.id, "2026-11-22")).toEqual({
      amount: 10_000_00,
      dueOn: "2026-12-15",
      overdue: false,
      instalmentId: a2,
      pending: { amount: 10_000_00, sentAt: expect.any(String) },
    });
  });
});

describe("paying by UPI", () => {
  test("the link: payee, exact amount, INR, the reference in the note and as tr; the QR code encodes it", async () => {
    await setUpi(VPA, "Institute of Distance Education");
    const answer = await asha.call.fees.upi({ instalmentId: a3 });
    if (answer.status !== "ready") throw new Error("expected a payable instalment");
    expect(answer.amount).toBe(5_000_50);
    expect(answer.reference).toBe(`FEE-STU0401-I${a3}`);
    expect(answer.link).toBe(
      `upi://pay?pa=institute@okaxis&pn=Institute%20of%20Distance%20Education&am=5000.50&cu=INR&tn=FEE-STU0401-I${a3}&tr=FEE-STU0401-I${a3}`,
    );
    const params = new URL(answer.link).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      pa: VPA,
      pn: "Institute of Distance Education",
      am: "5000.50",
      cu: "INR",
      tn: answer.reference,
      tr: answer.reference,
    });
    expect(answer.qrSvg).toBe(await QRCode.toString(answer.link, { type: "svg", margin: 1, errorCorrectionLevel: "M" }));
    expect(answer.payee).toEqual({ vpa: VPA, name: "Institute of Distance Education" });
    // The overdue instalment asks for its late fee too.
    const late = await asha.call.fees.upi({ instalmentId: a1 });
    expect(late.status === "ready" && new URL(late.link).searchParams.get("am")).toBe("10500.00");
  });

  test("odd characters are encoded (a space is %20, never +); no payee name falls back to the institute's", async () => {
    expect(upiLink({ vpa: "a.b@upi", payee: "A & B Trust+", amount: 5, reference: "FEE-X-I1" })).toBe(
      "upi://pay?pa=a.b@upi&pn=A%20%26%20B%20Trust%2B&am=0.05&cu=INR&tn=FEE-X-I1&tr=FEE-X-I1",
    );
    expect(upiReference(null, 42, 7)).toBe("FEE-U42-I7");
    await setUpi(VPA, "");
    const answer = await asha.call.fees.upi({ instalmentId: a2 });
    expect(answer.status === "ready" && answer.payee.name).toBe("Institute of Distance Education");
  });

  test("no UPI address set: the institute says so and nothing can be paid or reported", async () => {
    expect(await asha.call.fees.upi({ instalmentId: a2 })).toEqual({
      status: "noUpi",
      message: "The institute has not set up UPI payments yet. Please pay at the office.",
    });
    const res = await submit(asha, a2, { utr: "402156789012", paidOn: "2026-11-22", amount: "1000000" });
    expect(res.status).toBe(409);
  });

  test("another student's instalment is a 404; one paid in full or with a transfer waiting is refused", async () => {
    await setUpi();
    await expect(asha.call.fees.upi({ instalmentId: r1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await submit(asha, r1, { utr: "402156789012", paidOn: "2026-11-22", amount: "100" })).status).toBe(404);
    await recordPayment(deps, staff.id, { instalmentId: a3, amount: 5_000_50, mode: "cash", paidOn: "2026-11-22" });
    await expect(asha.call.fees.upi({ instalmentId: a3 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Nothing is due on this instalment.",
    });
    expect((await submit(asha, a2, { utr: "402156789012", paidOn: "2026-11-22", amount: "1000000" })).status).toBe(201);
    await expect(asha.call.fees.upi({ instalmentId: a2 })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  test("I have paid: the UTR, the day and a screenshot become a pending payment the student sees waiting", async () => {
    await setUpi();
    const res = await submit(
      asha,
      a2,
      { utr: " 4021 5678 9012 ", paidOn: "2026-11-21", amount: "1000000" },
      fileOf(await pngBytes(), "paid.png", "image/png"),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data.message).toContain("the office will check your payment");
    const row = await deps.db.selectFrom("fee_payments").selectAll().where("id", "=", body.data.payment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      instalment_id: a2,
      user_id: asha.id,
      amount_paise: 10_000_00,
      mode: "upi",
      reference: "402156789012",
      paid_on: "2026-11-21",
      status: "pending",
      created_by: asha.id,
    });
    expect(row.screenshot_file).toMatch(/^[a-z0-9]{24}\.png$/);
    expect(existsSync(path.join(dataPaths(deps.env.dataDir).documents, row.screenshot_file!))).toBe(true);

    const mine = await asha.call.fees.mine();
    expect(mine.waiting).toBe(1);
    expect(mine.instalments.find((i) => i.id === a2)?.pending).toMatchObject({ amount: 10_000_00, reference: "402156789012" });
    // Still owed until the office confirms it.
    expect(mine.instalments.find((i) => i.id === a2)?.outstanding).toBe(10_000_00);
    const transfers = await asha.call.fees.transfers({ page: 1, limit: 5 });
    expect(transfers.transfers).toEqual([
      expect.objectContaining({
        status: "pending",
        amount: 10_000_00,
        reference: "402156789012",
        paidOn: "2026-11-21",
        rejectReason: null,
      }),
    ]);
    expect((await ravi.call.fees.transfers({ page: 1, limit: 5 })).transfers).toEqual([]);

    // A JPEG, and no screenshot at all, are fine too.
    expect(
      (await submit(asha, a3, { utr: "402156789013", paidOn: "2026-11-22", amount: "500050" }, fileOf(await jpegBytes(), "p.jpg"))).status,
    ).toBe(201);
    expect((await submit(asha, a1, { utr: "402156789014", paidOn: "2026-11-22", amount: "1050000" })).status).toBe(201);
  });

  test("the rules: twelve digits, a real day not in the future, a JPEG or PNG of at most 5 MB; a refused report keeps no file", async () => {
    await setUpi();
    const errorsOf = async (res: Response) => ({ status: res.status, errors: (await res.json()).errors });
    const ok = { utr: "402156789012", paidOn: "2026-11-22", amount: "1000000" };
    expect(await errorsOf(await submit(asha, a2, { ...ok, utr: "40215678901" }))).toMatchObject({
      status: 400,
      errors: { utr: ["Enter the 12-digit UTR (UPI reference) your app shows after paying."] },
    });
    expect((await errorsOf(await submit(asha, a2, { ...ok, utr: "40215678901A" }))).status).toBe(400);
    expect(await errorsOf(await submit(asha, a2, { ...ok, paidOn: "2026-11-23" }))).toMatchObject({
      status: 400,
      errors: { paidOn: ["The day paid cannot be in the future."] },
    });
    expect(await errorsOf(await submit(asha, a2, { ...ok, paidOn: "2026-02-30" }))).toMatchObject({
      status: 400,
      errors: { paidOn: [expect.any(String)] },
    });
    expect(await errorsOf(await submit(asha, a2, { ...ok, amount: "0" }))).toMatchObject({
      status: 400,
      errors: { amount: [expect.any(String)] },
    });
    const pdf = await submit(asha, a2, ok, fileOf(pdfBytes(), "paid.pdf", "application/pdf"));
    expect(await errorsOf(pdf)).toMatchObject({ status: 400, errors: { screenshot: [expect.stringContaining("JPG or PNG")] } });
    const huge = await submit(asha, a2, ok, fileOf(oversizedPng(5 * 1024 * 1024 + 1), "big.png", "image/png"));
    expect(huge.status).toBe(413);
    // A screenshot wearing a PNG name but holding text is judged by its content.
    const fake = await submit(asha, a2, ok, fileOf(new TextEncoder().encode("not an image at all"), "x.png", "image/png"));
    expect(fake.status).toBe(400);
    // More than what is due.
    expect((await submit(asha, a2, { ...ok, amount: "1000001" })).status).toBe(400);
    expect(documents()).toEqual([]);

    // A UTR is reported once; the refused report's screenshot is not kept.
    expect((await submit(asha, a2, ok)).status).toBe(201);
    const again = await submit(asha, a3, { ...ok, amount: "500050" }, fileOf(await pngBytes(), "p.png", "image/png"));
    expect(await errorsOf(again)).toMatchObject({ status: 409, errors: { utr: [expect.stringContaining("already been reported")] } });
    const twice = await submit(asha, a2, { ...ok, utr: "999999999999" }, fileOf(await pngBytes(), "p.png", "image/png"));
    expect(twice.status).toBe(409);
    expect(documents()).toEqual([]);
    expect(await deps.db.selectFrom("fee_payments").select("id").execute()).toHaveLength(1);
  });

  test("only a signed-in student reports a payment", async () => {
    await setUpi();
    const form = await payForm({ utr: "402156789012", paidOn: "2026-11-22", amount: "1000000" });
    expect((await req("POST", `/api/fees/instalments/${a2}/upi`, undefined, form)).status).toBe(401);
    expect((await req("POST", `/api/fees/instalments/${a2}/upi`, staff.token, form)).status).toBe(403);
    await expect(staff.call.fees.mine()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("receipts", () => {
  async function issued() {
    await setUpi();
    const res = await submit(asha, a2, { utr: "402156789012", paidOn: "2026-11-21", amount: "1000000" });
    const paymentId = (await res.json()).data.payment.id as number;
    const confirmed = await confirmPayment(deps, staff.id, paymentId);
    const cash = await recordPayment(deps, staff.id, { instalmentId: r1, amount: 7_500_00, mode: "cash", paidOn: "2026-11-22" });
    return { receipt: confirmed.receipt, ravis: cash.receipt };
  }

  test("the student reads their own receipt; another student's is a 404; the office reads any", async () => {
    const { receipt, ravis } = await issued();
    const mine = await asha.call.fees.receipt({ id: receipt.id });
    expect(mine).toMatchObject({
      number: "RCP/2026-27/000001",
      financialYear: "2026-27",
      issuedOn: "2026-11-22",
      amount: 10_000_00,
      mode: "upi",
      reference: "402156789012",
      paidOn: "2026-11-21",
      student: { name: "Asha Patil", studentId: "STU0401" },
      programme: "BBA",
      termUnit: "year",
      term: 1,
      instalment: 2,
      cancelled: null,
      institute: { name: "Institute of Distance Education" },
    });
    expect(mine.institute.address).toBeTruthy();
    await expect(asha.call.fees.receipt({ id: ravis.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This receipt no longer exists.",
    });
    await expect(ravi.call.fees.receipt({ id: receipt.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(asha.call.fees.receipt({ id: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await staff.call.fees.receipt({ id: receipt.id })).number).toBe(receipt.number);
    expect((await admin.call.fees.receipt({ id: ravis.id })).student.name).toBe("Ravi Kulkarni");
    await expect(callerFor(deps).fees.receipt({ id: receipt.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  test("the student's receipts: their own only, newest first, a cancelled one keeps its number and shows why", async () => {
    const { receipt } = await issued();
    const second = await recordPayment(deps, staff.id, {
      instalmentId: a3,
      amount: 5_000_50,
      mode: "cheque",
      reference: "004512",
      paidOn: "2026-11-22",
    });
    await cancelReceipt(deps, staff.id, receipt.id, "Entered against the wrong instalment");
    const list = await asha.call.fees.receipts({ page: 1, limit: 5 });
    expect(list.pagination).toMatchObject({ totalItems: 2, currentPage: 1 });
    expect(list.receipts.map((r) => [r.number, r.mode, r.cancelled?.reason ?? null])).toEqual([
      [second.receipt.number, "cheque", null],
      [receipt.number, "upi", "Entered against the wrong instalment"],
    ]);
    expect((await asha.call.fees.receipt({ id: receipt.id })).cancelled).toMatchObject({ reason: "Entered against the wrong instalment" });
    expect((await ravi.call.fees.receipts({ page: 1, limit: 5 })).receipts.map((r) => r.number)).toEqual(["RCP/2026-27/000002"]);
    // A page at a time.
    expect((await asha.call.fees.receipts({ page: 2, limit: 1 })).receipts.map((r) => r.number)).toEqual([receipt.number]);
  });

  test("a receipt tells the student in the portal and by e-mail, in their language, with its number, amount, mode, day and link", async () => {
    await speaksHindi(ravi.id);
    const { receipt, ravis } = await issued();
    const mail = await deps.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "text_body", "html_body"])
      .where("template", "=", "fee_receipt")
      .orderBy("id")
      .execute();
    expect(mail.map((m) => m.to_address)).toEqual([asha.email, ravi.email]);
    const english = mail[0]!;
    expect(english.subject).toBe(`Your fee receipt ${receipt.number}`);
    expect(english.text_body).toContain("Dear Asha Patil,");
    expect(english.text_body).toContain("Amount: ₹10,000");
    expect(english.text_body).toContain("Paid by: UPI");
    // The receipt's day, then the day the money was paid (the UTR's, a day before: walk 29a).
    expect(english.text_body).toContain("Date: 22 November 2026\nPaid on: 21 November 2026");
    expect(english.text_body).toContain(`Receipt number: ${receipt.number}`);
    expect(english.text_body).toContain(`/student/fees/receipts/${receipt.id}?lang=en`);
    const hindi = mail[1]!;
    expect(hindi.subject).toBe(`आपकी शुल्क रसीद ${ravis.number}`);
    expect(hindi.text_body).toContain("नकद");
    expect(hindi.text_body).toContain("₹7,500");
    expect(hindi.text_body).toContain("भुगतान दिनांक: 22 नवंबर 2026");
    expect(hindi.text_body).toContain(`/student/fees/receipts/${ravis.id}?lang=hi`);
    const notes = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "type", "kind", "title", "params", "link"])
      .where("kind", "=", "fee.receipt")
      .orderBy("id")
      .execute();
    expect(notes.map((n) => [n.recipient_user_id, n.type])).toEqual([
      [asha.id, "payment"],
      [ravi.id, "payment"],
    ]);
    expect(notes[0]!.title).toBe(`Payment received: receipt ${receipt.number}`);
    expect(JSON.parse(notes[0]!.params!)).toEqual({ number: receipt.number, amount: "₹10,000" });
    expect(notes[0]!.link).toBe(`/student/fees/receipts/${receipt.id}`);
    // The student reads it in their portal.
    const list = await asha.call.notifications.list({ page: 1, limit: 10 });
    expect(list.notifications.map((n) => n.title)).toContain(`Payment received: receipt ${receipt.number}`);
  });

  test("a rejected transfer: the student sees the office's reason on the page, in the portal and by e-mail", async () => {
    await setUpi();
    const res = await submit(asha, a2, { utr: "402156789012", paidOn: "2026-11-21", amount: "1000000" });
    const paymentId = (await res.json()).data.payment.id as number;
    await rejectPayment(deps, staff.id, paymentId, "No such UTR in our statement of 21 November.");
    const { transfers } = await asha.call.fees.transfers({ page: 1, limit: 5 });
    expect(transfers[0]).toMatchObject({ status: "rejected", rejectReason: "No such UTR in our statement of 21 November." });
    const note = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "title", "message", "priority"])
      .where("kind", "=", "fee.rejected")
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ recipient_user_id: asha.id, title: "Payment not confirmed: UTR 402156789012", priority: "high" });
    // The reason's own full stop is not doubled after the quotation mark.
    expect(note.message).toContain("“No such UTR in our statement of 21 November”. Check the UTR");
    const mail = await deps.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "text_body"])
      .where("template", "=", "student_alert")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: asha.email, subject: "Payment not confirmed: UTR 402156789012" });
    expect(mail.text_body).toContain("No such UTR in our statement of 21 November");
    expect(mail.text_body).toContain("/student/fees");
    // Sent whatever the e-mail setting says (a record of money): it does not claim the setting is on.
    expect(mail.text_body).toContain("whatever your e-mail notifications are set to: it is a record of your fees");
    expect(mail.text_body).not.toContain("because e-mail notifications are on");
    // The same UTR may be reported again after a rejection (the student fixes the day, say).
    const again = await submit(asha, a2, { utr: "402156789012", paidOn: "2026-11-22", amount: "1000000" });
    expect(again.status).toBe(201);
    // The rejection then no longer tells her to report it (eleventh walk): the new report says where it stands…
    const waiting = await asha.call.fees.transfers({ page: 1, limit: 5 });
    expect(waiting.transfers.map((t) => t.status)).toEqual(["pending"]);
    expect(waiting.pagination.totalItems).toBe(1);
    // …and once it is confirmed, its receipt does.
    await confirmPayment(deps, staff.id, (await again.json()).data.payment.id as number);
    expect((await asha.call.fees.transfers({ page: 1, limit: 5 })).transfers).toEqual([]);
  });
});

describe("what the office and the student are told (third QA walk)", () => {
  test("a UPI transfer reported tells the people who confirm payments (administrators and staff), with the way to Fees → To confirm", async () => {
    await setUpi();
    const inactive = await person("staff");
    await deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", inactive.id).execute();
    const res = await submit(asha, a2, { utr: "402156789012", paidOn: "2026-11-21", amount: "1000000" });
    expect(res.status).toBe(201);
    const notes = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "type", "title", "message"])
      .where("kind", "=", "fee.upiReported")
      .orderBy("recipient_user_id")
      .execute();
    expect(notes.map((n) => n.recipient_user_id)).toEqual([staff.id, admin.id]);
    expect(notes[0]).toMatchObject({ type: "payment", title: "UPI payment to confirm: Asha Patil" });
    expect(notes[0]!.message).toContain("Asha Patil (STU0401) reported paying ₹10,000 by UPI, UTR 402156789012.");
    // Read in the reader's language, with its kind (the office's screen links it to the confirm tab).
    const [shown] = (await inLocale("hi", () => staff.call.notifications.list({}))).notifications;
    expect(shown).toMatchObject({ kind: "fee.upiReported", title: "पुष्टि हेतु UPI भुगतान: Asha Patil" });
    // A refused report tells nobody.
    expect((await submit(asha, a2, { utr: "402156789013", paidOn: "2026-11-21", amount: "1000000" })).status).toBe(409);
    expect(await deps.db.selectFrom("notifications").select("id").where("kind", "=", "fee.upiReported").execute()).toHaveLength(2);
  });

  test("a cancelled receipt tells the student which one and why, in the portal and by e-mail in their language", async () => {
    await speaksHindi(ravi.id);
    const { receipt } = await recordPayment(deps, staff.id, { instalmentId: r1, amount: 3_000_00, mode: "cash", paidOn: "2026-11-22" });
    await cancelReceipt(deps, staff.id, receipt.id, "Recorded against the wrong instalment");
    const note = await deps.db
      .selectFrom("notifications")
      .select(["recipient_user_id", "title", "message", "priority"])
      .where("kind", "=", "fee.receiptCancelled")
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ recipient_user_id: ravi.id, title: `Receipt cancelled: ${receipt.number}`, priority: "high" });
    expect(note.message).toContain("₹3,000");
    expect(note.message).toContain("“Recorded against the wrong instalment”");
    const [shown] = (await inLocale("hi", () => ravi.call.notifications.list({}))).notifications;
    expect(shown!.title).toBe(`रसीद रद्द: ${receipt.number}`);
    const mail = await deps.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "text_body"])
      .where("template", "=", "student_alert")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: ravi.email, subject: `रसीद रद्द: ${receipt.number}` });
    expect(mail.text_body).toContain("Recorded against the wrong instalment");
    expect(mail.text_body).toContain("/student/fees");
    expect(mail.text_body).toContain("यह आपके शुल्क का रिकॉर्ड है");
  });
});
