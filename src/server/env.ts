/** Reads process.env once at start; on any error the process exits with a readable list. */
import path from "node:path";
import * as v from "valibot";
import { LOG_LEVELS } from "../shared/constants.ts";

const port = v.pipe(
  v.optional(v.string(), "3000"),
  v.transform(Number),
  v.integer("PORT must be a whole number"),
  v.minValue(0, "PORT must be between 0 and 65535"),
  v.maxValue(65535, "PORT must be between 0 and 65535"),
);

/** A PostgreSQL address: DATABASE_URL's form, and copy-to-postgres's argument's (cli.ts). */
export const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;

const envSchema = v.pipe(
  v.object({
    PORT: port,
    HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("HOST must not be empty")), "0.0.0.0"),
    DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty("DATA_DIR must not be empty")), "./data"),
    PUBLIC_URL: v.optional(v.pipe(v.string(), v.url("PUBLIC_URL must be a full URL such as https://example.org"))),
    ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email("ADMIN_EMAIL must be an e-mail address"), v.toLowerCase())),
    ADMIN_PASSWORD: v.optional(
      v.pipe(
        v.string(),
        v.minLength(8, "ADMIN_PASSWORD must be at least 8 characters long"),
        v.regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, "ADMIN_PASSWORD needs an uppercase letter, a lowercase letter and a digit"),
      ),
    ),
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(POSTGRES_URL, "DATABASE_URL must be a postgres:// address (leave it unset for the SQLite file under DATA_DIR)"),
      ),
    ),
    STORAGE_URL: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^(file:\/\/\/\S+|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/\S*)?)$/,
          "STORAGE_URL must be file:///a/shared/folder or s3://bucket/prefix (leave it unset for DATA_DIR/uploads)",
        ),
      ),
    ),
    S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url("S3_ENDPOINT must be an address such as https://s3.ap-south-1.amazonaws.com"))),
    S3_REGION: v.optional(v.string()),
    S3_ACCESS_KEY_ID: v.optional(v.string()),
    S3_SECRET_ACCESS_KEY: v.optional(v.string()),
    SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://"))),
    /** the sender's address; without a name of its own, mail goes under the site name (Settings → General) */
    MAIL_FROM: v.optional(v.string(), "no-reply@institute.local"),
    NODE_ENV: v.optional(
      v.picklist(["development", "production", "test"], "NODE_ENV must be development, production or test"),
      "development",
    ),
    LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`)),
    // Several processes on one machine listening on one port, the kernel spreading connections (docs/SCALING.md).
    REUSE_PORT: v.pipe(
      v.optional(v.picklist(["true", "false", "1", "0"], "REUSE_PORT must be true or false"), "false"),
      v.transform((s) => s === "true" || s === "1"),
    ),
    TRUST_PROXY: v.pipe(
      v.optional(v.picklist(["true", "false", "1", "0"], "TRUST_PROXY must be true or false"), "false"),
      v.transform((s) => s === "true" || s === "1"),
    ),
  }),
  // Checked even when another variable is wrong, so every problem is in the one list.
  v.forward(
    v.partialCheck(
      [["ADMIN_EMAIL"], ["ADMIN_PASSWORD"]],
      (e) => (e.ADMIN_EMAIL === undefined) === (e.ADMIN_PASSWORD === undefined),
      "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    ),
    ["ADMIN_PASSWORD"],
  ),
);

export type Env = v.InferOutput<typeof envSchema> & { dataDir: string; production: boolean };

/** Parses an environment; throws an Error whose message lists every problem, one per line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset, as shells and .env files commonly leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  // Not abortPipeEarly (the shared schemas set it for every parse): the pair check runs even when another
  // variable is wrong. One line a variable: its first problem.
  const result = v.safeParse(envSchema, cleaned, { abortPipeEarly: false });
  if (!result.success) {
    const first = new Map<string, string>();
    for (const i of result.issues) {
      const name = v.getDotPath(i) ?? "environment";
      if (!first.has(name)) first.set(name, i.message);
    }
    const lines = [...first].map(([name, message]) => `  - ${name}: ${message}`);
    throw new Error(`The configuration is not valid:\n${lines.join("\n")}`);
  }
  const env = result.output;
  return { ...env, dataDir: path.resolve(env.DATA_DIR), production: env.NODE_ENV === "production" };
}
