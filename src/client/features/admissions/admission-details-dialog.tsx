/**
 * The admin's details dialog (spec part 2 §2): personal and academic information and every document —
 * images and PDFs shown inline from blob: URLs (the CSP allows blob: frames for exactly this), each
 * also openable in a new tab or downloadable. Approve / Reject while pending, Delete otherwise.
 */

import { skipToken } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { admission } from "../../../shared/i18n/admission.ts";
import { genderLabel, person } from "../../../shared/i18n/person.ts";
import { useT } from "../../lib/i18n.tsx";
import { LIST_BEHIND } from "../../lib/linked-record.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { LoadingBlock } from "../../ui/loading-block.tsx";
import { DownloadIcon, EyeIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { ageInYears } from "./age.ts";
import { ApplicantPhoto } from "./applicant-photo.tsx";
import { FIELD_LABELS } from "./application-form.ts";
import { SummaryItem } from "./application-summary.tsx";
import { formatBirthDate, formatDateTime, statusLabel } from "./format.ts";
import { OfficeNotes } from "./office-notes.tsx";
import { useAuthorizedObjectUrl } from "./use-authorized-object-url.ts";

export type AdmissionDetails = RouterOutputs["admissions"]["adminGet"];
type AdmissionDocument = AdmissionDetails["documents"][number];

function Facts({ title, items }: { title: string; items: [string, ReactNode][] }) {
  const t = useT(admin);
  return (
    <section className="summary">
      <div className="summary__header">
        <h3 className="summary__title">{title}</h3>
      </div>
      <dl className="grid grid--2 summary__list">
        {items.map(([label, value]) => (
          <SummaryItem key={label} label={label} value={value} emptyText={t("det.notProvided")} />
        ))}
      </dl>
    </section>
  );
}

function DocumentViewer({ doc }: { doc: AdmissionDocument }) {
  const t = useT(admin);
  const file = useAuthorizedObjectUrl(doc.url);
  const isImage = doc.mimeType.startsWith("image/");
  return (
    <li className="admin-doc">
      <div className="admin-doc__head">
        <p className="doc-list__label">{doc.label}</p>
        <p className="doc-list__meta">{doc.name}</p>
      </div>
      {file.state === "failed" ? (
        <p className="text-sm text-danger">{t("det.docFailed")}</p>
      ) : file.state !== "ready" ? (
        <Skeleton height={isImage ? 160 : 48} />
      ) : (
        <>
          {isImage ? (
            <a href={file.url} target="_blank" rel="noopener" className="admin-doc__image-link">
              <img className="admin-doc__image" src={file.url} alt={t("det.imageAlt", { label: doc.label })} />
            </a>
          ) : (
            <iframe className="admin-doc__pdf-frame" src={file.url} title={t("det.pdfTitle", { label: doc.label })} />
          )}
          <div className="cluster cluster--sm">
            <a className="ui-button ui-button--secondary ui-button--sm" href={file.url} target="_blank" rel="noopener">
              <EyeIcon size={16} />
              {t("det.open")}
              <span className="sr-only"> {doc.label}</span>
            </a>
            <a className="ui-button ui-button--ghost ui-button--sm" href={file.url} download={doc.name}>
              <DownloadIcon size={16} />
              {t("det.download")}
              <span className="sr-only"> {doc.label}</span>
            </a>
          </div>
        </>
      )}
    </li>
  );
}

export function AdmissionDetailsDialog({
  admissionId,
  onClose,
  onApprove,
  onReject,
  onDelete,
}: {
  admissionId: number | null;
  onClose: () => void;
  onApprove: (a: AdmissionDetails) => void;
  onReject: (a: AdmissionDetails) => void;
  /** absent for staff: deleting an application is the administrators' (issue 17) */
  onDelete?: (a: AdmissionDetails) => void;
}) {
  const t = useT(admin);
  useT(admission); // the field labels (FIELD_LABELS) come from the application's catalogue
  useT(person); // the gender
  const query = trpc.admissions.adminGet.useQuery(admissionId === null ? skipToken : { id: admissionId }, { retry: false });
  const a = query.data;
  const name = a ? `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim() : "";
  const age = a ? ageInYears(a.dateOfBirth) : null;

  return (
    <Dialog
      startAtClose
      open={admissionId !== null}
      onClose={onClose}
      size="lg"
      title={a ? name : t("det.title")}
      description={a ? a.applicationNumber : undefined}
      footer={
        <div className="cluster cluster--end">
          <Button variant="secondary" onClick={onClose}>
            {t("det.close")}
          </Button>
          {a ? (
            <Link href={`/admissions/${a.id}/print`} state={LIST_BEHIND} className={buttonClass("ghost")}>
              {t("adm.print")}
            </Link>
          ) : null}
          {a?.status === "pending" ? (
            <Link href={`/admissions/${a.id}/edit`} state={LIST_BEHIND} className={buttonClass("secondary")}>
              {t("adm.edit")}
            </Link>
          ) : null}
          {a?.status === "pending" ? (
            <>
              <Button variant="danger" onClick={() => onReject(a)}>
                {t("adm.reject")}
              </Button>
              <Button onClick={() => onApprove(a)}>{t("adm.approve")}</Button>
            </>
          ) : a && onDelete ? (
            <Button variant="danger" onClick={() => onDelete(a)}>
              {t("adm.delete")}
            </Button>
          ) : null}
        </div>
      }
    >
      {query.error ? (
        <Alert tone="error">{t("det.failed")}</Alert>
      ) : !a ? (
        <LoadingBlock label={t("det.loading")} groups={[3, 6]} />
      ) : (
        <div className="stack stack--lg">
          <div className="admin-details__head">
            <ApplicantPhoto name={name} url={a.photo?.url} size="lg" />
            <div>
              <Badge tone={statusTone(a.status)}>{statusLabel(a.status)}</Badge>
              <p className="text-sm text-muted">{t("det.submitted", { time: formatDateTime(a.submittedAt) })}</p>
              {a.processedAt ? <p className="text-sm text-muted">{t("det.processed", { time: formatDateTime(a.processedAt) })}</p> : null}
              {a.student_id ? (
                <p>
                  {t("det.studentId")} <strong>{a.student_id}</strong>
                </p>
              ) : null}
            </div>
          </div>
          {a.status === "rejected" && a.rejectionReason ? (
            <Alert tone="warning" title={t("det.reason")}>
              {a.rejectionReason}
            </Alert>
          ) : null}
          <Facts
            title={t("det.personal")}
            items={[
              [
                FIELD_LABELS.dateOfBirth,
                a.dateOfBirth ? `${formatBirthDate(a.dateOfBirth)}${age !== null ? t("det.age", { count: age }) : ""}` : null,
              ],
              [FIELD_LABELS.gender, a.gender && genderLabel(a.gender)],
              [FIELD_LABELS.bloodGroup, a.bloodGroup],
              [FIELD_LABELS.nationality, a.nationality],
              [FIELD_LABELS.email, a.email],
              [FIELD_LABELS.phone, a.phone],
              [FIELD_LABELS.alternatePhone, a.alternatePhone],
              [FIELD_LABELS.address, a.address],
              [FIELD_LABELS.city, a.city],
              [FIELD_LABELS.state, a.state],
              [FIELD_LABELS.pincode, a.pincode],
              [FIELD_LABELS.fatherName, a.fatherName],
              [FIELD_LABELS.fatherOccupation, a.fatherOccupation],
              [FIELD_LABELS.motherName, a.motherName],
              [FIELD_LABELS.motherOccupation, a.motherOccupation],
              [FIELD_LABELS.guardianPhone, a.guardianPhone],
            ]}
          />
          <Facts
            title={t("det.academic")}
            items={[
              [FIELD_LABELS.course, a.course],
              [FIELD_LABELS.previousSchool, a.previousSchool],
              [FIELD_LABELS.previousPercentage, a.previousPercentage ? `${a.previousPercentage}%` : null],
              [FIELD_LABELS.boardOfStudy, a.boardOfStudy],
              [FIELD_LABELS.yearOfPassing, a.yearOfPassing],
              [FIELD_LABELS.extracurricular, a.extracurricular],
              [FIELD_LABELS.medicalHistory, a.medicalHistory],
              [FIELD_LABELS.specialRequirements, a.specialRequirements],
            ]}
          />
          <OfficeNotes key={a.id} application={a} />
          <section className="summary">
            <div className="summary__header">
              <h3 className="summary__title">{t("det.documents")}</h3>
            </div>
            {a.documents.length ? (
              <ul className="admin-docs list-plain">
                {a.documents.map((doc) => (
                  <DocumentViewer key={doc.type} doc={doc} />
                ))}
              </ul>
            ) : (
              <p className="text-muted">{t("det.noDocuments")}</p>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
