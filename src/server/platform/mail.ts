/**
 * E-mail delivery (DECISIONS 4). Every message is first recorded in the outbox table — inside the
 * caller's transaction when there is one — and then delivered by a small worker: through SMTP when
 * SMTP_URL is set, otherwise written as an RFC 5322 .eml file under DATA_DIR/outbox/. A failed send is
 * retried with exponential backoff and stays visible; after the last attempt it is marked failed and the
 * admins are notified. Nothing is dropped silently.
 */
import path from "node:path";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import { outsideTransactions } from "../../../db/one-connection.ts";
import type { Database } from "../../../db/schema.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import type { Env } from "../env.ts";
import type { Logger } from "./logger.ts";
import type { EmailTemplate, RenderedEmail } from "./mail-templates.ts";
import { inLocale } from "./request-locale.ts";
import { dataPaths } from "./storage.ts";

export const MAX_SEND_ATTEMPTS = 8;
/** How long a claimed message is left to the process that claimed it; after a crash mid-send it is tried again. */
export const SEND_LEASE_MS = 10 * 60_000;
/** Messages read per round; a full round is followed by another at once. */
const DELIVERY_BATCH = 50;
/** 1, 2, 4, … minutes, at most 6 hours */
export const backoffMs = (attempts: number) => Math.min(2 ** (attempts - 1) * 60_000, 6 * 3_600_000);

export interface OutgoingMessage {
  id: number;
  from: string;
  /** the institute's contact address (settings), so every e-mail can be answered by a person */
  replyTo: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface MailTransport {
  readonly kind: "smtp" | "outbox-folder";
  /** Sends one message; for the folder transport, returns the file it wrote. */
  send(message: OutgoingMessage): Promise<{ file?: string }>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(m) {
      await transporter.sendMail(envelopeOf(m));
      return {};
    },
  };
}

/** What nodemailer needs of an outbox message. */
const envelopeOf = (m: { from: string; replyTo?: string | null; to: string; subject: string; text: string; html?: string | null }) => ({
  from: m.from,
  replyTo: m.replyTo ?? undefined,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html ?? undefined,
});

