/**
 * Issue 10 §3 — input fuzzing (fast-check). Arbitrary and boundary inputs go to every tRPC procedure (in
 * process, through callers, and a share over HTTP) and every REST route (through app.request), as a guest,
 * as student A and as an admin. Nothing may answer 500, carry a stack trace or an internal message, and
 * nothing a guest or A sends may change B's rows (or another applicant's, the admin's, the settings…).
 *
 * FUZZ_RUNS (default 22) is the number of cases per procedure or route and role: 80 procedures, ~80
 * routes, 3 roles → over 10,000 cases. FUZZ_SEED replays a run.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import fc from "fast-check";
import { createSession, resolveSession } from "../features/auth/auth.service.ts";
import { appRouter } from "../router.ts";
import { callerFor } from "../testing.ts";
import { buildWorld, type World } from "./world.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 22);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** What must never reach a client: stack frames, error class names, database internals, file paths. */
const LEAK = /(^|\n)\s*at\s|\bat \S+ \(|:\d+:\d+\)|\b\w*Error:|SQLITE|TypeError|ReferenceError|RangeError|node_modules|\/src\/server\//;

type Role = "guest" | "student" | "admin";
let w: World;
let cases = 0;

beforeAll(async () => {
  w = await buildWorld();
});

// ————— arbitraries —————

const FIELD_NAMES = [
  "id",
  "email",
  "password",
  "name",
  "page",
  "limit",
  "search",
  "status",
  "range",
  "category",
  "title",
  "description",
  "imageIds",
  "admissionId",
  "action",
  "rejectionReason",
  "message",
  "subject",
  "priority",
  "token",
  "code",
  "otp",
  "userType",
  "studentId",
  "resetToken",
  "challengeToken",
  "accessToken",
  "query",
  "mobile",
  "standard",
  "dateOfBirth",
  "bloodGroup",
  "pincode",
  "emergencyContact",
  "enabled",
  "theme",
  "language",
  "showPhotoOnVerification",
  "general",
  "security",
  "system",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "assignedTo",
  "isActive",
  "type",
  "phone",
  "website",
  "respondedBy",
  "address",
  "city",
  "state",
  "gender",
  "course",
  "__proto__",
  "constructor",
] as const;

const edgeStrings = fc.constantFrom(
  "",
  " ",
  "'",
  '"',
  "' OR '1'='1' --",
  "%",
  "_",
  "\\",
  "\u0000",
  "abc\u0000def",
  "../../../etc/passwd",
  "..%2f..%2f",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "𝕏𝕐",
  "\uD800",
  "\u202E",
  "a".repeat(6000),
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "__proto__",
  "null",
  "true",
  "2026-02-30",
  "STU0001",
  "APP-2026-000001",
  "x@y",
  "a@b.c",
  "admin@example.test",
  "7d",
  "all",
  "approve",
  "reject",
  "student",
  "admin",
  "{}",
  "[]",
);
const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  2,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  0.5,
  NaN,
  Infinity,
  -Infinity,
);
const scalar = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: edgeStrings },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: edgeNumbers },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie("v"), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("v"), { maxKeys: 5 }) },
  ),
})).v;
/** Procedure inputs: mostly objects with the real field names, sometimes anything at all. */
const input = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }) },
  { weight: 1, arbitrary: value },
);

// ————— helpers —————

/** Lone surrogates cannot be percent-encoded; a browser would send U+FFFD instead. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** In-process calls get the role's auth as the HTTP layer would give it: no session row is read there. */
function authFor(role: Role) {
  if (role === "guest") return null;
  const person = role === "admin" ? w.admin : w.a;
  return { user: person.auth.user, sessionId: person.auth.sessionId };
}

/**
 * A live session token for the role, for requests over HTTP: the last one while it still signs in (as the
 * app's own middleware reads it), a new one once a case ended it (a logout, a password change). A new
 * session for every case cost a write each, which made every next request read the settings and sessions
 * afresh: half the file's time on PostgreSQL.
 */
const tokens = new Map<Role, string>();
let sessionsMade = 0;
async function tokenFor(role: Role) {
  if (role === "guest") return undefined;
  const last = tokens.get(role);
  if (last && (await resolveSession(w.deps, last))) return last;
  const token = await createSession(w.deps, (role === "admin" ? w.admin : w.a).id);
  tokens.set(role, token);
  sessionsMade += 1;
  return token;
}

const procedures = () => Object.keys((appRouter._def as unknown as { procedures: Record<string, unknown> }).procedures);
const routes = () => [...new Map(w.app.routes.filter((r) => r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r])).values()];

