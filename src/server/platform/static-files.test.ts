import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { native } from "../../../tests/setup/happy-dom.ts";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { precompress } from "../build.ts";
import { preferredEncoding, serveFiles, shellNameOf } from "./static-files.ts";

const dir = temporaryDir("institute-static");
const distDir = path.join(dir, "dist");
const publicDir = path.join(dir, "public");
const SCRIPT = `console.log(${JSON.stringify("a fairly repetitive line of built JavaScript; ".repeat(100))});\n`;
const SHELL = `<!doctype html><html><head><title>shell</title></head><body><div id=root></div>${"<!-- padding -->".repeat(100)}</body></html>`;
let app: Hono;

beforeAll(() => {
  mkdirSync(path.join(distDir, "_pages"), { recursive: true });
  mkdirSync(publicDir);
  writeFileSync(path.join(distDir, "index.html"), SHELL);
  writeFileSync(
    path.join(distDir, "_pages", "gallery.html"),
    SHELL.replace("</head>", `<link rel="modulepreload" href="/gallery-page-abc12345.js"></head>`),
  );
  mkdirSync(path.join(distDir, "_pages", "student"));
  writeFileSync(
    path.join(distDir, "_pages", "student", "exams.html"),
    SHELL.replace("</head>", `<link rel="modulepreload" href="/portal-pages-abc12345.js"></head>`),
  );
  writeFileSync(path.join(distDir, "index-abc12345.js"), SCRIPT);
  writeFileSync(path.join(distDir, "tiny-abc12345.js"), "1");
  writeFileSync(path.join(publicDir, "brochure.txt"), "Brochure ".repeat(300));
  writeFileSync(path.join(publicDir, "photo.png"), new Uint8Array(4096));
  app = new Hono().get("*", serveFiles({ distDir, publicDir }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bun's own Request: happy-dom's, like a browser's, drops the Accept-Encoding a page may not set. */
const get = (p: string, acceptEncoding?: string) =>
  app.fetch(new native.Request(`http://localhost${p}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }));
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("preferredEncoding", () => {
  test("brotli first, then gzip; a q=0 refuses; nothing acceptable means none", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe("compressed answers", () => {
  test("scripts, the app shell and public text files go out compressed in the accepted encoding", async () => {
    const br = await get("/index-abc12345.js", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toContain("immutable");
    expect(br.headers.get("content-type")).toContain("javascript");
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(SCRIPT);

    const gz = await get("/index-abc12345.js", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await bytes(gz)).toString()).toBe(SCRIPT);

    const shell = await get("/some/page", "br");
    expect(shell.headers.get("content-encoding")).toBe("br");
    expect(shell.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(zlib.brotliDecompressSync(await bytes(shell)).toString()).toBe(SHELL);

    const text = await get("/brochure.txt", "gzip");
    expect(text.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await bytes(text)).toString()).toStartWith("Brochure");
  });

  test("no accepted encoding, a tiny file or an image: sent as it is", async () => {
    const plain = await get("/index-abc12345.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(SCRIPT);
    expect((await get("/index-abc12345.js", "identity")).headers.get("content-encoding")).toBeNull();
    const tiny = await get("/tiny-abc12345.js", "br");
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe("1");
    const png = await get("/photo.png", "br");
    expect(png.headers.get("content-encoding")).toBeNull();
    expect((await bytes(png)).length).toBe(4096);
  });

  test("the build's .br/.gz copies are sent when they are as new as the file, never when older", async () => {
    const file = path.join(distDir, "app-abc12345.css");
    const css = `.a{color:red}\n`.repeat(200);
    writeFileSync(file, css);
    await precompress(distDir);
    // Mark the build's copy so it can be told from one compressed on request.
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from(`/* precompressed */\n${css}`)));
    expect(zlib.brotliDecompressSync(await bytes(await get("/app-abc12345.css", "br"))).toString()).toStartWith("/* precompressed */");
    expect(zlib.gunzipSync(await bytes(await get("/app-abc12345.css", "gzip"))).toString()).toBe(css);

    // The file changed after its copy was written: compressed afresh from the file.
    const later = new Date(Date.now() + 60_000);
    writeFileSync(file, `${css}.b{color:blue}\n`);
    utimesSync(file, later, later);
    expect(zlib.brotliDecompressSync(await bytes(await get("/app-abc12345.css", "br"))).toString()).toBe(`${css}.b{color:blue}\n`);
  });
});

describe("page shells", () => {
  test("a portal page's shell serves it and every path below it (stop 48)", async () => {
    for (const p of ["/student/exams", "/student/exams/", "/student/exams/admit-card", "/student/exams/12/marksheet"])
      expect(await (await get(p)).text()).toContain("/portal-pages-abc12345.js");
    expect([shellNameOf("/student/fees/receipt/3"), shellNameOf("/admin/exams/12/marks"), shellNameOf("/gallery")]).toEqual([
      "/student/fees",
      "/admin/exams",
      "/gallery",
    ]);
    for (const p of ["/", "/student", "/student/", "/students/fees", "/student/Fees", "/gallery/x", "/student/../admin"])
      expect(shellNameOf(p)).toBe(p === "/student" ? "/student" : null);
  });

  test("a page with its own shell gets it; other pages, nested paths and the root get index.html", async () => {
    expect(await (await get("/gallery")).text()).toContain("modulepreload");
    for (const p of ["/", "/about", "/gallery/", "/admin/gallery", "/GALLERY", "/student/examsx", "/student/fees"]) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(SHELL);
    }
  });
});
