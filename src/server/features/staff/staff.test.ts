import { beforeEach, describe, expect, test } from "bun:test";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiMail from "../../../shared/i18n/hi/mail.json";
import hiRoster from "../../../shared/i18n/hi/roster.json";
import mrMail from "../../../shared/i18n/mr/mail.json";
import { audit } from "../../platform/audit.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { atOnce, callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { completeFirstLogin } from "../auth/account.service.ts";
import { createSession, loginAdmin, resolveSession } from "../auth/auth.service.ts";
import { getSettings, saveSettingsGroup } from "../settings/settings.service.ts";
import { changeStaffRole, setStaffActive } from "./staff.service.ts";

let deps: TestDeps;
let adminId: number;
let admin: ReturnType<typeof callerFor>;

const callerOf = async (userId: number) => callerFor(deps, await resolveSession(deps, await createSession(deps, userId)));

beforeEach(async () => {
  deps = await createTestDeps();
  adminId = (await createUser(deps, { role: "admin", email: "head@example.test", name: "Head Admin" })).id;
  admin = await callerOf(adminId);
});

/** The newest e-mail to an address, and the first-login token in it. */
async function invitationTo(email: string) {
  const row = await deps.db
    .selectFrom("email_outbox")
    .selectAll()
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  // An office account's link ends "&as=office" (its page's "Sign in" opens the Admin side).
  const [, token, side] = /first-login\?token=([^\s&]+)(&as=office)?/.exec(row.text_body)!;
  expect(side).toBe("&as=office");
  return { mail: row, token: decodeURIComponent(token!) };
}

