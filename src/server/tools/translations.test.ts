/**
 * The translations' review sheet (issue 16): every Hindi and Marathi message beside its English one in
 * one file per language, and a reviewed sheet read back only when it is right.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseCsv } from "../platform/csv.ts";
import { type Catalogues, catalogueFile, readReviewSheet, reviewSheet } from "./translations.ts";

const DIR = path.join(import.meta.dir, "..", "..", "shared", "i18n");
const catalogues = async (locale: string): Promise<Catalogues> =>
  Object.fromEntries(
    await Promise.all(
      readdirSync(path.join(DIR, "en"))
        .filter((name) => name.endsWith(".json"))
        .map(async (name) => [name.slice(0, -5), await Bun.file(path.join(DIR, locale, name)).json()] as const),
    ),
  );

const ENGLISH: Catalogues = { shop: { hello: "Hello {name}", items: { one: "{count} item", other: "{count} items" }, minus: "-{n} off" } };
const HINDI: Catalogues = { shop: { hello: "नमस्ते {name}", items: { one: "{count} चीज़", other: "{count} चीज़ें" }, minus: "-{n} छूट" } };

describe("the translations' review sheet", () => {
  test("each language's whole product in one sheet reads back to exactly its catalogues", async () => {
    const english = await catalogues("en");
    for (const language of ["hi", "mr"] as const) {
      const files = await catalogues(language);
      const sheet = reviewSheet(english, files, language);
      expect(sheet.startsWith("\uFEFFArea,Key,Plural form,English,")).toBe(true);
      const back = readReviewSheet(english, sheet, language);
      expect(back.problems).toEqual([]);
      for (const area of Object.keys(english)) expect(back.catalogues![area]).toEqual(files[area]!);
      // One row per message and plural form: well over a thousand for the product.
      expect(parseCsv(sheet).length).toBeGreaterThan(1500);
    }
  });

  test("a reviewer's corrections come back in the file's key order; a cell that looks like a formula keeps its text", () => {
    const sheet = reviewSheet(ENGLISH, HINDI, "hi");
    expect(sheet).toContain("'-{n} छूट");
    const edited = sheet.replace("नमस्ते {name}", "आपका स्वागत है {name}");
    const back = readReviewSheet(ENGLISH, edited, "hi");
    expect(back.problems).toEqual([]);
    expect(catalogueFile(ENGLISH.shop!, back.catalogues!.shop!)).toBe(
      `${JSON.stringify({ hello: "आपका स्वागत है {name}", items: HINDI.shop!.items, minus: "-{n} छूट" }, null, 2)}\n`,
    );
  });

  test("a sheet with a mistake is refused whole, each mistake named by line and key", () => {
    const sheet = reviewSheet(ENGLISH, HINDI, "hi")
      .replace("नमस्ते {name}", "नमस्ते")
      .replace("{count} चीज़ें", "{count} items")
      .replace(/shop,minus,[^\r]*\r\n/, "")
      .concat("shop,bye,,Bye,अलविदा\r\nshop,hello,,Hello {name},नमस्ते\r\n");
    expect(readReviewSheet(ENGLISH, sheet, "hi").problems).toEqual([
      'line 5: shop "bye" is not an English message',
      'line 6: shop "hello" appears twice',
      'hi/shop: "minus" is missing',
      'hi/shop: "hello" must use the placeholders {name}, not {}',
      'hi/shop: "items" is not written in Devanagari',
    ]);
    expect(readReviewSheet(ENGLISH, "Key,Hindi\r\n", "hi").problems).toEqual([
      "line 1 must be the header: Area,Key,Plural form,English,Hindi",
    ]);
  });
});
