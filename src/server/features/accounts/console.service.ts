/**
 * The executable's `create-admin` and `reset-password` (issue 20): for whoever runs the server, who holds
 * the data folder and so every right already. Each gives a password shown once that must be changed at
 * the next sign-in, and is written to the activity log with no actor ("at the server command line").
 * They may run while the server serves: its caches notice another connection's commit (db/connection.ts).
 */
import * as v from "valibot";
import { emailAddress } from "../../../shared/schemas/common.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { generatePassword, hashPassword } from "../../platform/crypto.ts";
import { AppError } from "../../platform/errors.ts";
import { endAllSessions, openConsoleAdministrator, requirePasswordChange, storePassword } from "./accounts.repository.ts";

type ConsoleDeps = Pick<AppDeps, "db" | "now">;

function readEmail(raw: string): string {
  const parsed = v.safeParse(emailAddress(), raw);
  if (!parsed.success) throw new AppError("BAD_REQUEST", `"${raw}" is not an e-mail address.`);
  return parsed.output;
}

/** A new administrator with a one-time password; refused when the address has an account already. */
export async function createAdministratorAtConsole(deps: ConsoleDeps, input: { email: string; name?: string }) {
  const email = readEmail(input.email);
  const name = input.name?.trim() || "Administrator";
  const password = generatePassword();
  const at = deps.now();
  const created = await deps.db.transaction().execute(async (trx) => {
    if (await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) return null;
    const user = await openConsoleAdministrator(trx, { name, email, passwordHash: await hashPassword(password) }, at.toISOString());
    await audit(trx, at, {
      actorUserId: null,
      action: "account.admin_created_at_console",
      entityType: "user",
      entityId: user.id,
      details: { email },
    });
    return user;
  });
  if (!created)
    throw new AppError("CONFLICT", `An account with the e-mail ${email} exists already: use reset-password to give it a new password.`);
  return { email, password };
}

/**
 * A new one-time password for the account with this e-mail or student ID: every session of the account
 * ends, a lock from wrong passwords is lifted, and a new password must be chosen at the next sign-in.
 */
export async function resetPasswordAtConsole(deps: ConsoleDeps, login: string) {
  const key = login.trim();
  const user = await deps.db
    .selectFrom("users")
    .select(["id", "email", "role", "student_id"])
    .where((eb) => (key.includes("@") ? eb("email", "=", readEmail(key)) : eb("student_id", "=", key.toUpperCase())))
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", `No account has the ${key.includes("@") ? "e-mail" : "student ID"} ${key}.`);
  const password = generatePassword();
  const hash = await hashPassword(password);
  const at = deps.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    await storePassword(trx, user.id, hash, at.toISOString());
    await requirePasswordChange(trx, user.id);
    const count = await endAllSessions(trx, user.id);
    await audit(trx, at, {
      actorUserId: null,
      action: "account.password_reset_at_console",
      entityType: "user",
      entityId: user.id,
      details: { email: user.email },
    });
    return count;
  });
  return { email: user.email, role: user.role, studentId: user.student_id, password, sessionsEnded: ended };
}
