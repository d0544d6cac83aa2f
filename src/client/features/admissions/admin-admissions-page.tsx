/**
 * /admin/admissions (spec part 2 §2, §4, §5, §8; DECISIONS 13): search (debounced) and status filter
 * applied by the server, four counters, a paginated table that stacks into cards on phones, the details
 * dialog, and approve / reject / delete. Page, search and status live in the URL query.
 */
import { useState } from "react";
import { Link } from "wouter";
import { ADMISSION_STATUSES } from "../../../shared/constants.ts";
import { admin } from "../../../shared/i18n/admin.ts";
import { genderLabel, person } from "../../../shared/i18n/person.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { instituteToday } from "../../lib/institute-clock.ts";
import { useRecordInAddress } from "../../lib/linked-record.ts";
import { isAdministrator } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import { useInstituteInfo } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { CheckCircleIcon, CloseIcon, FileIcon, UsersIcon } from "../../ui/icons.tsx";
import { RowActionLabel } from "../../ui/list-controls.tsx";
import {
  ListExportButton,
  ListPage,
  ListTable,
  listAnswer,
  listFilter,
  listTableWords,
  listWords,
  pageWords,
} from "../../ui/list-page.tsx";
import { EyeIcon, PlusIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, EmailText, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { RaiseAgainHint, type TermToRaise } from "../fees/raise-hint.tsx";
import { AdmissionDetailsDialog } from "./admission-details-dialog.tsx";
import { ageInYears } from "./age.ts";
import { ApplicantPhoto } from "./applicant-photo.tsx";
import { formatDate, formatTime, statusLabel } from "./format.ts";
import { type AdmissionRef, ApproveDialog, DeleteDialog, type ProcessResult, RejectDialog } from "./process-dialogs.tsx";

type StatusFilter = "all" | (typeof ADMISSION_STATUSES)[number];
const STATUS_VALUES: readonly StatusFilter[] = ["all", ...ADMISSION_STATUSES];
const STATUS_FILTER = { key: "status", values: STATUS_VALUES };

type Row = RouterOutputs["admissions"]["adminList"]["admissions"][number];

const fullName = (a: { firstName: string | null; lastName: string | null }) => `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim();
const refOf = (
  a: Row | { id: number; firstName: string | null; lastName: string | null; applicationNumber: string; status?: string },
): AdmissionRef => ({
  id: a.id,
  name: fullName(a),
  applicationNumber: a.applicationNumber,
  approved: a.status === "approved",
});

/** A decision's result above the list; `at` tells one result from the next. */
type Outcome = { tone: "success"; title: string; text: string; at: number; fees?: TermToRaise | null };

/** "Follow up 3 Dec": due today or earlier (the institute's today) stands out. */
function FollowUpBadge({ day, today }: { day: string; today: string }) {
  const t = useT(admin);
  const date = formatDate(day);
  const due = day <= today;
  return (
    <Badge tone={due ? "pending" : "info"} className="applicant__follow-up">
      {due ? t("adm.followUp.overdue", { date }) : t("adm.followUp.due", { date })}
    </Badge>
  );
}

export default function AdminAdmissionsPage() {
  // Deleting is the administrators' (issue 17): staff see no delete buttons (and the server refuses them).
  const canDelete = isAdministrator(useSession().user?.role);
  const t = useT(admin);
  useT(person); // each applicant's gender
  const toast = useToast();
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.admissions.adminList, (page, { filter }) => ({ ...page, status: filter as StatusFilter }), {
    filter: STATUS_FILTER,
  });
  const data = query.data;

  // ——— dialogs ———
  // The application open is the one the address names: a notification's or the dashboard's link
  // (/admin/admissions?open=12) opens it, and so does a click on its row, which Back undoes.
  const [detailsId, setDetailsId, closeDetails] = useRecordInAddress();
  const [approving, setApproving] = useState<AdmissionRef | null>(null);
  const [rejecting, setRejecting] = useState<AdmissionRef | null>(null);
  const [deleting, setDeleting] = useState<AdmissionRef | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refresh = async () => {
    await Promise.all([utils.admissions.adminList.invalidate(), utils.admissions.adminGet.invalidate()]);
  };

  const onProcessed = (result: ProcessResult, who: AdmissionRef) => {
    setDetailsId(null);
    setApproving(null);
    setRejecting(null);
    if (result.status === "approved") {
      setOutcome({
        tone: "success",
        title: t("adm.approved.title"),
        text: t("adm.approved.text", { name: who.name, id: result.student_id ?? "" }),
        at: Date.now(),
        fees: result.feesToRaise,
      });
    } else {
      setOutcome({ tone: "success", title: t("adm.rejected.title"), text: t("adm.rejected.text", { name: who.name }), at: Date.now() });
    }
    void refresh();
  };

  const onDeleted = () => {
    setDeleting(null);
    setDetailsId(null);
    // An earlier decision's banner ("Application rejected …") is not left standing over the application gone.
    setOutcome(null);
    toast.show(t("adm.deleted"));
    void refresh();
  };

  const rows = data?.admissions ?? [];
  const today = instituteToday(useInstituteInfo().data?.timeZone);

  const columns: TableColumn<Row>[] = [
    {
      key: "student",
      header: t("adm.col.student"),
      className: "admissions-table__student",
      render: (a) => (
        <div className="applicant">
          <ApplicantPhoto name={fullName(a)} url={a.photo?.url} />
          <div className="applicant__text">
            <p className="applicant__name">{fullName(a)}</p>
            <p className="applicant__line">
              <EmailText address={a.email} />
            </p>
            <p className="applicant__line">{a.phone}</p>
            <p className="applicant__line applicant__number">{a.applicationNumber}</p>
            {/* A follow-up is pending work: a decided application's no longer stands out. */}
            {a.followUpOn && a.status === "pending" ? <FollowUpBadge day={a.followUpOn} today={today} /> : null}
          </div>
        </div>
      ),
    },
    {
      key: "personal",
      header: t("adm.col.personal"),
      render: (a) => {
        const age = ageInYears(a.dateOfBirth);
        return (
          <div className="applicant__lines">
            <p>
              {[age !== null ? t("adm.years", { count: age }) : null, a.gender && genderLabel(a.gender), a.bloodGroup]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <p className="text-muted">{[a.city, a.state].filter(Boolean).join(", ")}</p>
          </div>
        );
      },
    },
    {
      key: "course",
      header: t("adm.col.course"),
      render: (a) => (
        <div className="applicant__lines">
          <p>{a.course}</p>
          <Badge tone={statusTone(a.status)}>{statusLabel(a.status)}</Badge>
        </div>
      ),
    },
    {
      key: "applied",
      header: t("adm.col.applied"),
      className: "ui-table__cell--nowrap",
      render: (a) => (
        <div className="applicant__lines">
          <p>{formatDate(a.submittedAt)}</p>
          <p className="text-muted">{formatTime(a.submittedAt)}</p>
        </div>
      ),
    },
    actionsColumn((a) => {
      const who = fullName(a);
      return (
        <div className="row-actions">
          <Button variant="ghost" size="sm" onClick={() => setDetailsId(a.id)}>
            <EyeIcon size={16} />
            <RowActionLabel label={t("adm.view")} spoken={t("adm.viewOf", { name: who })} />
          </Button>
          {a.status === "pending" ? (
            <>
              <Button variant="ghost" size="sm" className="row-actions__approve" onClick={() => setApproving(refOf(a))}>
                <CheckCircleIcon size={16} />
                <RowActionLabel label={t("adm.approve")} spoken={t("adm.approveOf", { name: who })} />
              </Button>
              <Button variant="ghost" size="sm" className="row-actions__reject" onClick={() => setRejecting(refOf(a))}>
                <CloseIcon size={16} />
                <RowActionLabel label={t("adm.reject")} spoken={t("adm.rejectOf", { name: who })} />
              </Button>
            </>
          ) : canDelete ? (
            <Button variant="ghost" size="sm" className="row-actions__delete" onClick={() => setDeleting(refOf(a))}>
              <TrashIcon size={16} />
              <RowActionLabel label={t("adm.delete")} spoken={t("adm.deleteOf", { name: who })} />
            </Button>
          ) : null}
        </div>
      );
    }),
  ];

  return (
    <ListPage
      name="admissions"
      className="admissions-admin"
      {...pageWords(t, "adm.")}
      actions={
        <>
          <ListExportButton
            list={list}
            path="/api/admin/admissions/export.csv"
            name="applications"
            failed={t("adm.exportFailed")}
            done={(file) => t("adm.exported", { file })}
          >
            {t("adm.export")}
          </ListExportButton>
          {/* The public form, filled in at the counter: the server knows it is the office (issue 17). */}
          <Link href="~/admission" className={buttonClass("primary")}>
            <PlusIcon size={18} /> {t("adm.walkInNew")}
          </Link>
        </>
      }
      noticeKey={outcome?.at}
      notice={
        outcome ? (
          <Alert tone={outcome.tone} title={outcome.title} onDismiss={() => setOutcome(null)}>
            {outcome.fees ? (
              <>
                <p>{outcome.text}</p>
                <RaiseAgainHint fees={outcome.fees} />
              </>
            ) : (
              outcome.text
            )}
          </Alert>
        ) : null
      }
      stats={
        <>
          <StatCard label={t("adm.stat.total")} value={data?.stats.total ?? "–"} icon={<FileIcon />} tone="primary" />
          <StatCard label={t("status.pending")} value={data?.stats.pending ?? "–"} icon={<UsersIcon />} tone="pending" />
          <StatCard label={t("status.approved")} value={data?.stats.approved ?? "–"} icon={<CheckCircleIcon />} tone="approved" />
          <StatCard label={t("status.rejected")} value={data?.stats.rejected ?? "–"} icon={<CloseIcon />} tone="rejected" />
        </>
      }
      list={list}
      {...listWords(t, "adm.")}
      filter={listFilter(STATUS_FILTER, t("adm.status"), (value) => (value === "all" ? t("adm.filter.all") : statusLabel(value)))}
      {...listAnswer(query, { failed: normaliseError(query.error).message, failedTitle: t("adm.loadFailed") })}
      after={
        <>
          <AdmissionDetailsDialog
            admissionId={detailsId}
            onClose={closeDetails}
            onApprove={(a) => setApproving(refOf(a))}
            onReject={(a) => setRejecting(refOf(a))}
            onDelete={canDelete ? (a) => setDeleting(refOf(a)) : undefined}
          />
          <ApproveDialog admission={approving} onClose={() => setApproving(null)} onDone={onProcessed} />
          <RejectDialog admission={rejecting} onClose={() => setRejecting(null)} onDone={onProcessed} />
          <DeleteDialog admission={deleting} onClose={() => setDeleting(null)} onDone={onDeleted} />
        </>
      }
    >
      <ListTable
        {...listTableWords(t, "adm.")}
        className="admissions-table"
        columns={columns}
        rows={rows}
        loading={query.isPending}
        icon={<FileIcon size={28} />}
      />
    </ListPage>
  );
}
