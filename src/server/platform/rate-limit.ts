/**
 * In-memory fixed-window rate limits (one process owns the site). Each rule is named, so the table in
 * docs/SECURITY.md and the code say the same thing.
 */
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
  /** contact-form messages from one client address */
  contactPerIp: { limit: 5, windowMs: 60 * MINUTE },
  /** applications submitted from one client address */
  admissionSubmitPerIp: { limit: 5, windowMs: 60 * MINUTE },
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
  /** Throws 429 if the limit is already reached, without counting (for counting failures only). */
  assertAvailable(rule: RateRuleName, key: string): void;
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
    assertAvailable(rule, key) {
      const { w, t } = current(rule, key);
      if (w && w.count >= rules[rule].limit) throw tooManyRequests(retryAfter(w, t));
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
