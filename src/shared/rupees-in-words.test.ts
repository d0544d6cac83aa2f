import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { rupeesInWords } from "./rupees-in-words.ts";

// The language is given: test files share one process, and a browser test before may have left Hindi chosen.
const rupees = (r: number, p = 0) => rupeesInWords(r * 100 + p, "en");

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
    expect(rupeesInWords(125050, "en")).toBe("Rupees One Thousand Two Hundred Fifty and Fifty Paise Only");
    expect(rupeesInWords(5, "en")).toBe("Five Paise Only");
    expect(rupeesInWords(99, "en")).toBe("Ninety-Nine Paise Only");
    expect(rupees(1, 1)).toBe("Rupees One and One Paise Only");
  });

  test("only whole, non-negative paise", () => {
    expect(() => rupeesInWords(-1, "en")).toThrow(RangeError);
    expect(() => rupeesInWords(1.5, "en")).toThrow(RangeError);
    expect(() => rupeesInWords(Number.NaN, "en")).toThrow(RangeError);
  });

  test("any amount reads as words only: no doubled spaces, no million, no zero but for nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (paise) => {
        const words = rupeesInWords(paise, "en");
        expect(words).toMatch(/^[A-Z][A-Za-z -]* Only$/);
        expect(words).not.toContain("  ");
        expect(words).not.toMatch(/Million|Billion/);
        expect(words.includes("Zero")).toBe(paise === 0);
        expect(words.includes("Paise")).toBe(paise % 100 !== 0);
      }),
    );
  });
});

/** Each row: rupees, paise, and the words in Hindi and in Marathi. */
const TABLE: [number, number, string, string][] = [
  [1, 0, "एक रुपया मात्र", "एक रुपया फक्त"],
  [9, 0, "नौ रुपये मात्र", "नऊ रुपये फक्त"],
  [10, 0, "दस रुपये मात्र", "दहा रुपये फक्त"],
  [11, 0, "ग्यारह रुपये मात्र", "अकरा रुपये फक्त"],
  [19, 0, "उन्नीस रुपये मात्र", "एकोणीस रुपये फक्त"],
  [21, 0, "इक्कीस रुपये मात्र", "एकवीस रुपये फक्त"],
  [29, 0, "उनतीस रुपये मात्र", "एकोणतीस रुपये फक्त"],
  [45, 0, "पैंतालीस रुपये मात्र", "पंचेचाळीस रुपये फक्त"],
  [59, 0, "उनसठ रुपये मात्र", "एकोणसाठ रुपये फक्त"],
  [99, 0, "निन्यानबे रुपये मात्र", "नव्व्याण्णव रुपये फक्त"],
  [100, 0, "एक सौ रुपये मात्र", "शंभर रुपये फक्त"],
  [101, 0, "एक सौ एक रुपये मात्र", "एकशे एक रुपये फक्त"],
  [110, 0, "एक सौ दस रुपये मात्र", "एकशे दहा रुपये फक्त"],
  [999, 0, "नौ सौ निन्यानबे रुपये मात्र", "नऊशे नव्व्याण्णव रुपये फक्त"],
  [1_000, 0, "एक हज़ार रुपये मात्र", "एक हजार रुपये फक्त"],
  [1_250, 0, "एक हज़ार दो सौ पचास रुपये मात्र", "एक हजार दोनशे पन्नास रुपये फक्त"],
  [10_000, 0, "दस हज़ार रुपये मात्र", "दहा हजार रुपये फक्त"],
  [99_999, 0, "निन्यानबे हज़ार नौ सौ निन्यानबे रुपये मात्र", "नव्व्याण्णव हजार नऊशे नव्व्याण्णव रुपये फक्त"],
  [1_00_000, 0, "एक लाख रुपये मात्र", "एक लाख रुपये फक्त"],
  [12_34_567, 0, "बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ रुपये मात्र", "बारा लाख चौतीस हजार पाचशे सदुसष्ट रुपये फक्त"],
  [1_00_00_000, 0, "एक करोड़ रुपये मात्र", "एक कोटी रुपये फक्त"],
  [1_250, 50, "एक हज़ार दो सौ पचास रुपये और पचास पैसे मात्र", "एक हजार दोनशे पन्नास रुपये आणि पन्नास पैसे फक्त"],
  [0, 50, "पचास पैसे मात्र", "पन्नास पैसे फक्त"],
  [1, 1, "एक रुपया और एक पैसा मात्र", "एक रुपया आणि एक पैसा फक्त"],
  [0, 0, "शून्य रुपये मात्र", "शून्य रुपये फक्त"],
  [200, 0, "दो सौ रुपये मात्र", "दोनशे रुपये फक्त"],
  [9_87_654, 0, "नौ लाख सत्तासी हज़ार छह सौ चौवन रुपये मात्र", "नऊ लाख सत्त्याऐंशी हजार सहाशे चोपन्न रुपये फक्त"],
  [1_200_00_00_000, 0, "एक हज़ार दो सौ करोड़ रुपये मात्र", "एक हजार दोनशे कोटी रुपये फक्त"],
];

describe("rupees in words in Hindi and Marathi (issue 16)", () => {
  test.each(TABLE)("₹%d and %d paise", (r, p, hindi, marathi) => {
    expect(rupeesInWords(r * 100 + p, "hi")).toBe(hindi);
    expect(rupeesInWords(r * 100 + p, "mr")).toBe(marathi);
  });

  test("the hundreds: Hindi counts them (सौ), Marathi joins them into one word (शंभर, एकशे, दोनशे … नऊशे)", () => {
    const hundreds = (locale: "hi" | "mr") => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((h) => rupeesInWords((h * 100 + 5) * 100, locale));
    expect(hundreds("hi").map((w) => w.replace(/ पाँच रुपये मात्र$/, ""))).toEqual([
      "एक सौ",
      "दो सौ",
      "तीन सौ",
      "चार सौ",
      "पाँच सौ",
      "छह सौ",
      "सात सौ",
      "आठ सौ",
      "नौ सौ",
    ]);
    expect(hundreds("mr").map((w) => w.replace(/ पाच रुपये फक्त$/, ""))).toEqual([
      "एकशे",
      "दोनशे",
      "तीनशे",
      "चारशे",
      "पाचशे",
      "सहाशे",
      "सातशे",
      "आठशे",
      "नऊशे",
    ]);
  });

  test("each of 1–99 has a word of its own in both languages (the tables hold no copy and no gap)", () => {
    for (const [locale, tail] of [
      ["hi", / रुप(?:या|ये) मात्र$/],
      ["mr", / रुप(?:या|ये) फक्त$/],
    ] as const) {
      const words = Array.from({ length: 99 }, (_, i) => rupeesInWords((i + 1) * 100, locale).replace(tail, ""));
      expect(new Set(words).size).toBe(99);
      for (const word of words) expect(word).toMatch(/^[\u0900-\u097F]+$/);
    }
  });

  test("any amount reads as words only, in one normal form (ज़, ड़ as the catalogues write them)", () => {
    for (const [locale, only, paiseWord] of [
      ["hi", "मात्र", /पैस[ाे]/],
      ["mr", "फक्त", /पैस[ाे]/],
    ] as const) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (paise) => {
          const words = rupeesInWords(paise, locale);
          expect(words).toMatch(new RegExp(`^[\\u0900-\\u097F ]+ ${only}$`));
          expect(words).not.toContain("  ");
          expect(words).toBe(words.normalize("NFC"));
          expect(words.includes("शून्य")).toBe(paise === 0);
          expect(paiseWord.test(words)).toBe(paise % 100 !== 0);
        }),
      );
    }
  });
});
