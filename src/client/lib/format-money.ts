/**
 * Money on the screens: an amount in paise as rupees in the reader's language, "₹1,00,000" (whole rupees) or
 * "₹1,250.50". Beside lib/format.ts rather than in it: the public first screen shows no money, and a module
 * lives whole in one chunk, so the first download would carry it (and shared/money.ts) for the portals.
 */
export { rupees as formatMoney } from "../../shared/money.ts";
