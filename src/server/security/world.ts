/**
 * The shared fixture of the security tests: an admin, a staff member, student A and student B (each with a session, a
 * notification and a support ticket), two pending applications with documents (A holds the access grant
 * of the first only), a contact inquiry and a gallery row. `snapshotOfB()` serialises every row that
 * belongs to B or to the other applicant, so a test can prove nothing of theirs changed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { NewUser } from "../../../db/schema.ts";
import type { Authenticated } from "../features/auth/auth.service.ts";
import { createSession, resolveSession } from "../features/auth/auth.service.ts";
import { notifyUser } from "../features/notifications/notifications.service.ts";
import { dataPaths } from "../platform/storage.ts";
import { fileOf, jpegBytes, pdfBytes } from "../test-files.ts";
import { createTestDeps, createUser, type TestDeps, testApp } from "../testing.ts";

export interface Person {
  id: number;
  token: string;
  auth: Authenticated;
  email: string;
}

export interface World {
  deps: TestDeps;
  app: ReturnType<typeof testApp>;
  admin: Person;
  /** a staff member (counsellor): every procedure the matrix marks "office", none marked "admin" (issue 17) */
  staff: Person;
  a: Person;
  b: Person;
  /** A's notification, B's notification */
  noteA: number;
  noteB: number;
  ticketA: number;
  ticketB: number;
  /** the application A applied with (A holds its access grant) and someone else's */
  appA: { id: number; grant: string; email: string };
  appOther: { id: number; email: string };
  contactId: number;
  galleryId: number;
  backupName: string;
  /** a file outside every served folder */
  secretFile: string;
  distDir: string;
  publicDir: string;
  snapshotOfB(): Promise<string>;
}

export const APPLICANT_FIELDS = {
  firstName: "Anita",
  lastName: "Desai",
  dateOfBirth: "2003-04-12",
  gender: "Female",
  bloodGroup: "O+",
  email: "anita@example.test",
  phone: "9876501234",
  address: "14 MG Road",
  city: "Nashik",
  state: "Maharashtra",
  pincode: "422001",
  course: "Commerce",
};

export async function applicationForm(fields: Record<string, string> = APPLICANT_FIELDS, files: Record<string, File | undefined> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== "") fd.append(k, v);
  const defaults = {
    photo: fileOf(await jpegBytes(), "me.jpg", "image/jpeg"),
    marksheet: fileOf(pdfBytes(), "marks.pdf", "application/pdf"),
  };
  for (const [k, f] of Object.entries({ ...defaults, ...files })) if (f) fd.append(k, f);
  return fd;
}

export async function lastCode(deps: TestDeps, email: string) {
  const row = await deps.db
    .selectFrom("email_outbox")
    .select("text_body")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return /^ {4}(\d{6})$/m.exec(row?.text_body ?? "")?.[1];
}

export const jsonReq = (method: string, body?: unknown, token?: string, extra: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
  ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
});

