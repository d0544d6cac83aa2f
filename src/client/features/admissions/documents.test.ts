import { describe, expect, test } from "bun:test";
import { sniffType } from "../../../shared/file-kinds.ts";
import { acceptFor, checkDocumentFile, documentHint, formatBytes } from "./documents.ts";

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n");
const EXE_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

const file = (bytes: BlobPart[], name: string, type = "") => new File(bytes, name, { type });

describe("client checks of a chosen document", () => {
  test("a file over 5 MB is refused with the server's own message", async () => {
    const big = file([new Uint8Array(5 * 1024 * 1024 + 1)], "scan.pdf", "application/pdf");
    expect(await checkDocumentFile("marksheet", big)).toBe("Marksheet is larger than 5 MB. Please choose a smaller file.");
  });

  test("exactly 5 MB is allowed", async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024);
    bytes.set(PDF_BYTES);
    expect(await checkDocumentFile("marksheet", file([bytes], "scan.pdf"))).toBeNull();
  });

  test("the type is judged by content: a program renamed .pdf is refused, a PNG named oddly is fine", async () => {
    expect(await checkDocumentFile("marksheet", file([EXE_BYTES], "marksheet.pdf", "application/pdf"))).toBe(
      "Marksheet must be a PDF, JPG or PNG file.",
    );
    expect(await checkDocumentFile("birthCertificate", file([PNG_BYTES], "photo.txt", "text/plain"))).toBeNull();
  });

  test("the photo must be an image: a PDF is refused", async () => {
    expect(await checkDocumentFile("photo", file([PDF_BYTES], "photo.pdf", "application/pdf"))).toBe("Photo must be a JPG or PNG file.");
    expect(await checkDocumentFile("photo", file([PNG_BYTES], "me.png", "image/png"))).toBeNull();
  });

  test("an empty file is refused", async () => {
    expect(await checkDocumentFile("transferCertificate", file([], "tc.pdf"))).toBe(
      "Transfer Certificate is an empty file. Please choose the file again.",
    );
  });

  test("signatures, hints, picker filters and sizes", () => {
    expect(sniffType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffType(PNG_BYTES)).toBe("png");
    expect(sniffType(PDF_BYTES)).toBe("pdf");
    expect(sniffType(EXE_BYTES)).toBeNull();
    expect(documentHint("photo")).toBe("JPG or PNG, up to 5 MB");
    expect(documentHint("marksheet")).toBe("PDF, JPG or PNG, up to 5 MB");
    expect(acceptFor("photo")).not.toContain("pdf");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(340 * 1024)).toBe("340 KB");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1.3 MB");
  });
});
