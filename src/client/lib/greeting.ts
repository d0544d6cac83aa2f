/** The admin top bar's greeting by the hour (spec part 2 §2; bands from part 1 §9). */
export type Greeting = "Good Morning" | "Good Afternoon" | "Good Evening" | "Good Night";

export function greetingFor(date: Date): Greeting {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return "Good Morning";
  if (hour >= 12 && hour < 17) return "Good Afternoon";
  if (hour >= 17 && hour < 21) return "Good Evening";
  return "Good Night";
}
