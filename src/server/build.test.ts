import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type BuildMetafile, PORTAL_PAGES, PRELOADED_PAGES, pageShells } from "./build.ts";
import { INDEXED_PAGES } from "./platform/page-language.ts";

const INDEX = `<!doctype html><html><head><title>x</title><script type="module" crossorigin src="/index-main0001.js"></script></head><body></body></html>`;

const META: BuildMetafile = {
  outputs: {
    "./index.html": { entryPoint: "index.html", imports: [] },
    "./index-main0001.js": {
      entryPoint: "index.html",
      imports: [
        { path: "./index-shared01.js", kind: "import-statement" },
        { path: "./gallery-page-g0000001.js", kind: "dynamic-import" },
        { path: "./admin-page-a0000001.js", kind: "dynamic-import" },
      ],
    },
    "./index-shared01.js": { imports: [] },
    "./gallery-page-g0000001.js": {
      entryPoint: "src/client/features/gallery/gallery-page.tsx",
      imports: [
        { path: "./index-main0001.js", kind: "import-statement" },
        { path: "./index-shared01.js", kind: "import-statement" },
        { path: "./index-tabs0001.js", kind: "import-statement" },
        { path: "./viewer-v0000001.js", kind: "dynamic-import" },
      ],
    },
    "./index-tabs0001.js": { imports: [{ path: "./index-icons001.js", kind: "import-statement" }] },
    "./index-icons001.js": { imports: [] },
    "./viewer-v0000001.js": { entryPoint: "src/client/features/gallery/gallery-viewer.tsx", imports: [] },
    "./admin-page-a0000001.js": { entryPoint: "src/client/features/gallery/admin-gallery-page.tsx", imports: [] },
    "./index-a0000001.css": { entryPoint: "index.html", imports: [] },
    "./routes-r0000001.js": {
      entryPoint: "src/client/student-routes.tsx",
      imports: [
        { path: "./index-main0001.js", kind: "import-statement" },
        { path: "./layout-l0000001.js", kind: "dynamic-import" },
      ],
    },
    "./layout-l0000001.js": {
      entryPoint: "src/client/layouts/student-layout.tsx",
      imports: [{ path: "./index-tabs0001.js", kind: "import-statement" }],
    },
  },
};

describe("page shells", () => {
  test("a page's shell preloads its chunk and what that imports statically, nothing index.html loads already", () => {
    const shells = pageShells(INDEX, META, { "/gallery": "src/client/features/gallery/gallery-page.tsx" });
    const links = [...shells["/gallery"]!.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(["/gallery-page-g0000001.js", "/index-tabs0001.js", "/index-icons001.js"]);
    expect(shells["/gallery"]).toStartWith(INDEX.slice(0, INDEX.indexOf("</head>")));
    expect(shells["/gallery"]).toEndWith("</head><body></body></html>");
  });

  test("a portal page's shell preloads its area's routes and frame, the page's chunks and its stylesheets, each once (stop 48)", () => {
    const parts = [
      "src/client/student-routes.tsx",
      "src/client/layouts/student-layout.tsx",
      "src/client/layouts/portal.css",
      "src/client/features/gallery/gallery-page.tsx",
      "src/client/features/fees/fees.css",
    ];
    const files = ["portal-p0000001.css", "fees-f0000001.css", "fees-admin-x0000001.css", "index-a0000001.css"];
    const shell = pageShells(INDEX, META, { "/student/fees": parts }, files)["/student/fees"]!;
    const preloads = [...shell.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(preloads).toEqual([
      "modulepreload /routes-r0000001.js",
      "modulepreload /layout-l0000001.js",
      "modulepreload /gallery-page-g0000001.js",
      "modulepreload /index-tabs0001.js",
      "modulepreload /index-icons001.js",
      "preload /portal-p0000001.css",
      "preload /fees-f0000001.css",
    ]);
    expect(shell).toContain('<link rel="preload" as="style" href="/fees-f0000001.css">');
    // A stylesheet the build did not emit is a build error too.
    expect(() => pageShells(INDEX, META, { "/student/fees": parts }, ["portal-p0000001.css"])).toThrow(/fees\.css/);
  });

  test("every portal page's parts are what its area's routes file loads: its modules lazily, its stylesheets as files", () => {
    const read = (file: string) => readFileSync(path.join(import.meta.dir, "..", "client", file), "utf8");
    const routes = { student: read("student-routes.tsx"), admin: read("admin-routes.tsx") };
    expect(Object.keys(PORTAL_PAGES).length).toBe(28);
    for (const [page, parts] of Object.entries(PORTAL_PAGES)) {
      const [, area, name] = page.split("/") as [string, keyof typeof routes, string];
      expect(routes[area]).toMatch(new RegExp(`"/?${name}"`));
      for (const part of parts) {
        const relative = `./${path.relative("src/client", part)}`;
        // The area's routes file is loaded by routes.tsx, once the guard lets the user in.
        if (part === `src/client/${area}-routes.tsx`) {
          expect(read("routes.tsx")).toContain(`import("${relative}")`);
          continue;
        }
        expect(routes[area]).toContain(part.endsWith(".css") ? `from "${relative}" with { type: "file" }` : `import("${relative}")`);
      }
    }
  });

  test("a page missing from the build is a build error, not a silently slower page", () => {
    expect(() => pageShells(INDEX, META, { "/about": "src/client/features/site/about-page.tsx" })).toThrow(/about-page/);
  });

  test("every preloaded page is a public page whose module routes.tsx loads lazily", () => {
    const routes = readFileSync(path.join(import.meta.dir, "..", "client", "routes.tsx"), "utf8");
    for (const [page, source] of Object.entries(PRELOADED_PAGES)) {
      expect(INDEXED_PAGES as readonly string[]).toContain(page);
      expect(routes).toContain(`import("./${path.relative("src/client", source)}")`);
    }
  });
});
