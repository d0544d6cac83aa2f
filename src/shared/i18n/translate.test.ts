import { describe, expect, test } from "bun:test";
import hiStudies from "./hi/studies.json";
import { namespace, render } from "./translate.ts";

describe("render", () => {
  test("fills placeholders and writes numbers with Indian grouping in every language", () => {
    expect(render("{count} students in {city}", "en", { count: 100000, city: "Pune" })).toBe("1,00,000 students in Pune");
    expect(render("{count} विद्यार्थी", "mr", { count: 1234567 })).toBe("12,34,567 विद्यार्थी");
    expect(render("{count} विद्यार्थी", "hi", { count: 100000 })).toBe("1,00,000 विद्यार्थी");
  });

  test("chooses the plural form by the language's rules", () => {
    const files = { one: "{count} file", other: "{count} files" };
    expect(render(files, "en", { count: 1 })).toBe("1 file");
    expect(render(files, "en", { count: 0 })).toBe("0 files");
    // Hindi's rules count 0 and 1 as "one", but none takes the plural form, as in every language here (walk 21:
    // "0 विद्यार्थी को सूचित किया" read wrong); Marathi's "one" is 1 only.
    const hi = { one: "{count} फ़ाइल", other: "{count} फ़ाइलें" };
    expect(render(hi, "hi", { count: 0 })).toBe("0 फ़ाइलें");
    expect(render(hi, "hi", { count: 1 })).toBe("1 फ़ाइल");
    const notified = { one: "{count} विद्यार्थी को सूचित किया", other: "{count} विद्यार्थियों को सूचित किया" };
    expect(render(notified, "hi", { count: 0 })).toBe("0 विद्यार्थियों को सूचित किया");
    // Units done of a course: counted by those done (walk 22d: "4 में से 1 इकाइयाँ पूरी").
    const units = hiStudies["my.units"];
    expect(render(units, "hi", { done: 1, total: 4, count: 1 })).toBe("4 में से 1 इकाई पूरी");
    expect(render(units, "hi", { done: 3, total: 4, count: 3 })).toBe("4 में से 3 इकाइयाँ पूरी");
    expect(render(hi, "hi", { count: 3 })).toBe("3 फ़ाइलें");
    const mr = { one: "{count} फाइल", other: "{count} फाइली" };
    expect(render(mr, "mr", { count: 0 })).toBe("0 फाइली");
    expect(render(mr, "mr", { count: 1 })).toBe("1 फाइल");
  });

  test("leaves an unknown placeholder as it is", () => {
    expect(render("Hello {name}", "en", {})).toBe("Hello {name}");
  });
});

describe("namespace", () => {
  test("speaks English until a language's catalogue is loaded, loads it once, then speaks it", async () => {
    let loads = 0;
    const ns = namespace(
      "test",
      { hello: "Hello {name}" },
      {
        hi: async () => {
          loads++;
          return { default: { hello: "नमस्ते {name}" } };
        },
        mr: async () => ({ default: { hello: "नमस्कार {name}" } }),
      },
    );
    expect(ns.has("en")).toBe(true);
    expect(ns.t("hello", { name: "Asha" }, "hi")).toBe("Hello Asha");
    await Promise.all([ns.load("hi"), ns.load("hi")]);
    await ns.load("hi");
    expect(loads).toBe(1);
    expect(ns.t("hello", { name: "Asha" }, "hi")).toBe("नमस्ते Asha");
  });

  test("a failed load can be tried again", async () => {
    let attempts = 0;
    const ns = namespace(
      "flaky",
      { a: "A" },
      {
        hi: async () => {
          attempts++;
          if (attempts === 1) throw new Error("offline");
          return { default: { a: "अ" } };
        },
        mr: async () => ({ default: { a: "अ" } }),
      },
    );
    await expect(ns.load("hi")).rejects.toThrow("offline");
    await ns.load("hi");
    expect(ns.t("a", undefined, "hi")).toBe("अ");
  });
});
