/** How the product addresses a person by name (greetings, welcome lines): one rule for every screen and e-mail. */

/** Titles people put before their name in India; a greeting skips them ("Good Morning, Meera", not "Dr."). */
const HONORIFICS = new Set([
  "dr",
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "prof",
  "professor",
  "shri",
  "shree",
  "sri",
  "smt",
  "shrimati",
  "kumari",
  "km",
  "kum",
  "sau",
  "er",
  "adv",
  "ca",
  "capt",
  "col",
  "lt",
  "maj",
  "gen",
  "sir",
  "madam",
  "late",
]);

/**
 * The first name to greet someone by: the first word that is not an honorific ("Dr. Meera Iyer" → "Meera",
 * "Smt. Sunita Patil" → "Sunita"). A name made only of titles is returned whole rather than emptied.
 */
export function firstNameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words.find((w) => !HONORIFICS.has(w.replace(/\.+$/, "").toLowerCase()));
  return first ?? fullName.trim();
}