async function fuzzProcedure(name: string, role: Role) {
  const [area, proc] = name.split(".") as [string, string];
  await fc.assert(
    fc.asyncProperty(input, async (arg) => {
      cases += 1;
      const auth = authFor(role);
      const caller = callerFor(w.deps, auth as never) as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>;
      try {
        await caller[area]![proc]!(arg);
      } catch (err) {
        if (!(err instanceof TRPCError)) throw new Error(`${role} ${name}: a non-tRPC error escaped: ${String(err)}`);
        if (err.code === "INTERNAL_SERVER_ERROR") throw new Error(`${role} ${name}: internal error: ${String(err.cause ?? err.message)}`);
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
}

const PARAM = fc.oneof(
  fc.string({ maxLength: 20 }),
  edgeStrings,
  fc.integer().map(String),
  edgeNumbers.map(String),
  fc.constantFrom("..", ".", "%2e%2e", "%252e", "%5c", "%00", "1%20OR%201=1"),
);
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----fuzz",
  "multipart/form-data",
  "",
];
const restCase = fc.record({
  params: fc.array(PARAM, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(
    fc.constantFrom(...FIELD_NAMES, "size", "download", "access", "batch", "input"),
    fc.oneof(fc.string({ maxLength: 12 }), edgeStrings),
    { maxKeys: 4 },
  ),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  body: fc.oneof(
    input.map((v) => JSON.stringify(v) ?? "null"),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      "",
      "{",
      "[1,2",
      "null",
      '{"__proto__":{"admin":true}}',
      '------fuzz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nxx\r\n------fuzz--',
      "a=1&a=2&id[]=3",
    ),
  ),
  useRealId: fc.boolean(),
});

/** Error bodies are checked for leaks; a successful answer may echo what was stored. */
function checkResponse(what: string, status: number, body: string) {
  if (status >= 500 && !(status === 503 && body.includes("maintenance"))) throw new Error(`${what}: ${status} ${body.slice(0, 300)}`);
  if (status >= 400 && LEAK.test(body)) throw new Error(`${what}: internal detail in ${status} body: ${body.slice(0, 300)}`);
}

async function fuzzRoute(route: { method: string; path: string }, role: Role) {
  await fc.assert(
    fc.asyncProperty(restCase, async (c) => {
      cases += 1;
      const token = await tokenFor(role);
      let i = 0;
      const realIds: Record<Role, number> = { guest: w.appOther.id, student: w.noteA, admin: w.ticketB };
      const url =
        route.path
          .replace(/:[a-z]+(\{[^}]*\})?/gi, () => {
            const p = c.params[i++ % 3]!;
            return c.useRealId ? String(realIds[role]) : encodeURIComponent(wellFormed(p));
          })
          .replace(/\/\*$/, `/${encodeURIComponent(wellFormed(c.params[0]!))}`) +
        (Object.keys(c.query).length ? `?${new URLSearchParams(c.query as Record<string, string>).toString()}` : "");
      const headers: Record<string, string> = {};
      if (c.contentType) headers["content-type"] = c.contentType;
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await w.app.request(url, { method: route.method, headers, ...(route.method === "GET" ? {} : { body: c.body }) });
      checkResponse(`${role} ${route.method} ${url}`, res.status, await res.text());
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
}

// ————— the runs —————

describe("fuzzing", () => {
  test("guest and student A: no 500, no internals, and none of B's rows change", async () => {
    const before = await w.snapshotOfB();
    for (const role of ["guest", "student"] as Role[]) {
      for (const name of procedures()) await fuzzProcedure(name, role);
      for (const route of routes()) await fuzzRoute(route, role);
    }
    expect(await w.snapshotOfB()).toBe(before);
  }, 120_000);

  test("tRPC over HTTP (formatted errors, batches of garbage): no 500, no internals", async () => {
    const names = procedures();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...names, "nope", "", "a.b.c", "__proto__.x"), { minLength: 1, maxLength: 25 }),
        fc.array(input, { maxLength: 25 }),
        fc.constantFrom("GET", "POST"),
        fc.boolean(),
        async (paths, inputs, method, batch) => {
          cases += 1;
          const encoded = JSON.stringify(Object.fromEntries(inputs.map((v, i) => [i, v])));
          const p = `/api/trpc/${paths.join(",")}${batch ? "?batch=1" : ""}`;
          const res =
            method === "GET"
              ? await w.app.request(
                  `${p}${batch ? "&" : "?"}input=${encodeURIComponent(batch ? encoded : JSON.stringify(inputs[0] ?? null))}`,
                )
              : await w.app.request(p, {
                  method,
                  headers: { "content-type": "application/json", authorization: `Bearer ${w.a.token}` },
                  body: batch ? encoded : JSON.stringify(inputs[0] ?? null),
                });
          checkResponse(`${method} ${p}`, res.status, await res.text());
        },
      ),
      { numRuns: RUNS * 20, seed: SEED, endOnFailure: true },
    );
  }, 60_000);

  test("admin: no 500 and no internals (the admin may change anything, so no snapshot here)", async () => {
    for (const name of procedures()) await fuzzProcedure(name, "admin");
    for (const route of routes()) await fuzzRoute(route, "admin");
    console.info(`fuzz: ${cases} cases (FUZZ_RUNS=${RUNS}), ${sessionsMade} sessions made`);
    expect(cases).toBeGreaterThanOrEqual(RUNS * (procedures().length + routes().length) * 3);
  }, 120_000);
});
