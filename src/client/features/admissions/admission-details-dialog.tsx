/**
 * The admin's details dialog (spec part 2 §2): personal and academic information and every document —
 * images and PDFs shown inline from blob: URLs (the CSP allows blob: frames for exactly this), each
 * also openable in a new tab or downloadable. Approve / Reject while pending, Delete otherwise.
 */

import { skipToken } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { DownloadIcon, EyeIcon } from "../../ui/more-icons.tsx";
import { LoadingBlock, Skeleton } from "../../ui/spinner.tsx";
import { ageInYears } from "./age.ts";
import { ApplicantPhoto } from "./applicant-photo.tsx";
import { formatBirthDate, formatDateTime, statusLabel } from "./format.ts";
import { useAuthorizedObjectUrl } from "./use-authorized-object-url.ts";

export type AdmissionDetails = RouterOutputs["admissions"]["adminGet"];
type AdmissionDocument = AdmissionDetails["documents"][number];

export const LOAD_DETAILS_FAILED = "Error loading admission details.";

function Facts({ title, items }: { title: string; items: [string, ReactNode][] }) {
  return (
    <section className="summary">
      <div className="summary__header">
        <h3 className="summary__title">{title}</h3>
      </div>
      <dl className="summary__list">
        {items.map(([label, value]) => (
          <div key={label} className="summary__item">
            <dt>{label}</dt>
            <dd className={value === null || value === "" ? "summary__empty" : undefined}>
              {value === null || value === "" ? "Not provided" : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DocumentViewer({ doc }: { doc: AdmissionDocument }) {
  const file = useAuthorizedObjectUrl(doc.url);
  const isImage = doc.mimeType.startsWith("image/");
  return (
    <li className="admin-doc">
      <div className="admin-doc__head">
        <p className="doc-list__label">{doc.label}</p>
        <p className="doc-list__meta">{doc.name}</p>
      </div>
      {file.state === "failed" ? (
        <p className="text-sm text-danger">This document could not be loaded.</p>
      ) : file.state !== "ready" ? (
        <Skeleton height={isImage ? 160 : 48} />
      ) : (
        <>
          {isImage ? (
            <a href={file.url} target="_blank" rel="noopener" className="admin-doc__image-link">
              <img className="admin-doc__image" src={file.url} alt={`${doc.label} of the applicant`} />
            </a>
          ) : (
            <iframe className="admin-doc__pdf-frame" src={file.url} title={`${doc.label} (PDF) of the applicant`} />
          )}
          <div className="cluster cluster--sm">
            <a className="ui-button ui-button--secondary ui-button--sm" href={file.url} target="_blank" rel="noopener">
              <EyeIcon size={16} />
              Open<span className="sr-only"> {doc.label}</span>
            </a>
            <a className="ui-button ui-button--ghost ui-button--sm" href={file.url} download={doc.name}>
              <DownloadIcon size={16} />
              Download<span className="sr-only"> {doc.label}</span>
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
  onDelete: (a: AdmissionDetails) => void;
}) {
  const query = trpc.admissions.adminGet.useQuery(admissionId === null ? skipToken : { id: admissionId }, { retry: false });
  const a = query.data;
  const name = a ? `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim() : "";
  const age = a ? ageInYears(a.dateOfBirth) : null;

  return (
    <Dialog
      open={admissionId !== null}
      onClose={onClose}
      size="lg"
      title={a ? name : "Application details"}
      description={a ? a.applicationNumber : undefined}
      footer={
        <div className="cluster cluster--end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {a?.status === "pending" ? (
            <>
              <Button variant="danger" onClick={() => onReject(a)}>
                Reject
              </Button>
              <Button onClick={() => onApprove(a)}>Approve</Button>
            </>
          ) : a ? (
            <Button variant="danger" onClick={() => onDelete(a)}>
              Delete
            </Button>
          ) : null}
        </div>
      }
    >
      {query.error ? (
        <Alert tone="error">{LOAD_DETAILS_FAILED}</Alert>
      ) : !a ? (
        <LoadingBlock label="Loading the application" groups={[3, 6]} />
      ) : (
        <div className="stack stack--lg">
          <div className="admin-details__head">
            <ApplicantPhoto name={name} url={a.photo?.url} size="lg" />
            <div>
              <Badge tone={statusTone(a.status)}>{statusLabel(a.status)}</Badge>
              <p className="text-sm text-muted">Submitted {formatDateTime(a.submittedAt)}</p>
              {a.processedAt ? <p className="text-sm text-muted">Processed {formatDateTime(a.processedAt)}</p> : null}
              {a.student_id ? (
                <p>
                  Student ID: <strong>{a.student_id}</strong>
                </p>
              ) : null}
            </div>
          </div>
          {a.status === "rejected" && a.rejectionReason ? (
            <Alert tone="warning" title="Reason for rejection">
              {a.rejectionReason}
            </Alert>
          ) : null}
          <Facts
            title="Personal information"
            items={[
              ["Date of birth", a.dateOfBirth ? `${formatBirthDate(a.dateOfBirth)}${age !== null ? ` (${age} years)` : ""}` : null],
              ["Gender", a.gender],
              ["Blood group", a.bloodGroup],
              ["Nationality", a.nationality],
              ["Email", a.email],
              ["Phone", a.phone],
              ["Alternate phone", a.alternatePhone],
              ["Address", a.address],
              ["City", a.city],
              ["State", a.state],
              ["Pincode", a.pincode],
              ["Father's name", a.fatherName],
              ["Father's occupation", a.fatherOccupation],
              ["Mother's name", a.motherName],
              ["Mother's occupation", a.motherOccupation],
              ["Guardian phone", a.guardianPhone],
            ]}
          />
          <Facts
            title="Academic information"
            items={[
              ["Course", a.course],
              ["Previous school / college", a.previousSchool],
              ["Previous percentage", a.previousPercentage ? `${a.previousPercentage}%` : null],
              ["Board / university", a.boardOfStudy],
              ["Year of passing", a.yearOfPassing],
              ["Extracurricular activities", a.extracurricular],
              ["Medical history", a.medicalHistory],
              ["Special requirements", a.specialRequirements],
            ]}
          />
          <section className="summary">
            <div className="summary__header">
              <h3 className="summary__title">Documents</h3>
            </div>
            {a.documents.length ? (
              <ul className="admin-docs">
                {a.documents.map((doc) => (
                  <DocumentViewer key={doc.type} doc={doc} />
                ))}
              </ul>
            ) : (
              <p className="text-muted">No documents attached.</p>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
