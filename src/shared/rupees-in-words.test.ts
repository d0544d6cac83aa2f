import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { rupeesInWords } from "./rupees-in-words.ts";

const rupees = (r: number, p = 0) => rupeesInWords(r * 100 + p);

describe("rupees in words (Indian English)", () => {
  test("small amounts, teens and tens", () => {
    expect(rupees(0)).toBe("Rupees Zero Only");
    expect(rupees(1)).toBe("Rupees One Only");
    expect(rupees(13)).toBe("Rupees Thirteen Only");
    expect(rupees(40)).toBe("Rupees Forty Only");
    expect(rupees(42)).toBe("Rupees Forty-Two Only");
    expect(rupees(100)).toBe("Rupees One Hundred Only");
    expect(rupees(506)).toBe("Rupees Five Hundred Six Only");
    expect(rupees(999)).toBe("Rupees Nine Hundred Ninety-Nine Only");
  });

  test("thousands, lakhs and crores the Indian way, never millions", () => {
    expect(rupees(1_000)).toBe("Rupees One Thousand Only");
    expect(rupees(12_500)).toBe("Rupees Twelve Thousand Five Hundred Only");
    expect(rupees(1_00_000)).toBe("Rupees One Lakh Only");
    expect(rupees(1_25_050)).toBe("Rupees One Lakh Twenty-Five Thousand Fifty Only");
    expect(rupees(10_00_000)).toBe("Rupees Ten Lakh Only");
    expect(rupees(99_99_999)).toBe("Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only");
    expect(rupees(1_00_00_000)).toBe("Rupees One Crore Only");
    expect(rupees(12_34_56_789)).toBe("Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only");
    expect(rupees(1_200_00_00_000)).toBe("Rupees One Thousand Two Hundred Crore Only");
    expect(rupees(1_00_00_001)).toBe("Rupees One Crore One Only");
  });

  test("paise", () => {
    expect(rupeesInWords(125050)).toBe("Rupees One Thousand Two Hundred Fifty and Fifty Paise Only");
    expect(rupeesInWords(5)).toBe("Five Paise Only");
    expect(rupeesInWords(99)).toBe("Ninety-Nine Paise Only");
    expect(rupees(1, 1)).toBe("Rupees One and One Paise Only");
  });

  test("only whole, non-negative paise", () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
    expect(() => rupeesInWords(Number.NaN)).toThrow(RangeError);
  });

  test("any amount reads as words only: no doubled spaces, no million, no zero but for nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (paise) => {
        const words = rupeesInWords(paise);
        expect(words).toMatch(/^[A-Z][A-Za-z -]* Only$/);
        expect(words).not.toContain("  ");
        expect(words).not.toMatch(/Million|Billion/);
        expect(words.includes("Zero")).toBe(paise === 0);
        expect(words.includes("Paise")).toBe(paise % 100 !== 0);
      }),
    );
  });
});
