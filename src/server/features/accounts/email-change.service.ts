/**
 * Changing one's own e-mail address (issue 14.2): the current password, then a code sent to the NEW address
 * proves it is theirs; when it is done the OLD address is told, the other sessions end and the log says so.
 * The address is where reset codes and first-login links go, so it is never changed by a form field alone.
 */

import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { CODE_LIFETIME_SECONDS } from "../../../shared/constants.ts";
import type { EmailChangeConfirmInput, EmailChangeRequestInput } from "../../../shared/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { verifyPassword } from "../../platform/crypto.ts";
import { fieldError, notFound } from "../../platform/errors.ts";
import { issueCode, verifyCode } from "../../platform/one-time-codes.ts";
import { ipKey } from "../../platform/rate-limit.ts";
import { findUserById, type SessionMeta, toPublicUser } from "../auth/auth.service.ts";
import { changeAccountEmail } from "./accounts.repository.ts";

async function assertAddressFree(deps: Pick<AppDeps, "db">, email: string, userId: number) {
  const holder = await deps.db.selectFrom("users").select("id").where("email", "=", email).where("id", "!=", userId).executeTakeFirst();
  if (holder) throw fieldError("CONFLICT", "newEmail", ACCOUNT_MSG.emailTaken);
}

/** Step 1: checks the password and that the address is new and free, then e-mails a code to it. */
export async function requestEmailChange(deps: AppDeps, userId: number, input: EmailChangeRequestInput, meta: SessionMeta = {}) {
  const account = await findUserById(deps.db, userId);
  if (!account) throw notFound();
  await deps.limits.assertAvailable("emailChangePerUser", String(userId));
  if (!(await verifyPassword(input.currentPassword, account.password_hash))) {
    throw fieldError("BAD_REQUEST", "currentPassword", ACCOUNT_MSG.currentPasswordWrong);
  }
  if (input.newEmail === account.email) throw fieldError("BAD_REQUEST", "newEmail", ACCOUNT_MSG.emailSameAsCurrent);
  await assertAddressFree(deps, input.newEmail, userId);
  await deps.limits.record("emailChangePerUser", String(userId));
  await deps.db.transaction().execute(async (trx) => {
    const { code } = await issueCode(trx, deps.now(), {
      purpose: "email_change",
      email: input.newEmail,
      userId,
      ttlSeconds: CODE_LIFETIME_SECONDS,
    });
    await deps.mail.enqueue(trx, input.newEmail, { template: "email_change_code", name: account.name, code });
    await audit(trx, deps.now(), {
      actorUserId: userId,
      action: "account.email_change_requested",
      entityType: "user",
      entityId: userId,
      ip: meta.ip,
    });
  });
  deps.mail.kick();
  return { message: ACCOUNT_MSG.emailChangeCodeSent, newEmail: input.newEmail, expiresIn: CODE_LIFETIME_SECONDS };
}

/**
 * Step 2: the code from the new address. The change, the notice to the old address, the end of every other
 * session and the audit entry happen in one transaction.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  userId: number,
  currentSessionId: number,
  input: EmailChangeConfirmInput,
  meta: SessionMeta = {},
) {
  const account = await findUserById(deps.db, userId);
  if (!account) throw notFound();
  await deps.limits.consume("codeChecksPerIp", ipKey(meta));
  await assertAddressFree(deps, input.newEmail, userId);
  // Checked before the change's transaction, not in it: a wrong code must count though nothing is changed (a
  // refusal inside would roll its count back). Only a code this account asked for.
  await verifyCode(deps.db, deps.now(), { purpose: "email_change", email: input.newEmail, code: input.code, userId });
  const updated = await deps.db.transaction().execute(async (trx) => {
    await assertAddressFree({ db: trx }, input.newEmail, userId);
    const changed = await changeAccountEmail(trx, userId, input.newEmail, deps.now().toISOString());
    await trx.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", currentSessionId).execute();
    await deps.mail.enqueue(trx, account.email, { template: "email_changed_notice", name: account.name, newEmail: input.newEmail });
    await audit(trx, deps.now(), {
      actorUserId: userId,
      action: "account.email_changed",
      entityType: "user",
      entityId: userId,
      details: { from: account.email, to: input.newEmail },
      ip: meta.ip,
    });
    return changed;
  });
  deps.mail.kick();
  return { message: ACCOUNT_MSG.emailChanged, user: toPublicUser(updated) };
}
