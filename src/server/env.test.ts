import { describe, expect, test } from "bun:test";
import path from "node:path";
import { parseEnv } from "./env.ts";

describe("parseEnv", () => {
  test("defaults: port 3000, ./data, development", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.NODE_ENV).toBe("development");
    expect(env.production).toBe(false);
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  test("empty strings count as unset; values are normalised", () => {
    const env = parseEnv({
      PORT: "8080",
      SMTP_URL: "",
      ADMIN_EMAIL: " Boss@Example.ORG ",
      ADMIN_PASSWORD: "Str0ngPassword",
      NODE_ENV: "production",
    });
    expect(env.PORT).toBe(8080);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBe("boss@example.org");
    expect(env.production).toBe(true);
  });

  test("every problem is listed, one per line, naming the variable", () => {
    let message = "";
    try {
      parseEnv({ PORT: "eighty", PUBLIC_URL: "not a url", SMTP_URL: "http://mail", NODE_ENV: "staging", ADMIN_EMAIL: "x@y.z", HOST: " " });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toStartWith("The configuration is not valid:");
    expect(message).toContain("PORT: PORT must be a whole number");
    expect(message).toContain("PUBLIC_URL:");
    expect(message).toContain("SMTP_URL: SMTP_URL must start with smtp:// or smtps://");
    expect(message).toContain("NODE_ENV:");
    expect(message).toContain("HOST: HOST must not be empty");
    // One line a variable: its first problem.
    expect(message.split("\n")).toHaveLength(7);
    // In the same list as another variable's problem: an ADMIN_EMAIL without its password.
    expect(() => parseEnv({ PORT: "abc", ADMIN_EMAIL: "a@b.org" })).toThrow(
      "The configuration is not valid:\n  - PORT: PORT must be a whole number\n  - ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    );
  });

  test("ADMIN_EMAIL and ADMIN_PASSWORD go together, and the password must meet the policy", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.org" })).toThrow("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.org", ADMIN_PASSWORD: "password" })).toThrow("uppercase");
  });

  test("the store for uploads and several processes on one port (issue 21)", () => {
    expect(parseEnv({}).STORAGE_URL).toBeUndefined();
    expect(parseEnv({}).REUSE_PORT).toBe(false);
    expect(parseEnv({ REUSE_PORT: "true" }).REUSE_PORT).toBe(true);
    expect(parseEnv({ STORAGE_URL: "s3://institute-files/pune" }).STORAGE_URL).toBe("s3://institute-files/pune");
    expect(parseEnv({ STORAGE_URL: "file:///srv/shared" }).STORAGE_URL).toBe("file:///srv/shared");
    for (const bad of ["/srv/shared", "file://relative", "s3://", "http://bucket"])
      expect(() => parseEnv({ STORAGE_URL: bad })).toThrow("STORAGE_URL must be file:///a/shared/folder or s3://bucket/prefix");
    expect(() => parseEnv({ S3_ENDPOINT: "minio" })).toThrow("S3_ENDPOINT must be an address");
  });
});
