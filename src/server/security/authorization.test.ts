/**
 * Issue 10 §1 — the authorization matrix. Every tRPC procedure (from appRouter._def.procedures) and every
 * REST route (from the Hono app's own route list) must have an entry below; each entry is checked for a
 * guest, student A, a staff member and an admin. Then the object-level checks: nobody reaches another person's data by
 * changing an id.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { ACCOUNT_MSG } from "../../shared/account-messages.ts";
import { MSG } from "../../shared/messages.ts";
import { createSession, resolveSession } from "../features/auth/auth.service.ts";
import { allowedBeforePasswordChange } from "../route-policies.ts";
import { appRouter } from "../router.ts";
import { callerFor } from "../testing.ts";
import { buildWorld, jsonReq, type World } from "./world.ts";

/**
 * Who may call: anyone; any signed-in user; students only; administrators only; the office (administrators
 * and staff, issue 17); the office or the holder of the application's access grant; only the holder of the
 * grant (no role opens it: the office uses adminGet).
 */
type Access = "public" | "authed" | "student" | "admin" | "office" | "grant" | "grant-holder";
type Role = "guest" | "student" | "staff" | "admin";
const ROLES: Role[] = ["guest", "student", "staff", "admin"];

export const TRPC_ACCESS: Record<string, Access> = {
  "admissions.status": "public",
  "admissions.stats": "public",
  "admissions.courses": "public",
  "admissions.validate": "public",
  "admissions.requestAccessCode": "public",
  "admissions.verifyAccessCode": "public",
  "admissions.application": "grant-holder",
  "admissions.adminList": "office",
  "admissions.adminGet": "office",
  "admissions.process": "office",
  "admissions.remove": "admin",
  "admissions.addNote": "office",
  "admissions.setFollowUp": "office",
  "analytics.overview": "admin",
  "auth.adminLogin": "public",
  "auth.studentLogin": "public",
  "auth.verifyTwoFactor": "public",
  "auth.forgotPassword": "public",
  "auth.verifyOtp": "public",
  "auth.resetPassword": "public",
  "auth.firstLogin": "public",
  "auth.firstLoginLink": "public",
  "auth.me": "authed",
  "auth.logout": "authed",
  "auth.logoutAll": "authed",
  "auth.changePassword": "authed",
  "auth.updateProfile": "authed",
  "auth.requestEmailChange": "authed",
  "auth.confirmEmailChange": "authed",
  "auth.stats": "authed",
  "auth.setLanguage": "authed",
  "auth.setTwoFactor": "authed",
  "contacts.submit": "public",
  "contacts.list": "office",
  "contacts.get": "office",
  "contacts.updateStatus": "office",
  "contacts.respond": "office",
  "contacts.remove": "admin",
  "contacts.assign": "office",
  "gallery.publicList": "public",
  "gallery.adminList": "admin",
  "gallery.adminStats": "admin",
  "gallery.update": "admin",
  "gallery.remove": "admin",
  "gallery.bulkRemove": "admin",
  "health.check": "public",
  "settings.get": "admin",
  "settings.update": "admin",
  "settings.backups": "admin",
  "settings.backupNow": "admin",
  "site.info": "public",
  "site.news": "public",
  "tickets.list": "office",
  "tickets.mine": "authed",
  "tickets.summary": "office",
  "tickets.get": "authed",
  "tickets.create": "authed",
  "tickets.respond": "authed",
  "tickets.setStatus": "office",
  "tickets.assign": "office",
  "student.profile": "student",
  "student.updateProfile": "student",
  "student.idCard": "student",
  "student.idCardQr": "student",
  "student.settings": "student",
  "student.updateSettings": "student",
  "student.updatePrivacy": "student",
  "student.changePassword": "student",
  "student.dashboard": "student",
  "student.byId": "authed",
  "verify.card": "public",
  "students.list": "office",
  "students.standards": "office",
  "students.programmes": "office",
  "students.get": "office",
  "students.idCard": "office",
  "students.create": "office",
  "students.update": "office",
  "students.remove": "admin",
  "students.toggleStatus": "office",
  "students.sendCredentials": "office",
  "students.unlock": "office",
  "students.signOutEverywhere": "office",
  "notifications.list": "authed",
  "notifications.unreadCount": "authed",
  "notifications.markRead": "authed",
  "notifications.markAllRead": "authed",
  "notifications.remove": "authed",
  "dashboard.stats": "office",
  "dashboard.activity": "admin",
  "dashboard.sampleContent": "admin",
  "programmes.list": "public",
  "programmes.get": "public",
  "programmes.adminList": "admin",
  "programmes.create": "admin",
  "programmes.update": "admin",
  "programmes.setArchived": "admin",
  "content.institute": "admin",
  "content.saveInstitute": "admin",
  "content.news": "admin",
  "content.addNews": "admin",
  "content.updateNews": "admin",
  "content.removeNews": "admin",
  "content.faqs": "admin",
  "content.addFaq": "admin",
  "content.updateFaq": "admin",
  "content.removeFaq": "admin",
  "content.publicFaqs": "public",
  "staff.list": "admin",
  "staff.members": "office",
  "staff.invite": "admin",
  "staff.resendInvitation": "admin",
  "staff.setRole": "admin",
  "staff.setActive": "admin",
  "staff.unlock": "admin",
  "exams.list": "office",
  "exams.get": "office",
  "exams.schedule": "office",
  "exams.update": "office",
  "exams.cancel": "office",
  "exams.marks": "office",
  "exams.saveMarks": "office",
  "exams.uploadMarks": "office",
  "exams.publish": "office",
  "exams.mine": "student",
  "exams.admitCard": "student",
  "exams.marksheet": "student",
  "exams.verifyAdmit": "public",
  "notices.audiences": "office",
  "notices.list": "office",
  "notices.publish": "office",
  "notices.remove": "admin",
  "notices.board": "student",
  "studies.subjectOptions": "office",
  "studies.programmes": "office",
  "studies.list": "office",
  "studies.get": "office",
  "studies.create": "office",
  "studies.update": "office",
  "studies.setArchived": "office",
  "studies.moveTerm": "office",
  "studies.materials": "office",
  "studies.addLink": "office",
  "studies.removeMaterial": "office",
  "studies.assignments": "office",
  "studies.createAssignment": "office",
  "studies.updateAssignment": "office",
  "studies.deleteAssignment": "office",
  "studies.submissions": "office",
  "studies.grade": "office",
  "studies.mine": "student",
  "studies.setUnitDone": "student",
  "library.overview": "office",
  "library.items": "office",
  "library.create": "office",
  "library.update": "office",
  "library.setArchived": "office",
  "library.loans": "office",
  "library.issue": "office",
  "library.returnLoan": "office",
  "library.renew": "office",
  "library.mine": "student",
  "library.renewMine": "student",
  "library.history": "student",
  "library.catalogue": "student",
  "fees.mine": "student",
  "fees.transfers": "student",
  "fees.receipts": "student",
  "fees.upi": "student",
  // The office reads any receipt, a student only their own (object-level: features/fees/student-fees.test.ts).
  "fees.receipt": "authed",
  "feeDesk.pending": "office",
  "feeDesk.confirm": "office",
  "feeDesk.reject": "office",
  "feeDesk.students": "office",
  "feeDesk.instalments": "office",
  "feeDesk.record": "office",
  "feeDesk.receipts": "office",
  "feeDesk.cancelReceipt": "office",
  "feeReports.dues": "office",
  "feeReports.programmes": "office",
  "feeReports.remind": "office",
  "feeReports.remindOverdue": "office",
  "feeReports.collections": "office",
  "feePlans.list": "office",
  "feePlans.save": "admin",
  "feePlans.raisePreview": "office",
  "feePlans.raise": "office",
  "feePlans.concessions": "office",
  "feePlans.giveConcession": "office",
  "feePlans.withdrawConcession": "office",
  "feePlans.settings": "admin",
  "feePlans.saveSettings": "admin",
};

