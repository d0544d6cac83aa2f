/**
 * Issue 10 §2 — every rate limit of docs/SECURITY.md, each driven through the app to limit + 1: the
 * extra request answers 429 with a Retry-After in seconds. `app.request()` has no socket, so every request
 * counts against the client address "unknown" (the per-address rules); the last test runs a real server
 * to show the key is the socket's address and that X-Forwarded-For cannot reset it.
 */
import { beforeEach, describe, expect, test } from "bun:test";
import { native } from "../../../tests/setup/happy-dom.ts";
import { loadAllCatalogues } from "../../shared/i18n/all.ts";
import { RATE_RULES } from "../platform/rate-limit.ts";
import { createTestDeps, createUser, type TestDeps, testApp } from "../testing.ts";
import { APPLICANT_FIELDS, applicationForm, jsonReq } from "./world.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
beforeEach(async () => {
  deps = await createTestDeps();
  app = testApp(deps);
});

const post = async (p: string, body: unknown) => app.request(p, jsonReq("POST", body));

async function expect429(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  const body = await res.json();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  return { retryAfter, message: body.message as string };
}

/** Sends `limit` requests that must not be limited, then one more that must be. */
async function atLimitPlusOne(limit: number, send: (i: number) => Response | Promise<Response>) {
  for (let i = 0; i < limit; i++) expect((await send(i)).status).not.toBe(429);
  return expect429(await send(limit));
}

describe("sign-in", () => {
  test("an account locks after maxLoginAttempts (5) wrong passwords; even the right one then gets 429", async () => {
    await createUser(deps, { role: "student", email: "locked@example.test", student_id: "STU7001" });
    await atLimitPlusOne(5, (i) =>
      post("/api/auth/student/login", { email: "locked@example.test", password: i < 5 ? "Wrong1Password" : "Correct1Horse" }),
    );
  });

  test(`failed logins per client address: ${RATE_RULES.loginFailuresPerIp.limit} / 15 min, whatever the account`, async () => {
    await atLimitPlusOne(RATE_RULES.loginFailuresPerIp.limit, (i) =>
      post("/api/auth/admin/login", { email: `nobody${i}@example.test`, password: "Wrong1Password" }),
    );
    // The refusal says until when (tenth walk: "wait a moment" for 15 minutes): 06:30 UTC + 15 min in India.
    const refused = await post("/api/auth/admin/login", { email: "late@example.test", password: "Wrong1Password" });
    expect((await refused.json()).message).toBe("Too many failed sign-ins from this network. Please try again after 12:15 pm.");
  }, 30_000); // 31 password checks (argon2id): seconds on a loaded 2-core machine
});

describe("password reset and codes", () => {
  test(`forgot-password per e-mail address: ${RATE_RULES.forgotPasswordPerEmail.limit} / 15 min`, async () => {
    const refused = await atLimitPlusOne(RATE_RULES.forgotPasswordPerEmail.limit, () =>
      post("/api/auth/forgot-password", { email: "same@example.test", userType: "student" }),
    );
    // The wait is said (thirteenth walk: "Please wait a moment" while Retry-After said 900 seconds).
    expect(refused).toEqual({ retryAfter: 900, message: "Too many attempts. Please try again in 15 minutes." });
  });

  test(`forgot-password per client address: ${RATE_RULES.forgotPasswordPerIp.limit} / 15 min`, async () => {
    await atLimitPlusOne(RATE_RULES.forgotPasswordPerIp.limit, (i) =>
      post("/api/auth/forgot-password", { email: `p${i}@example.test`, userType: "student" }),
    );
  });

  test(`code checks per client address: ${RATE_RULES.codeChecksPerIp.limit} / 15 min, shared by reset codes, two-factor and application codes`, async () => {
    const limit = RATE_RULES.codeChecksPerIp.limit;
    await atLimitPlusOne(limit, (i) => {
      if (i % 3 === 0) return post("/api/auth/verify-otp", { email: `c${i}@example.test`, otp: "123456", userType: "student" });
      if (i % 3 === 1) return post("/api/auth/verify-2fa", { challengeToken: "1.abc", code: "123456" });
      return post("/api/admission/access-code/verify", { email: `c${i}@example.test`, code: "123456" });
    });
  });
});

