import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { S3Client } from "bun";
import { startS3Server, type TestS3 } from "../../../tests/setup/s3-server.ts";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { loginAdmin } from "../features/auth/auth.service.ts";
import { APPLICANT_FIELDS, applicationForm } from "../security/world.ts";
import { fileOf, pdfBytes, pngBytes } from "../test-files.ts";
import { createTestDeps, createUser, signedIn, TEST_PASSWORD, testApp } from "../testing.ts";
import { createBackup } from "./backups.ts";
import { copyUploads } from "./copy-uploads.ts";
import { checkData } from "./data-check.ts";
import { type FileStore, fileStore, folderStore, openFileStore, s3Store } from "./file-store.ts";
import { sweepOrphanFiles } from "./orphan-sweep.ts";
import { dataPaths } from "./storage.ts";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

const client = () =>
  new S3Client({ endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" });
/** Each test's institute under a prefix of its own: a sweep sees only its own files. */
const ownPrefix = () => ({ ...s3.env, STORAGE_URL: `s3://${s3.bucket}/i${crypto.randomUUID().slice(0, 8)}` });
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

const stores: [string, () => FileStore][] = [
  ["a folder", () => folderStore(temporaryDir("store"))],
  ["an S3-compatible bucket", () => s3Store(client(), { bucket: s3.bucket, prefix: `t${crypto.randomUUID().slice(0, 8)}` })],
];

describe.each(stores)("the file store on %s", (_, make) => {
  test("writes, opens (size, type, stream), reads, lists by area and removes; a missing file is null, removing it is fine", async () => {
    const store = make();
    const pdf = pdfBytes();
    await store.write("documents", "aaaaaaaaaaaaaaaaaaaaaaaa.pdf", pdf);
    await store.write("photos", "bbbbbbbbbbbbbbbbbbbbbbbb.webp", new Uint8Array([1, 2, 3]));
    const opened = await store.open("documents", "aaaaaaaaaaaaaaaaaaaaaaaa.pdf");
    expect(opened?.size).toBe(pdf.length);
    expect(opened?.type).toBe("application/pdf");
    expect(await bytesOf(opened!.stream())).toEqual(pdf);
    expect(await store.read("photos", "bbbbbbbbbbbbbbbbbbbbbbbb.webp")).toEqual(new Uint8Array([1, 2, 3]));
    expect((await store.list("documents")).map((f) => f.name)).toEqual(["aaaaaaaaaaaaaaaaaaaaaaaa.pdf"]);
    expect((await store.list("gallery")).map((f) => f.name)).toEqual([]);
    const [listed] = await store.list("photos");
    expect(Math.abs(listed!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);

    expect(await store.open("documents", "cccccccccccccccccccccccc.pdf")).toBeNull();
    expect(await store.read("documents", "cccccccccccccccccccccccc.pdf")).toBeNull();
    await store.remove("documents", ["aaaaaaaaaaaaaaaaaaaaaaaa.pdf", "cccccccccccccccccccccccc.pdf", null]);
    expect(await store.open("documents", "aaaaaaaaaaaaaaaaaaaaaaaa.pdf")).toBeNull();
    expect(await store.list("documents")).toEqual([]);
  });

  test("an uploads folder is copied in area by area; run again, what is there is kept; stray names stay behind", async () => {
    const target = make();
    const root = temporaryDir("uploads");
    const source = folderStore(root);
    const pdf = pdfBytes();
    await source.write("documents", "dddddddddddddddddddddddd.pdf", pdf);
    await source.write("gallery", "gggggggggggggggggggggggg.webp", new Uint8Array([4, 5]));
    await source.write("photos", "pppppppppppppppppppppppp.webp", new Uint8Array([6]));
    writeFileSync(path.join(root, "photos", ".DS_Store"), "x");
    await target.write("photos", "pppppppppppppppppppppppp.webp", new Uint8Array([6]));

    expect(await copyUploads(source, target)).toEqual({ copied: 2, present: 1, skipped: 1 });
    expect(await target.read("documents", "dddddddddddddddddddddddd.pdf")).toEqual(pdf);
    expect(await target.read("gallery", "gggggggggggggggggggggggg.webp")).toEqual(new Uint8Array([4, 5]));
    expect((await target.list("photos")).map((f) => f.name)).toEqual(["pppppppppppppppppppppppp.webp"]);
    expect(await copyUploads(source, target)).toEqual({ copied: 0, present: 3, skipped: 1 });
  });

  test("a name that is not one the server makes never reaches a path or key", async () => {
    const store = make();
    for (const bad of ["../institute.db", "a/b.pdf", ".hidden", "", "x..pdf"]) {
      await expect(store.write("documents", bad, new Uint8Array([1]))).rejects.toThrow("not a stored file name");
      await expect(store.open("documents", bad)).rejects.toThrow("not a stored file name");
    }
  });
});

test("a bucket's listing follows S3's continuation pages (here two keys a page)", async () => {
  const store = s3Store(client(), { bucket: s3.bucket, prefix: "paged", pageSize: 2 });
  const names = ["a", "b", "c", "d", "e"].map((c) => `${c.repeat(24)}.pdf`);
  for (const name of names) await store.write("documents", name, pdfBytes());
  expect((await store.list("documents")).map((f) => f.name).sort()).toEqual(names);
});

test("STORAGE_URL chooses the store: none is DATA_DIR/uploads, file:// a shared folder, s3:// a bucket and prefix", () => {
  const base = { dataDir: "/srv/data" };
  expect(openFileStore(base).folder).toBe("/srv/data/uploads");
  expect(openFileStore({ ...base, STORAGE_URL: "file:///mnt/shared%20files" }).folder).toBe("/mnt/shared files");
  const bucket = openFileStore({ ...base, STORAGE_URL: "s3://institute-files/pune/", S3_ENDPOINT: "http://127.0.0.1:9" });
  expect(bucket.folder).toBeNull();
  expect(bucket.location).toBe("s3://institute-files/pune/");
});

test("a backup packs a shared folder (STORAGE_URL=file://…) as uploads/, whatever the folder is called", async () => {
  const shared = path.join(temporaryDir("store"), "shared.files");
  const deps = await createTestDeps({ STORAGE_URL: `file://${shared}` }, { engine: "sqlite" });
  await fileStore(deps.env).write("documents", "aaaaaaaaaaaaaaaaaaaaaaaa.pdf", pdfBytes());
  const backup = await createBackup(deps);
  const list = Bun.spawn(["tar", "-tzf", path.join(dataPaths(deps.env.dataDir).backups, backup.name)], { stdout: "pipe" });
  const entries = (await new Response(list.stdout).text()).split("\n");
  expect(entries).toContain("uploads/documents/aaaaaaaaaaaaaaaaaaaaaaaa.pdf");
  expect(entries).toContain("institute.db");
  expect(entries.filter((e) => e.includes("shared.files"))).toEqual([]);
});

describe("the product on a bucket (STORAGE_URL=s3://…): nothing is written under DATA_DIR/uploads", () => {
  test("an application's documents, their preview, the approved student's photo, a gallery upload: stored in and served from the bucket", async () => {
    const deps = await createTestDeps(ownPrefix());
    const app = testApp(deps);
    await createUser(deps, { role: "admin", email: "office@example.test" });
    const token = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
    const auth = { authorization: `Bearer ${token}` };

    const marksheet = pdfBytes();
    const fd = await applicationForm(
      { ...APPLICANT_FIELDS, email: "anita.bucket@example.test" },
      { marksheet: fileOf(marksheet, "marks.pdf", "application/pdf") },
    );
    const submitted = await app.request("/api/admission/submit", { method: "POST", body: fd });
    expect(submitted.status).toBe(201);
    const id = Number((await submitted.json()).data.id);

    const store = fileStore(deps.env);
    expect(store.folder).toBeNull();
    expect((await store.list("documents")).length).toBe(2);
    const download = await app.request(`/api/admission/application/${id}/documents/marksheet?download=1`, { headers: auth });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-length")).toBe(String(marksheet.length));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(marksheet);
    const thumb = await app.request(`/api/admission/application/${id}/documents/photo?size=thumb`, { headers: auth });
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect((await store.list("documents")).filter((f) => f.name.endsWith(".thumb.webp"))).toHaveLength(1);

    const approved = await app.request("/api/admin/admissions/process", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ admissionId: id, action: "accept" }),
    });
    expect(approved.status).toBe(200);
    const student = await deps.db
      .selectFrom("users")
      .select("photo_file")
      .where("email", "=", "anita.bucket@example.test")
      .executeTakeFirstOrThrow();
    const photo = await app.request(`/api/files/photos/${student.photo_file}`, { headers: auth });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");

    const gallery = new FormData();
    gallery.append("images", fileOf(await pngBytes(900, 600), "hall.png", "image/png"));
    gallery.append("imageDetails", JSON.stringify([{ title: "Hall" }]));
    expect((await app.request("/api/gallery/upload", { method: "POST", body: gallery, headers: auth })).status).toBe(201);
    const key = (await deps.db.selectFrom("gallery_images").select("file_key").executeTakeFirstOrThrow()).file_key;
    const variant = await app.request(`/media/gallery/${key}-480.webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("cache-control")).toContain("immutable");

    const local = dataPaths(deps.env.dataDir);
    for (const dir of [local.documents, local.photos, local.gallery]) expect(readdirSync(dir)).toEqual([]);
    // `check` reads the bucket: everything present; a file taken away is reported by its place.
    expect((await checkData(deps)).missingFiles).toEqual([]);
    await store.remove("gallery", [`${key}-960.webp`]);
    expect((await checkData(deps)).missingFiles).toEqual([`uploads/gallery/${key}-960.webp`]);
  });

  test("the start-up sweep removes an orphan from the bucket; with several processes (PostgreSQL) only orphans older than an hour", async () => {
    const deps = await createTestDeps(ownPrefix());
    const store = fileStore(deps.env);
    await store.write("documents", "dddddddddddddddddddddddd.pdf", pdfBytes());
    // One server on its SQLite file sweeps before it serves: every unreferenced file is a leftover.
    const single = { ...deps, env: { ...deps.env, DATABASE_URL: undefined } };
    expect(await sweepOrphanFiles(single)).toEqual(["uploads/documents/dddddddddddddddddddddddd.pdf"]);
    expect(await store.list("documents")).toEqual([]);

    // Shared by several servers: a file another process has just written (its row not yet committed) stays.
    deps.advance(Date.now() - deps.now().getTime());
    const shared = { ...deps, env: { ...deps.env, STORAGE_URL: undefined, DATABASE_URL: "postgres://elsewhere/db" } };
    const folder = dataPaths(deps.env.dataDir).documents;
    await fileStore(shared.env).write("documents", "eeeeeeeeeeeeeeeeeeeeeeee.pdf", pdfBytes());
    await fileStore(shared.env).write("documents", "ffffffffffffffffffffffff.pdf", pdfBytes());
    const twoHoursAgo = new Date(deps.now().getTime() - 2 * 3_600_000);
    utimesSync(path.join(folder, "ffffffffffffffffffffffff.pdf"), twoHoursAgo, twoHoursAgo);
    expect(await sweepOrphanFiles(shared)).toEqual(["uploads/documents/ffffffffffffffffffffffff.pdf"]);
    expect(readdirSync(folder)).toEqual(["eeeeeeeeeeeeeeeeeeeeeeee.pdf"]);
  });
});
