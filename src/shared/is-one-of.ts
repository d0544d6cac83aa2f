/** Whether a stored or sent value is one of a fixed list; where it is, it has the list's type. */
export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);