describe("admissions and contact", () => {
  test(`application access codes per e-mail address: ${RATE_RULES.accessCodesPerEmail.limit} / 15 min`, async () => {
    await atLimitPlusOne(RATE_RULES.accessCodesPerEmail.limit, () =>
      post("/api/admission/access-code", { email: "applicant@example.test" }),
    );
  });

  test(`application access codes per client address: ${RATE_RULES.accessCodesPerIp.limit} / 15 min`, async () => {
    await atLimitPlusOne(RATE_RULES.accessCodesPerIp.limit, (i) => post("/api/admission/access-code", { email: `a${i}@example.test` }));
  });

  test(`status lookups per client address: ${RATE_RULES.statusLookupsPerIp.limit} / 15 min`, async () => {
    const refused = await atLimitPlusOne(RATE_RULES.statusLookupsPerIp.limit, (i) =>
      app.request(`/api/admission/status/APP-2026-${String(i).padStart(6, "0")}`),
    );
    expect(refused.message).toBe("Too many attempts. Please try again in 15 minutes.");
    await loadAllCatalogues();
    deps.advance(14.5 * 60_000);
    // Bun's own Request: happy-dom's drops the Cookie header.
    const later = await app.fetch(
      new native.Request("http://localhost/api/admission/status/APP-2026-000999", { headers: { cookie: "lang=hi" } }),
    );
    expect((await expect429(later)).message).toBe("बहुत अधिक प्रयास हो गए हैं। कृपया 1 मिनट बाद फिर से कोशिश करें।");
  });

  const contact = (email: string, extra: Record<string, string> = {}) =>
    post("/api/public/contact", { name: "Visitor", email, subject: "general", message: "Hello", ...extra });

  test(`contact form per client address: ${RATE_RULES.contactPerIp.limit} accepted / hour, and the refusal says until when`, async () => {
    await atLimitPlusOne(RATE_RULES.contactPerIp.limit, (i) => contact(`v${i}@example.test`));
    // 06:30 UTC + 1 hour = 13:00 in Asia/Kolkata (the default time zone of Settings → General).
    const refused = await contact("late@example.test");
    expect((await refused.json()).message).toContain("Please try again after 1:00 pm.");
  });

  test(`contact form per e-mail address: ${RATE_RULES.contactPerEmail.limit} accepted / hour`, async () => {
    await atLimitPlusOne(RATE_RULES.contactPerEmail.limit, () => contact("same@example.test"));
    expect((await contact("other@example.test")).status).toBe(201);
  });

  test("refused contact forms never count: 40 invalid ones, then a valid one is accepted", async () => {
    for (let i = 0; i < 40; i++) expect((await contact("not-an-address")).status).toBe(400);
    expect((await contact("real@example.test")).status).toBe(201);
  });

  test("a cyber café: six people on one address each send their message", async () => {
    for (let i = 0; i < 6; i++) expect((await contact(`person${i}@example.test`)).status).toBe(201);
  });

  test("refused applications never count: 10 incomplete ones, then six applicants on one address are all accepted", async () => {
    for (let i = 0; i < 10; i++) expect((await post("/api/admission/submit", {})).status).toBe(400);
    for (let i = 0; i < 6; i++) {
      const form = await applicationForm({ ...APPLICANT_FIELDS, email: `applicant${i}@example.test` });
      expect((await app.request("/api/admission/submit", { method: "POST", body: form })).status).toBe(201);
    }
  });

  test(`admission submit per client address: ${RATE_RULES.admissionSubmitPerIp.limit} accepted / hour`, async () => {
    for (let i = 0; i < RATE_RULES.admissionSubmitPerIp.limit; i++) await deps.limits.record("admissionSubmitPerIp", "unknown");
    const form = await applicationForm({ ...APPLICANT_FIELDS, email: "one-more@example.test" });
    const res = await app.request("/api/admission/submit", { method: "POST", body: form });
    await expect429(res.clone());
    expect((await res.json()).message).toContain("Please try again after 1:00 pm.");
  });

  test("tRPC twins share the same limits (429 over HTTP)", async () => {
    const call = (i: number) =>
      app.request(
        "/api/trpc/contacts.submit",
        jsonReq("POST", { name: "V", email: `v${i}@example.test`, subject: "general", message: "Hello" }),
      );
    for (let i = 0; i < RATE_RULES.contactPerIp.limit; i++) expect((await call(i)).status).toBe(200);
    expect((await call(999)).status).toBe(429);
  });

  test("a window ends: after its time the same request is accepted again", async () => {
    for (let i = 0; i < RATE_RULES.contactPerEmail.limit; i++) await contact("v@example.test");
    await expect429(await contact("v@example.test"));
    deps.advance(RATE_RULES.contactPerEmail.windowMs + 1000);
    expect((await contact("v@example.test")).status).toBe(201);
  });
});

describe("the key is the socket's address", () => {
  // The test preload (happy-dom) replaces the global Response, so no real socket here: the app is handed
  // what Bun.serve hands it — a server whose requestIP() reports the connecting address.
  const fromAddress = (address: string) => ({ requestIP: () => ({ address, family: "IPv4", port: 40000 }) });

  test("the limit counts per connecting address, and X-Forwarded-For / X-Real-IP cannot reset it", async () => {
    const send = (i: number) =>
      app.request(
        "/api/public/contact",
        jsonReq("POST", { name: "V", email: `v${i}@example.test`, subject: "general", message: "Hello" }, undefined, {
          "x-forwarded-for": `10.0.0.${i}`,
          "x-real-ip": `10.1.0.${i}`,
        }),
        fromAddress("203.0.113.7"),
      );
    await atLimitPlusOne(RATE_RULES.contactPerIp.limit, send);
    // Another address still has its own allowance.
    const other = await app.request(
      "/api/public/contact",
      jsonReq("POST", { name: "V", email: "w@example.test", subject: "general", message: "Hello" }),
      fromAddress("198.51.100.9"),
    );
    expect(other.status).toBe(201);
  });
});
