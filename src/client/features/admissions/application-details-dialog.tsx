/** View Details (spec part 1 §2): the whole application and its documents, opened with an access grant. */
import { keepPreviousData, skipToken } from "@tanstack/react-query";
import { useEffect } from "react";
import { admission } from "../../../shared/i18n/admission.ts";
import { common } from "../../../shared/i18n/common.ts";
import { person } from "../../../shared/i18n/person.ts";
import { status as statusNs } from "../../../shared/i18n/status.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { richText } from "../../lib/rich-text.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Fact } from "../../ui/fact.tsx";
import { LoadingBlock } from "../../ui/loading-block.tsx";
import { DownloadIcon, EyeIcon } from "../../ui/more-icons.tsx";
import type { AccessGrant } from "./access-code-dialog.tsx";
import { ACADEMIC_SECTIONS, PERSONAL_SECTIONS, stepTitle, valuesFrom } from "./application-form.ts";
import { SummarySection } from "./application-summary.tsx";
import { DocumentThumb } from "./document-picker.tsx";
import { formatBytes } from "./documents.ts";
import { formatDateTime, statusLabel } from "./status-format.ts";

export type Application = RouterOutputs["admissions"]["application"];

/** A document's address for this grant (the server accepts the grant as ?access= for links and images). */
export function documentHref(url: string, grant: AccessGrant, download = false): string {
  return `${url}?access=${encodeURIComponent(grant.token)}${download ? "&download=1" : ""}`;
}

/** The application while the grant lasts (the same query feeds the details and the edit view). */
export function useApplication(grant: AccessGrant | null, enabled: boolean) {
  return trpc.admissions.application.useQuery(grant && enabled ? { id: grant.applicationId, accessToken: grant.token } : skipToken, {
    retry: false,
    staleTime: 0,
    // A fresh grant (new token) must not blank an edit in progress while the application reloads.
    placeholderData: keepPreviousData,
  });
}

export function DocumentLinks({ application, grant }: { application: Application; grant: AccessGrant }) {
  const t = useT(statusNs);
  if (application.documents.length === 0) return <p className="text-muted">{t("details.noDocuments")}</p>;
  return (
    <ul className="doc-list stack stack--md list-plain">
      {application.documents.map((doc) => (
        <li key={doc.type} className="doc-list__item cluster">
          <DocumentThumb src={doc.mimeType.startsWith("image/") ? documentHref(doc.url, grant) : null} label={doc.label} />
          <div className="doc-list__text">
            <p className="doc-list__label">{doc.label}</p>
            <p className="doc-list__meta">
              {doc.name} · {formatBytes(doc.size)}
            </p>
          </div>
          <div className="doc-list__actions">
            <a className="ui-button ui-button--ghost ui-button--sm" href={documentHref(doc.url, grant)} target="_blank" rel="noopener">
              <EyeIcon size={16} />
              {t("details.view")}
              <span className="sr-only"> {doc.label}</span>
            </a>
            <a className="ui-button ui-button--ghost ui-button--sm" href={documentHref(doc.url, grant, true)} download={doc.name}>
              <DownloadIcon size={16} />
              {t("details.download")}
              <span className="sr-only"> {doc.label}</span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ApplicationDetailsDialog({
  open,
  grant,
  onClose,
  onEdit,
  onRefused,
}: {
  open: boolean;
  grant: AccessGrant | null;
  onClose: () => void;
  /** the grant was refused (expired): the next attempt asks for a fresh code */
  onRefused: () => void;
  /** offered while the application is pending */
  onEdit: () => void;
}) {
  const t = useT(statusNs);
  const tCommon = useT(common);
  // The application's sections read the form's catalogues: loaded with the page (the dialog is always there),
  // not once it opens, when the wait would hide its content and the focus in it (tenth walk).
  useT(admission);
  useT(person);
  const query = useApplication(grant, open);
  const application = query.data;
  const failure = query.error ? normaliseError(query.error) : null;
  const refused = failure?.status === 403;
  useEffect(() => {
    if (refused) onRefused();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={
        application
          ? richText(t("details.title"), { number: <span className="nowrap">{application.applicationNumber}</span> })
          : t("details.titleLoading")
      }
      footer={
        <div className="cluster cluster--end">
          <Button variant="secondary" onClick={onClose}>
            {tCommon("close")}
          </Button>
          {application?.status === "pending" ? <Button onClick={onEdit}>{t("edit")}</Button> : null}
        </div>
      }
    >
      {failure ? (
        <Alert tone="error" title={t("details.failed")}>
          {failure.message}
        </Alert>
      ) : !application || !grant ? (
        <LoadingBlock label={t("loading")} groups={[4, 4]} />
      ) : (
        <div className="stack stack--lg">
          <dl className="grid grid--2 facts">
            <Fact label={t("fact.status")} itemClassName="facts__item">
              <Badge tone={statusTone(application.status)}>{statusLabel(application.status)}</Badge>
            </Fact>
            <Fact label={t("fact.submitted")} itemClassName="facts__item">
              {formatDateTime(application.submittedAt)}
            </Fact>
            {application.processedAt ? (
              <Fact label={t("fact.processed")} itemClassName="facts__item">
                {formatDateTime(application.processedAt)}
              </Fact>
            ) : null}
          </dl>
          <SummarySection title={stepTitle(0)} sections={PERSONAL_SECTIONS} values={valuesFrom(application)} />
          <SummarySection title={stepTitle(1)} sections={ACADEMIC_SECTIONS} values={valuesFrom(application)} />
          <section className="summary">
            <div className="summary__header">
              <h3 className="summary__title">{t("editor.documents")}</h3>
            </div>
            <DocumentLinks application={application} grant={grant} />
          </section>
        </div>
      )}
    </Dialog>
  );
}
