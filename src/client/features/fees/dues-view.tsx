/**
 * /admin/fees?tab=dues (issue 19, office): the students who owe something, overdue first and then by the oldest
 * due day, searched by name or Student ID and filtered by standing and programme on the server (kept in the
 * address), with the totals of the filtered list; "Remind" sends one student their reminder now, "Remind all
 * overdue" (asked first) every student of the list with something overdue.
 */
import { instalmentName, owedTermNames } from "../../../shared/fee-terms.ts";
import { feeReports } from "../../../shared/i18n/feeReports.ts";
import { DUE_FILTERS, DUE_SOON_DAYS, type DueFilter } from "../../../shared/schemas/fee-reports.ts";
import { formatDate, formatDateTime, formatNumber, formatTime } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { ID_PARAM, usePagedList, useQueryParam } from "../../lib/use-list-params.ts";
import { Badge, type BadgeTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { AlertIcon, BellIcon, UsersIcon } from "../../ui/icons.tsx";
import { ConfirmDialog, RowActionLabel } from "../../ui/list-controls.tsx";
import { ListBody, ListTable, listAnswer, listFilter, listTableWords, listWords, ToolbarFilter } from "../../ui/list-page.tsx";
import { CreditCardIcon, DownloadIcon } from "../../ui/more-icons.tsx";
import { StackedCell, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { useDownload } from "../../ui/use-download.ts";
import { StudentCell } from "./fee-words.tsx";

type Due = RouterOutputs["feeReports"]["dues"]["dues"][number];
const STATUS_FILTER = { key: "status", values: DUE_FILTERS };
const PAGE_SIZE = 20;

const STANDING_TONE: Record<Due["standing"], BadgeTone> = { overdue: "rejected", soon: "pending", later: "neutral" };

export function DuesView() {
  const t = useT(feeReports);
  const toast = useToast();
  const utils = trpc.useUtils();
  const [programme, setProgramme] = useQueryParam("programme", ID_PARAM);
  const { list, query } = usePagedList(trpc.feeReports.dues, (page, { filter }) => ({ ...page, status: filter as DueFilter, programme }), {
    filter: STATUS_FILTER,
    limit: PAGE_SIZE,
  });
  const programmes = trpc.feeReports.programmes.useQuery();
  const remind = trpc.feeReports.remind.useMutation();
  const remindAll = trpc.feeReports.remindOverdue.useMutation();
  const totals = query.data?.totals;
  // The list as filtered, every row, as a CSV file: what is owed today (walk 32a: the year's end).
  const { download, busy: downloading } = useDownload({
    failed: t("dues.exportFailed"),
    done: (name) => t("coll.exported", { name }),
    accept: "text/csv",
  });

  // One reminder at a time: a double click's second click comes before the button shows itself busy.
  const sending = useOneAtATime();
  const send = (due: Due) => {
    if (!sending.start()) return;
    remind.mutate(
      { userId: due.student.id },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          void utils.feeReports.dues.invalidate();
        },
        onError: (err) => {
          toast.failed(err, t("dues.failed.remind"));
          // A colleague's reminder went first: the row says so, and the next Remind asks.
          void utils.feeReports.dues.invalidate();
        },
        onSettled: sending.settled,
      },
    );
  };
  // Reminded today already (the server's institute day): asked before another goes.
  const remindingAgain = useConfirmed<Due>(
    (due, { done, failed }) =>
      remind.mutate({ userId: due.student.id, again: true }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: () => utils.feeReports.dues.invalidate(), failed: t("dues.failed.remind") },
  );
  const remindOne = (due: Due) => (due.remindedToday ? remindingAgain.ask(due) : send(due));

  // Reminding every overdue student of the list's search and programme.
  const remindingAll = useConfirmed<{ search: string; programme: string }>(
    (filters, { done, failed }) => remindAll.mutate(filters, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: () => utils.feeReports.dues.invalidate(), failed: t("dues.failed.remind") },
  );

  const columns: TableColumn<Due>[] = [
    {
      key: "student",
      header: t("dues.col.student"),
      render: (d) => (
        <StudentCell student={d.student}>{d.student.active ? null : <Badge tone="neutral">{t("dues.inactive")}</Badge>}</StudentCell>
      ),
    },
    {
      key: "programme",
      header: t("dues.col.programme"),
      render: (d) => <StackedCell main={d.programme} notes={[owedTermNames(d.terms).join(", ")]} />,
    },
    {
      key: "instalments",
      header: t("dues.col.instalments"),
      render: (d) => (
        <details className="fee-dues__items">
          <summary>{t("dues.instalments", { count: d.instalments })}</summary>
          <ul className="fee-dues__list" aria-label={t("dues.whatIsOwed")}>
            {d.items.map((i) => (
              <li key={i.id} className={i.overdue ? "fee-dues__item fee-dues__item--overdue" : "fee-dues__item"}>
                {t("dues.item", { instalment: instalmentName(i), amount: formatMoney(i.outstanding), due: formatDate(i.dueOn) })}
              </li>
            ))}
          </ul>
        </details>
      ),
    },
    {
      key: "outstanding",
      header: t("dues.col.outstanding"),
      className: "ui-table__cell--numeric",
      render: (d) => (
        <StackedCell strong mainClassName="tabular" main={formatMoney(d.outstanding)}>
          {d.overdue > 0 ? (
            <span className="text-sm text-danger tabular">{t("dues.overdueOf", { amount: formatMoney(d.overdue) })}</span>
          ) : null}
        </StackedCell>
      ),
    },
    {
      key: "due",
      header: t("dues.col.due"),
      render: (d) => (
        <StackedCell mainClassName="nowrap" main={formatDate(d.oldestDue)}>
          <Badge tone={STANDING_TONE[d.standing]}>{t(`dues.standing.${d.standing}`)}</Badge>
        </StackedCell>
      ),
    },
    // The last reminder over the button that sends the next: one column, so the row fits its card at 1280 px.
    {
      key: "reminded",
      header: t("dues.col.reminded"),
      className: "ui-table__cell--pinned",
      render: (d) => (
        <StackedCell
          mainClassName="text-sm"
          main={d.lastReminder ? formatDateTime(d.lastReminder) : <span className="text-muted">{t("dues.never")}</span>}
        >
          <Button
            size="sm"
            variant="secondary"
            disabled={!d.student.active}
            loading={remind.isPending && remind.variables?.userId === d.student.id}
            onClick={() => remindOne(d)}
          >
            <BellIcon size={16} />
            <RowActionLabel label={t("dues.remind")} spoken={t("dues.remindOf", { name: d.student.name })} />
          </Button>
        </StackedCell>
      ),
    },
  ];

  const figure = (n: number | undefined, money = false) => (n === undefined ? "—" : money ? formatMoney(n) : formatNumber(n));
  const filtered = programme !== "";
  return (
    <section className="stack fee-reports" aria-label={t("dues.label")}>
      <ListBody
        name="fee-dues"
        list={list}
        stats={
          <>
            <StatCard
              label={t("dues.stat.students")}
              value={figure(totals?.students)}
              hint={totals ? t("dues.stat.overdueStudents", { count: totals.overdueStudents }) : undefined}
              icon={<UsersIcon />}
            />
            <StatCard label={t("dues.stat.outstanding")} value={figure(totals?.outstanding, true)} icon={<CreditCardIcon />} tone="info" />
            <StatCard label={t("dues.stat.overdue")} value={figure(totals?.overdue, true)} icon={<AlertIcon />} tone="rejected" />
          </>
        }
        {...listWords(t, "dues.")}
        filter={listFilter(STATUS_FILTER, t("dues.filter.status"), (value) => t(`dues.filter.${value}`, { days: DUE_SOON_DAYS }))}
        toolbarExtra={
          <>
            <ToolbarFilter
              id="fee-dues-programme"
              label={t("dues.filter.programme")}
              options={[
                { value: "", label: t("dues.allProgrammes") },
                ...(programmes.data?.programmes ?? []).map((p) => ({ value: String(p.id), label: p.name })),
              ]}
              value={programme}
              onChange={(value) => setProgramme(value)}
            />
            <Button
              variant="secondary"
              disabled={!totals || totals.students === 0}
              loading={downloading !== null}
              onClick={() => {
                const params = new URLSearchParams({ status: list.filter, search: list.search, programme });
                void download(`/api/fees/reports/dues.csv?${params}`, `fee-dues-${query.data?.today ?? ""}.csv`);
              }}
            >
              <DownloadIcon size={18} /> {t("dues.export")}
            </Button>
            <Button
              variant="primary"
              className="fee-dues__remind-all"
              disabled={!totals || totals.overdueStudents === 0}
              onClick={() => remindingAll.ask({ search: list.search, programme })}
            >
              <BellIcon size={18} /> {t("dues.remindAll")}
            </Button>
          </>
        }
        {...listAnswer(query, { failed: t("dues.failed.load"), found: (count) => t("dues.found", { count }) })}
      >
        <ListTable
          {...listTableWords(t, "dues.")}
          // No instalment raised at all yet: where fees are raised, not "everything is paid" (walk 33a).
          {...(programmes.data?.programmes.length === 0
            ? { none: { title: t("dues.unraised.title"), description: t("dues.unraised.text") } }
            : {})}
          className="fee-dues-table"
          columns={columns}
          rows={query.data?.dues ?? []}
          rowKey={(d) => d.student.id}
          loading={query.isPending}
          // The programme filter counts as a filter too; "show everything" drops both.
          list={{
            ...list,
            filter: filtered ? "programme" : list.filter,
            setFilter: () => (filtered ? setProgramme("", ["status"]) : list.setFilter("all")),
          }}
          icon={<CreditCardIcon size={28} />}
        />
      </ListBody>
      <ConfirmDialog
        {...remindingAll.dialog}
        title={t("dues.remindAllTitle")}
        confirmLabel={t("dues.remindAllConfirm")}
        busyLabel={t("dues.remindAllBusy")}
        tone="primary"
        busy={remindAll.isPending}
      >
        {t("dues.remindAllText", { count: totals?.overdueStudents ?? 0 })}
      </ConfirmDialog>
      <ConfirmDialog
        {...remindingAgain.dialog}
        title={remindingAgain.row ? t("dues.againTitle", { name: remindingAgain.row.student.name }) : ""}
        confirmLabel={t("dues.againConfirm")}
        busyLabel={t("dues.againBusy")}
        tone="primary"
        busy={remind.isPending}
      >
        {remindingAgain.row?.lastReminder ? t("dues.againText", { time: formatTime(remindingAgain.row.lastReminder) }) : null}
      </ConfirmDialog>
    </section>
  );
}
