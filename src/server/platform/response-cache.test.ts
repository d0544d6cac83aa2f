import { beforeEach, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { seed } from "../../../db/seed.ts";
import { native } from "../../../tests/setup/happy-dom.ts";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { DEFAULT_SETTINGS } from "../../shared/schemas/settings.ts";
import { saveSettingsGroup } from "../features/settings/settings.service.ts";
import { isSharedPublicRead } from "../route-policies.ts";
import { createTestDeps, createUser, type TestDeps, testApp } from "../testing.ts";
import { folderStore } from "./file-store.ts";
import { responseCache } from "./response-cache.ts";
import { CONTENT_SECURITY_POLICY } from "./security-headers.ts";
import { acceptsEncoding } from "./static-files.ts";

let deps: TestDeps;
beforeEach(async () => {
  deps = await createTestDeps();
});

/** A tiny app whose one route counts how often it really ran. */
function counting(opts: { enabled?: boolean; status?: number; maxBodyBytes?: number } = {}) {
  let runs = 0;
  let enabled = opts.enabled ?? true;
  const cache = responseCache({
    db: deps.db,
    cacheable: (p) => p.startsWith("/shared"),
    enabled: async () => enabled,
    maxEntries: 3,
    maxBodyBytes: opts.maxBodyBytes,
  });
  const app = new Hono();
  app.use(cache);
  app.all("*", (c) => {
    runs += 1;
    c.header("X-Run", String(runs));
    return c.json({ run: runs, path: c.req.path, q: c.req.query("q") ?? null }, (opts.status ?? 200) as 200);
  });
  return { app, cache, runs: () => runs, setEnabled: (on: boolean) => (enabled = on) };
}

describe("response cache", () => {
  test("a shared GET runs once until the database is written; the stored answer keeps its headers", async () => {
    const { app, runs } = counting();
    const first = await app.request("/shared/a");
    expect(await first.json()).toEqual({ run: 1, path: "/shared/a", q: null });
    const second = await app.request("/shared/a");
    expect(await second.json()).toEqual({ run: 1, path: "/shared/a", q: null });
    expect(second.headers.get("x-run")).toBe("1");
    expect(second.headers.get("content-type")).toContain("application/json");
    expect(runs()).toBe(1);
    await createUser(deps, { role: "student" });
    expect((await (await app.request("/shared/a")).json()).run).toBe(2);
  });

  test("the query string is part of the key; other paths, credentials and other methods always run", async () => {
    const { app, runs } = counting();
    await app.request("/shared/a?q=1");
    expect((await (await app.request("/shared/a?q=2")).json()).q).toBe("2");
    expect((await (await app.request("/shared/a?q=1")).json()).run).toBe(1);
    expect(runs()).toBe(2);
    await app.request("/private");
    await app.request("/private");
    await app.request("/shared/a?q=1", { headers: { authorization: "Bearer x" } });
    await app.request("/shared/a?q=1", { method: "POST" });
    expect(runs()).toBe(6);
  });

  test("nothing is kept while caching is off, nor errors, nor answers over the size limit", async () => {
    const off = counting({ enabled: false });
    await off.app.request("/shared/a");
    await off.app.request("/shared/a");
    expect(off.runs()).toBe(2);
    expect(off.cache.size()).toBe(0);
    off.setEnabled(true);
    await off.app.request("/shared/a");
    await off.app.request("/shared/a");
    expect(off.runs()).toBe(3);

    const failing = counting({ status: 503 });
    await failing.app.request("/shared/a");
    await failing.app.request("/shared/a");
    expect(failing.runs()).toBe(2);

    const small = counting({ maxBodyBytes: 10 });
    await small.app.request("/shared/a");
    await small.app.request("/shared/a");
    expect(small.runs()).toBe(2);
  });

  test("it keeps at most maxEntries URLs, dropping the oldest", async () => {
    const { app, cache, runs } = counting();
    for (const q of ["1", "2", "3", "4"]) await app.request(`/shared/a?q=${q}`);
    expect(cache.size()).toBe(3);
    await app.request("/shared/a?q=4");
    expect(runs()).toBe(4);
    await app.request("/shared/a?q=1");
    expect(runs()).toBe(5);
  });
});

describe("shared public reads in the app", () => {
  test("public REST paths and batches of public tRPC queries are shared; anything personal is not", () => {
    for (const p of [
      "/api/public/news",
      "/api/public/institute-info",
      "/api/public/gallery",
      "/api/gallery",
      "/api/trpc/site.info,site.news",
      "/api/trpc/gallery.publicList",
    ]) {
      expect([p, isSharedPublicRead(p)]).toEqual([p, true]);
    }
    for (const p of [
      "/api/auth/me",
      "/api/trpc/site.info,auth.me",
      "/api/trpc/student.dashboard",
      "/api/public/admin/contacts",
      "/api/trpc/",
      "/api/health",
    ]) {
      expect([p, isSharedPublicRead(p)]).toEqual([p, false]);
    }
  });

  test("a stored answer is sent with the security headers and follows maintenance mode and new settings at once", async () => {
    await seed(deps.db, { now: deps.now(), production: true, files: folderStore(temporaryDir("g")) });
    const app = testApp(deps);
    const batch = `/api/trpc/site.info,site.news?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }))}`;
    const first = await app.request(batch);
    const again = await app.request(batch);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(again.headers.get("x-frame-options")).toBe("DENY");
    expect(again.headers.get("cache-control")).toBe("public, max-age=60");
    expect(again.headers.get("vary")).toContain("Authorization");

    // With credentials the same data is answered no-store, like every authenticated answer.
    const signedIn = await app.request(batch, { headers: { authorization: "Bearer not-a-session" } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");

    await saveSettingsGroup(deps, "general", { ...DEFAULT_SETTINGS.general, siteName: "Open Institute" });
    expect((await (await app.request("/api/public/institute-info")).json()).data.name).toBe("Open Institute");
    expect((await (await app.request(batch)).json())[0].result.data.name).toBe("Open Institute");

    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, maintenanceMode: true });
    expect((await app.request("/api/public/institute-info")).status).toBe(503);
    expect((await app.request("/api/public/news")).status).toBe(503);
  });
});

describe("compression of stored answers", () => {
  test("Accept-Encoding is read as browsers and proxies send it", () => {
    const acceptsGzip = (header: string | undefined) => acceptsEncoding(header, "gzip");
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  test("a large stored answer is sent gzipped to clients that accept it, plain to others, and says it varies", async () => {
    let runs = 0;
    const app = new Hono();
    app.use(responseCache({ db: deps.db, cacheable: () => true, enabled: async () => true }));
    app.get("*", (c) =>
      c.json({ run: ++runs, items: Array.from({ length: 200 }, (_, i) => ({ id: i, url: `/media/gallery/${i}-480.webp` })) }),
    );
    const plain = await (await app.request("/shared")).text();
    for (let i = 0; i < 2; i++) {
      // happy-dom's Request would drop Accept-Encoding, as a browser's does
      const zipped = await app.fetch(new native.Request("http://localhost/shared", { headers: { "accept-encoding": "gzip, br" } }));
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
      const bytes = new Uint8Array(await zipped.arrayBuffer());
      expect(bytes.length).toBeLessThan(plain.length / 4);
      expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(plain);
    }
    const again = await app.fetch(new native.Request("http://localhost/shared", { headers: { "accept-encoding": "identity" } }));
    expect(again.headers.get("content-encoding")).toBeNull();
    expect(await again.text()).toBe(plain);
    expect(runs).toBe(1);
  });
});
