/**
 * What every settings section draws alike: fields bound to the section's value (id, value, message,
 * change), a list of on/off switches, so each section lists only its own labels and hints, and the panels
 * that act on their own (recent notifications, backups).
 */
import type { ChangeEvent, ReactNode } from "react";
import { Alert } from "../../ui/alert.tsx";
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

export interface SettingsPanelProps {
  /** the heading's id, which names the panel */
  id: string;
  title: string;
  /** a line under the title */
  note?: string;
  /** the panel's buttons and links, beside its title */
  actions: ReactNode;
  /** why the panel's last action failed, until the reader dismisses it */
  error: string | null;
  onDismissError: () => void;
  children: ReactNode;
}

/** A panel of Settings that acts at once, not with Save Settings: its title and actions, a failed action's message, its list. */
export function SettingsPanel({ id, title, note, actions, error, onDismissError, children }: SettingsPanelProps) {
  const heading = (
    <h3 id={id} className="ac-settings-fieldset__title">
      {title}
    </h3>
  );
  return (
    <section className="ac-settings-fieldset" aria-labelledby={id}>
      <div className="cluster cluster--between">
        {note ? (
          <div>
            {heading}
            <p className="text-sm text-muted">{note}</p>
          </div>
        ) : (
          heading
        )}
        {actions}
      </div>
      {error ? (
        <Alert tone="error" onDismiss={onDismissError}>
          {error}
        </Alert>
      ) : null}
      {children}
    </section>
  );
}
