/**
 * Issue 10 §4–6 — uploads, paths and headers, through the app as a browser or an attacker would call it.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { dataPaths } from "../platform/storage.ts";
import { executableBytes, fileOf, jpegBytes, oversizedPng, pdfBytes, pngBytes } from "../test-files.ts";
import { APPLICANT_FIELDS, applicationForm, buildWorld, jsonReq, type World } from "./world.ts";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

const enc = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out as Uint8Array<ArrayBuffer>;
};

const SVG = enc('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><rect width="10" height="10"/></svg>');
const HTML = enc("<!doctype html><html><body><script>window.__xss=1</script></body></html>");

/** What an attacker sends instead of a real photo: each must be refused with a clear message. */
async function disguisedFiles(): Promise<[string, File][]> {
  return [
    ["SVG named .png", fileOf(SVG, "photo.png", "image/png")],
    ["HTML named .jpg", fileOf(HTML, "photo.jpg", "image/jpeg")],
    ["a program named .jpg", fileOf(executableBytes(), "photo.jpg", "image/jpeg")],
    ["a PDF declared as an image", fileOf(pdfBytes(), "photo.jpg", "image/jpeg")],
    ["a PNG header over garbage", fileOf(concat(oversizedPng(8), enc("garbage".repeat(100))), "photo.png", "image/png")],
    ["a JPEG with a script appended (polyglot)", fileOf(concat(await jpegBytes(), HTML), "photo.jpg", "image/jpeg")],
    ["a PNG with an SVG appended (polyglot)", fileOf(concat(await pngBytes(), SVG), "photo.png", "image/png")],
    [
      "a PNG with an event handler appended (polyglot)",
      fileOf(concat(await pngBytes(), enc("<body onload=alert(1)>")), "photo.png", "image/png"),
    ],
  ];
}

