/**
 * A subject's study materials as both sides list them: a PDF is fetched with the session (the server checks
 * the reader is allowed) and saved; a link opens in a new tab. `onRemove` adds the office's Remove button.
 */
import { studies } from "../../../shared/i18n/studies.ts";
import { formatFileSize } from "../../lib/file-size.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { wallClock } from "../../lib/institute-clock.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import { useDownload } from "../../ui/use-download.ts";

export type MaterialItem = RouterOutputs["studies"]["materials"]["materials"][number];

/** Downloads a PDF the signed-in reader may have (ui/use-download.ts), with the studies' failure message. */
export function useFileDownload() {
  const t = useT(studies);
  return useDownload({ failed: t("material.failed") });
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
    <ul className="studies-materials stack stack--sm list-plain">
      {materials.map((m) => (
        <li key={m.id} className="studies-material cluster cluster--between">
          <div className="studies-material__text">
            <span className="studies-material__title">{m.title}</span>
            <span className="text-sm text-muted">
              {m.kind === "link" ? t("material.link") : `${t("material.pdf")} · ${m.sizeBytes === null ? "" : formatFileSize(m.sizeBytes)}`}{" "}
              · {formatDate(wallClock(m.createdLocal))}
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
