/** Small real files for upload tests, made on the fly. */
import sharp from "sharp";

export async function pngBytes(width = 64, height = 64): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 29, g: 58, b: 138 } } })
      .png()
      .toBuffer(),
  );
}

export async function jpegBytes(width = 64, height = 64): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 245, g: 158, b: 11 } } })
      .withMetadata({ exif: { IFD0: { Copyright: "secret-location" } } })
      .jpeg()
      .toBuffer(),
  );
}

export function pdfBytes(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
}

/** An ELF executable header: what a renamed program looks like. */
export function executableBytes(): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(4096);
  b.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  return b;
}

/** Bytes with a PNG signature, padded to the given size (never decoded: too large is refused first). */
export function oversizedPng(size: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(size);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return b;
}

export const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type = "application/octet-stream") =>
  new File([bytes], name, { type });

/** A real small PNG whose header claims 10000×10000 pixels (a decompression bomb's header), CRC fixed. */
export async function hugeHeaderPng() {
  const png = await pngBytes(16, 16);
  const view = new DataView(png.buffer);
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 data bytes.
  view.setUint32(16, 10_000);
  view.setUint32(20, 10_000);
  view.setUint32(29, Bun.hash.crc32(png.subarray(12, 29)));
  return png;
}