describe("uploads", () => {
  const photoUpload = (file: File | undefined, token = w.a.token) => {
    const fd = new FormData();
    if (file) fd.append("photo", file);
    return w.app.request("/api/student/profile/photo", { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: fd });
  };

  test("profile photo: content that is not what it claims, polyglots, SVG and HTML are refused", async () => {
    for (const [what, file] of await disguisedFiles()) {
      const res = await photoUpload(file);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect((await res.json()).message).toBe("Please select a valid image file");
    }
    expect(readdirSync(dataPaths(w.deps.env.dataDir).photos)).toHaveLength(0);
  });

  test("admission documents: the same files are refused, each with its own field message, and nothing is stored", async () => {
    const before = readdirSync(dataPaths(w.deps.env.dataDir).documents).length;
    for (const [what, file] of await disguisedFiles()) {
      await w.deps.limits.reset("admissionSubmitPerIp", "unknown");
      const res = await w.app.request("/api/admission/submit", {
        method: "POST",
        body: await applicationForm({ ...APPLICANT_FIELDS, email: "new@example.test" }, { photo: file }),
      });
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      const body = await res.json();
      expect(body.errors.photo[0]).toMatch(
        /^Photo (must be a JPG or PNG file|could not be read as an image|contains web-page or script content)/,
      );
    }
    // A PDF with JavaScript, or with markup inside, is not a marksheet.
    const scriptedPdf = enc(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const htmlPdf = concat(pdfBytes(), HTML, enc("\n%%EOF\n"));
    // The same action with its name written in hex (/J#61vaScript is /JavaScript to a PDF reader), and a
    // page's event handler after the end of the file.
    const hexNamedPdf = enc(
      "%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /J#61vaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const handlerPdf = concat(pdfBytes(), enc("<img src=x onerror=alert(1)>"));
    for (const marksheet of [
      fileOf(scriptedPdf as Uint8Array<ArrayBuffer>, "m.pdf", "application/pdf"),
      fileOf(htmlPdf, "m.pdf", "application/pdf"),
      fileOf(hexNamedPdf as Uint8Array<ArrayBuffer>, "m.pdf", "application/pdf"),
      fileOf(handlerPdf, "m.pdf", "application/pdf"),
    ]) {
      await w.deps.limits.reset("admissionSubmitPerIp", "unknown");
      const res = await w.app.request("/api/admission/submit", {
        method: "POST",
        body: await applicationForm({ ...APPLICANT_FIELDS, email: "new@example.test" }, { marksheet }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.marksheet[0]).toContain("script content");
    }
    expect(readdirSync(dataPaths(w.deps.env.dataDir).documents)).toHaveLength(before);
  });

  test("gallery: disguised files are listed as rejected, each with its reason", async () => {
    const fd = new FormData();
    const files = await disguisedFiles();
    for (const [, file] of files) fd.append("images", file);
    fd.append("imageDetails", JSON.stringify(files.map(([what]) => ({ title: what }))));
    const res = await w.app.request("/api/gallery/upload", {
      method: "POST",
      headers: { authorization: `Bearer ${w.admin.token}` },
      body: fd,
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.errors)).toHaveLength(files.length);
  });

  test("zero-byte and missing files get a clear message", async () => {
    const empty = await photoUpload(fileOf(new Uint8Array(0), "empty.png", "image/png"));
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please select a valid image file");
    await w.deps.limits.reset("admissionSubmitPerIp", "unknown");
    const res = await w.app.request("/api/admission/submit", {
      method: "POST",
      body: await applicationForm(
        { ...APPLICANT_FIELDS, email: "zero@example.test" },
        { marksheet: fileOf(new Uint8Array(0), "m.pdf", "application/pdf") },
      ),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.marksheet).toEqual(["Marksheet is required"]);
  });

  test("a broken multipart body is a 400 with a message, not a 500", async () => {
    for (const p of ["/api/admission/submit", `/api/admission/update/${w.appA.id}`]) {
      await w.deps.limits.reset("admissionSubmitPerIp", "unknown");
      const res = await w.app.request(p, {
        method: p.includes("update") ? "PUT" : "POST",
        headers: { "content-type": "multipart/form-data", "x-application-access": w.appA.grant },
        body: "x",
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("The form could not be read. Please try again.");
    }
  });

  test("oversized bodies are refused with 413, with and without Content-Length (chunked)", async () => {
    const big = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = new Uint8Array(256 * 1024).fill(0x61);
          for (let sent = 0; sent < bytes; sent += chunk.length) controller.enqueue(chunk);
          controller.close();
        },
      });
    // Each refusal names the path's own file limit (an assignment may be 10 MB), or none where no file goes.
    const MB = 1024 * 1024;
    const upload = (max: number) => `The upload is too large. Files must be at most ${max} MB.`;
    const cases = (
      [
        ["/api/auth/admin/login", "POST", 2, "The request is too large. Please shorten what you entered and try again."],
        ["/api/student/profile/photo", "PUT", 24, upload(5)],
        ["/api/admission/submit", "POST", 24, upload(5)],
        ["/api/studies/assignments/1/submission", "POST", 12, upload(10)],
      ] as const
    ).map(([path, method, size, message]) => ({ path, method, size: size * MB, message }));
    for (const c of cases) {
      const headers = { "content-type": "multipart/form-data; boundary=----x", authorization: `Bearer ${w.a.token}` };
      const streamed = await w.app.request(c.path, { method: c.method, headers, body: big(c.size), duplex: "half" } as RequestInit);
      expect({ path: c.path, status: streamed.status, message: (await streamed.json()).message }).toEqual({
        path: c.path,
        status: 413,
        message: c.message,
      });
      const declared = await w.app.request(c.path, {
        method: c.method,
        headers: { ...headers, "content-length": String(c.size) },
        body: new Uint8Array(c.size),
      });
      expect({ path: c.path, status: declared.status }).toEqual({ path: c.path, status: 413 });
    }
    // A single photo over 5 MB inside an allowed body: the spec's message.
    const fd = new FormData();
    fd.append("photo", fileOf(oversizedPng(6 * 1024 * 1024), "big.png", "image/png"));
    const res = await w.app.request("/api/student/profile/photo", {
      method: "PUT",
      headers: { authorization: `Bearer ${w.a.token}` },
      body: fd,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("File size must be less than 5MB");
  });

  test("file names with path separators or control characters never reach the disk; stored names are generated", async () => {
    await w.deps.limits.reset("admissionSubmitPerIp", "unknown");
    const evil = "..\\..\\/etc/passwd\u0001\u001f<x>.pdf";
    const res = await w.app.request("/api/admission/submit", {
      method: "POST",
      body: await applicationForm(
        { ...APPLICANT_FIELDS, email: "names@example.test" },
        { marksheet: fileOf(pdfBytes(), evil, "application/pdf") },
      ),
    });
    const created = await res.json();
    expect({ status: res.status, created }).toMatchObject({ status: 201 });
    const id = created.data.id as number;
    const doc = await w.deps.db
      .selectFrom("admission_documents")
      .selectAll()
      .where("admission_id", "=", id)
      .where("kind", "=", "marksheet")
      .executeTakeFirstOrThrow();
    expect(doc.stored_name).toMatch(/^[a-z0-9]{24}\.pdf$/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test checks that control characters were removed
    expect(doc.original_name).not.toMatch(/[\\/\u0000-\u001f"]/);
    const download = await w.app.request(`/api/admission/application/${id}/documents/marksheet?download=1`, {
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("x-injected")).toBeNull();
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename\*=UTF-8''[A-Za-z0-9%._-]+$/);
  });

  test("served files carry Content-Disposition, nosniff and their real type", async () => {
    const photoName = "cccccccccccccccccccccccc.webp";
    await Bun.write(`${dataPaths(w.deps.env.dataDir).photos}/${photoName}`, await pngBytes());
    await Bun.write(`${dataPaths(w.deps.env.dataDir).gallery}/demokey-480.webp`, await pngBytes());
    const admin = { headers: { authorization: `Bearer ${w.admin.token}` } };
    const responses = {
      document: await w.app.request(`/api/admission/application/${w.appA.id}/documents/marksheet`, admin),
      photo: await w.app.request(`/api/files/photos/${photoName}`),
      gallery: await w.app.request("/media/gallery/demokey-480.webp"),
      backup: await w.app.request(`/api/admin/backups/${w.backupName}`, admin),
      studentsCsv: await w.app.request("/api/admin/students/export.csv", admin),
      analyticsCsv: await w.app.request("/api/admin/analytics/export?range=7d", admin),
    };
    for (const [what, res] of Object.entries(responses)) {
      expect({ what, status: res.status }).toEqual({ what, status: 200 });
      expect({ what, disposition: !!res.headers.get("content-disposition") }).toEqual({ what, disposition: true });
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-type")).not.toContain("html");
    }
  });
});

describe("search terms", () => {
  test("a control character inside a search term is a space, not a 500 (a NUL ended the full-text phrase)", async () => {
    const auth = { authorization: `Bearer ${w.admin.token}` };
    const rest = await w.app.request(`/api/admin/students?search=${encodeURIComponent("Stu\u0000dent")}`, { headers: auth });
    expect(rest.status).toBe(200);
    for (const procedure of ["students.list", "contacts.list", "admissions.adminList", "feeDesk.students"]) {
      const input = encodeURIComponent(JSON.stringify({ search: "ab\u0000cd\nef" }));
      const res = await w.app.request(`/api/trpc/${procedure}?input=${input}`, { headers: auth });
      expect({ procedure, status: res.status }).toEqual({ procedure, status: 200 });
    }
  });
});

describe("paths", () => {
  test("dot segments, encodings and backslashes never reach files outside the served folders", async () => {
    const tricks = [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2e%2e%2fsecret.txt",
      "/..%5csecret.txt",
      "/%5c..%5csecret.txt",
      "//..//secret.txt",
      "/%252e%252e/secret.txt",
      "/%252e%252e%252fsecret.txt",
      "/.%2e/secret.txt",
      "/site-dist/../secret.txt",
      "/..%c0%afsecret.txt",
      "/media/gallery/..%2fsecret.txt",
      "/media/gallery/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/media/gallery/..%5c..%5cinstitute.db",
      "/api/files/photos/..%2f..%2fsecret.txt",
      "/api/files/photos/%2e%2e%2f%2e%2e%2finstitute.db",
      "/api/files/photos/....%2f%2f..%2fsecret.txt",
      `/api/admin/backups/..%2fsecret.txt`,
      `/api/admin/backups/%2e%2e%2f..%2finstitute.db`,
      `/api/admission/application/${w.appA.id}/documents/..%2f..%2f..%2fsecret.txt`,
      `/api/admission/application/${w.appA.id}/documents/%2e%2e%2f%2e%2e%2finstitute.db`,
    ];
    for (const p of tricks) {
      for (const token of [undefined, w.admin.token]) {
        const res = await w.app.request(p, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        const body = await res.text();
        expect({ p, leaked: body.includes("TOP-SECRET-OUTSIDE") || body.startsWith("SQLite format") }).toEqual({ p, leaked: false });
        expect(res.status).toBeLessThan(500);
      }
    }
  });

  test("no spelling of an admin path skips its auth check", async () => {
    const spellings = [
      "/api/admin/students",
      "/api/admin/students/",
      "/api//admin/students",
      "/api/admin//students",
      "//api/admin/students",
      "/api/admin/%73tudents",
      "/api/%61dmin/students",
      "/api/admin/students%2f",
      "/api/./admin/students",
      "/api/x/../admin/students",
      "/api/admin/students/./",
      "/api/admin/students;x=1",
      "/API/admin/students",
      "/api/admin/students/export.csv",
      "/api/admin/students/%2e%2e/students",
      `/api/admin/students/${w.b.id}`,
      `/api/admin/students/${w.b.id}/`,
      "/api/admin/backups",
      "/api/admin/backups/",
      "/api/public/admin/contacts",
      "/api/public/%61dmin/contacts",
      "/api/public//admin/contacts",
      "/api/tickets",
      "/api/tickets/",
      "/api/gallery/admin",
      "/api/gallery//admin",
      "/api/gallery/%61dmin",
      `/api/student/${w.b.id}`,
      `/api/student/%3${String(w.b.id)}`,
      "/api/trpc/students.list",
      "/api/trpc//students.list",
      "/api/trpc/students.list,health.check?batch=1&input=%7B%7D",
    ];
    for (const p of spellings) {
      for (const [who, token] of [
        ["guest", undefined],
        ["student", w.a.token],
      ] as const) {
        const res = await w.app.request(p, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        const body = await res.text();
        // Refused, or not found, or the app shell — never data.
        const fine = [401, 403, 404, 400, 207].includes(res.status) || (res.status === 200 && body.includes("<div id=root>"));
        expect({ p, who, status: res.status, fine }).toEqual({ p, who, status: res.status, fine: true });
        expect(body).not.toContain(w.b.email);
        // A mixed batch answers each call on its own: the admin call is refused, the public one may answer.
        if (res.status === 207) expect(JSON.parse(body)[0].error.data.code).toBe(who === "guest" ? "UNAUTHORIZED" : "FORBIDDEN");
      }
    }
  });

  test("tRPC batches are capped at 20, also for malformed batch paths", async () => {
    const batch = (paths: string[], method = "GET") => {
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, i) => [i, {}]))));
      return method === "GET"
        ? w.app.request(`/api/trpc/${paths.join(",")}?batch=1&input=${input}`)
        : w.app.request(`/api/trpc/${paths.join(",")}?batch=1`, jsonReq("POST", Object.fromEntries(paths.map((_, i) => [i, {}]))));
    };
    const over = [
      Array.from({ length: 21 }, () => "health.check"),
      Array.from({ length: 21 }, () => "nope.nothing"),
      Array.from({ length: 21 }, () => ""),
      [...Array.from({ length: 20 }, () => "health.check"), ""],
      Array.from({ length: 5000 }, () => "health.check"),
      Array.from({ length: 21 }, (_, i) => (i % 2 ? "auth.adminLogin" : "health.check")),
    ];
    for (const paths of over) {
      for (const method of ["GET", "POST"]) {
        const res = await batch(paths, method);
        expect({ n: paths.length, method, status: res.status }).toEqual({ n: paths.length, method, status: 400 });
      }
    }
    expect((await batch(Array.from({ length: 20 }, () => "health.check"))).status).toBe(200);
    // Commas without ?batch=1 are one (unknown) procedure name, not a batch.
    expect((await w.app.request(`/api/trpc/${Array.from({ length: 50 }, () => "health.check").join(",")}`)).status).toBe(404);
  });
});

describe("headers", () => {
  async function all() {
    const admin = { headers: { authorization: `Bearer ${w.admin.token}` } };
    const student = { headers: { authorization: `Bearer ${w.a.token}` } };
    return {
      "html /": await w.app.request("/"),
      "html deep page": await w.app.request("/admin/students"),
      "public file": await w.app.request("/robots-extra.txt"),
      "api public": await w.app.request("/api/health"),
      "api 404": await w.app.request("/api/nope"),
      "api student": await w.app.request("/api/student/profile", student),
      "api admin": await w.app.request("/api/admin/students", admin),
      "api error": await w.app.request("/api/admin/students", student),
      "trpc authenticated": await w.app.request("/api/trpc/auth.me", student),
      "id card qr": await w.app.request("/api/student/id-card/qr.svg", student),
      document: await w.app.request(`/api/admission/application/${w.appA.id}/documents/photo`, admin),
      "document by grant": await w.app.request(
        `/api/admission/application/${w.appA.id}/documents/marksheet?download=1&access=${w.appA.grant}`,
      ),
      backup: await w.app.request(`/api/admin/backups/${w.backupName}`, admin),
      csv: await w.app.request("/api/admin/students/export.csv", admin),
    };
  }

  test("CSP without inline script, frame-ancestors 'none', nosniff, Referrer-Policy on HTML, API and file responses", async () => {
    for (const [what, res] of Object.entries(await all())) {
      const csp = res.headers.get("content-security-policy") ?? "";
      const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect({ what, script }).toEqual({ what, script: "'self'" });
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  test("no search engine lists the API or a verification page; the public pages stay listable (walk 31a)", async () => {
    // Every answer of all() but the pages and the public file is the API's.
    const pages = ["html /", "html deep page", "public file"];
    for (const [what, res] of Object.entries(await all()))
      expect({ what, robots: res.headers.get("x-robots-tag") }).toEqual({ what, robots: pages.includes(what) ? null : "noindex" });
    for (const path of [
      "/verify/abc",
      "/verify/admit/abc",
      "/api/trpc/verify.card?input=%7B%22token%22%3A%22abc%22%7D",
      // As the router may match them too (walk 32b).
      "/VERIFY/abc",
      "/Verify/admit/abc",
      "//verify/abc",
      "/api",
    ])
      expect({ path, robots: (await w.app.request(path)).headers.get("x-robots-tag") }).toEqual({ path, robots: "noindex" });
    for (const path of ["/", "/about", "/programmes", "/verify-otp", "/apiary"])
      expect({ path, robots: (await w.app.request(path)).headers.get("x-robots-tag") }).toEqual({ path, robots: null });
  });

  test("authenticated API answers and document downloads are never stored by a cache", async () => {
    const r = await all();
    for (const what of [
      "api student",
      "api admin",
      "api error",
      "trpc authenticated",
      "id card qr",
      "document",
      "document by grant",
      "backup",
      "csv",
      "api public",
      "api 404",
    ] as const) {
      expect({ what, cache: r[what].headers.get("cache-control") }).toEqual({ what, cache: expect.stringContaining("no-store") });
    }
  });

  test("no permissive CORS: a cross-origin preflight or request gets no allow headers", async () => {
    const origin = {
      origin: "https://evil.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization",
    };
    for (const p of ["/api/auth/admin/login", "/api/trpc/auth.me", "/api/student/profile", "/"]) {
      const pre = await w.app.request(p, { method: "OPTIONS", headers: origin });
      expect(pre.headers.get("access-control-allow-origin")).toBeNull();
      expect(pre.headers.get("access-control-allow-credentials")).toBeNull();
      const get = await w.app.request(p, { headers: { origin: "https://evil.example", authorization: `Bearer ${w.a.token}` } });
      expect(get.headers.get("access-control-allow-origin")).toBeNull();
    }
  });
});
