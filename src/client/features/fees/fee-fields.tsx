/** The fee office's two kinds of number box (the desk's and the plans' forms): rupees, and a count of days. */
import { TextInput, type TextInputProps } from "../../ui/field.tsx";

/** An amount in rupees (paise allowed): the decimal keypad, never filled in by the browser. */
export function RupeesInput(props: Omit<TextInputProps, "inputMode">) {
  return <TextInput inputMode="decimal" autoComplete="off" {...props} />;
}

/** A whole number of days (a grace period, a reminder's distance from the due day): the number pad, two digits at most. */
export function DaysInput(props: Omit<TextInputProps, "inputMode" | "maxLength">) {
  return <TextInput inputMode="numeric" autoComplete="off" maxLength={2} {...props} />;
}
