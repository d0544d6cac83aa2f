import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { GalleryCategory } from "../../../../db/schema.ts";
import { seed } from "../../../../db/seed.ts";
import { temporaryDir } from "../../../../tests/setup/temp-dirs.ts";
import { loadAllCatalogues } from "../../../shared/i18n/all.ts";
import hiMedia from "../../../shared/i18n/hi/media.json";
import hiValidation from "../../../shared/i18n/hi/validation.json";
import mrMedia from "../../../shared/i18n/mr/media.json";
import { GALLERY_MESSAGES } from "../../../shared/schemas/gallery.ts";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import type { AppError } from "../../platform/errors.ts";
import { folderStore } from "../../platform/file-store.ts";
import { inLocale } from "../../platform/request-locale.ts";
import { dataPaths } from "../../platform/storage.ts";
import { executableBytes, fileOf, hugeHeaderPng, jpegBytes, pngBytes } from "../../test-files.ts";
import { callerFor, createTestDeps, createUser, refuseInserts, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";
import { uploadGalleryImages } from "./gallery.service.ts";

let deps: TestDeps;

describe("public gallery", () => {
  beforeEach(async () => {
    deps = await createTestDeps();
    await seed(deps.db, { now: deps.now(), production: true, files: folderStore(temporaryDir("g")) });
  });

  test("GET /api/gallery lists only active images in data.images, with right-sized variants", async () => {
    await deps.db.updateTable("gallery_images").set({ is_active: 0 }).where("category", "=", "Sports").execute();
    const body = await (await testApp(deps).request("/api/gallery")).json();
    const images = body.data.images as { category: string; imageUrl: string; srcset: string; width: number; height: number; _id: string }[];
    expect(images).toHaveLength(5);
    expect(images.map((i) => i.category)).not.toContain("Sports");
    const first = images[0]!;
    expect(first.imageUrl).toMatch(/^\/media\/gallery\/[a-z0-9-]+-960\.webp$/);
    expect(first.srcset.split(", ")).toHaveLength(3);
    expect(first.width).toBe(1600);
    expect(first.height).toBe(1067);
    expect(typeof first._id).toBe("string");
  });

  test("?category= filters; 'all' and nothing mean every category; an unknown one is a 400", async () => {
    const app = testApp(deps);
    const campus = (await (await app.request("/api/gallery?category=Campus")).json()).data.images;
    expect(campus.map((i: { category: string }) => i.category)).toEqual(["Campus"]);
    expect((await (await app.request("/api/gallery?category=all")).json()).data.images).toHaveLength(6);
    expect((await (await app.request("/api/public/gallery")).json()).data.images).toHaveLength(6);
    const bad = await app.request("/api/gallery?category=Secret");
    expect(bad.status).toBe(400);
    expect((await callerFor(deps).gallery.publicList({ category: "Faculty" })).images).toHaveLength(1);
  });

  test("photos come a page at a time, newest first, with figures for the whole gallery; limits are checked", async () => {
    const at = (i: number) => new Date(Date.UTC(2027, 0, 1, 0, i)).toISOString();
    for (let i = 1; i <= 30; i++) {
      await deps.db
        .insertInto("gallery_images")
        .values({
          title: `Extra ${i}`,
          description: null,
          category: "Events",
          is_active: i % 10 === 0 ? 0 : 1,
          file_key: `extra-${i}`,
          width: 1600,
          height: 1067,
          size_bytes: 1,
          uploaded_by: null,
          created_at: at(i),
          updated_at: at(i),
        })
        .execute();
    }
    const app = testApp(deps);
    const page = async (query: string) => (await (await app.request(`/api/gallery${query}`)).json()).data;
    const first = await page("");
    expect(first.images).toHaveLength(24);
    expect(first.images[0].title).toBe("Extra 29");
    expect(first.pagination).toEqual({ totalItems: 33, totalPages: 2, currentPage: 1, limit: 24 });
    expect(first.stats).toEqual({ total: 33, categories: 6 });
    const second = await page("?page=2");
    expect(second.images).toHaveLength(9);
    expect(new Set([...first.images, ...second.images].map((i: { id: number }) => i.id)).size).toBe(33);
    const events = await page("?category=Events&page=2&limit=5");
    expect(events.images.map((i: { title: string }) => i.title)).toEqual(["Extra 24", "Extra 23", "Extra 22", "Extra 21", "Extra 19"]);
    expect(events.pagination.totalItems).toBe(28);
    expect(events.stats).toEqual({ total: 33, categories: 6 }); // the whole gallery, whatever the filter
    expect((await app.request("/api/public/gallery?limit=61")).status).toBe(400);
    expect((await app.request("/api/gallery?page=0")).status).toBe(400);
    expect((await callerFor(deps).gallery.publicList({ category: "all", page: 2 })).images).toHaveLength(9);
  });
});

// ————— Gallery Management —————

let app: ReturnType<typeof testApp>;
let adminToken: string;
let adminId: number;
let studentToken: string;
let galleryDir: string;

async function setUpAdmin() {
  deps = await createTestDeps();
  galleryDir = dataPaths(deps.env.dataDir).gallery;
  adminId = (await createUser(deps, { role: "admin", email: "office@example.test" })).id;
  adminToken = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  await createUser(deps, { role: "student", email: "s@example.test", student_id: "STU0001" });
  studentToken = (await signedIn(loginStudent(deps, { email: "s@example.test", studentId: "", password: TEST_PASSWORD }))).token;
  app = testApp(deps);
}

const send = (method: string, p: string, body?: unknown, token: string | null = adminToken) =>
  app.request(p, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const upload = (fd: FormData, token: string | null = adminToken) =>
  app.request("/api/gallery/upload", { method: "POST", body: fd, headers: token ? { authorization: `Bearer ${token}` } : {} });

function uploadForm(files: File[], details: unknown) {
  const fd = new FormData();
  for (const f of files) fd.append("images", f);
  fd.append("imageDetails", typeof details === "string" ? details : JSON.stringify(details));
  return fd;
}

const adminCaller = async () => callerFor(deps, await resolveSession(deps, adminToken));
const onDisk = () => readdirSync(galleryDir).sort();
const rows = () => deps.db.selectFrom("gallery_images").selectAll().orderBy("id").execute();
const auditActions = async (action: string) =>
  (await deps.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute()).map((r) => ({
    entityId: r.entity_id,
    actor: r.actor_user_id,
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));

let keySeq = 0;
/** A stored image with three small variant files of `variantBytes` each; size_bytes is their total. */
async function addImage(values: {
  title: string;
  category?: GalleryCategory;
  description?: string | null;
  active?: boolean;
  createdAt?: string;
  variantBytes?: number;
}) {
  const fileKey = `test${++keySeq}`;
  const variantBytes = values.variantBytes ?? 100;
  for (const w of [480, 960, 1600]) writeFileSync(path.join(galleryDir, `${fileKey}-${w}.webp`), new Uint8Array(variantBytes));
  const at = values.createdAt ?? deps.now().toISOString();
  return deps.db
    .insertInto("gallery_images")
    .values({
      title: values.title,
      description: values.description ?? null,
      category: values.category ?? "Campus",
      is_active: values.active === false ? 0 : 1,
      file_key: fileKey,
      width: 1600,
      height: 1067,
      size_bytes: 3 * variantBytes,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const variantsOf = (fileKey: string) => [480, 960, 1600].map((w) => `${fileKey}-${w}.webp`).sort();

/** A JPEG whose EXIF says "rotate 90° clockwise to show": stored 300×200, shown 200×300. */
async function sidewaysJpeg() {
  return new Uint8Array(
    await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-location" } } })
      .toBuffer(),
  );
}

describe("gallery management: access", () => {
  beforeEach(setUpAdmin);

  test("every admin path answers 401 to a guest and 403 to a student, and changes nothing", async () => {
    const image = await addImage({ title: "Entrance" });
    const paths: [string, string, unknown?][] = [
      ["GET", "/api/gallery/admin"],
      ["GET", "/api/gallery/admin/stats"],
      ["PUT", `/api/gallery/${image.id}`, { title: "Hacked" }],
      ["DELETE", `/api/gallery/${image.id}`],
      ["DELETE", "/api/gallery/bulk", { imageIds: [image.id] }],
    ];
    for (const [method, p, body] of paths) {
      expect([method, p, (await send(method, p, body, null)).status]).toEqual([method, p, 401]);
      expect([method, p, (await send(method, p, body, studentToken)).status]).toEqual([method, p, 403]);
    }
    const fd = () => uploadForm([fileOf(new Uint8Array(0), "x.png")], [{ title: "x" }]);
    expect((await upload(fd(), null)).status).toBe(401);
    expect((await upload(fd(), studentToken)).status).toBe(403);
    expect((await rows()).map((r) => r.title)).toEqual(["Entrance"]);
    expect(onDisk()).toEqual(variantsOf(image.file_key));

    await expect(callerFor(deps).gallery.adminList({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const student = callerFor(deps, await resolveSession(deps, studentToken));
    await expect(student.gallery.adminStats()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(student.gallery.remove({ id: image.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(student.gallery.bulkRemove({ imageIds: [image.id] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(student.gallery.update({ id: image.id, title: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("maintenance mode closes the public list but not the admin paths", async () => {
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, maintenanceMode: true });
    expect((await app.request("/api/gallery")).status).toBe(503);
    expect((await send("GET", "/api/gallery/admin")).status).toBe(200);
    expect((await send("GET", "/api/gallery/admin/stats")).status).toBe(200);
  });
});

describe("gallery management: list and stats", () => {
  beforeEach(setUpAdmin);

  test("an empty gallery: zero figures, every category listed with 0, storage 0", async () => {
    const stats = (await (await send("GET", "/api/gallery/admin/stats")).json()).data;
    expect(stats).toEqual({
      totalImages: 0,
      activeImages: 0,
      inactiveImages: 0,
      categoryStats: ["Campus", "Facilities", "Sports", "Events", "Students", "Faculty"].map((category) => ({ category, count: 0 })),
      storageUsed: 0,
    });
  });

  test("stats count active and inactive images per category and add up the stored bytes", async () => {
    await addImage({ title: "Gate", category: "Campus", variantBytes: 1000 });
    await addImage({ title: "Lawn", category: "Campus", variantBytes: 2500, active: false });
    await addImage({ title: "Cricket", category: "Sports", variantBytes: 4096 });
    const expected = {
      totalImages: 3,
      activeImages: 2,
      inactiveImages: 1,
      categoryStats: [
        { category: "Campus", count: 2 },
        { category: "Facilities", count: 0 },
        { category: "Sports", count: 1 },
        { category: "Events", count: 0 },
        { category: "Students", count: 0 },
        { category: "Faculty", count: 0 },
      ],
      storageUsed: 3 * (1000 + 2500 + 4096),
    };
    expect((await (await send("GET", "/api/gallery/admin/stats")).json()).data).toEqual(expected);
    expect((await (await adminCaller()).gallery.adminStats()) as unknown).toEqual(expected);
    // The figure is the bytes actually on disk.
    expect(onDisk().reduce((sum, f) => sum + statSync(path.join(galleryDir, f)).size, 0)).toBe(expected.storageUsed);
  });

  test("search is case-insensitive over title and description; category and status filter; newest first; stats ignore filters", async () => {
    const t = (minutesAgo: number) => new Date(deps.now().getTime() - minutesAgo * 60_000).toISOString();
    await addImage({ title: "Annual Sports Day", category: "Sports", createdAt: t(50) });
    await addImage({ title: "Relay race", category: "Sports", description: "Students on the TRACK", createdAt: t(40), active: false });
    await addImage({ title: "Library", category: "Facilities", description: "100% quiet reading room", createdAt: t(30) });
    await addImage({ title: "Convocation", category: "Events", description: "Graduates on stage", createdAt: t(20) });
    await addImage({ title: "Study_group", category: "Students", createdAt: t(10) });

    const titles = async (query: string) => {
      const res = await send("GET", `/api/gallery/admin${query}`);
      expect(res.status).toBe(200);
      const data = (await res.json()).data;
      expect(data.stats.totalImages).toBe(5);
      return (data.images as { title: string }[]).map((i) => i.title);
    };
    expect(await titles("")).toEqual(["Study_group", "Convocation", "Library", "Relay race", "Annual Sports Day"]);
    expect(await titles("?search=SPORTS")).toEqual(["Annual Sports Day"]);
    expect(await titles("?search=track")).toEqual(["Relay race"]);
    expect(await titles("?search=on")).toEqual(["Convocation", "Relay race"]);
    // % and _ are searched for as themselves
    expect(await titles("?search=100%25")).toEqual(["Library"]);
    expect(await titles("?search=y_g")).toEqual(["Study_group"]);
    expect(await titles("?category=Sports")).toEqual(["Relay race", "Annual Sports Day"]);
    expect(await titles("?category=Sports&status=active")).toEqual(["Annual Sports Day"]);
    expect(await titles("?status=inactive")).toEqual(["Relay race"]);
    expect(await titles("?category=all&search=")).toHaveLength(5);

    const page = (await (await send("GET", "/api/gallery/admin?limit=2&page=2")).json()).data;
    expect(page.images.map((i: { title: string }) => i.title)).toEqual(["Library", "Relay race"]);
    expect(page.pagination).toEqual({ totalItems: 5, totalPages: 3, currentPage: 2, limit: 2 });
    expect((await (await send("GET", "/api/gallery/admin")).json()).data.pagination.limit).toBe(60);

    const item = (await (await adminCaller()).gallery.adminList({ search: "relay" })).images[0]!;
    expect(item).toMatchObject({ title: "Relay race", isActive: false, category: "Sports", sizeBytes: 300, _id: String(item.id) });
    expect(item.image).toBe(item.imageUrl);
    expect(item.uploadDate).toBe(item.createdAt);

    expect((await send("GET", "/api/gallery/admin?category=Secret")).status).toBe(400);
    expect((await send("GET", "/api/gallery/admin?status=maybe")).status).toBe(400);
  });
});

describe("gallery management: upload", () => {
  beforeEach(setUpAdmin);

  test("a batch with one renamed executable: the two images are stored as three upright WebP variants without EXIF; the bad one is rejected with its reason", async () => {
    const big = await jpegBytes(2000, 1500);
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const res = await upload(
      uploadForm(
        [
          fileOf(big, "sports-day.jpg", "image/jpeg"),
          fileOf(executableBytes(), "virus.jpg", "image/jpeg"),
          fileOf(await sidewaysJpeg(), "hall.jpg", "image/jpeg"),
        ],
        [
          { title: "  Sports day  ", category: "Sports", description: "Relay final" },
          { title: "Looks innocent", category: "Campus" },
          { title: "Hall" },
        ],
      ),
    );
    expect(res.status).toBe(201);
    const data = (await res.json()).data;
    expect(data.rejected).toEqual([{ index: 1, name: "virus.jpg", message: "This file must be a JPG, PNG or WebP file." }]);
    expect(
      data.uploaded.map((i: { title: string; category: string; description: string | null }) => [i.title, i.category, i.description]),
    ).toEqual([
      ["Sports day", "Sports", "Relay final"],
      ["Hall", "Campus", null],
    ]);

    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(onDisk()).toEqual(stored.flatMap((r) => variantsOf(r.file_key)).sort());
    const [sports, hall] = stored as [(typeof stored)[0], (typeof stored)[0]];
    expect(sports.file_key).toMatch(/^[a-z0-9]{24}$/);
    expect([sports.width, sports.height]).toEqual([1600, 1200]);
    // EXIF orientation applied: the sideways 300×200 photo is stored upright, and never enlarged.
    expect([hall.width, hall.height]).toEqual([200, 300]);
    expect(sports.uploaded_by).toBe(adminId);

    for (const row of stored) {
      let bytes = 0;
      for (const w of [480, 960, 1600]) {
        const file = path.join(galleryDir, `${row.file_key}-${w}.webp`);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(meta.width).toBe(Math.min(w, row.width));
        bytes += statSync(file).size;
      }
      expect(row.size_bytes).toBe(bytes);
    }
    const served = await app.request(data.uploaded[0].imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    expect((await auditActions("gallery.upload")).map((a) => [a.entityId, a.actor, a.details.title])).toEqual([
      [String(sports.id), adminId, "Sports day"],
      [String(hall.id), adminId, "Hall"],
    ]);
    const stats = (await (await send("GET", "/api/gallery/admin/stats")).json()).data;
    expect(stats.storageUsed).toBe(sports.size_bytes + hall.size_bytes);
  });

  test("concurrent uploads take turns with their image work and are all stored, each with its three variants", async () => {
    const files = await Promise.all([pngBytes(), jpegBytes(800, 600), pngBytes(300, 200), jpegBytes()]);
    const responses = await Promise.all(
      files.map((bytes, i) => upload(uploadForm([fileOf(bytes, `c${i}.img`)], [{ title: `Concurrent ${i}` }]))),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(onDisk()).toHaveLength(12);
  });

  test("each file's own details are checked: a missing or too long title or an unknown category rejects only that file", async () => {
    const png = async () => fileOf(await pngBytes(), "p.png", "image/png");
    const res = await upload(
      uploadForm(
        [await png(), await png(), await png(), await png()],
        [{ title: "" }, { title: "x".repeat(121) }, { title: "Fine", category: "Secret" }, { title: "Kept", category: "" }],
      ),
    );
    expect(res.status).toBe(201);
    const data = (await res.json()).data;
    expect(data.rejected.map((r: { index: number; message: string }) => [r.index, r.message])).toEqual([
      [0, GALLERY_MESSAGES.titleRequired],
      [1, "The title must be at most 120 characters"],
      [2, GALLERY_MESSAGES.category],
    ]);
    expect(data.uploaded.map((i: { title: string; category: string }) => [i.title, i.category])).toEqual([["Kept", "Campus"]]);
    expect(onDisk()).toHaveLength(3);
  });

  test("a form value in place of a file, or details that are not an object, reject only that entry", async () => {
    const fd = new FormData();
    fd.append("images", "not-a-file");
    fd.append("images", fileOf(await pngBytes(), "b.png"));
    fd.append("images", fileOf(await pngBytes(), "c.png"));
    fd.append("imageDetails", JSON.stringify([{ title: "A" }, "B", { title: "C" }]));
    const data = (await (await upload(fd)).json()).data;
    expect(data.rejected).toEqual([
      { index: 0, name: "image-1", message: GALLERY_MESSAGES.noFile },
      { index: 1, name: "b.png", message: GALLERY_MESSAGES.details },
    ]);
    expect(data.uploaded.map((i: { title: string }) => i.title)).toEqual(["C"]);
  });

  test("details may also come as one JSON object per image", async () => {
    const fd = new FormData();
    fd.append("images", fileOf(await pngBytes(), "a.png"));
    fd.append("images", fileOf(await pngBytes(), "b.png"));
    fd.append("imageDetails", JSON.stringify({ title: "A", category: "Faculty" }));
    fd.append("imageDetails", JSON.stringify({ title: "B" }));
    const res = await upload(fd);
    expect(res.status).toBe(201);
    expect((await res.json()).data.uploaded.map((i: { title: string; category: string }) => `${i.title}/${i.category}`)).toEqual([
      "A/Faculty",
      "B/Campus",
    ]);
  });

  test("when no file can be stored the answer is 400 with every reason, and nothing is kept", async () => {
    const res = await upload(
      uploadForm(
        [
          fileOf(executableBytes(), "setup.png", "image/png"),
          fileOf(await hugeHeaderPng(), "bomb.png", "image/png"),
          fileOf((await jpegBytes(400, 300)).slice(0, 200), "cut-off.jpg", "image/jpeg"),
        ],
        [{ title: "a" }, { title: "b" }, { title: "c" }],
      ),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(GALLERY_MESSAGES.noneUploaded);
    expect(body.errors).toEqual({
      "images.0": ["setup.png: This file must be a JPG, PNG or WebP file."],
      "images.1": ["bomb.png: This file is larger than 50 megapixels. Please choose a smaller picture."],
      "images.2": ["cut-off.jpg: This file could not be read as an image. Please choose another file."],
    });
    expect(await rows()).toHaveLength(0);
    expect(onDisk()).toHaveLength(0);
    expect(await auditActions("gallery.upload")).toHaveLength(0);
  });

  test("if the database write fails, the variants already written are removed", async () => {
    await refuseInserts(deps.db, "gallery_images", "disk full");
    const res = await upload(
      uploadForm([fileOf(await pngBytes(), "a.png"), fileOf(await jpegBytes(), "b.jpg")], [{ title: "A" }, { title: "B" }]),
    );
    expect(res.status).toBe(500);
    expect(onDisk()).toHaveLength(0);
    expect(await auditActions("gallery.upload")).toHaveLength(0);
    expect(deps.logLines.some((l) => l.includes("unhandled error"))).toBe(true);
  });

  test("the batch itself must be sound: files present, at most 20, one details entry per file, valid JSON", async () => {
    const png = fileOf(await pngBytes(), "p.png");
    const expectBad = async (res: Response, message: string) => {
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    };
    await expectBad(await upload(uploadForm([], [])), GALLERY_MESSAGES.noFiles);
    await expectBad(await send("POST", "/api/gallery/upload", { images: [] }), GALLERY_MESSAGES.noFiles);
    await expectBad(
      await upload(
        uploadForm(
          Array.from({ length: 21 }, () => png),
          Array.from({ length: 21 }, () => ({ title: "t" })),
        ),
      ),
      GALLERY_MESSAGES.tooManyFiles,
    );
    await expectBad(await upload(uploadForm([png, png], [{ title: "only one" }])), GALLERY_MESSAGES.details);
    await expectBad(await upload(uploadForm([png], "{not json")), GALLERY_MESSAGES.details);
    const noDetails = new FormData();
    noDetails.append("images", png);
    await expectBad(await upload(noDetails), GALLERY_MESSAGES.details);
    expect(onDisk()).toHaveLength(0);
  });
});

describe("gallery management: edit and delete", () => {
  beforeEach(setUpAdmin);

  test("PUT /api/gallery/{id} changes the fields sent, clears a blank description, and is audited", async () => {
    const image = await addImage({ title: "Gate", category: "Campus", description: "Old text" });
    deps.advance(60_000);
    const res = await send("PUT", `/api/gallery/${image.id}`, {
      title: "Main gate",
      description: "  ",
      category: "Facilities",
      isActive: false,
    });
    expect(res.status).toBe(200);
    const data = (await res.json()).data;
    expect(data.message).toBe(GALLERY_MESSAGES.updated);
    expect(data.image).toMatchObject({
      id: image.id,
      title: "Main gate",
      description: null,
      category: "Facilities",
      isActive: false,
      updatedAt: deps.now().toISOString(),
    });
    const row = (await rows())[0]!;
    expect([row.title, row.description, row.category, row.is_active]).toEqual(["Main gate", null, "Facilities", 0]);

    // Only what is sent changes.
    const caller = await adminCaller();
    await caller.gallery.update({ id: image.id, isActive: true });
    expect((await rows())[0]).toMatchObject({ title: "Main gate", category: "Facilities", is_active: 1 });

    expect((await auditActions("gallery.update")).map((a) => [a.details.changed, a.details.shown])).toEqual([
      [["title", "description", "category", "is_active"], false],
      [["is_active"], true],
    ]);

    const bad = await send("PUT", `/api/gallery/${image.id}`, { title: "   ", category: "Secret" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.title).toEqual([GALLERY_MESSAGES.titleRequired]);
    expect((await send("PUT", `/api/gallery/${image.id}`, { category: "Secret" })).status).toBe(400);
    expect((await send("PUT", `/api/gallery/${image.id}`, { isActive: "yes" })).status).toBe(400);
    const missing = await send("PUT", "/api/gallery/9999", { title: "x" });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe(GALLERY_MESSAGES.notFound);
  });

  test("DELETE /api/gallery/{id} removes the row and its three files, audited; a second delete is a 404", async () => {
    const keep = await addImage({ title: "Keep" });
    const gone = await addImage({ title: "Gone" });
    const res = await send("DELETE", `/api/gallery/${gone.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.message).toBe(GALLERY_MESSAGES.deleted);
    expect((await rows()).map((r) => r.id)).toEqual([keep.id]);
    expect(onDisk()).toEqual(variantsOf(keep.file_key));
    expect((await auditActions("gallery.delete")).map((a) => [a.entityId, a.details.title])).toEqual([[String(gone.id), "Gone"]]);
    expect((await send("DELETE", `/api/gallery/${gone.id}`)).status).toBe(404);
    const notAnId = await send("DELETE", "/api/gallery/abc");
    expect([notAnId.status, (await notAnId.json()).message]).toEqual([400, GALLERY_MESSAGES.notFound]);

    await (await adminCaller()).gallery.remove({ id: keep.id });
    expect(await rows()).toHaveLength(0);
    expect(onDisk()).toHaveLength(0);
  });

  test("DELETE /api/gallery/bulk removes the selected rows and files and answers how many; unknown ids are skipped", async () => {
    const a = await addImage({ title: "A" });
    const b = await addImage({ title: "B" });
    const c = await addImage({ title: "C" });
    const res = await send("DELETE", "/api/gallery/bulk", { imageIds: [a.id, c.id, c.id, 9999] });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ message: "2 images deleted successfully", deleted: 2, imageIds: [a.id, c.id] });
    expect((await rows()).map((r) => r.title)).toEqual(["B"]);
    expect(onDisk()).toEqual(variantsOf(b.file_key));
    expect((await auditActions("gallery.delete")).map((x) => [x.entityId, x.details.bulk])).toEqual([
      [String(a.id), true],
      [String(c.id), true],
    ]);

    const none = await send("DELETE", "/api/gallery/bulk", { imageIds: [] });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe(GALLERY_MESSAGES.noneSelected);
    const tooMany = await send("DELETE", "/api/gallery/bulk", { imageIds: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect((await tooMany.json()).message).toBe(GALLERY_MESSAGES.tooManySelected);
    expect((await send("DELETE", "/api/gallery/bulk", { imageIds: ["x"] })).status).toBe(400);

    expect(await (await adminCaller()).gallery.bulkRemove({ imageIds: [b.id] })).toMatchObject({ deleted: 1 });
    expect(onDisk()).toHaveLength(0);
    expect(existsSync(galleryDir)).toBe(true);
  });
});

describe("in the admin's language (issue 16)", () => {
  beforeEach(setUpAdmin);

  test("answers, plurals and rule messages follow the request's language", async () => {
    await loadAllCatalogues();
    const caller = await adminCaller();
    const [a, b, c] = [await addImage({ title: "Gate" }), await addImage({ title: "Library" }), await addImage({ title: "Lab" })];
    expect((await inLocale("hi", () => caller.gallery.update({ id: a.id, title: "Main gate" }))).message).toBe(hiMedia["msg.updated"]);
    expect((await inLocale("mr", () => caller.gallery.bulkRemove({ imageIds: [a.id, b.id] }))).message).toBe(
      mrMedia["msg.bulkDeleted"].other.replace("{count}", "2"),
    );
    expect((await inLocale("hi", () => caller.gallery.bulkRemove({ imageIds: [c.id] }))).message).toBe(
      hiMedia["msg.bulkDeleted"].one.replace("{count}", "1"),
    );
    await expect(inLocale("mr", () => caller.gallery.bulkRemove({ imageIds: [] }))).rejects.toMatchObject({
      message: mrMedia["msg.noneSelected"],
    });
    // Without a language the answers are the specification's English.
    await expect(caller.gallery.bulkRemove({ imageIds: [] })).rejects.toMatchObject({ message: "Please select at least one image" });
    expect(GALLERY_MESSAGES.tooManyFiles).toBe("You can upload at most 20 images at a time");
  });

  test("an upload refused for its content names the file in the admin's language", async () => {
    await loadAllCatalogues();
    const refusal = async (locale: "hi" | "mr" | null) => {
      const form = { files: [fileOf(executableBytes(), "virus.jpg", "image/jpeg")], details: [{ title: "Looks innocent" }] };
      const error = await inLocale(locale, () => uploadGalleryImages(deps, adminId, form)).then(
        () => null,
        (e: AppError) => e,
      );
      return error?.fieldErrors?.["images.0"]?.[0];
    };
    expect(await refusal("hi")).toBe(
      `virus.jpg: ${hiValidation["file.type"].replace("{label}", hiMedia["msg.thisFile"]).replace("{types}", "JPG, PNG या WebP")}`,
    );
    expect(await refusal("mr")).toStartWith(`virus.jpg: ${mrMedia["msg.thisFile"]} `);
    expect(await refusal(null)).toBe("virus.jpg: This file must be a JPG, PNG or WebP file.");
  });
});
