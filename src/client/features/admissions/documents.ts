/**
 * The four application documents on the client: quick checks of size and type when a file is chosen (the
 * server decides again by content; its messages are the same), sizes for people, and multipart parts.
 */
import { UPLOAD_MAX_BYTES } from "../../../shared/constants.ts";
import { admission } from "../../../shared/i18n/admission.ts";
import { validation } from "../../../shared/i18n/validation.ts";
import {
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  type DocumentKind,
  REQUIRED_DOCUMENTS,
} from "../../../shared/schemas/admission.ts";
import { formatList } from "../../lib/format.ts";

export { DOCUMENT_KINDS, DOCUMENT_LABELS, type DocumentKind, REQUIRED_DOCUMENTS };

export type DocumentFiles = Partial<Record<DocumentKind, File>>;
type FileType = "pdf" | "jpeg" | "png";

const TYPE_NAMES: Record<FileType, string> = { pdf: "PDF", jpeg: "JPG", png: "PNG" };
const MAX_MB = Math.round(UPLOAD_MAX_BYTES / 1024 / 1024);

/** "PDF, JPG or PNG" in the chosen language. */
export const describeTypes = (kind: DocumentKind): string =>
  formatList(
    DOCUMENT_TYPES[kind].map((t) => TYPE_NAMES[t]),
    "or",
  );

/** The hint under each file box, e.g. "PDF, JPG or PNG, up to 5 MB". */
export const documentHint = (kind: DocumentKind) => admission.t("doc.hint", { types: describeTypes(kind), max: String(MAX_MB) });

/** The file picker's `accept` (a hint to the picker only). */
export function acceptFor(kind: DocumentKind): string {
  const parts: string[] = [];
  for (const t of DOCUMENT_TYPES[kind]) {
    if (t === "pdf") parts.push("application/pdf", ".pdf");
    if (t === "jpeg") parts.push("image/jpeg", ".jpg", ".jpeg");
    if (t === "png") parts.push("image/png", ".png");
  }
  return parts.join(",");
}

/** The real type from the first bytes, as the server judges it (platform/uploads.ts sniffType). */
export function sniffType(head: Uint8Array): FileType | null {
  const starts = (sig: number[]) => sig.every((x, i) => head[i] === x);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  return null;
}

async function readHead(file: File): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await file.slice(0, 8).arrayBuffer());
  } catch {
    return null; // A browser that cannot read the file here: the server still checks it.
  }
}

/**
 * Why a chosen file cannot be sent (too large, empty, or not an allowed type by its content), in the
 * server's own words; null when it looks fine.
 */
export async function checkDocumentFile(kind: DocumentKind, file: File): Promise<string | null> {
  const label = DOCUMENT_LABELS[kind];
  if (file.size > UPLOAD_MAX_BYTES) return validation.t("file.tooLarge", { label, max: String(MAX_MB) });
  if (file.size === 0) return validation.t("file.empty", { label });
  const head = await readHead(file);
  if (head) {
    const type = sniffType(head);
    if (!type || !DOCUMENT_TYPES[kind].includes(type)) return validation.t("file.type", { label, types: describeTypes(kind) });
  }
  return null;
}

/** Whether a preview thumbnail can be drawn (else a document icon is shown). */
export const isImageFile = (file: { type: string; name: string }) =>
  /^image\/(jpeg|png)$/.test(file.type) || /\.(jpe?g|png)$/i.test(file.name);

/** "340 KB", "1.2 MB" (lib/format.ts) */
export { formatFileSize as formatBytes } from "../../lib/file-size.ts";

export function appendDocuments(form: FormData, files: DocumentFiles): FormData {
  for (const kind of DOCUMENT_KINDS) {
    const file = files[kind];
    if (file) form.append(kind, file, file.name);
  }
  return form;
}

export const documentDomId = (prefix: string, kind: DocumentKind) => `${prefix}-doc-${kind}`;
