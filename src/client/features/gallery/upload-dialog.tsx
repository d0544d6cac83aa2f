/**
 * Upload Images (spec part 2, Gallery Management): one row per chosen image with a preview, its title
 * (prefilled from the file name), category (Campus) and an optional description; a drop zone when no
 * file is chosen yet. Upload Images sends them in one request with a progress bar; the answer is per file,
 * so the good images are stored and each refused file is listed with its reason.
 */
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { categoryOptions } from "../../../shared/i18n/gallery.ts";
import { media } from "../../../shared/i18n/media.ts";
import { GALLERY_MESSAGES, type GalleryCategoryName, galleryUploaded } from "../../../shared/schemas/gallery.ts";
import { uploadWithProgress, useUploadAbort } from "../../lib/api.ts";
import { failureMessage, normaliseError } from "../../lib/errors.ts";
import { formatFileSize } from "../../lib/file-size.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { useFocusStaysInItems } from "../../ui/focus-stays.ts";
import { CloseIcon } from "../../ui/icons.tsx";
import { ImageIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { DropZone } from "./drop-zone.tsx";
import {
  isGalleryKind,
  rejectionsFromErrors,
  rowProblems,
  rowsForFiles,
  type UploadRejection,
  type UploadRow,
  uploadFormData,
} from "./upload-files.ts";

export const UPLOAD_URL = "/gallery/upload";

interface UploadAnswer {
  success: true;
  data: { message: string; uploaded: unknown[]; rejected: UploadRejection[] };
}

interface Outcome {
  uploaded: number;
  message: string | null;
  rejected: UploadRejection[];
}

type Problems = Record<string, { title?: string; file?: string }>;

export interface IncomingFiles {
  /** a new id for every batch chosen outside the dialog */
  id: number;
  files: File[];
}

const FORM_ID = "gallery-upload-form";

export function UploadDialog({
  open,
  incoming,
  onClose,
  onUploaded,
}: {
  open: boolean;
  incoming: IncomingFiles | null;
  onClose: () => void;
  /** called once images were stored (the list reloads) */
  onUploaded: (count: number, message: string) => void;
}) {
  const t = useT(media);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const seen = useRef<number | null>(null);
  const transfer = useUploadAbort();
  const uploadButton = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(false);
  const uploading = progress !== null;

  // The first image added, whose title takes the focus if the control that chose it has gone (the big drop
  // zone gives way to the rows: the focus fell to the page).
  const added = useRef<string | null>(null);
  const addFiles = (files: File[]) => {
    setOutcome(null);
    setFailure(null);
    setCancelled(false);
    const sorted = rowsForFiles(files, rows.length);
    setSkipped(sorted.skipped);
    setRows([...rows, ...sorted.rows]);
    added.current = sorted.rows[0]?.key ?? null;
    // A file too large, or not a picture the gallery takes, says so beside it at once, not after Upload (walk 19a).
    for (const row of sorted.rows) {
      showFileProblem(row);
      void isGalleryKind(row.file).then((allowed) => {
        if (allowed) return;
        setRows((all) => all.map((r) => (r.key === row.key ? { ...r, notAllowed: true } : r)));
        showFileProblem({ ...row, notAllowed: true });
      });
    }
  };
  const showFileProblem = (row: UploadRow) => {
    const file = rowProblems(row).file;
    if (file) setProblems((all) => ({ ...all, [row.key]: { ...all[row.key], file } }));
  };
  useEffect(() => {
    const key = added.current;
    added.current = null;
    if (key && (!document.activeElement || document.activeElement === document.body)) document.getElementById(`${key}-title`)?.focus();
  }, [rows]);

  // Files chosen on the page (drop zone, browse) arrive as a batch.
  useEffect(() => {
    if (!incoming || incoming.id === seen.current) return;
    seen.current = incoming.id;
    addFiles(incoming.files);
  }, [incoming]);

  const reset = () => {
    setRows([]);
    setSkipped([]);
    setProblems({});
    setProgress(null);
    setOutcome(null);
    setFailure(null);
    setCancelled(false);
  };

  const close = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const update = (key: string, patch: Partial<UploadRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    if ("title" in patch) setProblems(({ [key]: p, ...rest }) => (p?.file ? { ...rest, [key]: { file: p.file } } : rest));
  };

  // A removed row leaves with the focus: it goes to the row now in its place (tenth walk: to the page).
  const rowsFocus = useFocusStaysInItems<HTMLOListElement>(":scope > li", rows);

  const remove = (key: string) => {
    setRows((all) => all.filter((r) => r.key !== key));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  // One upload at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const uploads = useOneAtATime();
  const upload = () => {
    if (uploading || rows.length === 0) return;
    setFailure(null);
    setCancelled(false);
    const found: Problems = {};
    for (const row of rows) {
      const p = rowProblems(row);
      if (p.title || p.file) found[row.key] = p;
    }
    if (Object.keys(found).length > 0) {
      // Shown before the focus moves, so the first row's message can be brought into view.
      flushSync(() => setProblems(found));
      const first = rows.find((r) => found[r.key]);
      if (!first) return;
      if (found[first.key]?.title) return document.getElementById(`${first.key}-title`)?.focus();
      // A file's message sits beside its picture, away from its Remove: on a phone Remove was focused under the
      // dialog's footer and nothing seemed to happen (walk 21), so the message is what is scrolled to.
      document.getElementById(`${first.key}-remove`)?.focus({ preventScroll: true });
      document.getElementById(`${first.key}-file-error`)?.scrollIntoView?.({ block: "center" });
      return;
    }
    void uploads.run(async () => {
      const sending = rows;
      const signal = transfer.start();
      setCancelled(false);
      setProgress(0);
      try {
        const answer = await uploadWithProgress<UploadAnswer>(UPLOAD_URL, uploadFormData(sending), setProgress, { signal });
        const { uploaded, rejected, message } = answer.data;
        setRows([]);
        setProblems({});
        if (uploaded.length > 0) onUploaded(uploaded.length, message);
        setOutcome({ uploaded: uploaded.length, message, rejected });
      } catch (err) {
        // Stopped by Cancel (walk 33b: a slow upload had no way out): nothing added, the pictures kept.
        if (transfer.stopped(signal, err)) {
          setCancelled(true);
          // Off the button that is Cancel (closing the dialog) again.
          uploadButton.current?.focus();
          return;
        }
        const error = normaliseError(err);
        const rejected = error.status === 400 ? rejectionsFromErrors(error.errors, sending) : [];
        if (rejected.length > 0) {
          setRows([]);
          setProblems({});
          setOutcome({ uploaded: 0, message: null, rejected });
        } else {
          setFailure(failureMessage(err, GALLERY_MESSAGES.uploadFailed));
        }
      } finally {
        transfer.stopped(signal);
        setProgress(null);
      }
    });
  };

  const count = rows.length;
  const footer = outcome ? (
    <>
      <Button variant="secondary" onClick={() => setOutcome(null)}>
        {t("up.more")}
      </Button>
      <Button onClick={close}>{t("up.done")}</Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={uploading ? transfer.cancel : close}>
        {uploading ? t("up.cancelUpload") : t("cancel")}
      </Button>
      <Button ref={uploadButton} type="submit" form={FORM_ID} loading={uploading} disabled={count === 0}>
        {uploading ? t("up.uploading") : t("upload")}
      </Button>
    </>
  );

  return (
    <Dialog open={open} onClose={close} title={t("upload")} description={outcome ? undefined : t("up.lead")} size="lg" footer={footer}>
      <div className="stack">
        {failure ? (
          <Alert tone="error" onDismiss={() => setFailure(null)}>
            {failure}
          </Alert>
        ) : cancelled && !outcome ? (
          <Alert tone="info" onDismiss={() => setCancelled(false)}>
            {t("up.cancelled")}
          </Alert>
        ) : null}
        {outcome ? (
          <UploadOutcome outcome={outcome} />
        ) : (
          <>
            {skipped.length > 0 ? (
              <Alert tone="warning" title={t("up.skipped")} onDismiss={() => setSkipped([])}>
                <ul className="ac-plain-list">
                  {skipped.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {count === 0 ? (
              <DropZone onFiles={addFiles} />
            ) : (
              <>
                {/* A form, so Enter in a title uploads, as Upload Images does. */}
                <form
                  id={FORM_ID}
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void upload();
                  }}
                >
                  <ol className="ac-upload-rows stack stack--md list-plain" aria-label={t("up.rows")} {...rowsFocus}>
                    {rows.map((row, index) => (
                      <UploadRowEditor
                        key={row.key}
                        row={row}
                        index={index}
                        problems={problems[row.key]}
                        disabled={uploading}
                        onChange={(patch) => update(row.key, patch)}
                        onRemove={() => remove(row.key)}
                      />
                    ))}
                  </ol>
                </form>
                {uploading ? (
                  <ProgressBar value={progress ?? 0} label={t("up.progress", { count })} />
                ) : (
                  <DropZone onFiles={addFiles} compact />
                )}
              </>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

function UploadOutcome({ outcome }: { outcome: Outcome }) {
  const { uploaded, rejected, message } = outcome;
  return (
    <div className="stack" tabIndex={-1}>
      {uploaded > 0 ? <Alert tone="success">{message ?? galleryUploaded(uploaded)}</Alert> : null}
      {rejected.length > 0 ? (
        <Alert
          tone={uploaded > 0 ? "warning" : "error"}
          title={uploaded > 0 ? media.t("up.notUploaded", { count: rejected.length }) : GALLERY_MESSAGES.noneUploaded}
        >
          <ul className="ac-plain-list ac-rejections" aria-label={media.t("up.rejected")}>
            {rejected.map((r) => (
              <li key={`${r.index}-${r.name}`}>
                <strong className="ops-break">{r.name}</strong>: {r.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}

function UploadRowEditor({
  row,
  index,
  problems,
  disabled,
  onChange,
  onRemove,
}: {
  row: UploadRow;
  index: number;
  problems: { title?: string; file?: string } | undefined;
  disabled: boolean;
  onChange: (patch: Partial<UploadRow>) => void;
  onRemove: () => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    const url = URL.createObjectURL(row.file);
    setPreview(url);
    setUnreadable(false);
    return () => URL.revokeObjectURL(url);
  }, [row.file]);

  // Visible labels stay short; screen readers hear which image each field belongs to.
  const of = <span className="sr-only">{media.t("up.ofImage", { n: index + 1 })}</span>;
  return (
    <li className="ac-upload-row">
      <div className="ac-upload-row__media">
        {unreadable ? (
          <span className="ac-upload-row__thumb ac-upload-row__thumb--none">
            <ImageIcon size={24} />
            <span className="text-sm">{media.t("up.noPreview")}</span>
          </span>
        ) : preview ? (
          <img src={preview} alt="" className="ac-upload-row__thumb" onError={() => setUnreadable(true)} />
        ) : null}
        <p className="text-sm ac-upload-row__file">
          <span className="ops-break">{row.file.name}</span>
          <span className="text-muted"> · {formatFileSize(row.file.size)}</span>
        </p>
        {problems?.file ? (
          <p className="ui-field__error" id={`${row.key}-file-error`}>
            {problems.file}
          </p>
        ) : null}
      </div>
      <div className="ac-upload-row__fields">
        <TextInput
          id={`${row.key}-title`}
          label={
            <>
              {media.t("field.title")}
              {of}
            </>
          }
          required
          value={row.title}
          error={problems?.title}
          disabled={disabled}
          onChange={(e) => onChange({ title: e.target.value })}
        />
        <Select
          id={`${row.key}-category`}
          label={
            <>
              {media.t("field.category")}
              {of}
            </>
          }
          options={categoryOptions()}
          value={row.category}
          disabled={disabled}
          onChange={(e) => onChange({ category: e.target.value as GalleryCategoryName })}
        />
        <TextArea
          id={`${row.key}-description`}
          label={
            <>
              {media.t("field.description")}
              {of}
              {media.t("up.optional")}
            </>
          }
          rows={2}
          fieldClassName="ac-upload-row__wide"
          maxLength={500}
          value={row.description}
          disabled={disabled}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </div>
      <Button
        id={`${row.key}-remove`}
        variant="ghost"
        size="sm"
        iconOnly
        className="ac-upload-row__remove"
        aria-label={media.t("up.remove", { name: row.file.name })}
        aria-describedby={problems?.file ? `${row.key}-file-error` : undefined}
        title={media.t("up.remove", { name: row.file.name })}
        disabled={disabled}
        onClick={onRemove}
      >
        <CloseIcon size={18} />
      </Button>
    </li>
  );
}