describe("inviting staff", () => {
  test("just after a settings save an invitation still goes out: its language is read in its own transaction", async () => {
    // The save forgets the remembered settings; read through the process's handle inside the invitation's
    // transaction, they waited for ever for the one SQLite connection that transaction holds.
    await saveSettingsGroup(deps, "general", (await getSettings(deps)).general);
    const answer = await admin.staff.invite({ name: "Meera Joshi", email: "meera@example.test", role: "staff" });
    expect(answer.member).toMatchObject({ email: "meera@example.test", status: "invited" });
    expect((await admin.staff.resendInvitation({ id: answer.member.id })).message).toContain("meera@example.test");
  });

  test("an invitation opens an account without a password, e-mails a set-password link, and the person signs in at the office form", async () => {
    const answer = await admin.staff.invite({ name: "  Meera Joshi ", email: "Meera@Example.test", role: "staff" });
    expect(answer.member).toMatchObject({ name: "Meera Joshi", email: "meera@example.test", role: "staff", status: "invited" });
    expect(answer.message).toContain("meera@example.test");

    const { mail, token } = await invitationTo("meera@example.test");
    expect(mail.template).toBe("staff_invitation");
    expect(mail.text_body).toContain("Staff (counsellor)");
    // No password exists yet: nobody can sign in with a guess.
    await expect(loginAdmin(deps, { email: "meera@example.test", password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });

    const done = await completeFirstLogin(deps, { token, password: "Counsel2026Pass" });
    expect(done.role).toBe("staff");
    const signed = await signedIn(loginAdmin(deps, { email: "meera@example.test", password: "Counsel2026Pass" }));
    expect(signed.user.role).toBe("staff");

    const list = await admin.staff.list({ status: "active" });
    expect(list.staff.map((s) => s.email)).toEqual(["meera@example.test", "head@example.test"]);
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "staff.invite").executeTakeFirstOrThrow();
    expect(log.actor_user_id).toBe(adminId);
    expect(JSON.parse(log.details)).toEqual({ email: "meera@example.test", role: "staff" });
  });

  test("an address already in use is refused on its field; a bad role names the choices", async () => {
    await createUser(deps, { role: "student", email: "taken@example.test", student_id: "STU0001" });
    await expect(admin.staff.invite({ name: "X", email: "taken@example.test", role: "staff" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "An account with this e-mail address already exists",
    });
    await expect(admin.staff.invite({ name: "X", email: "x@example.test", role: "student" as "staff" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await deps.db.selectFrom("users").select("id").where("email", "=", "x@example.test").executeTakeFirst()).toBeUndefined();
  });

  test("the invitation e-mail and the answers follow the language", async () => {
    await loadAllCatalogues();
    testApp(deps); // the app's request-language middleware is what makes inLocale() the source of the language
    const answer = await inLocale("hi", () => admin.staff.invite({ name: "Ravi", email: "ravi@example.test", role: "admin" }));
    expect(answer.message).toBe(hiRoster["team.said.invited"].replace("{email}", "ravi@example.test").replace("{days}", "7"));
    // The e-mail goes out in the institute's language (the new colleague has chosen none yet).
    expect((await invitationTo("ravi@example.test")).mail.subject).toBe("Set up your office account");
  });

  test("a language chosen in the Invite dialog: the invitation, a second one and the portal start in it (stop 47)", async () => {
    await loadAllCatalogues();
    const { member } = await admin.staff.invite({ name: "Sunita", email: "sunita@example.test", role: "staff", language: "marathi" });
    expect((await invitationTo("sunita@example.test")).mail.subject).toBe(mrMail["invite.subject"]);
    await admin.staff.resendInvitation({ id: member.id });
    const { mail, token } = await invitationTo("sunita@example.test");
    expect(mail.subject).toBe(mrMail["invite.subject"]);
    await completeFirstLogin(deps, { token, password: "Counsel2026Pass" });
    const signed = await signedIn(loginAdmin(deps, { email: "sunita@example.test", password: "Counsel2026Pass" }));
    expect(signed.user.language).toBe("mr");
    // "The institute's language" chooses none: it follows Settings → General, now and later.
    await saveSettingsGroup(deps, "language", "hindi");
    await admin.staff.invite({ name: "Anil", email: "anil@example.test", role: "staff", language: "institute" });
    expect((await invitationTo("anil@example.test")).mail.subject).toBe(hiMail["invite.subject"]);
    const anil = await deps.db.selectFrom("users").select("preferences").where("email", "=", "anil@example.test").executeTakeFirstOrThrow();
    expect(JSON.parse(anil.preferences)).toEqual({});
  });

  test("a language outside the list is refused with its own message, and no account is opened", async () => {
    await expect(
      admin.staff.invite({ name: "X", email: "x@example.test", role: "staff", language: "tamil" as "hindi" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Please choose a language from the list") });
    expect(await deps.db.selectFrom("users").select("id").where("email", "=", "x@example.test").executeTakeFirst()).toBeUndefined();
  });

  test("a new invitation voids the earlier link; someone who has joined needs none", async () => {
    const { member } = await admin.staff.invite({ name: "Meera", email: "meera@example.test", role: "staff" });
    const first = await invitationTo("meera@example.test");
    await admin.staff.resendInvitation({ id: member.id });
    const second = await invitationTo("meera@example.test");
    expect(second.token).not.toBe(first.token);
    await expect(completeFirstLogin(deps, { token: first.token, password: "Counsel2026Pass" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await completeFirstLogin(deps, { token: second.token, password: "Counsel2026Pass" });
    await expect(admin.staff.resendInvitation({ id: member.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Meera has already set a password: no invitation is needed",
    });
  });
});

describe("roles and access", () => {
  test("a deactivated staff member is signed out at once and cannot sign in; activating lets them back", async () => {
    const staff = await createUser(deps, { role: "staff", email: "s@example.test", name: "Sunil" });
    const token = await createSession(deps, staff.id);
    const answer = await admin.staff.setActive({ id: staff.id, active: false });
    expect(answer.member.status).toBe("inactive");
    expect(await resolveSession(deps, token)).toBeNull();
    await expect(loginAdmin(deps, { email: "s@example.test", password: TEST_PASSWORD })).rejects.toBeDefined();
    await admin.staff.setActive({ id: staff.id, active: true });
    expect((await signedIn(loginAdmin(deps, { email: "s@example.test", password: TEST_PASSWORD }))).user.role).toBe("staff");
  });

  test("a member locked out by wrong passwords shows so in the list and is unlocked by an administrator, in the log (tenth walk)", async () => {
    const staff = await createUser(deps, { role: "staff", email: "locked@example.test", name: "Ravi Clerk" });
    for (let i = 0; i < 5; i++)
      await expect(loginAdmin(deps, { email: "locked@example.test", password: "Wrong1Password" })).rejects.toBeDefined();
    await expect(loginAdmin(deps, { email: "locked@example.test", password: TEST_PASSWORD })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    const listed = (await admin.staff.list({})).staff.find((m) => m.id === staff.id)!;
    expect(Date.parse(listed.lockedUntil!)).toBeGreaterThan(deps.now().getTime());

    const answer = await admin.staff.unlock({ id: staff.id });
    expect(answer.message).toBe("Ravi Clerk can sign in again at once.");
    expect(answer.member.lockedUntil).toBeNull();
    expect((await signedIn(loginAdmin(deps, { email: "locked@example.test", password: TEST_PASSWORD }))).user.id).toBe(staff.id);
    const logged = await deps.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "entity_id"])
      .where("action", "=", "staff.unlock")
      .execute();
    expect(logged).toEqual([{ actor_user_id: adminId, entity_id: String(staff.id) }]);
    await expect(admin.staff.unlock({ id: staff.id })).rejects.toMatchObject({ message: "Ravi Clerk's account is not locked" });
    // Staff cannot unlock anyone (the authorization matrix has the procedure as the administrators').
    await expect((await callerOf(staff.id)).staff.unlock({ id: adminId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("a new role applies to the person's next request", async () => {
    const staff = await createUser(deps, { role: "staff", email: "s@example.test", name: "Sunil" });
    const token = await createSession(deps, staff.id);
    const before = callerFor(deps, await resolveSession(deps, token));
    await expect(before.settings.get()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await admin.staff.setRole({ id: staff.id, role: "admin" });
    const after = callerFor(deps, await resolveSession(deps, token));
    expect((await after.settings.get()).settings.general.siteName).toBeString();
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "staff.role").executeTakeFirstOrThrow();
    expect(JSON.parse(log.details)).toEqual({ email: "s@example.test", from: "staff", to: "admin" });
  });

  test("nobody changes their own role or switches themselves off", async () => {
    await expect(admin.staff.setRole({ id: adminId, role: "staff" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "You cannot change your own role or deactivate your own account",
    });
    await expect(admin.staff.setActive({ id: adminId, active: false })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await deps.db.selectFrom("users").select(["role", "is_active"]).where("id", "=", adminId).executeTakeFirstOrThrow()).toEqual({
      role: "admin",
      is_active: 1,
    });
  });

  test("two administrators switching each other off at once: the second change is refused, one administrator stays", async () => {
    const second = await createUser(deps, { role: "admin", email: "second@example.test", name: "Second" });
    // Both requests were let in as administrators before either change landed.
    const fromSecond = await callerOf(second.id);
    await admin.staff.setActive({ id: second.id, active: false });
    await expect(fromSecond.staff.setActive({ id: adminId, active: false })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The institute needs at least one active administrator: make someone else an administrator first",
    });
    await expect(fromSecond.staff.setRole({ id: adminId, role: "staff" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // An invited administrator who never set a password does not keep the institute running either.
    await admin.staff.invite({ name: "New", email: "new@example.test", role: "admin" });
    await expect(fromSecond.staff.setActive({ id: adminId, active: false })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const active = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").where("is_active", "=", 1).execute();
    expect(active.map((r) => r.id)).toContain(adminId);
  });

  test("two administrators switching each other off at the same moment: one change lands, one administrator stays (race audit 2)", async () => {
    const second = await createUser(deps, { role: "admin", email: "second@example.test", name: "Second" });
    const settled = await atOnce(deps.db, [
      () => setStaffActive(deps, adminId, { id: second.id, active: false }),
      () => changeStaffRole(deps, second.id, { id: adminId, role: "staff" }),
    ]);
    expect(settled.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const active = await deps.db.selectFrom("users").select("id").where("role", "=", "admin").where("is_active", "=", 1).execute();
    expect(active).toHaveLength(1);
  });

  test("the last-administrator check neither waits for nor deadlocks with a write naming an administrator (stop 53's review)", async () => {
    const mid = await createUser(deps, { role: "admin", email: "mid@example.test" });
    const high = await createUser(deps, { role: "admin", email: "high@example.test" });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Another request's transaction names one administrator, then (after the change has begun) another.
    const other = deps.db.transaction().execute(async (trx) => {
      await audit(trx, deps.now(), { actorUserId: high.id, action: "student.create", entityType: "student", entityId: 1 });
      await gate;
      await audit(trx, deps.now(), { actorUserId: adminId, action: "student.create", entityType: "student", entityId: 2 });
    });
    const change = setStaffActive(deps, adminId, { id: mid.id, active: false });
    await Bun.sleep(150);
    release();
    const settled = await Promise.allSettled([other, change]);
    expect(settled.map((r) => (r.status === "fulfilled" ? "ok" : String(r.reason)))).toEqual(["ok", "ok"]);
  });

  test("students are not office accounts: the Staff screen neither lists nor changes them", async () => {
    const student = await createUser(deps, { role: "student", email: "st@example.test", student_id: "STU0001" });
    expect((await admin.staff.list({})).staff.map((s) => s.email)).toEqual(["head@example.test"]);
    await expect(admin.staff.setRole({ id: student.id, role: "admin" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(admin.staff.setActive({ id: student.id, active: false })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await deps.db.selectFrom("users").select(["role", "is_active"]).where("id", "=", student.id).executeTakeFirstOrThrow()).toEqual({
      role: "student",
      is_active: 1,
    });
  });
});

describe("assigning work", () => {
  test("an inquiry goes to a staff member, is named in the log, and never to a student or an inactive account", async () => {
    const staff = await createUser(deps, { role: "staff", email: "s@example.test", name: "Sunil Rao" });
    const gone = await createUser(deps, { role: "staff", email: "g@example.test", name: "Gone", is_active: 0 });
    const student = await createUser(deps, { role: "student", email: "st@example.test", student_id: "STU0001" });
    const at = new Date().toISOString();
    const inquiry = await deps.db
      .insertInto("contact_inquiries")
      .values({ name: "Kavita", email: "k@example.test", subject: "fees", message: "Fees?", status: "new", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const staffCaller = await callerOf(staff.id);
    expect((await staffCaller.staff.members()).members.map((m) => m.name)).toEqual(["Head Admin", "Sunil Rao"]);
    const assigned = await staffCaller.contacts.assign({ id: inquiry.id, assignedTo: staff.id });
    expect(assigned.contact).toMatchObject({ assignedTo: staff.id, assignedToName: "Sunil Rao" });
    for (const id of [student.id, gone.id]) {
      await expect(staffCaller.contacts.assign({ id: inquiry.id, assignedTo: id })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "You can assign this to an active administrator or staff member only",
      });
    }
    const log = await deps.db.selectFrom("audit_log").selectAll().where("action", "=", "contact.assign").executeTakeFirstOrThrow();
    expect(log.actor_user_id).toBe(staff.id);
    expect(JSON.parse(log.details)).toEqual({ assignedTo: staff.id, assigneeName: "Sunil Rao" });
    expect((await staffCaller.contacts.assign({ id: inquiry.id, assignedTo: null })).contact.assignedTo).toBeNull();
  });
});
