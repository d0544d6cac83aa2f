/**
 * Storage sizes as the gallery's Storage Used card shows them (spec part 2, Gallery Management; §9):
 * '0 Bytes' for nothing, else Bytes, KB, MB, GB or TB in steps of 1024 with two decimals.
 */
const UNITS = ["Bytes", "KB", "MB", "GB", "TB"] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  return `${value.toFixed(2)} ${UNITS[exponent]}`;
}
