import { beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seed } from "../../../../db/seed.ts";
import { callerFor, createTestDeps, testApp, type TestDeps } from "../../testing.ts";

let deps: TestDeps;
beforeEach(async () => {
  deps = await createTestDeps();
  await seed(deps.db, { now: deps.now(), production: true, galleryDir: mkdtempSync(path.join(tmpdir(), "g-")) });
});

describe("public gallery", () => {
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
});