export function outboxFolderTransport(folder: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox-folder",
    async send(m) {
      const info = await composer.sendMail(envelopeOf(m));
      const file = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(m.id).padStart(6, "0")}.eml`;
      await Bun.write(path.join(folder, file), info.message as Buffer);
      return { file };
    },
  };
}

export interface Mailer {
  readonly transport: MailTransport;
  /**
   * Records a message in the outbox through `db` (a transaction or the database); returns its id. It is
   * written in `locale`, the recipient's language, when given; else in the current one (the request's:
   * right when the recipient is the person asking, e.g. for a code).
   */
  enqueue(db: Kysely<Database>, to: string, email: EmailTemplate, locale?: Locale | null): Promise<number>;
  /**
   * Many messages at once (a notice to a whole programme), each as `enqueue` writes it, a few hundred rows a
   * statement instead of one each.
   */
  enqueueMany(db: Kysely<Database>, messages: readonly OutboxMessage[]): Promise<void>;
  /** Asks the worker to deliver soon (call after the enqueuing transaction committed). */
  kick(): void;
  /** Delivers every message that is due now; resolves when done. */
  deliverDue(): Promise<{ sent: number; retried: number; failed: number }>;
  /** Starts the periodic worker. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * What the mailer asks of the product (the platform knows nothing of settings or notifications): how a
 * template reads with the institute's current details, where replies go, and whom to tell when a message
 * is given up on. Wired in `src/server/mailer.ts`.
 */
export interface MailPolicy {
  render(db: Kysely<Database>, email: EmailTemplate): Promise<RenderedEmail>;
  replyTo(db: Kysely<Database>): Promise<string>;
  /** the name the mail is sent under when MAIL_FROM gives an address alone (the institute's, as it is now) */
  senderName(db: Kysely<Database>): Promise<string>;
  onGivenUp(db: Kysely<Database>, at: Date, failed: GivenUpMail): Promise<void>;
}

/**
 * The sender: MAIL_FROM with a name of its own ("Office <office@…>") as it is; an address alone is shown under
 * `name`, so mail from a renamed institute says the new name (eleventh walk: the old one stayed in From).
 */
export function senderOf(mailFrom: string, name: string): string {
  const address = mailFrom.trim();
  if (address.includes("<")) return address;
  const shown = name.replace(/["\\\r\n]/g, "").trim();
  return shown ? `"${shown}" <${address}>` : address;
}

export interface GivenUpMail {
  id: number;
  to: string;
  subject: string;
  template: string;
  attempts: number;
  error: string;
}

interface MailerDeps {
  db: Kysely<Database>;
  env: Env;
  logger: Logger;
  now: () => Date;
  policy: MailPolicy;
}

/** Records a rendered message in the outbox through `db` (a transaction or the database); the worker delivers it. */
export async function writeToOutbox(db: Kysely<Database>, at: Date, to: string, rendered: RenderedEmail): Promise<number> {
  const row = await db
    .insertInto("email_outbox")
    .values(outboxRow(at, to, rendered))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One message for `enqueueMany`: to whom, what, in which language (as `enqueue` takes them). */
export type OutboxMessage = { to: string; email: EmailTemplate; locale?: Locale | null };

/** Rows a statement when many messages are written at once: 7 values each, far below the parameter limits. */
const OUTBOX_BATCH = 500;

function outboxRow(at: Date, to: string, rendered: RenderedEmail) {
  return {
    to_address: to,
    subject: rendered.subject,
    text_body: rendered.text,
    html_body: rendered.html,
    template: rendered.template,
    status: "pending" as const,
    created_at: at.toISOString(),
  };
}

export function createMailer(deps: MailerDeps, transport?: MailTransport): Mailer {
  const chosen =
    transport ?? (deps.env.SMTP_URL ? smtpTransport(deps.env.SMTP_URL) : outboxFolderTransport(dataPaths(deps.env.dataDir).outbox));
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<{ sent: number; retried: number; failed: number }> | null = null;
  let again = false;

  async function deliverOnce() {
    const at = deps.now();
    const due = await deps.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at.toISOString())]))
      .orderBy("id")
      .limit(DELIVERY_BATCH)
      .execute();
    const result = { sent: 0, retried: 0, failed: 0, full: due.length === DELIVERY_BATCH };
    if (due.length === 0) return result;
    const replyTo = await deps.policy.replyTo(deps.db);
    const from = senderOf(deps.env.MAIL_FROM, await deps.policy.senderName(deps.db));
    for (const m of due) {
      // Claimed before it is sent: another process (several on one PostgreSQL database, issue 21) may have
      // read the same row. Moving its next attempt past a lease is the claim; only one update can match.
      const claim = await deps.db
        .updateTable("email_outbox")
        .set({ next_attempt_at: new Date(deps.now().getTime() + SEND_LEASE_MS).toISOString() })
        .where("id", "=", m.id)
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at.toISOString())]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      const attempts = m.attempts + 1;
      try {
        const { file } = await chosen.send({
          id: m.id,
          from,
          replyTo,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          html: m.html_body,
        });
        await deps.db
          .updateTable("email_outbox")
          .set({
            status: "sent",
            attempts,
            sent_at: deps.now().toISOString(),
            eml_file: file ?? null,
            last_error: null,
            next_attempt_at: null,
          })
          .where("id", "=", m.id)
          .execute();
        result.sent += 1;
        deps.logger.info(chosen.kind === "smtp" ? "e-mail sent" : "e-mail written to the outbox folder", {
          id: m.id,
          template: m.template,
          subject: m.subject,
          ...(file ? { file } : {}),
        });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const giveUp = attempts >= MAX_SEND_ATTEMPTS;
        await deps.db
          .updateTable("email_outbox")
          .set({
            attempts,
            last_error: error.slice(0, 500),
            status: giveUp ? "failed" : "pending",
            next_attempt_at: giveUp ? null : new Date(deps.now().getTime() + backoffMs(attempts)).toISOString(),
          })
          .where("id", "=", m.id)
          .execute();
        deps.logger.warn("e-mail delivery failed", { id: m.id, template: m.template, attempts, error });
        if (giveUp) {
          result.failed += 1;
          await deps.policy.onGivenUp(deps.db, deps.now(), {
            id: m.id,
            to: m.to_address,
            subject: m.subject,
            template: m.template,
            attempts,
            error,
          });
        } else {
          result.retried += 1;
        }
      }
    }
    return result;
  }

  const mailer: Mailer = {
    transport: chosen,
    enqueue: async (db, to, email, locale) => {
      return writeToOutbox(db, deps.now(), to, await inLocale(locale, () => deps.policy.render(db, email)));
    },
    enqueueMany: async (db, messages) => {
      const at = deps.now();
      const rows = [];
      for (const m of messages) rows.push(outboxRow(at, m.to, await inLocale(m.locale, () => deps.policy.render(db, m.email))));
      for (let i = 0; i < rows.length; i += OUTBOX_BATCH)
        await db
          .insertInto("email_outbox")
          .values(rows.slice(i, i + OUTBOX_BATCH))
          .execute();
    },
    kick() {
      // Kicked inside a transaction, the round waits for it to end (and sends what it wrote), not refused.
      outsideTransactions(() => {
        void mailer.deliverDue().catch((err) => deps.logger.error("mail worker failed", { error: String(err) }));
      });
    },
    deliverDue() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        const total = { sent: 0, retried: 0, failed: 0 };
        do {
          again = false;
          const r = await deliverOnce();
          total.sent += r.sent;
          total.retried += r.retried;
          total.failed += r.failed;
          // A full batch may have more behind it: they go now, not at the next tick.
          if (r.full) again = true;
        } while (again);
        return total;
      })().finally(() => {
        running = null;
      });
      return running;
    },
    start(intervalMs = 30_000) {
      if (timer) return;
      timer = setInterval(() => mailer.kick(), intervalMs);
      mailer.kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (running) await running.catch(() => {});
    },
  };
  return mailer;
}
