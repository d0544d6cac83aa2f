import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { loadStylesheet, withStylesheets } from "./stylesheets.ts";
import { withClientTestRules } from "./testing.tsx";

withClientTestRules();

/** Keeps the links out of the document (happy-dom would report them loaded at once) to fire their events by hand. */
function captureLinks() {
  const links: HTMLLinkElement[] = [];
  const append = spyOn(document.head, "append").mockImplementation((...nodes) => {
    links.push(...(nodes as HTMLLinkElement[]));
  });
  return { links, append };
}

const settled = async (promise: Promise<unknown>) => {
  let state = "pending";
  promise.then(
    () => (state = "resolved"),
    () => (state = "rejected"),
  );
  await Bun.sleep(0);
  return state;
};

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe("loadStylesheet", () => {
  test("adds one <link rel=stylesheet> per address and resolves when it has loaded", async () => {
    const { links, append } = captureLinks();
    restore = () => append.mockRestore();
    const first = loadStylesheet("/portal-once.css");
    const again = loadStylesheet("/portal-once.css");
    expect(again).toBe(first);
    expect(links).toHaveLength(1);
    expect(links[0]!.rel).toBe("stylesheet");
    expect(links[0]!.getAttribute("href")).toBe("/portal-once.css");
    expect(await settled(first)).toBe("pending");
    links[0]!.dispatchEvent(new Event("load"));
    expect(await settled(first)).toBe("resolved");
  });

  test("a failed load rejects, and the next call tries again with a new link", async () => {
    const { links, append } = captureLinks();
    restore = () => append.mockRestore();
    const failed = loadStylesheet("/portal-fails.css");
    links[0]!.dispatchEvent(new Event("error"));
    await expect(failed).rejects.toThrow("The stylesheet /portal-fails.css could not be loaded.");
    const retry = loadStylesheet("/portal-fails.css");
    expect(retry).not.toBe(failed);
    expect(links).toHaveLength(2);
    links[1]!.dispatchEvent(new Event("load"));
    expect(await settled(retry)).toBe("resolved");
  });
});

describe("withStylesheets", () => {
  test("the module comes only once every stylesheet has loaded, fetched beside the code", async () => {
    const { links, append } = captureLinks();
    restore = () => append.mockRestore();
    const module = { default: "layout" };
    let arrive!: (m: typeof module) => void;
    const lazyModule = withStylesheets(new Promise<typeof module>((resolve) => (arrive = resolve)), ["/portal-a.css", "/area-a.css"]);
    // Both links are asked for before the code has arrived.
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/portal-a.css", "/area-a.css"]);
    arrive(module);
    links[0]!.dispatchEvent(new Event("load"));
    expect(await settled(lazyModule)).toBe("pending");
    links[1]!.dispatchEvent(new Event("load"));
    expect(await lazyModule).toBe(module);
  });

  test("a stylesheet that cannot be loaded fails the lazy load like a missing chunk", async () => {
    const { links, append } = captureLinks();
    restore = () => append.mockRestore();
    const lazyModule = withStylesheets(Promise.resolve({ default: "layout" }), ["/area-b.css"]);
    links[0]!.dispatchEvent(new Event("error"));
    await expect(lazyModule).rejects.toThrow("The stylesheet /area-b.css could not be loaded.");
  });
});
