import { describe, expect, test } from "bun:test";
import { createRateLimiter, RATE_RULES } from "./rate-limit.ts";

describe("rate limiter", () => {
  test("allows the limit, refuses limit + 1 with Retry-After, and opens again after the window", () => {
    let t = 0;
    const limiter = createRateLimiter(() => new Date(t), {
      ...RATE_RULES,
      loginFailuresPerIp: { limit: 3, windowMs: 60_000 },
      codeChecksPerIp: { limit: 1, windowMs: 1000 },
    });
    for (let i = 0; i < 3; i++) limiter.consume("loginFailuresPerIp", "a");
    t = 15_000;
    expect(() => limiter.consume("loginFailuresPerIp", "a")).toThrow(
      expect.objectContaining({ code: "TOO_MANY_REQUESTS", retryAfter: 45 }),
    );
    // Other keys and rules are separate.
    limiter.consume("loginFailuresPerIp", "b");
    limiter.consume("codeChecksPerIp", "a");
    t = 60_001;
    limiter.consume("loginFailuresPerIp", "a");
  });

  test("assertAvailable counts nothing; record counts without throwing", () => {
    const limiter = createRateLimiter(() => new Date(0));
    for (let i = 0; i < 100; i++) limiter.assertAvailable("forgotPasswordPerEmail", "x");
    for (let i = 0; i < 5; i++) limiter.record("forgotPasswordPerEmail", "x");
    expect(() => limiter.assertAvailable("forgotPasswordPerEmail", "x")).toThrow();
    limiter.reset("forgotPasswordPerEmail", "x");
    limiter.assertAvailable("forgotPasswordPerEmail", "x");
  });
});
