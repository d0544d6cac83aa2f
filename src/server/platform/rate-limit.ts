/**
 * In-memory fixed-window rate limits (one process owns the site). Each rule is named, so the table in
 * docs/SECURITY.md and the code say the same thing.
 */
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

interface Window {
  count: number;
  resetAt: number;
}

export interface RateLimiter {
  /** Counts one event; throws 429 (with Retry-After) once the rule's limit is exceeded. */
  consume(rule: RateRuleName, key: string): void;
  /**
   * Throws 429 if the limit is already reached, without counting (for rules that count only failures, or
   * only accepted requests). `message` words the refusal with the moment the window reopens.
   */
  assertAvailable(rule: RateRuleName, key: string, message?: (reopensAt: Date) => string): void;
  /** Counts one event without throwing. */
  record(rule: RateRuleName, key: string): void;
  reset(rule: RateRuleName, key: string): void;
}

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

  const retryAfter = (w: Window, t: number) => Math.max(1, Math.ceil((w.resetAt - t) / 1000));

  const limiter: RateLimiter = {
    consume(rule, key) {
      limiter.assertAvailable(rule, key);
      limiter.record(rule, key);
    },
    assertAvailable(rule, key, message) {
      const { w, t } = current(rule, key);
      if (w && w.count >= rules[rule].limit) throw tooManyRequests(retryAfter(w, t), message?.(new Date(w.resetAt)));
    },
    record(rule, key) {
      const { id, w, t } = current(rule, key);
      if (w) w.count += 1;
      else windows.set(id, { count: 1, resetAt: t + rules[rule].windowMs });
    },
    reset(rule, key) {
      windows.delete(`${rule}\u0000${key}`);
    },
  };
  return limiter;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "Please try again after 14:35." in the institute's time zone: the real wait, not "a moment". */
export function tryAgainAfter(timeZone: string): (reopensAt: Date) => string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    clockFormats.set(timeZone, format);
  }
  const clock = format;
  return (reopensAt) => MSG.submissionsLimited(clock.format(reopensAt));
}

/**
 * A public form's limits: each (rule, key) is checked before the form is processed and counted only once it
 * was accepted, so refused or mistyped forms never use up anybody's allowance.
 */
export function acceptedSubmissions(limits: RateLimiter, keys: readonly (readonly [RateRuleName, string])[], timeZone: string) {
  return {
    assertOpen() {
      const message = tryAgainAfter(timeZone);
      for (const [rule, key] of keys) limits.assertAvailable(rule, key, message);
    },
    countAccepted() {
      for (const [rule, key] of keys) limits.record(rule, key);
    },
  };
}
