import { describe, expect, test } from "bun:test";
import { asText, csvCell, csvMoment, parseCsv, spreadsheetCsv, toCsv } from "./csv.ts";

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

  test("a reference in digits stays text in a spreadsheet (a UTR, a cheque number's zeros); anything else as any cell (walk 32a)", () => {
    expect(csvCell(asText("123456789012"))).toBe('"=""123456789012"""');
    expect(csvCell(asText("000111"))).toBe('"=""000111"""');
    expect(csvCell(asText("DD 4411"))).toBe("DD 4411");
    expect(csvCell(asText("=1+1"))).toBe("'=1+1");
    expect(csvCell(asText('1"; =cmd'))).toBe('"1""; =cmd"');
    expect(csvCell(asText(null))).toBe("");
  });

  test("a spreadsheet's file starts with a byte order mark; its moments are on the institute's clock", () => {
    expect(spreadsheetCsv(["नाम"], [["प्रिया"]])).toBe("\uFEFFनाम\r\nप्रिया\r\n");
    expect(csvMoment("2026-11-22T20:00:00.000Z", "Asia/Kolkata")).toBe("2026-11-23 01:30");
    expect(csvMoment(null, "Asia/Kolkata")).toBeNull();
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

describe("parseCsv", () => {
  test("reads quoted cells, doubled quotes, commas and line breaks inside quotes, and any line ending", () => {
    const records = parseCsv('\uFEFFstudent_id,marks\r\nSTU0001,45\n"STU,2","say ""hi"""\r"two\nlines",7\n');
    expect(records).toEqual([
      { line: 1, cells: ["student_id", "marks"] },
      { line: 2, cells: ["STU0001", "45"] },
      { line: 3, cells: ["STU,2", 'say "hi"'] },
      { line: 4, cells: ["two\nlines", "7"] },
    ]);
  });

  test("blank lines are left out but the line numbers stay those a person sees; a last line without its end is read", () => {
    expect(parseCsv("a,b\n\n\r\nc,d\n,\ne")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 4, cells: ["c", "d"] },
      { line: 5, cells: ["", ""] },
      { line: 6, cells: ["e"] },
    ]);
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv('""')).toEqual([{ line: 1, cells: [""] }]);
  });

  test("what toCsv writes reads back the same, and an unclosed quote runs to the end without throwing", () => {
    const rows = [
      ["x,y", 'q"uote', "multi\r\nline"],
      ["1", "", "3"],
    ];
    expect(parseCsv(toCsv(["A", "B", "C"], rows)).map((r) => r.cells)).toEqual([["A", "B", "C"], ...rows]);
    expect(parseCsv('a,"open\nb,c')).toEqual([{ line: 1, cells: ["a", "open\nb,c"] }]);
  });
});
