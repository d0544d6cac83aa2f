/**
 * The catalogues themselves (issue 16): every Hindi and Marathi catalogue has exactly the English keys,
 * the same placeholders and plural forms, and is written in Devanagari rather than English copied over.
 */
import { describe, expect, test } from "bun:test";
import { loadAllCatalogues, NAMESPACES } from "./all.ts";
import type { Message } from "./translate.ts";

const DIR = import.meta.dir;
const read = async (locale: string, ns: string) => (await Bun.file(`${DIR}/${locale}/${ns}.json`).json()) as Record<string, Message>;
const texts = (m: Message) => (typeof m === "string" ? [m] : Object.values(m));
const placeholders = (m: Message) => [...new Set(texts(m).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe("catalogues", () => {
  for (const ns of NAMESPACES) {
    for (const locale of ["hi", "mr"]) {
      test(`${locale}/${ns.name}.json has every English key and no other`, async () => {
        const [en, other] = await Promise.all([read("en", ns.name), read(locale, ns.name)]);
        expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      });

      test(`${locale}/${ns.name}.json keeps each message's placeholders and is written in Devanagari`, async () => {
        const [en, other] = await Promise.all([read("en", ns.name), read(locale, ns.name)]);
        for (const [key, message] of Object.entries(en)) {
          const translated = other[key]!;
          expect({ key, placeholders: placeholders(translated) }).toEqual({ key, placeholders: placeholders(message) });
          if (typeof message !== "string")
            expect({ key, other: typeof translated === "object" && "other" in translated }).toEqual({ key, other: true });
          for (const text of texts(translated)) expect({ key, devanagari: DEVANAGARI.test(text) }).toEqual({ key, devanagari: true });
        }
      });
    }
  }

  test("the server can hold every catalogue of every language", async () => {
    await loadAllCatalogues();
    for (const ns of NAMESPACES) for (const locale of ["en", "hi", "mr"] as const) expect(ns.has(locale)).toBe(true);
  });
});
