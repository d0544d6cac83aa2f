/**
 * The API smoke against the release executable (issue 20), started alone in an empty folder: health,
 * the app shell and its scripts brotli-compressed from the embedded build, public files, the seeded
 * gallery's images (made by sharp at first start), both sign-ins, an office read and a student's own
 * data, tRPC, a photo upload re-encoded by sharp, and a tRPC answer in Hindi from the compiled-in catalogues.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { emptyFolderWithBinary, type Serving, serve } from "./binary.ts";

const folder = emptyFolderWithBinary();
let server: Serving;
let admin: { email: string; password: string };
let student: { studentId: string; password: string };

beforeAll(async () => {
  server = await serve(folder, { NODE_ENV: "development" });
  const a = /Admin login: (\S+) \/ (\S+)/.exec(server.output());
  const s = /Demo student login \(student ID (\S+)\): \S+ \/ (\S+)/.exec(server.output());
  if (!a || !s) throw new Error(`the first start printed no logins:\n${server.output()}`);
  admin = { email: a[1]!, password: a[2]! };
  student = { studentId: s[1]!, password: s[2]! };
});
afterAll(async () => {
  await server.stop();
  folder.remove();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });
const post = (path: string, body: unknown) =>
  fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("API smoke against the release executable", () => {
  test("health, the app shell and its scripts (brotli, cached for a year), public files", async () => {
    const health = await get("/api/health");
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: { status: string } }).data.status).toBe("ok");

    const shell = await get("/", { "accept-encoding": "br" });
    expect(shell.status).toBe(200);
    expect(shell.headers.get("content-encoding")).toBe("br");
    expect(shell.headers.get("content-security-policy")).toContain("default-src");
    const html = await shell.text();
    const script = /<script[^>]+src="(\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await get(script!, { "accept-encoding": "br" });
    expect(js.status).toBe(200);
    expect(js.headers.get("content-encoding")).toBe("br");
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect((await js.text()).length).toBeGreaterThan(10_000);
    // No .gz copies are shipped: a gzip-only client gets one made on request.
    const gz = await get(script!, { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect((await gz.text()).length).toBeGreaterThan(10_000);

    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain("User-agent");
    expect((await get("/gallery")).status).toBe(200);
    expect((await get("/no-such-file.js")).status).toBe(404);
  });

  test("the seeded gallery's images were made by sharp and are served", async () => {
    const list = (await (await get("/api/gallery")).json()) as { data: { images: { src?: string; srcset?: string }[] } };
    expect(list.data.images.length).toBeGreaterThan(0);
    const first = list.data.images[0]!;
    const url = (first.srcset ?? first.src ?? "").split(" ")[0]!;
    const image = await get(url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(new Uint8Array(await image.arrayBuffer())).metadata()).format).toBe("webp");
  });

  test("both sign-ins; the office reads students; the student reads their own profile and uploads a photo sharp re-encodes", async () => {
    const a = await post("/api/auth/admin/login", admin);
    expect(a.status).toBe(200);
    const adminToken = ((await a.json()) as { data: { token: string } }).data.token;
    const students = await get("/api/admin/students?limit=5", bearer(adminToken));
    expect(students.status).toBe(200);
    expect(((await students.json()) as { data: { students: { student_id: string }[] } }).data.students.map((s) => s.student_id)).toContain(
      student.studentId,
    );

    const s = await post("/api/auth/student/login", student);
    expect(s.status).toBe(200);
    const studentToken = ((await s.json()) as { data: { token: string } }).data.token;
    const profile = await get("/api/student/profile", bearer(studentToken));
    expect(profile.status).toBe(200);
    expect(JSON.stringify(await profile.json())).toContain(student.studentId);
    expect((await get("/api/admin/students", bearer(studentToken))).status).toBe(403);

    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#1f5fa8" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
    const upload = await fetch(`${server.url}/api/student/profile/photo`, { method: "PUT", headers: bearer(studentToken), body: form });
    expect(upload.status).toBe(200);
    const photoUrl = ((await upload.json()) as { data: { user: { photo: { url: string } } } }).data.user.photo.url;
    const photo = await get(photoUrl);
    expect(photo.status).toBe(200);
    const meta = await sharp(new Uint8Array(await photo.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
  });

  test("tRPC answers, and a refusal comes in the reader's language from the compiled-in catalogues", async () => {
    const login = await fetch(`${server.url}/api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "lang=hi", "accept-language": "hi" },
      body: JSON.stringify({ email: admin.email, password: "wrong-password-1A" }),
    });
    expect(login.status).toBe(401);
    expect(JSON.stringify(await login.json())).toMatch(/[\u0900-\u097F]/);
    const batch = await get("/api/trpc/site.info");
    expect(batch.status).toBe(200);
  });
});
