import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { native } from "../../tests/setup/happy-dom.ts";
import { temporaryDir } from "../../tests/setup/temp-dirs.ts";
import hiMessages from "../shared/i18n/hi/messages.json";
import mrMessages from "../shared/i18n/mr/messages.json";
import mrValidation from "../shared/i18n/mr/validation.json";
import { RATE_RULES } from "./platform/rate-limit.ts";
import { dataPaths } from "./platform/storage.ts";
import { createTestDeps, type TestDeps, testApp } from "./testing.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
const dir = temporaryDir("institute-app");
const distDir = path.join(dir, "dist");
const publicDir = path.join(dir, "public");

beforeAll(async () => {
  mkdirSync(distDir);
  mkdirSync(publicDir);
  writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>shell</title><div id=root></div>");
  writeFileSync(path.join(distDir, "index-abc12345.js"), "console.log(1)");
  writeFileSync(path.join(publicDir, "brochure.txt"), "Brochure");
  writeFileSync(path.join(dir, "secret.txt"), "top secret");
  deps = await createTestDeps();
  writeFileSync(path.join(dataPaths(deps.env.dataDir).gallery, "demo-abc-480.webp"), "RIFFxxxxWEBP");
  app = testApp(deps, { distDir, publicDir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("security headers", () => {
  test("every kind of response carries a strict CSP without inline script, nosniff, no framing", async () => {
    for (const p of ["/", "/api/health", "/index-abc12345.js", "/api/nope"]) {
      const res = await app.request(p);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  test("HSTS is sent only when the site is served over HTTPS", async () => {
    expect((await app.request("/")).headers.get("strict-transport-security")).toBeNull();
    const https = testApp(await createTestDeps({ PUBLIC_URL: "https://institute.example" }), { distDir, publicDir });
    expect((await https.request("/")).headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("routing", () => {
  test("GET /api/health answers once the database is ready", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: "ok" } });
  });

  test("unknown /api paths answer JSON 404; unknown pages get the app shell", async () => {
    const api = await app.request("/api/does-not-exist", { method: "POST" });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: "Not found" });
    const page = await app.request("/some/unknown/page");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(await page.text()).toContain("<div id=root>");
  });

  test("hashed assets are cached for a year; public files are served as they are; missing files are 404", async () => {
    const js = await app.request("/index-abc12345.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("cache-control")).toContain("immutable");
    const robots = await app.request("/brochure.txt");
    expect(await robots.text()).toBe("Brochure");
    expect((await app.request("/missing.png")).status).toBe(404);
  });

  test("paths with .., encoded dots or backslashes never reach files outside the served folders", async () => {
    for (const p of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2e%2e%2fsecret.txt",
      "/..%5csecret.txt",
      "//..//secret.txt",
      "/%252e%252e/secret.txt",
    ]) {
      const res = await app.request(p);
      expect(await res.text()).not.toContain("top secret");
    }
  });

  test("an absurdly long path is a plain 404 or the app shell, never a 500", async () => {
    expect([200, 404]).toContain((await app.request(`/${"a".repeat(5000)}`)).status);
    expect((await app.request(`/${"a".repeat(5000)}.png`)).status).toBe(404);
  });

  test("gallery variants are served from the data folder, and only by a plain generated name", async () => {
    const ok = await app.request("/media/gallery/demo-abc-480.webp");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toContain("immutable");
    expect((await app.request("/media/gallery/..%2f..%2finstitute.db")).status).toBe(404);
    expect((await app.request("/media/gallery/nothing-480.webp")).status).toBe(404);
  });
});

describe("in the visitor's language (issue 16)", () => {
  /** Bun's Request: happy-dom's drops the Cookie header. */
  const inLanguage = (p: string, cookie: string, init: RequestInit = {}) =>
    app.fetch(new native.Request(`http://localhost${p}`, { ...init, headers: { ...init.headers, cookie } }));

  test("an unknown /api path and a body that is not JSON answer in the lang cookie's language", async () => {
    const api = await inLanguage("/api/does-not-exist", "lang=hi", { method: "POST" });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: hiMessages.notFound });
    const body = "{not json";
    const init = { method: "POST", headers: { "content-type": "application/json", "content-length": String(body.length) }, body };
    const bad = await inLanguage("/api/public/contact", "lang=mr", init);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe(mrValidation.invalidJson);
    const english = await app.request("/api/public/contact", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect((await english.json()).message).toBe("The request body must be a JSON object");
    // JSON, but not an object: the same sentence, not the validator's "Invalid type: Expected Object…" (thirteenth walk).
    for (const other of ["null", "[]", '"text"', "7"]) {
      const res = await app.request("/api/public/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: other,
      });
      expect([res.status, (await res.json()).message]).toEqual([400, "The request body must be a JSON object"]);
    }
  });

  test("a missing file, stored upload or bad upload name is a plain-text 404 in the page's language", async () => {
    for (const p of ["/verify/STU0001.abc", "/media/gallery/nothing-480.webp", "/media/gallery/..%2f..%2finstitute.db"]) {
      const res = await inLanguage(p, "lang=hi");
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(hiMessages.notFound);
      expect(await (await app.request(p)).text()).toBe("Not found");
    }
    // A page address takes its language from ?lang= too.
    expect(await (await app.request("/verify/STU0001.abc?lang=mr")).text()).toBe(mrMessages.notFound);
  });
});

describe("errors and limits", () => {
  test("a body over the limit is refused with 413 and a clear message", async () => {
    const res = await app.request("/api/auth/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toContain("too large");
  });

  test("an unexpected failure answers 500 without internals, and is logged", async () => {
    // Closing the database makes the next query fail in an unplanned way.
    const failing = await createTestDeps();
    const failingApp = testApp(failing, { distDir, publicDir });
    await failing.db.destroy();
    const res = await failingApp.request("/api/public/programmes");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ success: false, message: "Something went wrong on our side. Please try again." });
    expect(JSON.stringify(body)).not.toContain("at ");
    expect(failing.logLines.some((l) => l.includes("unhandled error"))).toBe(true);
    // Twelfth walk: with the database away, a browser got the JSON above as the whole page, and the health
    // check answered 500 where a load balancer reads 503 as "not ready".
    const page = await failingApp.request("/", { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("<h1>Something went wrong on our side. Please try again.</h1>");
    expect(html).not.toContain('"success"');
    const health = await failingApp.request("/api/health");
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("30");
  });

  test("tRPC batches are capped at 20 calls", async () => {
    const paths = Array.from({ length: 21 }, () => "health.check").join(",");
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i, {}]))));
    const res = await app.request(`/api/trpc/${paths}?batch=1&input=${input}`);
    expect(res.status).toBe(400);
    const ok = await app.request(`/api/trpc/health.check,health.check?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}`);
    expect(ok.status).toBe(200);
  });

  test("X-Forwarded-For counts only behind a trusted proxy", async () => {
    const statuses: number[][] = [];
    for (const trust of [false, true]) {
      const d = await createTestDeps(trust ? { TRUST_PROXY: "true" } : {});
      const a = testApp(d, { distDir, publicDir });
      const codes: number[] = [];
      const limit = RATE_RULES.contactPerIp.limit;
      for (let i = 0; i <= limit; i++) {
        const res = await a.request("/api/public/contact", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.7, 198.51.100.${i}` },
          body: JSON.stringify({ name: "Ravi", email: `ravi${i}@example.test`, subject: "fees", message: "Hello" }),
        });
        codes.push(res.status);
      }
      statuses.push(codes);
    }
    const accepted = Array.from({ length: RATE_RULES.contactPerIp.limit }, () => 201);
    // Untrusted: the header is ignored, so every message shares one client address's allowance.
    expect(statuses[0]).toEqual([...accepted, 429]);
    // Behind a trusted proxy each client address has its own allowance.
    expect(statuses[1]).toEqual([...accepted, 201]);
  });

  test("requests are logged with method, path, status and duration", async () => {
    await app.request("/api/health");
    const line = deps.logLines.map((l) => JSON.parse(l)).find((l) => l.msg === "request" && l.path === "/api/health");
    expect(line).toMatchObject({ level: "info", method: "GET", status: 200 });
    expect(typeof line.ms).toBe("number");
  });
});
