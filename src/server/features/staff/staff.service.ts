/**
 * The office's accounts (issue 17): administrators and staff (counsellors). An administrator invites a
 * person by e-mail (a first-login link sets their password), changes their role, deactivates and
 * reactivates them. The institute always keeps one active administrator, and nobody changes their own
 * role or switches themselves off. Every change is in the activity log with who made it.
 */
import type { Kysely } from "kysely";
import type { Database, User } from "../../../../db/schema.ts";
import { localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { officeRoleName, roster } from "../../../shared/i18n/roster.ts";
import { OFFICE_ROLES } from "../../../shared/roles.ts";
import type { OfficeRoleName, StaffInviteInput, StaffListQuery, StaffStatus } from "../../../shared/schemas/staff.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { newestFirstPage } from "../../platform/paging.ts";
import { heldForChange } from "../../platform/row-lock.ts";
import { anyColumnContains } from "../../platform/search.ts";
import { endAllSessions, openOfficeAccount, setOfficeActive, setOfficeRole, unlockAccount } from "../accounts/accounts.repository.ts";
import { mailFirstLoginLink } from "../auth/account.service.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { recipientLocale } from "../settings/settings.service.ts";

type DB = Kysely<Database>;

const notFound = () => new AppError("NOT_FOUND", roster.t("team.rule.notFound"));
const refused = (message: string) => new AppError("BAD_REQUEST", message);

/** What the Staff screen shows of an account. */
export interface StaffItem {
  id: number;
  name: string;
  email: string;
  role: OfficeRoleName;
  status: Exclude<StaffStatus, "all">;
  lastLoginAt: string | null;
  createdAt: string;
  /** until when too many wrong passwords lock the account (a past moment: no longer locked) */
  lockedUntil: string | null;
}

const statusOf = (u: Pick<User, "is_active" | "password_hash">): StaffItem["status"] =>
  u.is_active !== 1 ? "inactive" : u.password_hash === null ? "invited" : "active";

const toItem = (u: User): StaffItem => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role as OfficeRoleName,
  status: statusOf(u),
  lastLoginAt: u.last_login_at,
  createdAt: u.created_at,
  lockedUntil: u.locked_until,
});

function filtered(db: DB, query: Pick<StaffListQuery, "search" | "status">) {
  let base = db.selectFrom("users").where("role", "in", OFFICE_ROLES);
  if (query.status === "inactive") base = base.where("is_active", "=", 0);
  else if (query.status === "invited") base = base.where("is_active", "=", 1).where("password_hash", "is", null);
  else if (query.status === "active") base = base.where("is_active", "=", 1).where("password_hash", "is not", null);
  // The office is a few dozen people: a LIKE over name and e-mail needs no text index.
  if (query.search) base = base.where(anyColumnContains(["users.name", "users.email"], query.search));
  return base;
}

/** The Staff list: newest first, searched and filtered by the server, a page at a time. */
export async function listStaff(deps: Pick<AppDeps, "db">, query: StaffListQuery) {
  const { items, pagination } = await newestFirstPage({
    db: deps.db,
    table: "users",
    base: filtered(deps.db, query),
    cacheKey: `staff:${query.status}:${query.search}`,
    page: query.page,
    limit: query.limit,
    toItems: (rows: User[]) => rows.map(toItem),
  });
  return { staff: items, pagination };
}

/** The active administrators and staff, by name: whom a ticket or an inquiry can be handed to. */
export async function officeMembers(db: DB) {
  const members = await db
    .selectFrom("users")
    .select(["id", "name", "email", "role"])
    .where("role", "in", OFFICE_ROLES)
    .where("is_active", "=", 1)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return { members };
}

/**
 * The assignee's name; refuses one who is not an active administrator or staff member (field `field` of
 * the form).
 */
export async function assertAssignable(db: DB, userId: number, field = "assignedTo"): Promise<string> {
  const member = await db
    .selectFrom("users")
    .select("name")
    .where("id", "=", userId)
    .where("role", "in", OFFICE_ROLES)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  if (!member)
    throw new AppError("BAD_REQUEST", roster.t("team.rule.assignee"), { fieldErrors: { [field]: [roster.t("team.rule.chooseMember")] } });
  return member.name;
}

