/**
 * The kinds of file the institute takes, told by their first bytes as the server judges them (platform/uploads.ts),
 * so a form can refuse a wrong file the moment it is chosen, in the server's own terms (walk 19a: the gallery took
 * a text file renamed .jpg until the upload).
 */
export type FileKind = "pdf" | "jpeg" | "png" | "webp";

/** How many first bytes `sniffType` looks at. */
export const SNIFF_BYTES = 12;

const startsWith = (b: Uint8Array, sig: number[], offset = 0) => sig.every((x, i) => b[offset + i] === x);

/** The file's real kind from its first bytes (SNIFF_BYTES of them), or null. */
export function sniffType(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** The first bytes of a chosen file, or null when this browser cannot read it here (the server still checks). */
export async function fileHead(file: Blob): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return null;
  }
}
