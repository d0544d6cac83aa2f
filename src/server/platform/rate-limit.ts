/**
 * Fixed-window rate limits: in memory when one process owns the site (SQLite), in the database when several
 * share PostgreSQL (issue 21). Each rule is named, so the table in
 * docs/SECURITY.md and the code say the same thing.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { INTL_LOCALE } from "../../shared/i18n/locales.ts";
import { timeOfDay } from "../../shared/i18n/time-of-day.ts";
import { currentLocale } from "../../shared/i18n/translate.ts";
import { MSG } from "../../shared/messages.ts";
import { tooManyRequests } from "./errors.ts";

export interface RateRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Every limit of the product, in one place. */
export const RATE_RULES = {
  /** failed logins from one client address */
  loginFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** reset-code requests for one e-mail address */
  forgotPasswordPerEmail: { limit: 3, windowMs: 15 * MINUTE },
  /** reset-code requests from one client address */
  forgotPasswordPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** code checks (reset, two-factor, application access) from one client address */
  codeChecksPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /**
   * accepted contact-form messages from one client address: a ceiling for a whole cyber café, college lab
   * or carrier NAT, never reached by refused forms (they are not counted)
   */
  contactPerIp: { limit: 30, windowMs: 60 * MINUTE },
  /** accepted contact-form messages from one e-mail address */
  contactPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  /** accepted applications from one client address (one pending application per e-mail address is a rule of its own) */
  admissionSubmitPerIp: { limit: 30, windowMs: 60 * MINUTE },
  /** e-mail change codes requested by one account */
  emailChangePerUser: { limit: 3, windowMs: 15 * MINUTE },
  /** application status lookups from one client address */
  statusLookupsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** application access-code requests from one client address */
  accessCodesPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** application access-code requests for one e-mail address */
  accessCodesPerEmail: { limit: 3, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

/** A per-address rule's key: the client's address; requests that carry none share one "unknown" window. */
export const ipKey = (meta: { ip?: string | null }) => meta.ip ?? "unknown";

interface Window {
  count: number;
  resetAt: number;
}

export interface RateLimiter {
  /** Counts one event; throws 429 (with Retry-After) once the rule's limit is exceeded. */
  consume(rule: RateRuleName, key: string): Promise<void>;
  /**
   * Throws 429 if the limit is already reached, without counting (for rules that count only failures, or
   * only accepted requests). `message` words the refusal with the moment the window reopens.
   */
  assertAvailable(rule: RateRuleName, key: string, message?: (reopensAt: Date) => string): Promise<void>;
  /** Counts one event without throwing. */
  record(rule: RateRuleName, key: string): Promise<void>;
  reset(rule: RateRuleName, key: string): Promise<void>;
}

const retryAfter = (resetAt: number, t: number) => Math.max(1, Math.ceil((resetAt - t) / 1000));

/** In this process's memory: one process owns the site (SQLite). Async only to share the interface. */
export function createRateLimiter(now: () => Date, rules: Record<RateRuleName, RateRule> = RATE_RULES): RateLimiter {
  const windows = new Map<string, Window>();
  let lastSweep = 0;

  function current(rule: RateRuleName, key: string): { id: string; w: Window | undefined; t: number } {
    const t = now().getTime();
    if (t - lastSweep > 60_000) {
      lastSweep = t;
      for (const [id, w] of windows) if (w.resetAt <= t) windows.delete(id);
    }
    const id = `${rule}\u0000${key}`;
    const w = windows.get(id);
    return { id, w: w && w.resetAt > t ? w : undefined, t };
  }

  const limiter: RateLimiter = {
    async consume(rule, key) {
      await limiter.assertAvailable(rule, key);
      await limiter.record(rule, key);
    },
    async assertAvailable(rule, key, message) {
      const { w, t } = current(rule, key);
      if (w && w.count >= rules[rule].limit) throw tooManyRequests(retryAfter(w.resetAt, t), message?.(new Date(w.resetAt)));
    },
    async record(rule, key) {
      const { id, w, t } = current(rule, key);
      if (w) w.count += 1;
      else windows.set(id, { count: 1, resetAt: t + rules[rule].windowMs });
    },
    async reset(rule, key) {
      windows.delete(`${rule}\u0000${key}`);
    },
  };
  return limiter;
}

/**
 * In the database (issue 21): every process on one PostgreSQL database counts in the same rows
 * (rate_limit_windows), so a limit holds across all of them. A window is counted by one upsert that
 * starts it afresh once it has reopened; consume counts and refuses in that one statement, so two
 * processes cannot both take the last allowance. Expired rows are swept now and then.
 */
export function createDatabaseRateLimiter(
  db: Kysely<Database>,
  now: () => Date,
  rules: Record<RateRuleName, RateRule> = RATE_RULES,
): RateLimiter {
  let lastSweep = 0;
  const count = async (rule: RateRuleName, key: string) => {
    const t = now().getTime();
    if (t - lastSweep > 60_000) {
      lastSweep = t;
      await db.deleteFrom("rate_limit_windows").where("reset_at", "<=", t).execute();
    }
    const fresh = t + rules[rule].windowMs;
    const row = await db
      .insertInto("rate_limit_windows")
      .values({ rule, key, count: 1, reset_at: fresh })
      .onConflict((oc) =>
        oc.columns(["rule", "key"]).doUpdateSet({
          count: sql<number>`case when rate_limit_windows.reset_at <= ${t} then 1 else rate_limit_windows.count + 1 end`,
          reset_at: sql<number>`case when rate_limit_windows.reset_at <= ${t} then ${fresh} else rate_limit_windows.reset_at end`,
        }),
      )
      .returning(["count", "reset_at"])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.reset_at), t };
  };
  return {
    async consume(rule, key) {
      const w = await count(rule, key);
      if (w.count > rules[rule].limit) throw tooManyRequests(retryAfter(w.resetAt, w.t));
    },
    async assertAvailable(rule, key, message) {
      const t = now().getTime();
      const w = await db
        .selectFrom("rate_limit_windows")
        .select(["count", "reset_at"])
        .where("rule", "=", rule)
        .where("key", "=", key)
        .where("reset_at", ">", t)
        .executeTakeFirst();
      if (w && Number(w.count) >= rules[rule].limit)
        throw tooManyRequests(retryAfter(Number(w.reset_at), t), message?.(new Date(Number(w.reset_at))));
    },
    async record(rule, key) {
      await count(rule, key);
    },
    async reset(rule, key) {
      await db.deleteFrom("rate_limit_windows").where("rule", "=", rule).where("key", "=", key).execute();
    },
  };
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment on the institute's clock, written as the app writes times ("7:03 pm", "सायं 7:03"), in the
 * request's language: when a limit or a lock ends, the real wait, not "a moment" (tenth walk: "19:03" here
 * beside "7:03 pm" on the office's screens).
 */
export function clockTime(timeZone: string): (at: Date) => string {
  const locale = currentLocale();
  const key = `${timeZone} ${locale}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone, ...timeOfDay(locale === "en") });
    clockFormats.set(key, format);
  }
  const clock = format;
  return (at) => clock.format(at);
}

/** "Please try again after 2:35 pm." in the institute's time zone. */
export function tryAgainAfter(timeZone: string): (reopensAt: Date) => string {
  const clock = clockTime(timeZone);
  return (reopensAt) => MSG.submissionsLimited(clock(reopensAt));
}

/**
 * A public form's limits: each (rule, key) is checked before the form is processed and counted only once it
 * was accepted, so refused or mistyped forms never use up anybody's allowance.
 */
export function acceptedSubmissions(limits: RateLimiter, keys: readonly (readonly [RateRuleName, string])[], timeZone: string) {
  return {
    async assertOpen() {
      const message = tryAgainAfter(timeZone);
      for (const [rule, key] of keys) await limits.assertAvailable(rule, key, message);
    },
    async countAccepted() {
      for (const [rule, key] of keys) await limits.record(rule, key);
    },
  };
}
