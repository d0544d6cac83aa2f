/**
 * One document box: a native file input (visually replaced by a button-like label, still focusable and
 * named "Photo", "Marksheet", …), the chosen file's name, size and thumbnail or PDF icon, and Remove.
 */

import { type ChangeEvent, useEffect, useState } from "react";
import { admission } from "../../../shared/i18n/admission.ts";
import { useT } from "../../lib/i18n.tsx";
import { cx } from "../../ui/cx.ts";
import { errorId, FieldNotes, hintId } from "../../ui/field.tsx";
import { FileIcon } from "../../ui/icons.tsx";
import { TrashIcon, UploadIcon } from "../../ui/more-icons.tsx";
import {
  acceptFor,
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  type DocumentFiles,
  type DocumentKind,
  documentDomId,
  documentHint,
  formatBytes,
  isImageFile,
} from "./documents.ts";

/** Object URLs for the image files (thumbnails), revoked when the files change or the screen goes away. */
export function useObjectUrls(files: DocumentFiles): Partial<Record<DocumentKind, string>> {
  const [urls, setUrls] = useState<Partial<Record<DocumentKind, string>>>({});
  useEffect(() => {
    const next: Partial<Record<DocumentKind, string>> = {};
    for (const kind of DOCUMENT_KINDS) {
      const file = files[kind];
      if (file && isImageFile(file) && typeof URL.createObjectURL === "function") next[kind] = URL.createObjectURL(file);
    }
    setUrls(next);
    return () => {
      for (const url of Object.values(next)) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/** A small preview of a chosen or stored document: the image, or a document icon for a PDF. */
export function DocumentThumb({ src, label }: { src?: string | null; label: string }) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  if (src && !broken)
    return <img className="doc-thumb" src={src} alt={admission.t("doc.preview", { label })} onError={() => setBroken(true)} />;
  return (
    <span className="doc-thumb doc-thumb--icon" aria-hidden="true">
      <FileIcon size={28} />
    </span>
  );
}

export interface DocumentPickerProps {
  kind: DocumentKind;
  idPrefix: string;
  file?: File;
  previewUrl?: string;
  required?: boolean;
  error?: string;
  /** A line under the hint, e.g. "Current file: marksheet.pdf" or a re-attach reminder. */
  note?: string;
  noteTone?: "muted" | "warning";
  onPick: (kind: DocumentKind, file: File) => void;
  onRemove: (kind: DocumentKind) => void;
}

export function DocumentPicker({
  kind,
  idPrefix,
  file,
  previewUrl,
  required,
  error,
  note,
  noteTone = "muted",
  onPick,
  onRemove,
}: DocumentPickerProps) {
  const t = useT(admission);
  const id = documentDomId(idPrefix, kind);
  const label = DOCUMENT_LABELS[kind];
  const titleId = `${id}-title`;
  const actionId = `${id}-action`;
  const noteId = `${id}-note`;
  const describedBy = [error ? errorId(id) : null, hintId(id), note ? noteId : null].filter(Boolean).join(" ");

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires another change.
    event.target.value = "";
    if (chosen) onPick(kind, chosen);
  };

  return (
    <div className={cx("doc-picker", error && "doc-picker--invalid", file && "doc-picker--filled")}>
      <div className="doc-picker__head">
        <p id={titleId} className="ui-field__label doc-picker__title">
          {label}
          {required ? (
            <span className="ui-field__required" aria-hidden="true">
              {" "}
              *
            </span>
          ) : (
            <span className="doc-picker__optional">{t("doc.optional")}</span>
          )}
        </p>
        <p id={hintId(id)} className="ui-field__hint">
          {documentHint(kind)}
        </p>
        {note ? (
          <p id={noteId} className={cx("doc-picker__note", noteTone === "warning" && "doc-picker__note--warning")}>
            {note}
          </p>
        ) : null}
      </div>

      {file ? (
        <div className="doc-picker__file cluster">
          <DocumentThumb src={previewUrl} label={label} />
          <div className="doc-picker__file-text">
            <p className="doc-picker__file-name">{file.name}</p>
            <p className="doc-picker__file-size">{formatBytes(file.size)}</p>
          </div>
          <button type="button" className="ui-button ui-button--ghost ui-button--sm doc-picker__remove" onClick={() => onRemove(kind)}>
            <TrashIcon size={16} />
            {t("doc.remove")}
            <span className="sr-only"> {label}</span>
          </button>
        </div>
      ) : null}

      <div className="doc-picker__control">
        <input
          id={id}
          type="file"
          className="ui-file__input"
          accept={acceptFor(kind)}
          aria-labelledby={`${titleId} ${actionId}`}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          onChange={onChange}
        />
        <label htmlFor={id} id={actionId} className="ui-button ui-button--secondary ui-button--md ui-file__button">
          <UploadIcon size={18} />
          {file ? t("doc.chooseOther") : t("doc.choose")}
        </label>
      </div>

      <FieldNotes id={id} messages={error ? [error] : []} />
    </div>
  );
}
