/**
 * An amount in words the Indian way, as a receipt or a cheque writes it (issue 19): whole paise in, lakh and
 * crore (never million) out, in the receipt's language (issue 16): "Rupees One Lakh Twenty-Five Thousand and
 * Fifty Paise Only", "एक लाख पच्चीस हज़ार रुपये और पचास पैसे मात्र", "एक लाख पंचवीस हजार रुपये आणि पन्नास पैसे
 * फक्त". Hindi and Marathi say 1–99 with words of their own (not tens + units), so each has its full table.
 */
import type { Locale } from "./i18n/locales.ts";
import { currentLocale } from "./i18n/translate.ts";

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1–99 in Hindi, index = number (index 0 is zero). */
// biome-ignore format: ten numbers a line, so a row reads as a decade
const HINDI = [
  "शून्य", "एक", "दो", "तीन", "चार", "पाँच", "छह", "सात", "आठ", "नौ",
  "दस", "ग्यारह", "बारह", "तेरह", "चौदह", "पंद्रह", "सोलह", "सत्रह", "अठारह", "उन्नीस",
  "बीस", "इक्कीस", "बाईस", "तेईस", "चौबीस", "पच्चीस", "छब्बीस", "सत्ताईस", "अट्ठाईस", "उनतीस",
  "तीस", "इकतीस", "बत्तीस", "तैंतीस", "चौंतीस", "पैंतीस", "छत्तीस", "सैंतीस", "अड़तीस", "उनतालीस",
  "चालीस", "इकतालीस", "बयालीस", "तैंतालीस", "चवालीस", "पैंतालीस", "छियालीस", "सैंतालीस", "अड़तालीस", "उनचास",
  "पचास", "इक्यावन", "बावन", "तिरपन", "चौवन", "पचपन", "छप्पन", "सत्तावन", "अट्ठावन", "उनसठ",
  "साठ", "इकसठ", "बासठ", "तिरसठ", "चौंसठ", "पैंसठ", "छियासठ", "सड़सठ", "अड़सठ", "उनहत्तर",
  "सत्तर", "इकहत्तर", "बहत्तर", "तिहत्तर", "चौहत्तर", "पचहत्तर", "छिहत्तर", "सतहत्तर", "अठहत्तर", "उन्यासी",
  "अस्सी", "इक्यासी", "बयासी", "तिरासी", "चौरासी", "पचासी", "छियासी", "सत्तासी", "अट्ठासी", "नवासी",
  "नब्बे", "इक्यानबे", "बानबे", "तिरानबे", "चौरानबे", "पंचानबे", "छियानबे", "सत्तानबे", "अट्ठानबे", "निन्यानबे",
] as const;

/** 1–99 in Marathi, index = number (index 0 is zero). */
// biome-ignore format: ten numbers a line, so a row reads as a decade
const MARATHI = [
  "शून्य", "एक", "दोन", "तीन", "चार", "पाच", "सहा", "सात", "आठ", "नऊ",
  "दहा", "अकरा", "बारा", "तेरा", "चौदा", "पंधरा", "सोळा", "सतरा", "अठरा", "एकोणीस",
  "वीस", "एकवीस", "बावीस", "तेवीस", "चोवीस", "पंचवीस", "सव्वीस", "सत्तावीस", "अठ्ठावीस", "एकोणतीस",
  "तीस", "एकतीस", "बत्तीस", "तेहेतीस", "चौतीस", "पस्तीस", "छत्तीस", "सदतीस", "अडतीस", "एकोणचाळीस",
  "चाळीस", "एक्केचाळीस", "बेचाळीस", "त्रेचाळीस", "चव्वेचाळीस", "पंचेचाळीस", "सेहेचाळीस", "सत्तेचाळीस", "अठ्ठेचाळीस", "एकोणपन्नास",
  "पन्नास", "एक्कावन्न", "बावन्न", "त्रेपन्न", "चोपन्न", "पंचावन्न", "छप्पन्न", "सत्तावन्न", "अठ्ठावन्न", "एकोणसाठ",
  "साठ", "एकसष्ट", "बासष्ट", "त्रेसष्ट", "चौसष्ट", "पासष्ट", "सहासष्ट", "सदुसष्ट", "अडुसष्ट", "एकोणसत्तर",
  "सत्तर", "एकाहत्तर", "बाहत्तर", "त्र्याहत्तर", "चौऱ्याहत्तर", "पंच्याहत्तर", "शहात्तर", "सत्याहत्तर", "अठ्ठ्याहत्तर", "एकोणऐंशी",
  "ऐंशी", "एक्क्याऐंशी", "ब्याऐंशी", "त्र्याऐंशी", "चौऱ्याऐंशी", "पंच्याऐंशी", "शहाऐंशी", "सत्त्याऐंशी", "अठ्ठ्याऐंशी", "एकोणनव्वद",
  "नव्वद", "एक्क्याण्णव", "ब्याण्णव", "त्र्याण्णव", "चौऱ्याण्णव", "पंच्याण्णव", "शहाण्णव", "सत्त्याण्णव", "अठ्ठ्याण्णव", "नव्व्याण्णव",
] as const;

