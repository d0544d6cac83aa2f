import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { loadAllCatalogues } from "../../shared/i18n/all.ts";
import { DEFAULT_SETTINGS } from "../../shared/schemas/settings.ts";
import { getSettings, saveSettingsGroup } from "../features/settings/settings.service.ts";
import { createTestDeps, createUser } from "../testing.ts";
import { createInstituteMailer as createMailer } from "../workers.ts";
import { backoffMs, MAX_SEND_ATTEMPTS, type MailTransport, senderOf, smtpTransport } from "./mail.ts";
import { type EmailTemplate, renderEmail } from "./mail-templates.ts";
import { inLocale, requestLocale } from "./request-locale.ts";
import { dataPaths } from "./storage.ts";

const ALL_TEMPLATES: EmailTemplate[] = [
  { template: "password_reset_code", name: "Asha", code: "123456" },
  { template: "application_access_code", name: "Asha", code: "654321", applicationNumber: "APP-2026-000001" },
  { template: "student_credentials", name: "Asha", studentId: "STU0001", link: "https://i.example/first-login?token=t", validDays: 7 },
  { template: "admission_received", name: "Asha", applicationNumber: "APP-2026-000001", statusUrl: "https://i.example/admission-status" },
  {
    template: "admission_approved",
    name: "Asha",
    applicationNumber: "APP-2026-000001",
    studentId: "STU0001",
    link: "https://i.example/first-login?token=t",
    validDays: 7,
  },
  { template: "admission_rejected", name: "Asha", applicationNumber: "APP-2026-000001", reason: "Marksheet <unreadable>" },
  { template: "contact_reply", name: "Asha", subject: "Fees", reply: "The fee is ₹12,000.", originalMessage: "What are the fees?" },
  { template: "two_factor_code", name: "Asha", code: "111222" },
  { template: "staff_invitation", name: "Ravi", role: "staff", link: "https://i.example/first-login?token=t", validDays: 7 },
  {
    template: "fee_receipt",
    name: "Asha",
    number: "RCP/2026-27/000001",
    amount: 1_250_050,
    lateFee: 25_000,
    mode: "upi",
    issuedOn: "2026-11-22",
    link: "https://i.example/student/fees/receipts/1",
  },
  {
    template: "student_credentials",
    name: "Asha",
    studentId: "STU0001",
    link: "https://i.example/first-login?token=t",
    validDays: 7,
    returning: true,
  },
];

