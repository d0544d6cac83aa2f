/**
 * The platform's workers as the product uses them. The mailer: the platform's outbox worker (platform/mail.ts) with the institute's
 * rendering and Reply-To (features/settings) and a portal alert for mail given up on (features/notifications).
 * The one place these are joined, so the platform imports no feature.
 */
import type { Kysely } from "kysely";
import { inOneProcess } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import type { AppDeps } from "./deps.ts";
import type { Env } from "./env.ts";
import { sendFeeReminders } from "./features/fees/reminders.service.ts";
import { sendOverdueReminders } from "./features/library/loans.service.ts";
import { notifyAdmins } from "./features/notifications/notifications.service.ts";
import { instituteReplyTo, renderInstituteEmail } from "./features/settings/institute-mail.ts";
import { getSettings } from "./features/settings/settings.service.ts";
import { audit } from "./platform/audit.ts";
import { type BackupSchedule, startBackupScheduler } from "./platform/backups.ts";
import type { Logger } from "./platform/logger.ts";
import { createMailer, type MailPolicy, type MailTransport } from "./platform/mail.ts";

export const instituteMailPolicy: MailPolicy = {
  render: renderInstituteEmail,
  replyTo: instituteReplyTo,
  senderName: async (db) => (await getSettings({ db })).general.siteName,
  onGivenUp: (db, at, m) =>
    notifyAdmins(db, at, {
      type: "system",
      priority: "high",
      kind: "mail.failed",
      params: { subject: m.subject, to: m.to, attempts: m.attempts, error: m.error.slice(0, 200) },
      data: { outboxId: m.id, to: m.to, template: m.template },
      // An alert about an undeliverable alert e-mail stays in the portal: e-mailing it could loop.
      email: m.template !== "admin_alert",
    }),
};

export function createInstituteMailer(
  deps: { db: Kysely<Database>; env: Env; logger: Logger; now: () => Date },
  transport?: MailTransport,
) {
  return createMailer({ ...deps, policy: instituteMailPolicy }, transport);
}

/** Scheduled backups on Settings → System → backup frequency; a failure is a high-priority system alert. */
export function instituteBackupSchedule(deps: AppDeps): BackupSchedule {
  return {
    frequency: async () => (await getSettings(deps)).system.backupFrequency,
    onFailure: (message) =>
      notifyAdmins(deps.db, deps.now(), { type: "system", priority: "high", kind: "backup.failed", params: { error: message } }),
    // Every backup made, by the administrator or on schedule, by whichever process, is in the activity log.
    lastMade: async () =>
      (
        await deps.db
          .selectFrom("audit_log")
          .select("created_at")
          .where("entity_type", "=", "settings")
          .where("action", "=", "backup.create")
          .orderBy("created_at", "desc")
          .limit(1)
          .executeTakeFirst()
      )?.created_at,
    made: (backup) =>
      audit(deps.db, deps.now(), {
        actorUserId: null,
        action: "backup.create",
        entityType: "settings",
        details: { name: backup.name, size: backup.size, scheduled: true },
      }),
  };
}

export function startInstituteBackups(deps: AppDeps) {
  return startBackupScheduler(deps, instituteBackupSchedule(deps));
}

/**
 * A job checked every hour (the first a minute after start), each round in one process only
 * (inOneProcess: several processes may share PostgreSQL), never two rounds at once in this one; a failed
 * round is logged and the next hour tries again. Returns the stop function serve.ts calls on shutdown.
 */
function startHourlyJob(
  deps: AppDeps,
  job: { name: string; run: () => Promise<void>; failure: string },
  everyMs: number,
  firstAfterMs: number,
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await inOneProcess(deps.db, job.name, job.run);
    } catch (err) {
      deps.logger.error(job.failure, { error: String(err) });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, firstAfterMs);
  const timer = setInterval(tick, everyMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * The library's overdue reminders (issue 18), hourly: each student told on the day their books' reminders fall
 * due (sendOverdueReminders keeps the day of each loan's last), so a restart or a missed hour loses nothing.
 */
export function startLibraryReminders(deps: AppDeps, everyMs = 3_600_000, firstAfterMs = 60_000) {
  const run = async () => {
    const { reminded } = await sendOverdueReminders(deps);
    if (reminded) deps.logger.info("overdue library reminders sent", { count: reminded });
  };
  return startHourlyJob(deps, { name: "library-reminders", run, failure: "overdue library reminders failed" }, everyMs, firstAfterMs);
}

/**
 * The automatic fee reminders (issue 19), hourly: each instalment gets its "before" and "after" reminder
 * once (sendFeeReminders keeps them in fee_reminders), so a restart or a missed hour loses nothing and
 * sends nothing twice.
 */
export function startFeeReminders(deps: AppDeps, everyMs = 3_600_000, firstAfterMs = 60_000) {
  const run = async () => {
    const { reminded, instalments } = await sendFeeReminders(deps);
    if (reminded) deps.logger.info("fee reminders sent", { students: reminded, instalments });
  };
  return startHourlyJob(deps, { name: "fee-reminders", run, failure: "fee reminders failed" }, everyMs, firstAfterMs);
}
