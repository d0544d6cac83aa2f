import { portal } from "../../shared/i18n/portal.ts";
import { firstNameOf } from "../../shared/names.ts";

/** The admin top bar's greeting by the hour (spec part 2 §2; bands from part 1 §9). */
export type Greeting = "Good Morning" | "Good Afternoon" | "Good Evening" | "Good Night";

export function greetingFor(date: Date): Greeting {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return "Good Morning";
  if (hour >= 12 && hour < 17) return "Good Afternoon";
  if (hour >= 17 && hour < 21) return "Good Evening";
  return "Good Night";
}

const GREETING_KEYS = {
  "Good Morning": "greeting.morning",
  "Good Afternoon": "greeting.afternoon",
  "Good Evening": "greeting.evening",
  "Good Night": "greeting.night",
} as const;

/** The greeting of the hour in the reader's language. */
export const greetingText = (date: Date): string => portal.t(GREETING_KEYS[greetingFor(date)]);

/**
 * The dashboards' welcome line (issue 14.6): "Welcome, Meera!" at the first sign-in, "Welcome back, Meera!"
 * from the second on, by first name without titles (src/shared/names.ts).
 */
export function welcomeLine(fullName: string | undefined, signedInBefore: boolean | undefined): string {
  const name = firstNameOf(fullName ?? "");
  if (name) return portal.t(signedInBefore ? "welcomeBack" : "welcome", { name });
  return portal.t(signedInBefore ? "welcomeBackNoName" : "welcomeNoName");
}
