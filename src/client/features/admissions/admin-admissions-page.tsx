/**
 * /admin/admissions (spec part 2 §2, §4, §5, §8; DECISIONS 13): search (debounced) and status filter
 * applied by the server, four counters, a paginated table that stacks into cards on phones, the details
 * dialog, and approve / reject / delete. Page, search and status live in the URL query.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { type ADMISSION_STATUSES, PAGE_SIZE } from "../../../shared/constants.ts";
import { normaliseError } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useKeepPageInRange, useListParams } from "../../lib/use-list-params.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { CheckCircleIcon, CloseIcon, FileIcon, UsersIcon } from "../../ui/icons.tsx";
import { ListEmpty, ListPage } from "../../ui/list-page.tsx";
import { EyeIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { AdmissionDetailsDialog } from "./admission-details-dialog.tsx";
import { ageInYears } from "./age.ts";
import { ApplicantPhoto } from "./applicant-photo.tsx";
import { formatDate, formatTime, statusLabel } from "./format.ts";
import { type AdmissionRef, ApproveDialog, DeleteDialog, type ProcessResult, RejectDialog } from "./process-dialogs.tsx";

type StatusFilter = "all" | (typeof ADMISSION_STATUSES)[number];
const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];
const STATUS_FILTER = { key: "status", values: STATUS_FILTERS.map((f) => f.value) };

type Row = RouterOutputs["admissions"]["adminList"]["admissions"][number];

export const DELETED = "Admission deleted successfully!";

const fullName = (a: { firstName: string | null; lastName: string | null }) => `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim();
const refOf = (a: Row | { id: number; firstName: string | null; lastName: string | null; applicationNumber: string }): AdmissionRef => ({
  id: a.id,
  name: fullName(a),
  applicationNumber: a.applicationNumber,
});

type Outcome = { tone: "success"; title: string; text: string };

export default function AdminAdmissionsPage() {
  usePageTitle("Admissions");
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = useListParams(STATUS_FILTER);

  const query = trpc.admissions.adminList.useQuery(
    { page: list.page, limit: PAGE_SIZE, search: list.search, status: list.filter as StatusFilter },
    { placeholderData: keepPreviousData },
  );
  const data = query.data;
  useKeepPageInRange(list, data?.pagination.totalPages);

  // ——— dialogs ———
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [approving, setApproving] = useState<AdmissionRef | null>(null);
  const [rejecting, setRejecting] = useState<AdmissionRef | null>(null);
  const [deleting, setDeleting] = useState<AdmissionRef | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refresh = async () => {
    await Promise.all([utils.admissions.adminList.invalidate(), utils.admissions.adminGet.invalidate()]);
  };

  const onProcessed = (who: AdmissionRef, result: ProcessResult) => {
    setApproving(null);
    setRejecting(null);
    if (result.status === "approved") {
      setOutcome({
        tone: "success",
        title: "Application approved successfully!",
        text: `${who.name} is now a student with student ID ${result.student_id}. We have e-mailed a link to set a password.`,
      });
    } else {
      setOutcome({ tone: "success", title: "Application rejected successfully!", text: `We have e-mailed ${who.name} the reason.` });
    }
    void refresh();
  };

  const onDeleted = () => {
    setDeleting(null);
    setDetailsId(null);
    toast.show(DELETED);
    void refresh();
  };

  const rows = data?.admissions ?? [];

  const columns: TableColumn<Row>[] = [
    {
      key: "student",
      header: "Student",
      className: "admissions-table__student",
      render: (a) => (
        <div className="applicant">
          <ApplicantPhoto name={fullName(a)} url={a.photo?.url} />
          <div className="applicant__text">
            <p className="applicant__name">{fullName(a)}</p>
            <p className="applicant__line">{a.email}</p>
            <p className="applicant__line">{a.phone}</p>
            <p className="applicant__line applicant__number">{a.applicationNumber}</p>
          </div>
        </div>
      ),
    },
    {
      key: "personal",
      header: "Personal details",
      render: (a) => {
        const age = ageInYears(a.dateOfBirth);
        return (
          <div className="applicant__lines">
            <p>{[age !== null ? `${age} years` : null, a.gender, a.bloodGroup].filter(Boolean).join(" · ")}</p>
            <p className="text-muted">{[a.city, a.state].filter(Boolean).join(", ")}</p>
          </div>
        );
      },
    },
    {
      key: "course",
      header: "Course",
      render: (a) => (
        <div className="applicant__lines">
          <p>{a.course}</p>
          <Badge tone={statusTone(a.status)}>{statusLabel(a.status)}</Badge>
        </div>
      ),
    },
    {
      key: "applied",
      header: "Applied",
      className: "ui-table__cell--nowrap",
      render: (a) => (
        <div className="applicant__lines">
          <p>{formatDate(a.submittedAt)}</p>
          <p className="text-muted">{formatTime(a.submittedAt)}</p>
        </div>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "ui-table__cell--actions",
      render: (a) => {
        const who = fullName(a);
        return (
          <div className="row-actions">
            <Button variant="ghost" size="sm" onClick={() => setDetailsId(a.id)}>
              <EyeIcon size={16} />
              View<span className="sr-only"> application of {who}</span>
            </Button>
            {a.status === "pending" ? (
              <>
                <Button variant="ghost" size="sm" className="row-actions__approve" onClick={() => setApproving(refOf(a))}>
                  <CheckCircleIcon size={16} />
                  Approve<span className="sr-only"> application of {who}</span>
                </Button>
                <Button variant="ghost" size="sm" className="row-actions__reject" onClick={() => setRejecting(refOf(a))}>
                  <CloseIcon size={16} />
                  Reject<span className="sr-only"> application of {who}</span>
                </Button>
              </>
            ) : (
              <Button variant="ghost" size="sm" className="row-actions__delete" onClick={() => setDeleting(refOf(a))}>
                <TrashIcon size={16} />
                Delete<span className="sr-only"> application of {who}</span>
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <ListPage
      name="admissions"
      className="admissions-admin"
      title="Admissions Management"
      description="Review applications, open their documents, and approve or reject them."
      notice={
        outcome ? (
          <Alert tone={outcome.tone} title={outcome.title} onDismiss={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        ) : null
      }
      stats={
        <>
          <StatCard label="Total Applications" value={data?.stats.total ?? "–"} icon={<FileIcon />} tone="primary" />
          <StatCard label="Pending" value={data?.stats.pending ?? "–"} icon={<UsersIcon />} tone="pending" />
          <StatCard label="Approved" value={data?.stats.approved ?? "–"} icon={<CheckCircleIcon />} tone="approved" />
          <StatCard label="Rejected" value={data?.stats.rejected ?? "–"} icon={<CloseIcon />} tone="rejected" />
        </>
      }
      list={list}
      search={{ label: "Search applications", placeholder: "Search by name, e-mail, phone or city" }}
      filter={{ key: "status", label: "Status", options: STATUS_FILTERS }}
      failed={
        query.error && !data
          ? {
              title: "We could not load the applications.",
              message: normaliseError(query.error).message,
              onRetry: () => void query.refetch(),
            }
          : null
      }
      pagination={data?.pagination}
      noun="applications"
      after={
        <>
          <AdmissionDetailsDialog
            admissionId={approving || rejecting || deleting ? null : detailsId}
            onClose={() => setDetailsId(null)}
            onApprove={(a) => setApproving(refOf(a))}
            onReject={(a) => setRejecting(refOf(a))}
            onDelete={(a) => setDeleting(refOf(a))}
          />
          <ApproveDialog
            admission={approving}
            onClose={() => setApproving(null)}
            onDone={(result) => {
              setDetailsId(null);
              if (approving) onProcessed(approving, result);
            }}
          />
          <RejectDialog
            admission={rejecting}
            onClose={() => setRejecting(null)}
            onDone={(result) => {
              setDetailsId(null);
              if (rejecting) onProcessed(rejecting, result);
            }}
          />
          <DeleteDialog admission={deleting} onClose={() => setDeleting(null)} onDone={onDeleted} />
        </>
      }
    >
      <Card flush>
        <Table
          columns={columns}
          rows={rows}
          rowKey={(a) => a.id}
          caption="Applications"
          captionHidden
          loading={query.isPending}
          className="ops-table admissions-table"
          empty={
            <ListEmpty
              list={list}
              icon={<FileIcon size={28} />}
              none={{ title: "No applications yet", description: "New applications appear here as soon as applicants submit them." }}
              noMatch={{
                title: "No applications found",
                description: "No application matches this search or status. Try another name, or show all applications.",
              }}
              showAll="Show all applications"
            />
          }
        />
      </Card>
    </ListPage>
  );
}
