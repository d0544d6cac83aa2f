/** Dates in the admin's admissions screens (Indian English, the reader's time zone). */
const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit" });
const birthFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

const parse = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? null : new Date(t);
};

export const formatDate = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? dateFormat.format(d) : "";
};

export const formatTime = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? timeFormat.format(d) : "";
};

export const formatDateTime = (iso: string | null | undefined) => {
  const d = parse(iso);
  return d ? `${dateFormat.format(d)}, ${timeFormat.format(d)}` : "";
};

/** A date of birth (YYYY-MM-DD) as "5 Mar 1990", without a time-zone shift. */
export const formatBirthDate = (value: string | null | undefined) => {
  const d = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parse(`${value}T00:00:00Z`) : null;
  return d ? birthFormat.format(d) : (value ?? "");
};

export const STATUS_LABELS: Record<string, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