async function findOffice(db: DB, id: number): Promise<User> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).where("role", "in", OFFICE_ROLES).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Refuses a change that would leave no active administrator (checked inside the change's transaction). Every
 * active administrator's row is held, in one order, so two administrators switching each other off at once take
 * turns on PostgreSQL and the second is refused (race audit 2).
 */
async function assertAnotherAdmin(db: DB, exceptId: number) {
  const admins = await db
    .selectFrom("users")
    .select(["id", "password_hash"])
    .where("role", "=", "admin")
    .where("is_active", "=", 1)
    .orderBy("id")
    .$call(heldForChange(db))
    .execute();
  if (!admins.some((a) => a.id !== exceptId && a.password_hash !== null)) throw refused(roster.t("team.rule.lastAdmin"));
}

/**
 * The set-password link by e-mail, in the language chosen for them in the Invite dialog, else the institute's
 * default (Settings → General) — never the inviting administrator's screen language, which need not be theirs.
 */
async function sendInvitation(deps: AppDeps, trx: DB, account: User) {
  return mailFirstLoginLink(
    deps,
    trx,
    account,
    { template: "staff_invitation", name: account.name, role: account.role as OfficeRoleName },
    await recipientLocale({ db: trx }, account.preferences),
  );
}

/** Opens an office account with no password and e-mails the link that sets it. */
export async function inviteStaff(deps: AppDeps, actorId: number, input: StaffInviteInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const { account, validDays } = await deps.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("users").select("id").where("email", "=", input.email).executeTakeFirst();
    if (taken) throw fieldError("CONFLICT", "email", roster.t("team.rule.emailTaken"));
    const { language, ...values } = input;
    const account = await openOfficeAccount(trx, values, now.toISOString(), language === "institute" ? null : localeOfLanguage(language));
    const validDays = await sendInvitation(deps, trx, account);
    await audit(trx, now, {
      actorUserId: actorId,
      action: "staff.invite",
      entityType: "user",
      entityId: account.id,
      details: { email: account.email, role: account.role },
      ip: meta.ip,
    });
    return { account, validDays };
  });
  deps.mail.kick();
  return { message: roster.t("team.said.invited", { email: account.email, days: validDays }), member: toItem(account) };
}

/** A new link for someone who has not set a password yet; the earlier link stops working. */
export async function resendInvitation(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  const now = deps.now();
  const account = await deps.db.transaction().execute(async (trx) => {
    const account = await findOffice(trx, id);
    if (account.password_hash !== null) throw refused(roster.t("team.rule.joined", { name: account.name }));
    if (account.is_active !== 1) throw refused(roster.t("team.rule.notFound"));
    await sendInvitation(deps, trx, account);
    await audit(trx, now, {
      actorUserId: actorId,
      action: "staff.reinvite",
      entityType: "user",
      entityId: id,
      details: { email: account.email },
      ip: meta.ip,
    });
    return account;
  });
  deps.mail.kick();
  return { message: roster.t("team.said.resent", { email: account.email }), member: toItem(account) };
}

/** Administrator ↔ staff. Not one's own role, and never the last active administrator's. */
export async function changeStaffRole(deps: AppDeps, actorId: number, input: { id: number; role: OfficeRoleName }, meta: SessionMeta = {}) {
  if (input.id === actorId) throw refused(roster.t("team.rule.self"));
  const now = deps.now();
  const at = now.toISOString();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const current = await findOffice(trx, input.id);
    if (current.role === input.role) return current;
    if (current.role === "admin") await assertAnotherAdmin(trx, current.id);
    const row = await setOfficeRole(trx, input.id, input.role, at);
    if (!row) throw notFound();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "staff.role",
      entityType: "user",
      entityId: input.id,
      details: { email: current.email, from: current.role, to: input.role },
      ip: meta.ip,
    });
    return row;
  });
  return { message: roster.t("team.said.role", { name: updated.name, role: officeRoleName(updated.role) }), member: toItem(updated) };
}

/** Deactivating signs the person out everywhere at once; their tickets and inquiries stay assigned. */
export async function setStaffActive(deps: AppDeps, actorId: number, input: { id: number; active: boolean }, meta: SessionMeta = {}) {
  if (input.id === actorId && !input.active) throw refused(roster.t("team.rule.self"));
  const now = deps.now();
  const at = now.toISOString();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const current = await findOffice(trx, input.id);
    if (!input.active && current.role === "admin") await assertAnotherAdmin(trx, current.id);
    const row = await setOfficeActive(trx, input.id, input.active, at);
    if (!row) throw notFound();
    if (!input.active) await endAllSessions(trx, input.id);
    await audit(trx, now, {
      actorUserId: actorId,
      action: input.active ? "staff.activate" : "staff.deactivate",
      entityType: "user",
      entityId: input.id,
      details: { email: current.email },
      ip: meta.ip,
    });
    return row;
  });
  return {
    message: roster.t(input.active ? "team.said.activated" : "team.said.deactivated", { name: updated.name }),
    member: toItem(updated),
  };
}

/**
 * Unlock (tenth walk): a member locked out after too many wrong passwords signs in again at once instead of
 * waiting out the lock, as students can be unlocked from their record. Audited.
 */
export async function unlockStaff(deps: AppDeps, actorId: number, id: number, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const current = await findOffice(trx, id);
    if (!current.locked_until || current.locked_until <= at) throw refused(roster.t("team.rule.notLocked", { name: current.name }));
    const row = await unlockAccount(trx, id, at);
    await audit(trx, now, {
      actorUserId: actorId,
      action: "staff.unlock",
      entityType: "user",
      entityId: id,
      details: { email: current.email, lockedUntil: current.locked_until },
      ip: meta.ip,
    });
    return row;
  });
  return { message: roster.t("team.said.unlocked", { name: updated.name }), member: toItem(updated) };
}
