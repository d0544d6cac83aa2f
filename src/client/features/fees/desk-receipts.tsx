/**
 * /admin/fees?tab=receipts (issue 19, office): every receipt, the newest first, searched by number or the
 * student's name or ID, active or cancelled, one financial year or all (all kept in the URL), paginated by the
 * server. Each prints; an active one can be cancelled with its reason. A cancelled receipt keeps its number
 * and shows who cancelled it, when and why.
 */
import { useLocation } from "wouter";
import { programmeInstalmentName } from "../../../shared/fee-terms.ts";
import { feeDesk } from "../../../shared/i18n/feeDesk.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { RECEIPT_FILTERS, type ReceiptFilter } from "../../../shared/schemas/fee-desk.ts";
import { formatDate } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery, usePagedList, useQueryParam } from "../../lib/use-list-params.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select } from "../../ui/field.tsx";
import { CardTable, ListBody, listAnswer, listFilter, listWords } from "../../ui/list-page.tsx";
import { CreditCardIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { PrintReceiptLink, ReasonDialog, useModeName, useReasonAction } from "./desk-parts.tsx";
import { ReceiptNumber } from "./fee-words.tsx";

type Receipt = RouterOutputs["feeDesk"]["receipts"]["receipts"][number];
const STATUS_FILTER = { key: "status", values: RECEIPT_FILTERS };
const YEAR = /^\d{4}-\d{2}$/;

/** The financial year filter, kept in the URL beside the list's own (a new year starts at page 1). */
function useYearParam(): [string, (value: string) => void] {
  const [raw, set] = useQueryParam("year");
  return [YEAR.test(raw) ? raw : "", set];
}

export function ReceiptsTab() {
  const t = useT(feeDesk);
  useT(fees);
  const modeName = useModeName();
  const utils = trpc.useUtils();
  const [year, setYear] = useYearParam();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const { list, query } = usePagedList(trpc.feeDesk.receipts, (page, { filter }) => ({ ...page, status: filter as ReceiptFilter, year }), {
    filter: STATUS_FILTER,
  });
  const cancel = trpc.feeDesk.cancelReceipt.useMutation();
  const cancelling = useReasonAction<Receipt>({
    send: (r, reason, done) => cancel.mutate({ id: r.id, reason }, done),
    failedText: t("failed.save"),
    onDone: () => void Promise.all([utils.feeDesk.invalidate(), utils.fees.receipt.invalidate()]),
    onRefused: () => void Promise.all([utils.feeDesk.receipts.invalidate(), utils.fees.receipt.invalidate()]),
  });
  const years = query.data?.years ?? [];

  const columns: TableColumn<Receipt>[] = [
    {
      key: "number",
      header: t("col.number"),
      render: (r) => (
        <StackedCell
          strong
          mainClassName="tabular fees-receipt-number"
          main={<ReceiptNumber number={r.number} />}
          notes={[t("issuedOn", { date: formatDate(r.issuedOn) })]}
        />
      ),
    },
    {
      key: "student",
      header: t("col.student"),
      render: (r) => <StackedCell main={r.student.name} notes={[r.student.studentId]} />,
    },
    {
      key: "instalment",
      header: t("col.instalment"),
      render: (r) => <span>{programmeInstalmentName(r.instalment)}</span>,
    },
    {
      key: "amount",
      header: t("col.amount"),
      className: "ui-table__cell--numeric",
      render: (r) => (
        <StackedCell
          strong={!r.cancelled}
          mainClassName={r.cancelled ? "tabular fee-desk__void" : "tabular"}
          main={formatMoney(r.amount)}
          notes={[r.reference ? t("modeWithReference", { mode: modeName(r.mode), reference: r.reference }) : modeName(r.mode)]}
        />
      ),
    },
    {
      key: "status",
      header: t("col.status"),
      render: (r) =>
        r.cancelled ? (
          <span className="ops-cell-stack">
            <Badge tone="rejected">{t("receipt.cancelled")}</Badge>
            <span className="text-sm">
              {r.cancelled.by
                ? t("receipt.cancelledBy", { name: r.cancelled.by, date: formatDate(r.cancelled.at), reason: r.cancelled.reason })
                : t("receipt.cancelledOn", { date: formatDate(r.cancelled.at), reason: r.cancelled.reason })}
            </span>
          </span>
        ) : (
          <Badge tone="approved">{t("receipt.active")}</Badge>
        ),
    },
    actionsColumn((r) => (
      <span className="ops-row-actions">
        <PrintReceiptLink id={r.id} button label={t("receipt.print")} name={t("receipt.printOf", { number: r.number })} />
        {r.cancelled ? null : (
          <Button size="sm" variant="ghost" onClick={() => cancelling.open(r)} aria-label={t("cancel.actionOf", { number: r.number })}>
            {t("cancel.action")}
          </Button>
        )}
      </span>
    )),
  ];

  return (
    <div className="stack fee-desk">
      <ListBody
        name="fee-receipts"
        list={list}
        {...listWords(t, "receipts.")}
        filter={listFilter(STATUS_FILTER, t("receipts.filter"), (value) => t(`filter.${value}`))}
        toolbarExtra={
          <Select
            id="fee-receipts-year"
            label={t("receipts.year")}
            hideLabel
            fieldClassName="ops-toolbar__filter"
            options={[
              { value: "", label: t("receipts.allYears") },
              // The newest first, the chosen one among them (before the list answers, it alone; walk 32a: it came first).
              ...[...new Set([...years, year].filter(Boolean))]
                .sort()
                .reverse()
                .map((y) => ({ value: y, label: t("receipts.yearOption", { year: y }) })),
            ]}
            value={year}
            onChange={(e) => setYear(e.target.value)}
          />
        }
        {...listAnswer(query, { failed: t("failed.load"), found: (count) => t("receipts.found", { count }) })}
      >
        <CardTable
          caption={t("receipts.caption")}
          className="ops-table fee-desk-table"
          columns={columns}
          rows={query.data?.receipts ?? []}
          loading={query.isPending}
          empty={
            list.search || list.filter !== "all" || year ? (
              <EmptyState
                icon={<CreditCardIcon size={28} />}
                title={t("receipts.noMatch.title")}
                description={t("receipts.noMatch.text")}
                action={
                  <Button variant="secondary" onClick={() => navigate(address("tab=receipts"))}>
                    {t("receipts.showAll")}
                  </Button>
                }
              />
            ) : (
              <EmptyState icon={<CreditCardIcon size={28} />} title={t("receipts.none.title")} description={t("receipts.none.text")} />
            )
          }
        />
        {cancelling.row ? (
          <ReasonDialog
            id="fee-cancel"
            title={t("cancel.title", { number: cancelling.row.number })}
            hint={t("cancel.reasonHint")}
            confirmLabel={t("cancel.confirm")}
            busyLabel={t("cancel.busy")}
            busy={cancel.isPending}
            failure={cancelling.failure}
            requiredMessage={fees.t("rule.reason")}
            onConfirm={cancelling.confirm}
            onClose={cancelling.close}
          >
            {t("cancel.text", {
              amount: formatMoney(cancelling.row.amount),
              name: cancelling.row.student.name,
              id: cancelling.row.student.studentId ?? "—",
            })}
            {/* A receipt of a financial year that has ended: that year's figures change (walk 32a). */}
            {query.data?.currentYear && cancelling.row.financialYear !== query.data.currentYear
              ? ` ${t("cancel.closedYear", { year: cancelling.row.financialYear, amount: formatMoney(cancelling.row.amount) })}`
              : null}
          </ReasonDialog>
        ) : null}
      </ListBody>
    </div>
  );
}
