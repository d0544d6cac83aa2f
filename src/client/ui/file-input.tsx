/**
 * One file to choose, in the page's language: a button that says "Choose a file" (then "Choose another
 * file") and, beside it, the chosen file's name and size or "No file chosen". The browser's own file input
 * says these in the phone's language instead ("Choose File", walk 25), so the real input stays in the page,
 * focusable and named, but unseen; its label is the button people tap (Enter and Space on the input open the
 * picker as before). The parent keeps the chosen file: when it sets it back to null (after an upload, say), the
 * input is emptied too, so the same file can be chosen again.
 */
import { type InputHTMLAttributes, useEffect, useRef } from "react";
import { portal } from "../../shared/i18n/portal.ts";
import { announceIfFocused } from "../lib/announce.ts";
import { formatFileSize } from "../lib/file-size.ts";
import { useT } from "../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { UploadIcon } from "./more-icons.tsx";

type NativeProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "accept" | "disabled" | "aria-label" | "aria-labelledby" | "aria-describedby" | "aria-invalid" | "aria-required"
>;

export interface FileInputProps extends NativeProps {
  id: string;
  /** the file chosen now (the parent's state), or null */
  file: File | null;
  onChoose: (file: File | null) => void;
}

export function FileInput({ id, file, onChoose, disabled, ...native }: FileInputProps) {
  const t = useT(portal);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!file && input.current) input.current.value = "";
  }, [file]);
  // A file refused as it is chosen: the focus is back on the input already, so its message is said (walk 30b).
  const invalid = native["aria-invalid"] === true || native["aria-invalid"] === "true";
  useEffect(() => {
    if (invalid) announceIfFocused(input.current);
  }, [invalid, file]);
  return (
    <div className="ui-file">
      <input
        ref={input}
        id={id}
        type="file"
        className="ui-file__input"
        disabled={disabled}
        {...native}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
      />
      <label htmlFor={id} className="ui-button ui-button--secondary ui-button--sm ui-file__button">
        <UploadIcon size={16} />
        {file ? t("file.another") : t("file.choose")}
      </label>
      <span className={cx("ui-file__name", !file && "text-muted")}>
        {file ? `${file.name} (${formatFileSize(file.size)})` : t("file.none")}
      </span>
    </div>
  );
}
