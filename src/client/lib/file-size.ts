/**
 * A file's size, short: "340 KB", "1.2 MB", digits as the reader's language writes them. Rounded up, never down:
 * a file over a limit never reads as at it ("5.1 MB", not "5 MB", for 5,244,475 bytes against 5 MB; walk 21). Apart from
 * lib/format.ts because only the forms and portals that handle files need it: format.ts is in the main
 * script every page downloads (docs/PERFORMANCE.md).
 */
import { formatNumber } from "./format.ts";

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.ceil(bytes / 1024))} KB`;
  return `${formatNumber(Math.ceil(bytes / 1024 / 102.4) / 10)} MB`;
}
