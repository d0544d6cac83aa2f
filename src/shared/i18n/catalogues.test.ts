/**
 * The catalogues themselves (issue 16): every Hindi and Marathi catalogue has exactly the English keys,
 * the same placeholders and plural forms, and is written in Devanagari rather than English copied over
 * (catalogue-rules.ts).
 */
import { describe, expect, test } from "bun:test";
import { loadAllCatalogues, NAMESPACES } from "./all.ts";
import { catalogueProblems, unreadKeys } from "./catalogue-rules.ts";
import type { Catalogue } from "./translate.ts";

const DIR = import.meta.dir;
const read = async (locale: string, ns: string) => (await Bun.file(`${DIR}/${locale}/${ns}.json`).json()) as Catalogue;

describe("catalogues", () => {
  for (const ns of NAMESPACES) {
    for (const locale of ["hi", "mr"]) {
      test(`${locale}/${ns.name}.json has every English key and no other, each with its placeholders and plural forms, in Devanagari`, async () => {
        const [en, other] = await Promise.all([read("en", ns.name), read(locale, ns.name)]);
        expect(catalogueProblems(en, other, `${locale}/${ns.name}.json`)).toEqual([]);
      });
    }
  }

  test("a student is विद्यार्थी in Hindi and Marathi on every screen, never छात्र (छात्रवृत्ति, a scholarship, is another word)", async () => {
    const found: string[] = [];
    for (const ns of NAMESPACES)
      for (const locale of ["hi", "mr"])
        for (const [key, message] of Object.entries(await read(locale, ns.name)))
          if (/छात्र(?!वृत्ति)/.test(JSON.stringify(message))) found.push(`${locale}/${ns.name}: ${key}`);
    expect(found).toEqual([]);
  });

  test.each([
    ["hi", "fees are शुल्क on every screen, as the fee pages say (walk 15b)", /फ़ीस|फीस/],
    ["mr", "help is साहाय्य on every screen, as its menu link says (walk 15b)", /सहाय्य/],
  ] as const)("%s: %s", async (locale, _why, other) => {
    const found: string[] = [];
    for (const ns of NAMESPACES)
      for (const [key, message] of Object.entries(await read(locale, ns.name)))
        if (other.test(JSON.stringify(message))) found.push(`${ns.name}: ${key}`);
    expect(found).toEqual([]);
  });

  test("a notice of the notices page is नोटिस / नोटीस, never सूचना, the notifications' word (walk 15b)", async () => {
    for (const [locale, word] of [
      ["hi", "नोटिस"],
      ["mr", "नोटीस"],
    ] as const) {
      const notices = await read(locale, "notices");
      for (const key of ["kind.notice", "admin.stat.notices", "filter.notices", "admin.noun", "admin.col.notice"])
        expect(String(notices[key])).toBe(word);
    }
  });

  test("no two links of a portal's menu read alike in any language, nor one as another with words added (tenth walk: नोटिस, not सूचनाएँ, beside सूचनाएँ)", async () => {
    const found: string[] = [];
    for (const locale of ["en", "hi", "mr"]) {
      const portal = await read(locale, "portal");
      for (const area of ["admin", "student"]) {
        const labels = Object.entries(portal)
          .filter(([key]) => key.startsWith(`${area}.nav.`))
          .map(([key, label]) => [key, String(label)] as const);
        for (const [key, label] of labels)
          for (const [other, otherLabel] of labels)
            if (key !== other && (otherLabel === label || (otherLabel.split(/\s+/)[0] === label && !label.includes(" "))))
              found.push(`${locale}: ${key} "${label}" ~ ${other} "${otherLabel}"`);
      }
    }
    expect(found).toEqual([]);
  });

  /** The Hindi and Marathi messages (as `locale/namespace: key`) whose text matches `spelling`. */
  async function spelt(spelling: RegExp): Promise<string[]> {
    const found: string[] = [];
    for (const ns of NAMESPACES)
      for (const locale of ["hi", "mr"])
        for (const [key, message] of Object.entries(await read(locale, ns.name)))
          if (spelling.test(JSON.stringify(message))) found.push(`${locale}/${ns.name}: ${key}`);
    return found;
  }

  test("e-mail is spelt one way in Hindi and Marathi: ई-मेल, never ईमेल (tenth walk: five catalogues had the other)", async () => {
    expect(await spelt(/ईमेल/)).toEqual([]);
  });

  test("UPI and UTR are written as the UPI apps and bank statements write them, never यूपीआई or यूटीआर (eleventh walk: one screen had both)", async () => {
    expect(await spelt(/यूपीआ|यूटीआर/)).toEqual([]);
  });

  test("each rule is caught, named by file and key", () => {
    const en = { a: "Hello {name}", b: { one: "{count} item", other: "{count} items" }, c: "Bye", e: "Later", f: "." };
    const wrong = { a: "नमस्ते", b: "{count} चीज़ें", c: "Bye", d: "अलविदा", f: "." };
    expect(catalogueProblems(en, wrong, "hi/x.json")).toEqual([
      'hi/x.json: "e" is missing',
      'hi/x.json: "d" is not an English key',
      'hi/x.json: "a" must use the placeholders {name}, not {}',
      'hi/x.json: "b" is a plural message and needs its "other" form',
      'hi/x.json: "c" is not written in Devanagari',
    ]);
  });

  test("every English key is read by some code: no words are left behind by a screen that changed", async () => {
    const files = [...new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: `${DIR}/../..` })].filter((f) => !/\.test\.tsx?$/.test(f));
    const source = (await Promise.all(files.map((f) => Bun.file(`${DIR}/../../${f}`).text()))).join("\n");
    const unread: string[] = [];
    for (const ns of NAMESPACES)
      for (const key of unreadKeys(Object.keys(await read("en", ns.name)), source)) unread.push(`${ns.name}: ${key}`);
    expect(unread).toEqual([]);
  });

  test("a key counts as read when quoted, read as a property or built by a template; otherwise it is named", () => {
    // (the source's own templates, written out: \` and \${ stand for ` and ${ in it)
    const source = `t("plain.key")\nMSG.invalidInput\nt(\`filter.\${value}\`)\nt(\`an.per\${unit}\`)\nt(\`\${words}title\`)`;
    const keys = ["plain.key", "invalidInput", "filter.active", "an.perDay", "admit.title", "admit.subject", "invalid", "filter."];
    expect(unreadKeys(keys, source)).toEqual(["admit.subject", "invalid", "filter."]);
  });

  test("the server can hold every catalogue of every language", async () => {
    await loadAllCatalogues();
    for (const ns of NAMESPACES) for (const locale of ["en", "hi", "mr"] as const) expect(ns.has(locale)).toBe(true);
  });
});
