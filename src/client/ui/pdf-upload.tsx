/**
 * One PDF for the office to publish (a programme's syllabus, the brochure): what is published now, a file
 * choice, Upload with a progress bar, and the server's reason beside it when it refuses the file (the server
 * checks the content and the size; the browser's `accept` only narrows the file picker).
 */
import { useRef, useState } from "react";
import { uploadWithProgress } from "../lib/api.ts";
import { normaliseError } from "../lib/errors.ts";
import { Button } from "./button.tsx";
import { FileInput } from "./file-input.tsx";
import { failureMessage } from "./list-controls.tsx";
import { ProgressBar } from "./progress-bar.tsx";

export interface PdfUploadProps<T> {
  id: string;
  /** the section's heading, e.g. "Syllabus (PDF, up to 10 MB)" */
  title: string;
  /** "Published: syllabus.pdf", or what to say while there is none */
  status: string;
  /** the REST path under /api that takes the multipart upload */
  path: string;
  /** the form field the server reads */
  field: string;
  buttonLabel: string;
  uploadingLabel: string;
  failedText: string;
  disabled?: boolean;
  onUploaded: (data: T) => void;
  className?: string;
}

export function PdfUpload<T>({
  id,
  title,
  status,
  path,
  field,
  buttonLabel,
  uploadingLabel,
  failedText,
  disabled,
  onUploaded,
  className,
}: PdfUploadProps<T>) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const published = useRef<HTMLParagraphElement>(null);

  const upload = async () => {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    try {
      const fd = new FormData();
      fd.append(field, file);
      const body = await uploadWithProgress<{ data: T }>(path, fd, setProgress);
      setFile(null);
      // Upload is done and has nothing left to send: the focus goes to what is published now (tenth walk:
      // it fell to the page with the button), unless the person has moved it meanwhile.
      const active = document.activeElement;
      if (!active || active === document.body || active.closest("section") === published.current?.closest("section"))
        published.current?.focus();
      onUploaded(body.data);
    } catch (err) {
      setError(normaliseError(err).errors?.[field]?.[0] ?? failureMessage(err, failedText));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className={className ? `stack stack--sm ${className}` : "stack stack--sm"} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="ui-field__label">
        {title}
      </h3>
      <p ref={published} tabIndex={-1} className="text-sm text-muted">
        {status}
      </p>
      <div className="cluster cluster--sm">
        <FileInput
          id={id}
          file={file}
          onChoose={setFile}
          accept="application/pdf,.pdf"
          aria-label={title}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button size="sm" variant="secondary" loading={progress !== null} disabled={!file || disabled} onClick={() => void upload()}>
          {buttonLabel}
        </Button>
      </div>
      {progress !== null ? <ProgressBar value={progress} label={uploadingLabel} /> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
