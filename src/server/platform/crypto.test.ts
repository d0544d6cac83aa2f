import { describe, expect, test } from "bun:test";
import { generatePassword, hashPassword, verifyPassword } from "./crypto.ts";

describe("passwords", () => {
  // The tests' own accounts are hashed at a lower cost (src/server/testing.ts); the product's is checked here.
  test("are hashed with argon2id at OWASP's floor (19 MiB, two passes), salted", async () => {
    const hash = await hashPassword("Correct1Horse");
    expect(hash).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
    expect(await hashPassword("Correct1Horse")).not.toBe(hash);
  });

  test("are verified against their hash: the right one only, and never for an account without one", async () => {
    const hash = await hashPassword("Correct1Horse");
    expect(await verifyPassword("Correct1Horse", hash)).toBe(true);
    expect(await verifyPassword("correct1horse", hash)).toBe(false);
    expect(await verifyPassword("Correct1Horse", null)).toBe(false);
    expect(await verifyPassword("Correct1Horse", "not a hash")).toBe(false);
  });

  test("a generated password keeps the policy: 16 characters with upper, lower and a digit", () => {
    const password = generatePassword();
    expect(password).toHaveLength(16);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/\d/);
  });
});
