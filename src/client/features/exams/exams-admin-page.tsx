/**
 * /admin/exams (issue 18, staff and administrators; docs/studies/exams.md): every exam — to come, held and
 * awaiting results, published, cancelled — with the counters, searched, filtered and paginated by the server;
 * schedule and edit in a dialog, cancel after a confirmation; /admin/exams/<id>/marks enters the marks
 * (form or CSV file) and publishes the results.
 */
import { useState } from "react";
import { Link } from "wouter";
import { exams } from "../../../shared/i18n/exams.ts";
import { EXAM_FILTERS, type ExamFilter } from "../../../shared/schemas/exams.ts";
import { termName } from "../../../shared/terms.ts";
import { formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { SubPages } from "../../lib/sub-pages.tsx";
import { trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { ActivityIcon } from "../../ui/admin-icons.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { CalendarIcon, CheckCircleIcon, CloseIcon } from "../../ui/icons.tsx";
import { ConfirmDialog, RowActionLabel } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter, listTableWords, listWords, pageWords } from "../../ui/list-page.tsx";
import { PlusIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { useSaved } from "../../ui/use-saved.ts";
import { ExamFormDialog, type OfficeExam } from "./exam-form-dialog.tsx";
import { PHASE_TONE } from "./exam-phase.ts";
import { examDay, examDuration, examTime } from "./exam-time.ts";
import { MarksAdminPage } from "./marks-admin-page.tsx";

export default function AdminExamsPage() {
  return (
    <SubPages
      pages={{
        "/": () => <ExamsListPage />,
        "/:id/marks": (params) => <MarksAdminPage id={Number(params.id)} />,
      }}
    />
  );
}

const FILTER = { key: "status", values: EXAM_FILTERS };

function ExamsListPage() {
  const t = useT(exams);
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.exams.list, (page, { filter }) => ({ ...page, status: (filter || "all") as ExamFilter }), {
    filter: FILTER,
  });
  const [editing, setEditing] = useState<{ exam: OfficeExam | null; key: number } | null>(null);
  const cancel = trpc.exams.cancel.useMutation();
  const counts = query.data?.counts;
  const figure = (n: number | undefined) => (n === undefined ? "…" : formatNumber(n));

  const open = (exam: OfficeExam | null) => setEditing({ exam, key: Date.now() });
  const refresh = () => utils.exams.invalidate();
  const saved = useSaved(refresh);

  const cancelling = useConfirmed<OfficeExam>(
    (exam, { done, failed }) => cancel.mutate({ id: exam.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: refresh, failed: t("admin.failed.save") },
  );

  const named = (label: string, exam: OfficeExam) => (
    <RowActionLabel label={label} spoken={t("admin.for", { action: label, title: exam.title, subject: exam.subject.code })} />
  );

  const columns: TableColumn<OfficeExam>[] = [
    {
      key: "exam",
      header: t("admin.col.exam"),
      render: (e) => (
        <StackedCell strong main={e.title}>
          <span className="text-sm">
            <span className="exams-code">{e.subject.code}</span> {e.subject.name}
          </span>
          <span className="text-sm text-muted">
            {e.subject.programmeName} · {termName(e.subject.termUnit, e.subject.term)}
          </span>
        </StackedCell>
      ),
    },
    {
      key: "when",
      header: t("admin.col.when"),
      className: "ui-table__cell--nowrap",
      render: (e) => (
        <StackedCell main={examDay(e.startsLocal)} notes={[`${examTime(e.startsLocal)} · ${examDuration(e.durationMinutes)}`]} />
      ),
    },
    { key: "centre", header: t("col.centre"), render: (e) => e.centre },
    {
      key: "marks",
      header: t("admin.col.marks"),
      className: "ui-table__cell--nowrap",
      render: (e) => (
        <StackedCell
          main={t("admin.entered", { marked: e.marked, count: e.candidates })}
          notes={[t("admin.maxPass", { max: e.maxMarks, pass: e.passMarks })]}
        />
      ),
    },
    { key: "status", header: t("admin.col.status"), render: (e) => <Badge tone={PHASE_TONE[e.phase]}>{t(`phase.${e.phase}`)}</Badge> },
    actionsColumn((e) => (
      <span className="ops-row-buttons">
        {e.phase === "cancelled" ? null : (
          <Link href={`/${e.id}/marks`} className={buttonClass(e.phase === "upcoming" ? "secondary" : "primary", "sm")}>
            {named(e.phase === "published" ? t("admin.results") : t("admin.marks"), e)}
          </Link>
        )}
        {e.phase === "upcoming" || e.phase === "awaiting" ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => open(e)}>
              {named(t("admin.edit"), e)}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => cancelling.ask(e)}>
              {named(t("admin.cancelExam"), e)}
            </Button>
          </>
        ) : null}
      </span>
    )),
  ];

  const scheduleButton = (
    <Button onClick={() => open(null)}>
      <PlusIcon size={18} /> {t("admin.schedule")}
    </Button>
  );

  return (
    <ListPage
      name="exams"
      {...pageWords(t, "admin.")}
      actions={scheduleButton}
      stats={
        <>
          <StatCard label={t("admin.count.upcoming")} value={figure(counts?.upcoming)} icon={<CalendarIcon />} tone="info" />
          <StatCard label={t("admin.count.awaiting")} value={figure(counts?.awaiting)} icon={<ActivityIcon />} tone="pending" />
          <StatCard label={t("admin.count.published")} value={figure(counts?.published)} icon={<CheckCircleIcon />} tone="approved" />
          <StatCard label={t("admin.count.cancelled")} value={figure(counts?.cancelled)} icon={<CloseIcon />} tone="neutral" />
        </>
      }
      list={list}
      {...listWords(t, "admin.")}
      filter={listFilter(FILTER, t("admin.filter"), (value) => t(`filter.${value}`))}
      {...listAnswer(query, { failed: t("admin.failed.load") })}
      after={
        <>
          {editing ? (
            <ExamFormDialog
              key={editing.key}
              exam={editing.exam}
              timeZone={query.data?.timeZone ?? ""}
              onClose={() => setEditing(null)}
              onSaved={saved(() => setEditing(null))}
            />
          ) : null}
          <ConfirmDialog
            {...cancelling.dialog}
            title={t("admin.cancelTitle")}
            confirmLabel={t("admin.cancelConfirm")}
            cancelLabel={t("admin.keepExam")}
            busyLabel={t("admin.cancelling")}
            busy={cancel.isPending}
          >
            {cancelling.row ? (
              <p>
                {t(cancelling.row.phase === "upcoming" ? "admin.cancelText" : "admin.cancelTextHeld", {
                  title: cancelling.row.title,
                  subject: `${cancelling.row.subject.code} ${cancelling.row.subject.name}`,
                })}
              </p>
            ) : null}
          </ConfirmDialog>
        </>
      }
    >
      <ListTable
        {...listTableWords(t, "admin.")}
        columns={columns}
        rows={query.data?.exams ?? []}
        loading={query.isPending}
        icon={<CalendarIcon size={28} />}
        action={scheduleButton}
      />
    </ListPage>
  );
}
