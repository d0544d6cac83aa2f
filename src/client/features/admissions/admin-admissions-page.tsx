/**
 * /admin/admissions (spec part 2 §2, §4, §5, §8; DECISIONS 13): search (debounced) and status filter
 * applied by the server, four counters, a paginated table that stacks into cards on phones, the details
 * dialog, and approve / reject / delete. Page, search and status live in the URL query.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { PAGE_SIZE } from "../../../shared/constants.ts";
import { normaliseError } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select, TextInput } from "../../ui/field.tsx";
import { CheckCircleIcon, CloseIcon, EyeIcon, FileIcon, SearchIcon, TrashIcon, UsersIcon } from "../../ui/icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { AdmissionDetailsDialog } from "./admission-details-dialog.tsx";
import { ageInYears } from "./age.ts";
import { ApplicantPhoto } from "./applicant-photo.tsx";
import { formatDate, formatTime, statusLabel } from "./format.ts";
import { type ListQuery, readListQuery, STATUS_FILTERS, type StatusFilter, writeListQuery } from "./list-query.ts";
import { type AdmissionRef, ApproveDialog, DeleteDialog, type ProcessResult, RejectDialog } from "./process-dialogs.tsx";

type Row = RouterOutputs["admissions"]["adminList"]["admissions"][number];

const SEARCH_DELAY_MS = 300;
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
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const setQuery = (patch: Partial<ListQuery>, replace = false) => setParams(writeListQuery({ ...query, ...patch }), { replace });

  // ——— search: typed freely, sent to the URL (and so the server) after a pause ———
  const [searchText, setSearchText] = useState(query.search);
  const sentSearch = useRef(query.search);
  useEffect(() => {
    if (searchText.trim() === sentSearch.current.trim()) return;
    const timer = setTimeout(() => {
      sentSearch.current = searchText.trim();
      setQuery({ search: searchText.trim(), page: 1 }, true);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // setQuery reads the current URL each time; only the typed text starts the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);
  // Back/forward (or a link) changed the search: show it in the box.
  useEffect(() => {
    if (query.search !== sentSearch.current) {
      sentSearch.current = query.search;
      setSearchText(query.search);
    }
  }, [query.search]);

  const list = trpc.admissions.adminList.useQuery(
    { page: query.page, limit: PAGE_SIZE, search: query.search, status: query.status },
    { placeholderData: keepPreviousData },
  );
  const data = list.data;
  const totalPages = data?.pagination.totalPages ?? 0;

  // A page past the end (after deletions, or an old link) moves to the last page.
  useEffect(() => {
    if (data && totalPages > 0 && query.page > totalPages) setQuery({ page: totalPages }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, totalPages, query.page]);

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

  const filtersActive = query.search !== "" || query.status !== "all";
  const rows = data?.admissions ?? [];
  const first = data && data.pagination.totalItems > 0 ? (query.page - 1) * PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(query.page * PAGE_SIZE, data.pagination.totalItems) : 0;

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
    <section className="page-stack admissions-admin" aria-labelledby="admissions-title">
      <div className="page-header">
        <div>
          <h1 id="admissions-title" className="page-title">
            Admissions Management
          </h1>
          <p className="text-muted">Review applications, open their documents, and approve or reject them.</p>
        </div>
      </div>

      {outcome ? (
        <Alert tone={outcome.tone} title={outcome.title} onDismiss={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      ) : null}

      <div className="grid grid--4 grid--sm">
        <StatCard label="Total Applications" value={data?.stats.total ?? "–"} icon={<FileIcon />} tone="primary" />
        <StatCard label="Pending" value={data?.stats.pending ?? "–"} icon={<UsersIcon />} tone="pending" />
        <StatCard label="Approved" value={data?.stats.approved ?? "–"} icon={<CheckCircleIcon />} tone="approved" />
        <StatCard label="Rejected" value={data?.stats.rejected ?? "–"} icon={<CloseIcon />} tone="rejected" />
      </div>

      <form className="admissions-filters" role="search" aria-label="Filter applications" onSubmit={(e) => e.preventDefault()}>
        <div className="admissions-filters__search">
          <TextInput
            id="admissions-search"
            type="search"
            label="Search"
            placeholder="Name, e-mail, phone or city"
            autoComplete="off"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
          <SearchIcon size={18} className="admissions-filters__icon" />
        </div>
        <Select
          id="admissions-status"
          label="Status"
          options={STATUS_FILTERS}
          value={query.status}
          fieldClassName="admissions-filters__status"
          onChange={(e) => setQuery({ status: e.target.value as StatusFilter, page: 1 })}
        />
      </form>

      {list.error ? (
        <Alert tone="error" title="We could not load the applications.">
          {normaliseError(list.error).message}{" "}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </Alert>
      ) : null}

      <div aria-busy={list.isFetching || undefined}>
        <Table
          columns={columns}
          rows={rows}
          rowKey={(a) => a.id}
          caption={data ? `Applications ${first}–${last} of ${data.pagination.totalItems}` : "Applications"}
          captionHidden
          loading={list.isPending}
          className="admissions-table"
          empty={
            <EmptyState
              title="No applications found"
              description={
                filtersActive
                  ? "No application matches this search or status. Try another name, or show all applications."
                  : "New applications appear here as soon as applicants submit them."
              }
              action={
                filtersActive ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      sentSearch.current = "";
                      setSearchText("");
                      setParams(new URLSearchParams());
                    }}
                  >
                    Show all applications
                  </Button>
                ) : undefined
              }
            />
          }
        />
      </div>

      <div className="admissions-footer">
        {data && data.pagination.totalItems > 0 ? (
          <p className="text-sm text-muted" aria-live="polite">
            Showing {first}–{last} of {data.pagination.totalItems}
          </p>
        ) : (
          <span />
        )}
        <Pagination page={query.page} totalPages={totalPages} onChange={(page) => setQuery({ page })} />
      </div>

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
    </section>
  );
}
