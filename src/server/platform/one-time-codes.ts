/**
 * One-time codes (6 digits, e-mailed) and one-time tokens (links, reset tokens). Only hashes are stored;
 * a new code voids the previous one for the same purpose and address; a code allows at most 5 wrong
 * tries; everything expires.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, OneTimeCodePurpose, OneTimeCodesTable } from "../../../db/schema.ts";
import { CODE_LENGTH } from "../../shared/constants.ts";
import { account } from "../../shared/i18n/account.ts";
import { labelsOf } from "../../shared/i18n/translate.ts";
import { randomDigits, randomToken, safeEqual, sha256 } from "./crypto.ts";
import { AppError } from "./errors.ts";

export const MAX_CODE_ATTEMPTS = 5;

/** In the request's language (the account catalogue), read at each use. */
const CODE_KEYS = {
  invalid: "codeInvalid",
  expired: "codeExpired",
  exhausted: "codeExhausted",
  linkInvalid: "linkInvalid",
  linkExpired: "linkExpired",
} as const;
export const CODE_MESSAGES = labelsOf(Object.keys(CODE_KEYS) as (keyof typeof CODE_KEYS)[], (key) => account.t(CODE_KEYS[key]));

interface Scope {
  purpose: OneTimeCodePurpose;
  email: string;
  admissionId?: number | null;
}

/** Hash input: a code can be bound to a second secret (e.g. a two-factor challenge token). */
const hashOf = (value: string, secret?: string) => sha256(secret ? `${secret}:${value}` : value);

async function voidOpen(db: Kysely<Database>, at: string, scope: Scope) {
  let q = db
    .updateTable("one_time_codes")
    .set({ consumed_at: at })
    .where("purpose", "=", scope.purpose)
    .where("email", "=", scope.email)
    .where("consumed_at", "is", null);
  if (scope.admissionId != null) q = q.where("admission_id", "=", scope.admissionId);
  await q.execute();
}

/** Voids the scope's open codes and stores the new one (only its hash), valid for `ttlSeconds`; returns its row's id. */
async function storeOpen(
  db: Kysely<Database>,
  now: Date,
  opts: Scope & { userId?: number | null; ttlSeconds: number },
  codeHash: string,
): Promise<number> {
  const at = now.toISOString();
  await voidOpen(db, at, opts);
  const row = await db
    .insertInto("one_time_codes")
    .values({
      purpose: opts.purpose,
      email: opts.email,
      user_id: opts.userId ?? null,
      admission_id: opts.admissionId ?? null,
      code_hash: codeHash,
      expires_at: new Date(now.getTime() + opts.ttlSeconds * 1000).toISOString(),
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function issueCode(
  db: Kysely<Database>,
  now: Date,
  opts: Scope & { userId?: number | null; ttlSeconds: number; secret?: string },
): Promise<{ code: string; id: number }> {
  const code = randomDigits(CODE_LENGTH);
  const id = await storeOpen(db, now, opts, hashOf(code, opts.secret));
  return { code, id };
}

/**
 * Checks a code; on success it is used up and its row returned. Wrong codes count towards the limit, so `db` is
 * never a transaction that the refusal rolls back. `userId`: only a code that account asked for.
 */
export async function verifyCode(db: Kysely<Database>, now: Date, opts: Scope & { code: string; secret?: string; userId?: number }) {
  let q = db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("purpose", "=", opts.purpose)
    .where("email", "=", opts.email)
    .where("consumed_at", "is", null);
  if (opts.admissionId != null) q = q.where("admission_id", "=", opts.admissionId);
  if (opts.userId !== undefined) q = q.where("user_id", "=", opts.userId);
  const row = await q.orderBy("id", "desc").executeTakeFirst();
  if (!row) throw new AppError("BAD_REQUEST", CODE_MESSAGES.invalid);
  if (row.expires_at <= now.toISOString()) throw new AppError("BAD_REQUEST", CODE_MESSAGES.expired);
  if (row.failed_attempts >= MAX_CODE_ATTEMPTS) throw new AppError("BAD_REQUEST", CODE_MESSAGES.exhausted);
  if (!safeEqual(hashOf(opts.code, opts.secret), row.code_hash)) {
    // Counted by the database, not from the row read above: wrong codes sent at the same moment each count
    // (race audit), and the one that reaches the limit uses the code up.
    const counted = await db
      .updateTable("one_time_codes")
      .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
      .where("id", "=", row.id)
      .returning("failed_attempts")
      .executeTakeFirst();
    const failed = counted?.failed_attempts ?? MAX_CODE_ATTEMPTS;
    if (failed >= MAX_CODE_ATTEMPTS) {
      await db
        .updateTable("one_time_codes")
        .set({ consumed_at: now.toISOString() })
        .where("id", "=", row.id)
        .where("consumed_at", "is", null)
        .execute();
    }
    throw new AppError("BAD_REQUEST", failed >= MAX_CODE_ATTEMPTS ? CODE_MESSAGES.exhausted : CODE_MESSAGES.invalid);
  }
  // The right code is taken only while fewer than the limit of wrong ones have counted, checked by the same
  // statement that uses it up: a right guess among many sent at once is refused once the limit is reached.
  await consume(db, row.id, now, CODE_MESSAGES.invalid, MAX_CODE_ATTEMPTS);
  return row;
}

/** A single-use random token (for links and reset tokens); voids earlier open tokens of the same scope. */
export async function issueToken(
  db: Kysely<Database>,
  now: Date,
  opts: Scope & { userId?: number | null; ttlSeconds: number },
): Promise<string> {
  const token = randomToken();
  await storeOpen(db, now, opts, sha256(token));
  return token;
}

/** A link's code as it stands, unused: its row while it is in time, else the refusal its use would get. */
export async function checkToken(db: Kysely<Database>, now: Date, purpose: OneTimeCodePurpose, token: string) {
  if (!token || token.length > 200) throw new AppError("BAD_REQUEST", CODE_MESSAGES.linkInvalid);
  const row = await db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("code_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.consumed_at) throw new AppError("BAD_REQUEST", CODE_MESSAGES.linkInvalid);
  if (row.expires_at <= now.toISOString()) throw new AppError("BAD_REQUEST", CODE_MESSAGES.linkExpired, { reason: "link_expired" });
  return row;
}

/**
 * Uses up a token; 400 with a message containing "expired" once past its lifetime. `beforeUse` runs after
 * the token is found valid and before it is used up, so a refusal there (e.g. a password that breaks the
 * policy) leaves the token usable for the next try.
 */
export async function consumeToken(
  db: Kysely<Database>,
  now: Date,
  purpose: OneTimeCodePurpose,
  token: string,
  beforeUse?: (row: Selectable<OneTimeCodesTable>) => Promise<void>,
) {
  const row = await checkToken(db, now, purpose, token);
  await beforeUse?.(row);
  await consume(db, row.id, now, CODE_MESSAGES.linkInvalid);
  return row;
}

/**
 * Marks a code used, atomically: a second concurrent use of the same code finds it used and is refused, as is a
 * code that has meanwhile counted `maxFailed` wrong tries.
 */
async function consume(db: Kysely<Database>, id: number, now: Date, refusal: string, maxFailed?: number): Promise<void> {
  const used = await db
    .updateTable("one_time_codes")
    .set({ consumed_at: now.toISOString() })
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .$if(maxFailed !== undefined, (q) => q.where("failed_attempts", "<", maxFailed!))
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError("BAD_REQUEST", refusal);
}
