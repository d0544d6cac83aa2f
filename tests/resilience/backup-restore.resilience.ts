/**
 * Issue 10 §9 — a backup made through the API (POST /api/admin/backups), unpacked into a fresh DATA_DIR,
 * starts a server that serves the same data: accounts, applications with their documents, settings.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { jpegBytes, pdfBytes } from "../../src/server/test-files.ts";
import { adminToken, startServer } from "./server.ts";

const dirs: string[] = [];
const tempDir = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `institute-${name}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test("a backup restored into a fresh DATA_DIR starts and serves the same data", async () => {
  const original = tempDir("original");
  const server = await startServer(original);
  const token = await adminToken(server.url);
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, "content-type": "application/json" };

  const fd = new FormData();
  const fields = {
    firstName: "Backup",
    lastName: "Person",
    dateOfBirth: "2003-04-12",
    gender: "Male",
    bloodGroup: "A+",
    email: "backup@example.test",
    phone: "9876501234",
    address: "1 Archive Road",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    course: "Commerce",
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const marksheet = pdfBytes();
  fd.append("photo", new File([await jpegBytes()], "p.jpg", { type: "image/jpeg" }));
  fd.append("marksheet", new File([marksheet], "m.pdf", { type: "application/pdf" }));
  const submitted = await fetch(`${server.url}/api/admission/submit`, { method: "POST", body: fd });
  expect(submitted.status).toBe(201);
  const { id } = ((await submitted.json()) as { data: { id: number } }).data;
  expect(
    (
      await fetch(`${server.url}/api/admin/settings`, {
        method: "PUT",
        headers: json,
        body: JSON.stringify({ general: { siteName: "Restored Institute" } }),
      })
    ).status,
  ).toBe(200);
  const before = await (await fetch(`${server.url}/api/admin/admissions`, { headers: auth })).json();

  const made = await fetch(`${server.url}/api/admin/backups`, { method: "POST", headers: auth });
  expect(made.status).toBe(201);
  const { name } = ((await made.json()) as { data: { backup: { name: string } } }).data.backup;
  // The download is the same archive.
  const download = await fetch(`${server.url}/api/admin/backups/${name}`, { headers: auth });
  expect(download.status).toBe(200);
  expect(download.headers.get("cache-control")).toBe("no-store");
  const archive = path.join(tempDir("archive"), name);
  await Bun.write(archive, await download.arrayBuffer());
  await server.kill("SIGTERM");

  const restored = tempDir("restored");
  const tar = Bun.spawnSync(["tar", "-xzf", archive, "-C", restored]);
  expect(tar.exitCode).toBe(0);
  const again = await startServer(restored);
  try {
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    // The restored admin signs in with the same password (its hash came along), and sees the same data.
    const token2 = await adminToken(again.url);
    const auth2 = { authorization: `Bearer ${token2}` };
    const after = await (await fetch(`${again.url}/api/admin/admissions`, { headers: auth2 })).json();
    expect(after.data.admissions).toEqual(before.data.admissions);
    const doc = await fetch(`${again.url}/api/admission/application/${id}/documents/marksheet`, { headers: auth2 });
    expect(doc.status).toBe(200);
    expect(new Uint8Array(await doc.arrayBuffer())).toEqual(marksheet);
    const settings = (await (await fetch(`${again.url}/api/admin/settings`, { headers: auth2 })).json()) as {
      data: { settings: { general: { siteName: string } } };
    };
    expect(settings.data.settings.general.siteName).toBe("Restored Institute");
    // The old sessions came along too (they are rows), so the original token still works until it expires.
    expect((await fetch(`${again.url}/api/auth/me`, { headers: auth })).status).toBe(200);
  } finally {
    await again.kill("SIGTERM");
  }
});
