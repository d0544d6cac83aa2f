import { describe, expect, test } from "bun:test";
import { createTestDeps } from "../testing.ts";
import {
  createDatabaseRateLimiter,
  createRateLimiter,
  RATE_RULES,
  type RateLimiter,
  type RateRule,
  type RateRuleName,
} from "./rate-limit.ts";

const RULES: Record<RateRuleName, RateRule> = {
  ...RATE_RULES,
  loginFailuresPerIp: { limit: 3, windowMs: 60_000 },
  codeChecksPerIp: { limit: 1, windowMs: 1000 },
};

/** Both limiters, with a clock the test moves: in memory (one process), and in the database (several, issue 21). */
const LIMITERS: [string, (now: () => Date) => Promise<RateLimiter>][] = [
  ["in memory", async (now) => createRateLimiter(now, RULES)],
  ["in the database", async (now) => createDatabaseRateLimiter((await createTestDeps()).db, now, RULES)],
];

describe.each(LIMITERS)("rate limiter %s", (_, make) => {
  test("allows the limit, refuses limit + 1 with Retry-After, and opens again after the window", async () => {
    let t = 0;
    const limiter = await make(() => new Date(t));
    for (let i = 0; i < 3; i++) await limiter.consume("loginFailuresPerIp", "a");
    t = 15_000;
    await expect(limiter.consume("loginFailuresPerIp", "a")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: 45 });
    // Other keys and rules are separate.
    await limiter.consume("loginFailuresPerIp", "b");
    await limiter.consume("codeChecksPerIp", "a");
    t = 60_001;
    await limiter.consume("loginFailuresPerIp", "a");
  });

  test("assertAvailable counts nothing; record counts without throwing; reset opens the window", async () => {
    const limiter = await make(() => new Date(0));
    for (let i = 0; i < 100; i++) await limiter.assertAvailable("forgotPasswordPerEmail", "x");
    for (let i = 0; i < 5; i++) await limiter.record("forgotPasswordPerEmail", "x");
    await expect(limiter.assertAvailable("forgotPasswordPerEmail", "x", (at) => `after ${at.getTime()}`)).rejects.toThrow(
      `after ${RATE_RULES.forgotPasswordPerEmail.windowMs}`,
    );
    await limiter.reset("forgotPasswordPerEmail", "x");
    await limiter.assertAvailable("forgotPasswordPerEmail", "x");
  });
});

describe("the database's limiter across processes (issue 21)", () => {
  test("two limiters on one database share the count: the limit holds across both, even asked at once", async () => {
    const { db } = await createTestDeps();
    const now = () => new Date(0);
    const one = createDatabaseRateLimiter(db, now, RULES);
    const other = createDatabaseRateLimiter(db, now, RULES);
    const tries = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : other).consume("loginFailuresPerIp", "ip")));
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(RULES.loginFailuresPerIp.limit);
    await expect(one.assertAvailable("loginFailuresPerIp", "ip")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});
