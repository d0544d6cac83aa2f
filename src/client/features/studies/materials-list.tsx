/**
 * A subject's study materials as both sides list them: a PDF is fetched with the session (the server checks
 * the reader is allowed) and saved; a link opens in a new tab. `onRemove` adds the office's Remove button.
 */
import { useState } from "react";
import { studies } from "../../../shared/i18n/studies.ts";
import { downloadFile } from "../../lib/download.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { useToast } from "../../ui/toast.tsx";

export type MaterialItem = RouterOutputs["studies"]["materials"]["materials"][number];

const sizeText = (bytes: number | null) =>
  bytes === null ? "" : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Fetches a PDF the signed-in reader may have and saves it under its name; a refusal is toasted. */
export function useFileDownload() {
  const t = useT(studies);
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (url: string, name: string) => {
    setBusy(url);
    try {
      await downloadFile(url, { fallbackName: name, accept: "application/pdf" });
    } catch (err) {
      toast.show(failureMessage(err, t("material.failed")), "error");
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}

export function MaterialsList({
  materials,
  empty,
  onRemove,
  removing,
}: {
  materials: readonly MaterialItem[];
  empty: string;
  onRemove?: (m: MaterialItem) => void;
  removing?: boolean;
}) {
  const t = useT(studies);
  const { download, busy } = useFileDownload();
  if (materials.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="studies-materials">
      {materials.map((m) => (
        <li key={m.id} className="studies-material">
          <div className="studies-material__text">
            <span className="studies-material__title">{m.title}</span>
            <span className="text-sm text-muted">
              {m.kind === "link" ? t("material.link") : `${t("material.pdf")} · ${sizeText(m.sizeBytes)}`} · {formatDate(m.createdAt)}
            </span>
          </div>
          <span className="studies-material__actions">
            {m.kind === "link" ? (
              <a className={buttonClass("secondary", "sm")} href={m.url ?? "#"} target="_blank" rel="noopener noreferrer">
                {t("material.open")}
                <span className="sr-only"> {m.title}</span>
              </a>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                loading={busy === m.url}
                onClick={() => void download(m.url ?? "", m.fileName ?? `${m.title}.pdf`)}
              >
                {t("material.download")}
                <span className="sr-only"> {m.title}</span>
              </Button>
            )}
            {onRemove ? (
              <Button size="sm" variant="ghost" disabled={removing} onClick={() => onRemove(m)}>
                {t("material.remove")}
                <span className="sr-only"> {m.title}</span>
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