/** "ALL" rows are middleware (role guards, body limits, session) and the fallbacks; they are listed, not called. */
export const REST_ACCESS: Record<string, Access | "middleware"> = {
  "ALL /*": "middleware",
  "ALL /api/*": "middleware",
  "GET /api/health": "public",
  "POST /api/auth/admin/login": "public",
  "POST /api/auth/student/login": "public",
  "POST /api/auth/verify-2fa": "public",
  "POST /api/auth/forgot-password": "public",
  "POST /api/auth/verify-otp": "public",
  "POST /api/auth/reset-password": "public",
  "POST /api/auth/first-login": "public",
  "GET /api/auth/me": "authed",
  "POST /api/auth/logout": "authed",
  "POST /api/auth/logout-all": "authed",
  "PUT /api/auth/change-password": "authed",
  "PUT /api/auth/profile": "authed",
  "POST /api/auth/email-change": "authed",
  "POST /api/auth/email-change/confirm": "authed",
  "GET /api/auth/stats": "authed",
  "PUT /api/auth/profile/photo": "authed",
  "GET /api/public/verify/:token": "public",
  "GET /api/public/institute-info": "public",
  "GET /api/public/news": "public",
  "GET /api/public/gallery": "public",
  "POST /api/public/contact": "public",
  "POST /api/admission/submit": "public",
  "POST /api/admission/validate": "public",
  "GET /api/admission/stats": "public",
  "GET /api/admission/courses": "public",
  "GET /api/admission/status/:query": "public",
  "POST /api/admission/access-code": "public",
  "POST /api/admission/access-code/verify": "public",
  "GET /api/admission/application/:id": "grant",
  "GET /api/admission/application/:id/documents/:kind": "grant",
  "PUT /api/admission/update/:id": "grant",
  "ALL /api/admin/admissions/*": "middleware",
  "GET /api/admin/admissions": "office",
  "POST /api/admin/admissions/process": "office",
  "GET /api/admin/admissions/export.csv": "office",
  "GET /api/programmes/:slug/syllabus": "public",
  "GET /api/public/brochure": "public",
  "ALL /api/admin/content/*": "middleware",
  "POST /api/admin/content/brochure": "admin",
  "ALL /api/admin/programmes/*": "middleware",
  "POST /api/admin/programmes/:id/syllabus": "admin",
  "ALL /api/admin/exams/*": "middleware",
  "GET /api/admin/exams/:id/marks.csv": "office",
  "POST /api/studies/materials": "office",
  "GET /api/studies/materials/:id/file": "authed",
  "GET /api/studies/submissions/:id/file": "authed",
  "POST /api/studies/assignments/:id/submission": "student",
  "POST /api/library/eresources": "office",
  "POST /api/library/eresources/:id/file": "office",
  "GET /api/library/eresources/:id/file": "authed",
  "POST /api/fees/instalments/:id/upi": "student",
  "GET /api/fees/payments/:id/screenshot": "office",
  "GET /api/fees/reports/receipts.csv": "office",
  "GET /api/fees/reports/dues.csv": "office",
  "GET /api/fees/reports/concessions.csv": "office",
  "GET /api/admin/admissions/:id": "office",
  "DELETE /api/admin/admissions/:id": "admin",
  "ALL /api/admin/students/*": "middleware",
  "GET /api/admin/students": "office",
  "GET /api/admin/students/standards": "office",
  "GET /api/admin/students/programmes": "office",
  "GET /api/admin/students/export.csv": "office",
  "POST /api/admin/students": "office",
  "GET /api/admin/students/:id": "office",
  "GET /api/admin/students/:id/id-card": "office",
  "PUT /api/admin/students/:id": "office",
  "DELETE /api/admin/students/:id": "admin",
  "PATCH /api/admin/students/:id/toggle-status": "office",
  "POST /api/admin/students/:id/send-credentials": "office",
  "POST /api/admin/students/:id/unlock": "office",
  "POST /api/admin/students/:id/sign-out-everywhere": "office",
  "ALL /api/public/admin/contacts/*": "middleware",
  "GET /api/public/admin/contacts": "office",
  "GET /api/public/admin/contacts/:id": "office",
  "PATCH /api/public/admin/contacts/:id/status": "office",
  "POST /api/public/admin/contacts/:id/respond": "office",
  "DELETE /api/public/admin/contacts/:id": "admin",
  "ALL /api/notifications/*": "middleware",
  "GET /api/notifications": "authed",
  "GET /api/notifications/unread-count": "authed",
  "PATCH /api/notifications/mark-all-read": "authed",
  "PATCH /api/notifications/:id/read": "authed",
  "DELETE /api/notifications/:id": "authed",
  "ALL /api/admin/dashboard/*": "middleware",
  "GET /api/admin/dashboard/stats": "office",
  "ALL /api/admin/activity/*": "middleware",
  "GET /api/admin/activity": "admin",
  "ALL /api/admin/analytics/*": "middleware",
  "GET /api/admin/analytics": "admin",
  "GET /api/admin/analytics/export": "admin",
  "ALL /api/admin/settings/*": "middleware",
  "GET /api/admin/settings": "admin",
  "PUT /api/admin/settings": "admin",
  "ALL /api/admin/backups/*": "middleware",
  "GET /api/admin/backups": "admin",
  "POST /api/admin/backups": "admin",
  "GET /api/admin/backups/:name": "admin",
  "ALL /api/tickets/*": "middleware",
  "GET /api/tickets": "office",
  "GET /api/tickets/my-tickets": "authed",
  "GET /api/tickets/stats/summary": "office",
  "POST /api/tickets": "authed",
  "GET /api/tickets/:id": "authed",
  "PATCH /api/tickets/:id/status": "office",
  "POST /api/tickets/:id/responses": "authed",
  "PATCH /api/tickets/:id/assign": "office",
  "GET /api/gallery": "public",
  "GET /api/gallery/admin": "admin",
  "GET /api/gallery/admin/stats": "admin",
  "POST /api/gallery/upload": "admin",
  "DELETE /api/gallery/bulk": "admin",
  "PUT /api/gallery/:id": "admin",
  "DELETE /api/gallery/:id": "admin",
  "GET /api/student/profile": "student",
  "PUT /api/student/profile": "student",
  "PUT /api/student/profile/photo": "student",
  "GET /api/student/id-card": "student",
  "GET /api/student/id-card/qr.svg": "student",
  "GET /api/student/settings": "student",
  "PUT /api/student/notification-settings": "student",
  "PUT /api/student/privacy-settings": "student",
  "PUT /api/student/change-password": "student",
  "GET /api/student/dashboard/stats": "student",
  "GET /api/student/:id{[0-9]+}": "authed",
  "ALL /api/trpc/*": "middleware",
  // A capability URL: the unguessable generated name is the key (docs/API.md "Files").
  "GET /api/files/photos/:file": "public",
  "GET /media/gallery/:file": "public",
  "GET /robots.txt": "public",
  "GET /sitemap.xml": "public",
  "GET /*": "public",
};

