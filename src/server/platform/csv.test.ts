import { describe, expect, test } from "bun:test";
import { csvCell, toCsv } from "./csv.ts";

describe("CSV", () => {
  test("quotes fields with a comma, quote or line break and doubles the quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  test("a cell a spreadsheet would run as a formula is kept as text", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+91 98765 43210")).toBe("'+91 98765 43210");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvCell("\tTAB")).toBe("'\tTAB");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(-2)).toBe("-2");
  });

  test("rows end with CRLF, header first", () => {
    expect(
      toCsv(
        ["Name", "Note"],
        [
          ["Asha", "ok"],
          ["Ravi", null],
        ],
      ),
    ).toBe("Name,Note\r\nAsha,ok\r\nRavi,\r\n");
    expect(toCsv(["Only"], [])).toBe("Only\r\n");
  });
});
