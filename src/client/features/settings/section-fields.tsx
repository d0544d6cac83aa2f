/**
 * What every settings section draws alike: fields bound to the section's value (id, value, message,
 * change) and a list of on/off switches, so each section lists only its own labels and hints.
 */
import type { ChangeEvent } from "react";
import { Toggle } from "../../ui/field.tsx";

/**
 * `field("siteName")` gives a text field or select its id, value, message and change handler; the caller adds
 * label, hint and input attributes.
 */
export function bindFields<V extends object>(
  idOf: (key: string) => string,
  value: V,
  errors: Partial<Record<string, string>>,
  onChange: (patch: Partial<V>) => void,
) {
  return <K extends keyof V & string>(key: K) => ({
    id: idOf(key),
    value: String(value[key] ?? ""),
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange({ [key]: e.target.value } as Partial<V>),
  });
}

export interface ToggleSpec<K extends string> {
  key: K;
  label: string;
  description: string;
}

/** A section's switches, one per stored on/off value. */
export function ToggleList<K extends string>({
  idOf,
  toggles,
  value,
  onChange,
}: {
  idOf: (key: K) => string;
  toggles: readonly ToggleSpec<K>[];
  value: Record<K, boolean>;
  onChange: (patch: Partial<Record<K, boolean>>) => void;
}) {
  return (
    <div className="ac-toggle-list">
      {toggles.map((t) => (
        <Toggle
          key={t.key}
          id={idOf(t.key)}
          label={t.label}
          description={t.description}
          checked={value[t.key]}
          onChange={(on) => onChange({ [t.key]: on } as Partial<Record<K, boolean>>)}
        />
      ))}
    </div>
  );
}
