/**
 * The four application documents on the client: quick checks of size and type when a file is chosen (the
 * server decides again by content; its messages are the same), sizes for people, and multipart parts.
 */
import { UPLOAD_MAX_BYTES } from "../../../shared/constants.ts";
import { fileHead, sniffType } from "../../../shared/file-kinds.ts";
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

/**
 * Why a chosen file cannot be sent (too large, empty, or not an allowed type by its content), in the
 * server's own words; null when it looks fine.
 */
export async function checkDocumentFile(kind: DocumentKind, file: File): Promise<string | null> {
  const label = DOCUMENT_LABELS[kind];
  if (file.size > UPLOAD_MAX_BYTES) return validation.t("file.tooLarge", { label, max: String(MAX_MB) });
  if (file.size === 0) return validation.t("file.empty", { label });
  const head = await fileHead(file);
  if (head) {
    const type = sniffType(head);
    if (!type || !(DOCUMENT_TYPES[kind] as readonly string[]).includes(type))
      return validation.t("file.type", { label, types: describeTypes(kind) });
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