describe("templates", () => {
  test("every template has a subject, a text and an HTML part signed with the institute's details", () => {
    const institute = { ...DEFAULT_SETTINGS.institute, name: "Institute of Distance Education" };
    for (const t of ALL_TEMPLATES) {
      const r = renderEmail(t, institute);
      expect(r.subject.length).toBeGreaterThan(5);
      expect(r.text).toContain(institute.name);
      expect(r.text).toContain(institute.email);
      expect(r.html).toContain(institute.name);
      if ("code" in t) {
        expect(r.text).toContain(t.code);
        expect(r.text).toContain("5 minutes");
      }
      if ("link" in t) expect(r.text).toContain(t.link);
    }
  });

  test("values are escaped in HTML and the rejection reason is included", () => {
    const r = renderEmail(ALL_TEMPLATES[5]!, { ...DEFAULT_SETTINGS.institute, name: "IDE" });
    expect(r.text).toContain("Marksheet <unreadable>");
    expect(r.html).toContain("Marksheet &lt;unreadable&gt;");
    expect(r.html).not.toContain("<unreadable>");
  });

  test("a web address in an alert's words is a link in the HTML, escaped; the text keeps it as written (walk 17)", () => {
    const alert = {
      template: "student_alert" as const,
      name: "Asha",
      title: "Fee portal",
      message: 'Pay at https://example.org/pay?x=1&y=2. <script>alert(1)</script> "q"',
      link: "https://i.example/student/notifications",
    };
    const r = renderEmail(alert, { ...DEFAULT_SETTINGS.institute, name: "IDE" });
    expect(r.html).toContain(
      'Pay at <a href="https://example.org/pay?x=1&amp;y=2" style="color:#1d3a8a">https://example.org/pay?x=1&amp;y=2</a>.',
    );
    expect(r.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot;");
    expect(r.html).not.toContain("<script>");
    expect(r.text).toContain('Pay at https://example.org/pay?x=1&y=2. <script>alert(1)</script> "q"');
  });

  test("a fee receipt names what of the amount paid a late fee, and says nothing of one it did not pay (stop 49)", () => {
    const receipt = ALL_TEMPLATES.find((t) => t.template === "fee_receipt")!;
    const institute = { ...DEFAULT_SETTINGS.institute, name: "IDE" };
    expect(renderEmail(receipt, institute).text).toContain("Amount: ₹12,500.50\nOf which late fee: ₹250\n");
    for (const lateFee of [0, undefined])
      expect(renderEmail({ ...receipt, lateFee } as typeof receipt, institute).text).not.toContain("late fee");
  });

  test("a fee receipt says the day the money was paid beside the receipt's date, as the printed receipt does (walk 29a)", () => {
    const receipt = { ...ALL_TEMPLATES.find((t) => t.template === "fee_receipt")!, paidOn: "2026-11-21" } as EmailTemplate;
    const institute = { ...DEFAULT_SETTINGS.institute, name: "IDE" };
    expect(renderEmail(receipt, institute).text).toContain("Date: 22 November 2026\nPaid on: 21 November 2026\n");
    expect(renderEmail(receipt, institute).html).toContain("Date: 22 November 2026<br>Paid on: 21 November 2026");
  });

  test("its links open the site in the e-mail's language (walk 29a: a Hindi e-mail's link opened an English page)", async () => {
    // As the app makes it, the language a message is rendered in (`inLocale`) the source of `currentLocale()`.
    requestLocale(loadAllCatalogues());
    await loadAllCatalogues();
    const institute = { ...DEFAULT_SETTINGS.institute, name: "IDE" };
    const approved = ALL_TEMPLATES.find((t) => t.template === "admission_approved")!;
    const inHindi = inLocale("hi", () => renderEmail(approved, institute));
    expect(inHindi.text).toContain("https://i.example/first-login?token=t&lang=hi");
    expect(inHindi.html).toContain('href="https://i.example/first-login?token=t&amp;lang=hi"');
    const received = ALL_TEMPLATES.find((t) => t.template === "admission_received")!;
    expect(inLocale("mr", () => renderEmail(received, institute)).text).toContain("https://i.example/admission-status?lang=mr");
    // English too: on a device or an institute set to another language, an English e-mail's link opens in English.
    expect(inLocale("en", () => renderEmail(received, institute)).text).toContain("https://i.example/admission-status?lang=en");
  });

  test("the text part: a blank line between blocks, the sign-off's lines one under another (walk 29a)", () => {
    const institute = { ...DEFAULT_SETTINGS.institute, name: "IDE", email: "office@i.example", phones: ["+91 20 1234 5678"] };
    const { text } = renderEmail(ALL_TEMPLATES[0]!, institute);
    expect(text).toEndWith("your password stays as it is.\n\nWarm regards,\nIDE\noffice@i.example · +91 20 1234 5678");
    expect(text).not.toContain("\n\n\n");
  });
});

describe("outbox folder transport (no SMTP_URL)", () => {
  test("writes an RFC 5322 .eml file per message and records it as sent", async () => {
    const deps = await createTestDeps();
    const id = await deps.mail.enqueue(deps.db, "asha@example.test", ALL_TEMPLATES[0]!);
    expect(await deps.mail.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const row = await deps.db.selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
    expect(row.eml_file).toMatch(/\.eml$/);
    const folder = dataPaths(deps.env.dataDir).outbox;
    expect(readdirSync(folder)).toEqual([row.eml_file!]);
    const eml = readFileSync(path.join(folder, row.eml_file!), "utf8");
    for (const header of [
      "From: ",
      "To: asha@example.test",
      "Subject: Your password reset code",
      "Date: ",
      "Message-ID: ",
      "MIME-Version: 1.0",
    ]) {
      expect(eml).toContain(header);
    }
    expect(eml).toContain("123456");
    expect(deps.logLines.some((l) => l.includes("Your password reset code"))).toBe(true);
  });
});

describe("the sender", () => {
  test("an address alone goes under the site name as it is now; a name of MAIL_FROM's own is kept (eleventh walk)", async () => {
    const deps = await createTestDeps();
    const general = (await getSettings(deps)).general;
    await saveSettingsGroup(deps, "general", { ...general, siteName: "Sunrise Open Institute" });
    await deps.mail.enqueue(deps.db, "asha@example.test", ALL_TEMPLATES[0]!);
    await deps.mail.deliverDue();
    const [file] = readdirSync(dataPaths(deps.env.dataDir).outbox);
    expect(readFileSync(path.join(dataPaths(deps.env.dataDir).outbox, file!), "utf8")).toContain(
      "From: Sunrise Open Institute <no-reply@institute.local>",
    );
    expect(senderOf("no-reply@x.in", 'A "quoted"\r\nName')).toBe('"A quotedName" <no-reply@x.in>');
    expect(senderOf("Office <office@x.in>", "Sunrise")).toBe("Office <office@x.in>");
    expect(senderOf("no-reply@x.in", "")).toBe("no-reply@x.in");
  });
});

describe("SMTP transport", () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("delivers the message to a real SMTP server when SMTP_URL is set", async () => {
    const deps = await createTestDeps({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const mailer = createMailer(deps);
    expect(mailer.transport.kind).toBe("smtp");
    await createUser(deps, { role: "student", email: "asha@example.test" });
    await mailer.enqueue(deps.db, "asha@example.test", ALL_TEMPLATES[6]!);
    expect(await mailer.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["asha@example.test"]);
    expect(received[0]!.raw).toContain("Subject: Re: Your inquiry: Fees");
    expect(readdirSync(dataPaths(deps.env.dataDir).outbox)).toEqual([]);
  });

  test("an unreachable server leaves the message pending with the error, to be retried", async () => {
    const deps = await createTestDeps();
    const mailer = createMailer(deps, smtpTransport("smtp://127.0.0.1:1"));
    await mailer.enqueue(deps.db, "asha@example.test", ALL_TEMPLATES[0]!);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await deps.db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();
  });
});

describe("retries", () => {
  test("backs off exponentially, then marks the message failed and notifies the admins", async () => {
    const deps = await createTestDeps();
    await createUser(deps, { role: "admin", email: "head@example.test" });
    let calls = 0;
    const broken: MailTransport = {
      kind: "smtp",
      async send() {
        calls += 1;
        throw new Error("451 try later");
      },
    };
    const mailer = createMailer(deps, broken);
    await mailer.enqueue(deps.db, "asha@example.test", ALL_TEMPLATES[0]!);
    expect((await mailer.deliverDue()).retried).toBe(1);
    // Not due again until the backoff has passed.
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt++) {
      deps.advance(backoffMs(attempt));
      await mailer.deliverDue();
    }
    expect(calls).toBe(MAX_SEND_ATTEMPTS);
    const row = await deps.db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.last_error).toContain("451 try later");
    const notes = await deps.db.selectFrom("notifications").selectAll().execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe("An e-mail could not be delivered");
  });

  test("backoff grows 1, 2, 4 … minutes and is capped at six hours", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(6 * 3_600_000);
  });

  test("a message enqueued inside a transaction that rolls back is never sent", async () => {
    const deps = await createTestDeps();
    await deps.db
      .transaction()
      .execute(async (trx) => {
        await deps.mail.enqueue(trx, "asha@example.test", ALL_TEMPLATES[0]!);
        throw new Error("approval failed");
      })
      .catch(() => {});
    expect(await deps.mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });
});

describe("several workers on one database (issue 21)", () => {
  test("100 queued messages, two mailers delivering at once: each message is sent exactly once", async () => {
    const deps = await createTestDeps();
    const sent: number[] = [];
    const recording: MailTransport = {
      kind: "smtp",
      async send(message) {
        await Bun.sleep(0); // let the other worker run between a claim and its send
        sent.push(message.id);
        return {};
      },
    };
    const first = createMailer(deps, recording);
    const second = createMailer(deps, recording);
    for (let i = 0; i < 100; i++) await first.enqueue(deps.db, `student${i}@example.test`, ALL_TEMPLATES[0]!);
    for (let round = 0; round < 4; round++) await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(sent).toHaveLength(100);
    expect(new Set(sent).size).toBe(100);
    const rows = await deps.db.selectFrom("email_outbox").select("status").execute();
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });
});
