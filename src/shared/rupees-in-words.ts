/**
 * An amount in words the Indian way, as a receipt or a cheque writes it (issue 19): whole paise in,
 * "Rupees One Lakh Twenty-Five Thousand and Fifty Paise Only" out — lakh and crore, never million. Always
 * English: receipts in India write the amount in words in English whatever the rest of the page says.
 */

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

/** 1–99: "Seven", "Nineteen", "Forty", "Forty-Two". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

/** 1–999: "Five Hundred", "Five Hundred Six", "Ninety-Nine". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A whole number of at least 1 in the Indian system: crore (10⁷), lakh (10⁵), thousand, hundred. Above 99
 * crore the crores are themselves counted the same way ("One Thousand Two Hundred Crore").
 */
function indianWords(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/**
 * Whole paise in words: "Rupees Twelve Thousand Five Hundred Only", "Rupees One Thousand Two Hundred Fifty
 * and Fifty Paise Only", "Five Paise Only", "Rupees Zero Only".
 */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not a whole, non-negative number of paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest > 0) return `${belowHundred(rest)} Paise Only`;
  const words = `Rupees ${rupees === 0 ? "Zero" : indianWords(rupees)}`;
  return rest > 0 ? `${words} and ${belowHundred(rest)} Paise Only` : `${words} Only`;
}