const MISSING = 999_999;

function allowed(access: Access, role: Role): boolean {
  if (access === "public") return true;
  if (access === "authed") return role !== "guest";
  if (access === "grant" || access === "office") return role === "admin" || role === "staff";
  if (access === "grant-holder") return false;
  return access === role;
}

/** What a refusal looks like: 401 for a guest, 403 for a signed-in user of the wrong role (or without the grant). */
const refusalStatus = (access: Access, role: Role) => (role === "guest" && !access.startsWith("grant") ? 401 : 403);

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

/** A fresh session per call, so logout, logout-all and password changes cannot spoil the next call. */
async function freshAuth(role: Role) {
  if (role === "guest") return { token: undefined, auth: null };
  const person = role === "admin" ? w.admin : role === "staff" ? w.staff : w.a;
  const token = await createSession(w.deps, person.id);
  return { token, auth: await resolveSession(w.deps, token) };
}

/** A concrete URL for a route: refused roles aim at the victim's rows, allowed roles at their own or a missing id. */
function concretePath(routePath: string, role: Role, mayCall: boolean): string {
  const id = (() => {
    if (routePath.startsWith("/api/admin/students")) return mayCall ? MISSING : w.b.id;
    if (routePath.startsWith("/api/admin/admissions") || routePath.startsWith("/api/admission/")) return mayCall ? MISSING : w.appOther.id;
    if (routePath.startsWith("/api/public/admin/contacts")) return mayCall ? MISSING : w.contactId;
    if (routePath.startsWith("/api/notifications")) return role === "student" ? w.noteA : MISSING;
    if (routePath.startsWith("/api/tickets")) return role === "student" && mayCall ? w.ticketA : mayCall ? MISSING : w.ticketB;
    if (routePath.startsWith("/api/gallery")) return mayCall ? MISSING : w.galleryId;
    if (routePath.startsWith("/api/student/")) return role === "student" ? w.a.id : w.b.id;
    return MISSING;
  })();
  return routePath
    .replace(":id{[0-9]+}", String(id))
    .replace(":id", String(id))
    .replace(":kind", "photo")
    .replace(":query", w.appOther.email)
    .replace(":token", "card-token-of-student-a-0123456789")
    .replace(":name", w.backupName)
    .replace("/api/files/photos/:file", "/api/files/photos/aaaaaaaaaaaaaaaaaaaaaaaa.webp")
    .replace(":file", "demokey-480.webp")
    .replace("/*", "/some/page");
}

