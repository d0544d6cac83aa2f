/** Random tokens, hashing of tokens and codes, and password hashing in one place. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** A numeric code of `digits` digits from a CSPRNG. */
export const randomDigits = (digits: number) => Array.from({ length: digits }, () => randomInt(0, 10)).join("");

/** Tokens and codes are stored only as their SHA-256. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** argon2id with OWASP's recommended floor (19 MiB, 2 passes): strong, and 20 logins at once fit in memory. */
const ARGON = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

export const hashPassword = (password: string) => Bun.password.hash(password, ARGON);

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    // Spend comparable time so an unknown or password-less account is not revealed by timing.
    await Bun.password.verify(password, DUMMY_HASH);
    return false;
  }
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

const DUMMY_HASH = await Bun.password.hash(randomToken(), ARGON);

/** A strong random password that meets the password policy (upper, lower, digit; 16 characters). */
export function generatePassword(): string {
  const core = randomToken().replace(/[-_]/g, "").slice(0, 13);
  return `${core}Aa7`;
}