export async function buildWorld(envOverrides: Record<string, string> = {}): Promise<World> {
  const deps = await createTestDeps(envOverrides);
  const paths = dataPaths(deps.env.dataDir);
  const distDir = path.join(paths.root, "site-dist");
  const publicDir = path.join(paths.root, "site-public");
  mkdirSync(distDir, { recursive: true });
  mkdirSync(publicDir, { recursive: true });
  writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>shell</title><div id=root></div>");
  writeFileSync(path.join(publicDir, "robots-extra.txt"), "public file");
  const secretFile = path.join(paths.root, "secret.txt");
  writeFileSync(secretFile, "TOP-SECRET-OUTSIDE");
  const app = testApp(deps, { distDir, publicDir });

  async function person(role: "admin" | "staff" | "student", extra: Partial<NewUser> = {}): Promise<Person> {
    const user = await createUser(deps, {
      role,
      ...(role === "student" ? { student_id: `STU9${Math.floor(Math.random() * 1e6)}` } : {}),
      ...extra,
    });
    const token = await createSession(deps, user.id);
    const auth = (await resolveSession(deps, token))!;
    return { id: user.id, token, auth, email: user.email };
  }
  const admin = await person("admin");
  const staff = await person("staff");
  const a = await person("student", { photo_file: "aaaaaaaaaaaaaaaaaaaaaaaa.webp", id_card_token: "card-token-of-student-a-0123456789" });
  const b = await person("student", {
    photo_file: "bbbbbbbbbbbbbbbbbbbbbbbb.webp",
    id_card_token: "card-token-of-student-b-0123456789",
    mobile: "9000000002",
    address: "B's home",
  });

  const now = deps.now();
  await notifyUser(deps.db, now, a.id, { type: "system", title: "for A", message: "A's note" });
  await notifyUser(deps.db, now, b.id, { type: "system", title: "for B", message: "B's note" });
  const notes = await deps.db.selectFrom("notifications").select(["id", "recipient_user_id"]).execute();
  const noteA = notes.find((n) => n.recipient_user_id === a.id)!.id;
  const noteB = notes.find((n) => n.recipient_user_id === b.id)!.id;

  const ticket = async (p: Person, subject: string) => {
    const res = await app.request(
      "/api/tickets",
      jsonReq("POST", { subject, category: "general", priority: "low", description: `${subject} details` }, p.token),
    );
    return ((await res.json()) as any).data.ticket.id as number;
  };
  const ticketA = await ticket(a, "A's ticket");
  const ticketB = await ticket(b, "B's ticket");

  const submit = async (email: string) => {
    const res = await app.request("/api/admission/submit", { method: "POST", body: await applicationForm({ ...APPLICANT_FIELDS, email }) });
    const body = (await res.json()) as any;
    if (res.status !== 201) throw new Error(`submit failed: ${JSON.stringify(body)}`);
    return body.data.id as number;
  };
  const appAId = await submit("applicant-a@example.test");
  const appOtherId = await submit("applicant-other@example.test");
  await app.request("/api/admission/access-code", jsonReq("POST", { email: "applicant-a@example.test" }));
  const verified = (await (
    await app.request(
      "/api/admission/access-code/verify",
      jsonReq("POST", { email: "applicant-a@example.test", code: await lastCode(deps, "applicant-a@example.test") }),
    )
  ).json()) as any;
  const grant = verified.data.accessToken as string;

  await app.request(
    "/api/public/contact",
    jsonReq("POST", { name: "Visitor", email: "visitor@example.test", subject: "general", message: "Hello there" }),
  );
  const contactId = (await deps.db.selectFrom("contact_inquiries").select("id").executeTakeFirstOrThrow()).id;

  const at = now.toISOString();
  const gallery = await deps.db
    .insertInto("gallery_images")
    .values({
      title: "Campus",
      category: "Campus",
      description: null,
      file_key: "demokey",
      width: 480,
      height: 320,
      size_bytes: 10,
      is_active: 1,
      uploaded_by: admin.id,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const backupName = "backup-2026-11-22T06-30-00-000Z.tar.gz";
  writeFileSync(path.join(paths.backups, backupName), "not really a backup");

  // Rate limits would turn later requests of a test into 429s; each test starts with a fresh window.
  for (const rule of ["contactPerIp", "admissionSubmitPerIp", "accessCodesPerIp", "codeChecksPerIp"] as const)
    await deps.limits.reset(rule, "unknown");
  await deps.limits.reset("accessCodesPerEmail", "applicant-a@example.test");

  async function snapshotOfB() {
    const db = deps.db;
    const rows = {
      user: await db.selectFrom("users").selectAll().where("id", "=", b.id).execute(),
      sessions: await db.selectFrom("sessions").select(["id", "token_hash", "user_id"]).where("user_id", "=", b.id).execute(),
      notifications: await db.selectFrom("notifications").selectAll().where("recipient_user_id", "=", b.id).execute(),
      tickets: await db.selectFrom("support_tickets").selectAll().where("created_by", "=", b.id).execute(),
      responses: await db.selectFrom("ticket_responses").selectAll().where("ticket_id", "=", ticketB).execute(),
      application: await db.selectFrom("admissions").selectAll().where("id", "=", appOtherId).execute(),
      documents: await db.selectFrom("admission_documents").selectAll().where("admission_id", "=", appOtherId).execute(),
      admin: await db
        .selectFrom("users")
        .select(["id", "email", "password_hash", "role", "is_active"])
        .where("id", "=", admin.id)
        .execute(),
      settings: await db.selectFrom("settings").selectAll().execute(),
      contacts: await db.selectFrom("contact_inquiries").selectAll().execute(),
      gallery: await db.selectFrom("gallery_images").selectAll().execute(),
    };
    return JSON.stringify(rows);
  }

  return {
    deps,
    app,
    admin,
    staff,
    a,
    b,
    noteA,
    noteB,
    ticketA,
    ticketB,
    appA: { id: appAId, grant, email: "applicant-a@example.test" },
    appOther: { id: appOtherId, email: "applicant-other@example.test" },
    contactId,
    galleryId: gallery.id,
    backupName,
    secretFile,
    distDir,
    publicDir,
    snapshotOfB,
  };
}
