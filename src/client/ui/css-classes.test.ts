/**
 * Every class the stylesheets style is one some markup can carry: a rule no element can match is dead CSS
 * that every page still downloads (decision 023 deleted such rules by hand; this keeps it so). A class counts
 * as used when the source names it whole in a string, or builds it with a template from a prefix
 * (`` `ui-badge--${tone}` ``) or from a base the source names and a suffix (`` `${optionClassName}__hint` ``
 * with "notices-kind" given as the base).
 */
import { describe, expect, test } from "bun:test";

const ROOT = `${import.meta.dir}/../../..`;

const read = async (pattern: string, cwd: string) =>
  Promise.all([...new Bun.Glob(pattern).scanSync({ cwd })].map(async (file) => ({ file, text: await Bun.file(`${cwd}/${file}`).text() })));

/** The classes a stylesheet's selectors name (not what url() or strings hold). */
function selectorClasses(css: string): Set<string> {
  const bare = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/url\([^)]*\)/g, "")
    .replace(/"[^"]*"|'[^']*'/g, "");
  // Declarations hold values (1.5rem, var(--x)), not selectors: keep only what stands before each `{`.
  const selectors = [...bare.matchAll(/([^{};]+)\{/g)].map((m) => m[1]!);
  return new Set(selectors.flatMap((s) => [...s.matchAll(/\.(-?[a-zA-Z_][\w-]*)/g)].map((m) => m[1]!)));
}

/** The classes of `classes` that no markup in `source` can carry. */
function unusedClasses(classes: Iterable<string>, source: string): string[] {
  const tokens = new Set(source.match(/[\w-]+/g) ?? []);
  const prefixes = [...new Set([...source.matchAll(/([\w-]+)\$\{/g)].map((m) => m[1]!))];
  const suffixes = [...new Set([...source.matchAll(/\}([\w-]+)/g)].map((m) => m[1]!))];
  const built = (c: string) =>
    prefixes.some((p) => c.startsWith(p) && c.length > p.length) ||
    suffixes.some((s) => c.endsWith(s) && c.length > s.length && tokens.has(c.slice(0, -s.length)));
  return [...classes].filter((c) => !tokens.has(c) && !built(c)).sort();
}

describe("stylesheets", () => {
  test("every class a stylesheet styles can be carried by some markup", async () => {
    const sheets = await read("src/**/*.css", ROOT);
    const code = (await Promise.all(["src/**/*.{ts,tsx}", "index.html", "public/**/*.html"].map((p) => read(p, ROOT)))).flat();
    const source = code
      .filter((f) => !/\.test\.tsx?$/.test(f.file))
      .map((f) => f.text)
      .join("\n");
    const unused = sheets.flatMap(({ file, text }) => unusedClasses(selectorClasses(text), source).map((c) => `${file}: .${c}`));
    expect(unused).toEqual([]);
  });

  test("letters spaced out are set solid in Hindi and Marathi: every positive letter-spacing goes through --letter-tracking but codes' (walk 26)", async () => {
    // Latin codes and numbers, the same in every language: their spacing stays.
    const codes = [".studies-card__code", ".exams-code", ".id-card__id", ".app-number", ".access-code__input"];
    const spaced = (await read("src/**/*.css", ROOT)).flatMap(({ file, text }) =>
      [...text.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{};]+)\{([^}]*)\}/g)]
        .filter(([, , body]) => /letter-spacing:\s*0?\.\d+em/.test(body!))
        .map(([, selector]) => `${file}: ${selector!.trim()}`),
    );
    expect(spaced.filter((rule) => !codes.some((code) => rule.endsWith(code)))).toEqual([]);
    expect(spaced).toHaveLength(codes.length);
  });

  test("a class counts when named whole, built from a prefix, or from a named base and a suffix", () => {
    const css = `.ui-badge--pending, .kind__hint { color: red; background: url(http://www.w3.org/x.svg); }
      .dead, .gone:hover > .ui-badge { margin: 0.5rem; }`;
    expect([...selectorClasses(css)].sort()).toEqual(["dead", "gone", "kind__hint", "ui-badge", "ui-badge--pending"]);
    // (the source's own templates, written out: \` and \${ stand for ` and ${ in it)
    const source = `cx("ui-badge", \`ui-badge--\${tone}\`); <Choice optionClassName="kind" />; \`\${optionClassName}__hint\``;
    expect(unusedClasses(selectorClasses(css), source)).toEqual(["dead", "gone"]);
  });
});
