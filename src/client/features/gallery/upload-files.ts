/**
 * The Upload Images dialog's rows (spec part 2, Gallery Management): one per chosen image, its title
 * prefilled with the file name before the first dot, category Campus, an optional description. Only
 * images are taken (by type, else by extension); the server checks each file's content again and
 * answers per file (DECISIONS 8, 12).
 */

import { UPLOAD_MAX_BYTES } from "../../../shared/constants.ts";
import { type FileKind, fileHead, sniffType } from "../../../shared/file-kinds.ts";
import { media } from "../../../shared/i18n/media.ts";
import {
  GALLERY_DEFAULT_CATEGORY,
  GALLERY_MESSAGES,
  GALLERY_TITLE_MAX,
  GALLERY_UPLOAD_MAX_FILES,
  type GalleryCategoryName,
  galleryImageDetails,
} from "../../../shared/schemas/gallery.ts";
import { formatFileSize } from "../../lib/file-size.ts";
import { checkInput } from "../../lib/form.ts";

export interface UploadRow {
  /** stable within the dialog */
  key: string;
  file: File;
  title: string;
  category: GalleryCategoryName;
  description: string;
  /** its first bytes are not a JPG, PNG or WebP picture (found once the file is read, just after it is chosen) */
  notAllowed?: boolean;
}

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif|bmp|avif|heic|heif|tiff?)$/i;

/** Images only: an image type, or (when the browser gives no type) an image extension. */
export function isImageFile(file: Pick<File, "name" | "type">): boolean {
  if (file.type) return file.type.startsWith("image/");
  return IMAGE_EXTENSIONS.test(file.name);
}

/** "Sports Day.final.jpg" → "Sports Day"; a name that starts with a dot keeps what follows it. */
export function titleFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const beforeDot = base.split(".")[0]?.trim() ?? "";
  const title = beforeDot || base.replace(/^\.+/, "").split(".")[0]?.trim() || "";
  return title.slice(0, GALLERY_TITLE_MAX);
}

let nextKey = 1;

export interface SortedFiles {
  rows: UploadRow[];
  /** what was left out, in words, e.g. "notes.pdf is not an image." */
  skipped: string[];
}

/**
 * New rows for the chosen files: images only, at most GALLERY_UPLOAD_MAX_FILES in the dialog altogether
 * (`alreadyChosen` counts the rows it has).
 */
export function rowsForFiles(files: readonly File[], alreadyChosen = 0): SortedFiles {
  const rows: UploadRow[] = [];
  const skipped: string[] = [];
  let overLimit = 0;
  for (const file of files) {
    if (!isImageFile(file)) {
      skipped.push(media.t("up.notImage", { name: file.name }));
      continue;
    }
    if (alreadyChosen + rows.length >= GALLERY_UPLOAD_MAX_FILES) {
      overLimit++;
      continue;
    }
    rows.push({
      key: `upload-${nextKey++}`,
      file,
      title: titleFromFileName(file.name),
      category: GALLERY_DEFAULT_CATEGORY,
      description: "",
    });
  }
  if (overLimit > 0) {
    skipped.push(media.t("up.overLimit", { limit: GALLERY_MESSAGES.tooManyFiles, count: overLimit }));
  }
  return { rows, skipped };
}

/** What is wrong with a row before it is sent (the server checks the same and the content). */
export function rowProblems(row: UploadRow): { title?: string; file?: string } {
  const out: { title?: string; file?: string } = {};
  const checked = checkInput(galleryImageDetails, { title: row.title, category: row.category, description: row.description });
  if (!checked.ok && checked.messages.title) out.title = checked.messages.title;
  if (row.file.size > UPLOAD_MAX_BYTES) out.file = media.t("up.tooBig", { size: formatFileSize(row.file.size) });
  else if (row.notAllowed) out.file = media.t("up.notAllowed");
  return out;
}

/** What the gallery takes (platform/uploads.ts checks the same on the server). */
const GALLERY_KINDS: readonly FileKind[] = ["jpeg", "png", "webp"];

/** Whether a chosen image is a JPG, PNG or WebP picture by its first bytes; true when it cannot be read here. */
export async function isGalleryKind(file: File): Promise<boolean> {
  const head = await fileHead(file);
  if (!head) return true;
  const kind = sniffType(head);
  return kind !== null && GALLERY_KINDS.includes(kind);
}

/** The multipart body of POST /api/gallery/upload: repeated `images`, and `imageDetails` as one JSON array in the same order. */
export function uploadFormData(rows: readonly UploadRow[]): FormData {
  const form = new FormData();
  for (const row of rows) form.append("images", row.file, row.file.name);
  form.append(
    "imageDetails",
    JSON.stringify(rows.map((r) => ({ title: r.title.trim(), category: r.category, description: r.description.trim() }))),
  );
  return form;
}

export interface UploadRejection {
  index: number;
  name: string;
  message: string;
}

/**
 * The reasons per file of a refused upload (400 when no file could be stored): field errors keyed
 * `images.<index>` read "<name>: <reason>".
 */
export function rejectionsFromErrors(errors: Record<string, string[]> | null | undefined, rows: readonly UploadRow[]): UploadRejection[] {
  const out: UploadRejection[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = /^images\.(\d+)$/.exec(key);
    if (!match || !messages[0]) continue;
    const index = Number(match[1]);
    const name = rows[index]?.file.name ?? media.t("up.image", { n: index + 1 });
    const message = messages[0].startsWith(`${name}: `) ? messages[0].slice(name.length + 2) : messages[0];
    out.push({ index, name, message });
  }
  return out.sort((a, b) => a.index - b.index);
}
