/**
 * Free details stored as JSON text (docs/ARCHITECTURE.md, Data): an audit entry's details, a notification's
 * data and params, a person's preferences. Read back as an object whatever the text holds.
 */

/** The value if it is a plain object (not an array, not null), else an empty one. */
export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Stored JSON text as an object: {} for nothing, damage, or anything but an object. */
export function jsonObject(text: string): Record<string, unknown> {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return {};
  }
}
