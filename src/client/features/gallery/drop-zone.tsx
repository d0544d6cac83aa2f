/**
 * Where images are dropped or browsed for (spec part 2: a drag-and-drop zone and a browse button taking
 * several image files). The file input is named for assistive technology and tests but kept out of the
 * tab order: the Browse button is the control people use.
 */
import { type DragEvent, useId, useRef, useState } from "react";
import { media } from "../../../shared/i18n/media.ts";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { cx } from "../../ui/cx.ts";
import { UploadIcon } from "../../ui/more-icons.tsx";

export function DropZone({
  onFiles,
  compact = false,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  compact?: boolean;
  disabled?: boolean;
}) {
  const t = useT(media);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child: count them so the highlight does not flicker.
  const depth = useRef(0);

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes("Files");

  const onDragEnter = (e: DragEvent) => {
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    depth.current++;
    setOver(true);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (e: DragEvent) => {
    if (disabled) return;
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={cx("ac-dropzone", compact && "ac-dropzone--compact", over && "is-over", disabled && "is-disabled")}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <span className="icon-tile icon-tile--round ac-dropzone__icon" aria-hidden="true">
        <UploadIcon size={compact ? 20 : 28} />
      </span>
      <div className="ac-dropzone__text">
        <p className="ac-dropzone__title">{over ? t("drop.over") : t("drop.title")}</p>
        <p id={hintId} className="text-sm text-muted">
          {t("drop.hint")}
        </p>
      </div>
      <Button
        variant="secondary"
        size={compact ? "sm" : "md"}
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
      >
        {t("drop.browse")}
      </Button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("drop.input")}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Let the same files be chosen again later.
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