describe("every route and procedure has an entry in the access table", () => {
  test("tRPC procedures", () => {
    const procedures = Object.keys((appRouter._def as unknown as { procedures: Record<string, unknown> }).procedures).sort();
    expect(procedures).toEqual(Object.keys(TRPC_ACCESS).sort());
  });

  test("REST routes, as the app itself lists them", () => {
    const routes = [...new Set(w.app.routes.map((r) => `${r.method} ${r.path}`))].sort();
    expect(routes).toEqual(Object.keys(REST_ACCESS).sort());
  });
});

describe("role checks", () => {
  test("each tRPC procedure refuses the roles the table excludes and lets the others past the guard", async () => {
    const before = await w.snapshotOfB();
    const failures: string[] = [];
    for (const role of ROLES) {
      for (const [name, access] of Object.entries(TRPC_ACCESS)) {
        const mayCall = allowed(access, role);
        const { auth } = await freshAuth(role);
        const caller = callerFor(w.deps, auth) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
        const [area, proc] = name.split(".") as [string, string];
        // Refused roles aim at B's rows; allowed ones at their own or a missing row (admins must not destroy the fixture).
        const input =
          name === "student.byId"
            ? { id: role === "student" ? w.a.id : w.b.id }
            : name === "admissions.application"
              ? { id: w.appOther.id, accessToken: w.appA.grant }
              : mayCall
                ? { id: name.startsWith("tickets.") && role === "student" ? w.ticketA : MISSING, admissionId: MISSING, imageIds: [MISSING] }
                : {
                    id: name.startsWith("tickets.") ? w.ticketB : name.startsWith("notifications.") ? w.noteB : w.b.id,
                    admissionId: w.appOther.id,
                    action: "reject",
                    rejectionReason: "x",
                    imageIds: [w.galleryId],
                  };
        let code = "OK";
        let message = "";
        try {
          await caller[area]![proc]!(input);
        } catch (err) {
          if (!(err instanceof TRPCError)) throw err;
          code = err.code;
          message = err.message;
        }
        const refused =
          code === "UNAUTHORIZED" || (code === "FORBIDDEN" && (message === MSG.forbidden || message.includes("6-digit code")));
        if (mayCall && refused) failures.push(`${role} ${name}: refused (${code})`);
        if (!mayCall) {
          const want = refusalStatus(access, role) === 401 ? "UNAUTHORIZED" : "FORBIDDEN";
          if (code !== want) failures.push(`${role} ${name}: expected ${want}, got ${code} ${message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The refused calls aimed at B's rows; none of them changed.
    expect(await w.snapshotOfB()).toBe(before);
  }, 30_000); // every procedure × every role, a request each: a second on SQLite, several on PostgreSQL under load

  test("each REST route refuses the roles the table excludes and lets the others past the guard", async () => {
    const before = await w.snapshotOfB();
    const failures: string[] = [];
    const routes = [...new Map(w.app.routes.filter((r) => r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r])).values()];
    for (const role of ROLES) {
      for (const route of routes) {
        const access = REST_ACCESS[`${route.method} ${route.path}`] as Access;
        const mayCall = allowed(access, role);
        const { token } = await freshAuth(role);
        const url = concretePath(route.path, role, mayCall);
        const res = await w.app.request(url, jsonReq(route.method, route.method === "GET" ? undefined : {}, token));
        const status = res.status;
        if (mayCall && (status === 401 || (status === 403 && access !== "public")))
          failures.push(`${role} ${route.method} ${url}: refused ${status}`);
        if (!mayCall && status !== refusalStatus(access, role))
          failures.push(`${role} ${route.method} ${url}: expected ${refusalStatus(access, role)}, got ${status}`);
        if (status >= 500) failures.push(`${role} ${route.method} ${url}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await w.snapshotOfB()).toBe(before);
  }, 30_000); // every REST route × every role, as above

  test("a signed-in student who must change the password can do nothing else (REST and tRPC)", async () => {
    await w.deps.db.updateTable("users").set({ must_change_password: 1 }).where("id", "=", w.a.id).execute();
    try {
      const token = await createSession(w.deps, w.a.id);
      expect((await w.app.request("/api/student/profile", jsonReq("GET", undefined, token))).status).toBe(403);
      expect((await w.app.request("/api/notifications", jsonReq("GET", undefined, token))).status).toBe(403);
      expect((await w.app.request("/api/auth/me", jsonReq("GET", undefined, token))).status).toBe(200);
      // Every REST route: one that needs a session refuses with the reason; a public one answers as to a guest
      // (walk 15c: 24 public paths refused such a session, the login itself among them).
      const failures: string[] = [];
      const routes = [...new Map(w.app.routes.filter((r) => r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r])).values()];
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const access = REST_ACCESS[key] as Access;
        if (!route.path.startsWith("/api/") || allowedBeforePasswordChange("rest", route.path)) continue;
        const url = concretePath(route.path, "student", true);
        const res = await w.app.request(url, jsonReq(route.method, route.method === "GET" ? undefined : {}, token));
        const forChange =
          res.status === 403 && ((await res.json().catch(() => ({}))) as { message?: string }).message === ACCOUNT_MSG.mustChangePassword;
        // An applicant's grant is not a session: those paths answer such a session as they answer a guest too.
        const asGuest = access === "public" || access.startsWith("grant");
        if (asGuest && (forChange || res.status === 401)) failures.push(`${key}: a guest's path refused it (${res.status})`);
        if (!asGuest && !forChange) failures.push(`${key}: expected 403 (must change the password), got ${res.status}`);
      }
      expect(failures).toEqual([]);
      const caller = callerFor(w.deps, await resolveSession(w.deps, token));
      await expect(caller.student.profile()).rejects.toMatchObject({ code: "FORBIDDEN" });
    } finally {
      await w.deps.db.updateTable("users").set({ must_change_password: 0 }).where("id", "=", w.a.id).execute();
    }
  });
});

describe("object-level checks: changing an id never reaches another person's data", () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });
  const asA = (method: string, p: string, body?: unknown) => world.app.request(p, jsonReq(method, body, world.a.token));

  test("profile, photo, ID card, /student/{id}: only one's own", async () => {
    const before = await world.snapshotOfB();
    expect((await asA("GET", `/api/student/${world.b.id}`)).status).toBe(403);
    expect((await asA("GET", `/api/student/${MISSING}`)).status).toBe(403);
    expect((await asA("GET", `/api/student/${world.a.id}`)).status).toBe(200);
    await expect(callerFor(world.deps, world.a.auth).student.byId({ id: world.b.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Ids in a body are ignored: the profile, settings and account endpoints act on the caller only.
    const profile = await asA("PUT", "/api/student/profile", { id: world.b.id, userId: world.b.id, city: "Pune" });
    expect(profile.status).toBe(200);
    expect((await profile.json()).data.id).toBe(world.a.id);
    expect((await asA("PUT", "/api/auth/profile", { id: world.b.id, mobile: "9000000011" })).status).toBe(200);
    expect((await asA("PUT", "/api/student/privacy-settings", { id: world.b.id, showPhotoOnVerification: false })).status).toBe(200);
    const card = await (await asA("GET", "/api/student/id-card")).json();
    expect(card.data.student_id).toBe(world.a.auth.user.student_id);
    // The public card check answers the card's own holder and nothing personal beyond it.
    const verified = await (await world.app.request("/api/public/verify/card-token-of-student-b-0123456789")).json();
    expect(Object.keys(verified.data).sort()).toEqual(["institute", "name", "photo", "studentId", "valid", "validUntil"]);
    expect(JSON.stringify(verified)).not.toContain("9000000002");
    expect(await world.snapshotOfB()).toBe(before);
  });

  test("notifications: another person's id is a 404 and stays untouched", async () => {
    const before = await world.snapshotOfB();
    expect((await asA("PATCH", `/api/notifications/${world.noteB}/read`)).status).toBe(404);
    expect((await asA("DELETE", `/api/notifications/${world.noteB}`)).status).toBe(404);
    const caller = callerFor(world.deps, world.a.auth);
    await expect(caller.notifications.markRead({ id: world.noteB })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.notifications.remove({ id: world.noteB })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const list = await (await asA("GET", "/api/notifications?limit=100")).json();
    expect(list.data.notifications.map((n: { id: number }) => n.id)).not.toContain(world.noteB);
    await asA("PATCH", "/api/notifications/mark-all-read");
    expect(await world.snapshotOfB()).toBe(before);
  });

  test("tickets: another person's ticket is a 404 to read or answer; status and assignment are admin-only", async () => {
    const before = await world.snapshotOfB();
    expect((await asA("GET", `/api/tickets/${world.ticketB}`)).status).toBe(404);
    expect((await asA("POST", `/api/tickets/${world.ticketB}/responses`, { message: "hi" })).status).toBe(404);
    expect((await asA("PATCH", `/api/tickets/${world.ticketB}/status`, { status: "closed" })).status).toBe(403);
    expect((await asA("PATCH", `/api/tickets/${world.ticketA}/status`, { status: "closed" })).status).toBe(403);
    expect((await asA("PATCH", `/api/tickets/${world.ticketB}/assign`, { assignedTo: world.admin.id })).status).toBe(403);
    const caller = callerFor(world.deps, world.a.auth);
    await expect(caller.tickets.get({ id: world.ticketB })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.tickets.respond({ id: world.ticketB, message: "hi" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const mine = await (await asA("GET", "/api/tickets/my-tickets?limit=100")).json();
    expect(mine.data.tickets.map((t: { id: number }) => t.id)).toEqual([world.ticketA]);
    expect((await asA("GET", `/api/tickets/${world.ticketA}`)).status).toBe(200);
    expect(await world.snapshotOfB()).toBe(before);
  });

  test("applications: nobody opens one without its own grant; a grant opens exactly one; the e-mailed code is not a grant", async () => {
    const before = await world.snapshotOfB();
    const { app } = world;
    const other = world.appOther.id;
    const withGrant = (p: string, method = "GET", body?: BodyInit) =>
      app.request(p, { method, headers: { "x-application-access": world.appA.grant }, ...(body ? { body } : {}) });
    // A's grant opens A's application and its documents…
    expect((await withGrant(`/api/admission/application/${world.appA.id}`)).status).toBe(200);
    expect((await withGrant(`/api/admission/application/${world.appA.id}/documents/photo`)).status).toBe(200);
    // …and nothing of anyone else's, by header, query or tRPC.
    expect((await withGrant(`/api/admission/application/${other}`)).status).toBe(403);
    expect((await withGrant(`/api/admission/application/${other}/documents/photo`)).status).toBe(403);
    expect((await withGrant(`/api/admission/application/${other}/documents/marksheet?download=1`)).status).toBe(403);
    expect((await app.request(`/api/admission/application/${other}?access=${world.appA.grant}`)).status).toBe(403);
    const fd = new FormData();
    fd.append("firstName", "Hijacked");
    expect((await withGrant(`/api/admission/update/${other}`, "PUT", fd)).status).toBe(403);
    await expect(callerFor(world.deps).admissions.application({ id: other, accessToken: world.appA.grant })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // A signed-in student's session is not a grant either.
    expect((await asA("GET", `/api/admission/application/${other}`)).status).toBe(403);
    expect((await app.request(`/api/admission/application/${other}`)).status).toBe(403);

    // The 6-digit code someone requests for the victim's address does not open the application by itself
    // (it would be guessable without the 5-try limit): only POST …/access-code/verify turns it into a grant.
    await app.request("/api/admission/access-code", jsonReq("POST", { email: world.appOther.email }));
    const row = await world.deps.db
      .selectFrom("email_outbox")
      .select("text_body")
      .where("to_address", "=", world.appOther.email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const code = /^ {4}(\d{6})$/m.exec(row.text_body)![1]!;
    expect((await app.request(`/api/admission/application/${other}?access=${code}`)).status).toBe(403);
    expect(
      (await app.request(`/api/admission/application/${other}/documents/photo`, { headers: { "x-application-access": code } })).status,
    ).toBe(403);
    await expect(callerFor(world.deps).admissions.application({ id: other, accessToken: code })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await world.snapshotOfB()).toBe(before);
  });

  test("status lookups show no personal details", async () => {
    const res = await (await world.app.request(`/api/admission/status/${world.appOther.email}`)).json();
    const text = JSON.stringify(res.data);
    for (const personal of ["Anita", "Desai", "9876501234", "MG Road", "Nashik", "2003-04-12"]) expect(text).not.toContain(personal);
  });
});