/** How one language counts and writes the sentence around the count. */
interface Speech {
  /** 0–99. */
  belowHundred(n: number): string;
  /** 1–9 hundreds, before `rest` (0–99) more. */
  hundreds(h: number, rest: number): string;
  thousand: string;
  lakh: string;
  crore: string;
  /** The whole phrase: the rupees and paise as numbers (to pick "Paise" or "रुपया") and as words. */
  sentence(rupees: number, rupeeWords: string, paise: number, paiseWords: string): string;
}

const ENGLISH: Speech = {
  // 1–99: "Seven", "Nineteen", "Forty", "Forty-Two".
  belowHundred: (n) => {
    if (n < 20) return ONES[n]!;
    const unit = n % 10;
    return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
  },
  hundreds: (h) => `${ONES[h]} Hundred`,
  thousand: "Thousand",
  lakh: "Lakh",
  crore: "Crore",
  sentence: (rupees, rupeeWords, paise, paiseWords) => {
    if (rupees === 0 && paise > 0) return `${paiseWords} Paise Only`;
    return paise > 0 ? `Rupees ${rupeeWords} and ${paiseWords} Paise Only` : `Rupees ${rupeeWords} Only`;
  },
};

/** Hindi and Marathi put the unit after the count: "… रुपये और पचास पैसे मात्र"; one is "रुपया", "पैसा". */
const devanagariSentence =
  (and: string, only: string) =>
  (rupees: number, rupeeWords: string, paise: number, paiseWords: string): string => {
    const rupee = `${rupeeWords} ${rupees === 1 ? "रुपया" : "रुपये"}`;
    const paisa = `${paiseWords} ${paise === 1 ? "पैसा" : "पैसे"}`;
    if (rupees === 0 && paise > 0) return `${paisa} ${only}`;
    return paise > 0 ? `${rupee} ${and} ${paisa} ${only}` : `${rupee} ${only}`;
  };

const SPEECH: Record<Locale, Speech> = {
  en: ENGLISH,
  hi: {
    belowHundred: (n) => HINDI[n]!,
    // "एक सौ", "दो सौ पचास"
    hundreds: (h) => `${HINDI[h]} सौ`,
    thousand: "हज़ार",
    lakh: "लाख",
    crore: "करोड़",
    sentence: devanagariSentence("और", "मात्र"),
  },
  mr: {
    belowHundred: (n) => MARATHI[n]!,
    // The hundreds are one word: "शंभर" alone, "एकशे" before more ("एकशे दहा"), then "दोनशे" … "नऊशे".
    hundreds: (h, rest) => (h === 1 ? (rest === 0 ? "शंभर" : "एकशे") : `${MARATHI[h]}शे`),
    thousand: "हजार",
    lakh: "लाख",
    crore: "कोटी",
    sentence: devanagariSentence("आणि", "फक्त"),
  },
};

/** 1–999: "Five Hundred", "Five Hundred Six", "Ninety-Nine"; "पाँच सौ छह"; "पाचशे सहा". */
function belowThousand(n: number, speech: Speech): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (hundreds > 0) parts.push(speech.hundreds(hundreds, rest));
  if (rest > 0) parts.push(speech.belowHundred(rest));
  return parts.join(" ");
}

/**
 * A whole number of at least 1 in the Indian system: crore (10⁷), lakh (10⁵), thousand, hundred. Above 99
 * crore the crores are themselves counted the same way ("One Thousand Two Hundred Crore").
 */
function indianWords(n: number, speech: Speech): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${indianWords(crore, speech)} ${speech.crore}`);
  if (lakh > 0) parts.push(`${speech.belowHundred(lakh)} ${speech.lakh}`);
  if (thousand > 0) parts.push(`${speech.belowHundred(thousand)} ${speech.thousand}`);
  if (rest > 0) parts.push(belowThousand(rest, speech));
  return parts.join(" ");
}

/**
 * Whole paise in words, in the given language (the current one by default): "Rupees Twelve Thousand Five
 * Hundred Only", "Rupees One Thousand Two Hundred Fifty and Fifty Paise Only", "Five Paise Only", "Rupees Zero
 * Only"; "एक हज़ार दो सौ पचास रुपये और पचास पैसे मात्र"; "एक हजार दोनशे पन्नास रुपये फक्त".
 */
export function rupeesInWords(paise: number, locale: Locale = currentLocale()): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not a whole, non-negative number of paise: ${paise}`);
  const speech = SPEECH[locale];
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? speech.belowHundred(0) : indianWords(rupees, speech);
  return speech.sentence(rupees, rupeeWords, rest, rest > 0 ? speech.belowHundred(rest) : "");
}
