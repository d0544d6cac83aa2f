import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type BuildMetafile, PRELOADED_PAGES, pageShells } from "./build.ts";
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
