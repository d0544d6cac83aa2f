/**
 * /student/fees (issue 19; docs/fees/student.md): every instalment the student owes — term, number, due day,
 * amount, concession, late fee, paid, outstanding and where it stands (the server's ledger; nothing is added
 * up here) — the total still to pay, paying an instalment by UPI, the transfers waiting for the office or
 * rejected with the office's reason, and the receipts (a page at a time) with their printable page
 * (/student/fees/receipts/:id, routed below).
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { instalmentName } from "../../../shared/fee-terms.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { SubPages } from "../../lib/sub-pages.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CalendarIcon, FileIcon } from "../../ui/icons.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { LoadingBlock } from "../../ui/loading-block.tsx";
import { CreditCardIcon } from "../../ui/more-icons.tsx";
import { Pagination, useScreenPages } from "../../ui/pagination.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { StackedCell, Table, type TableColumn } from "../../ui/table.tsx";
import { modeLabel, ReceiptNumber, StandingBadge } from "./fee-words.tsx";
import { type PayableInstalment, PayDialog } from "./pay-dialog.tsx";
import { ReceiptPage } from "./receipt-page.tsx";

type Mine = RouterOutputs["fees"]["mine"];
type Instalment = Mine["instalments"][number];
type Transfer = RouterOutputs["fees"]["transfers"]["transfers"][number];
type Receipt = RouterOutputs["fees"]["receipts"]["receipts"][number];

const TRANSFERS_PAGE = 5;
const RECEIPTS_PAGE = 10;

export default function StudentFeesPage() {
  return <SubPages pages={{ "/": () => <FeesOverview />, "/receipts/:id": () => <ReceiptPage /> }} />;
}

function FeesOverview() {
  const t = useT(fees);
  const query = trpc.fees.mine.useQuery();
  const mine = query.data;
  return (
    <div className="page-stack fees-page">
      <StudentPageHeader title={t("title")} lead={t("my.lead")} />
      {query.isError && !mine ? (
        <ListLoadError message={t("my.failed")} query={query} />
      ) : !mine ? (
        <LoadingBlock label={t("my.loading")} groups={[2, 6]} />
      ) : mine.instalments.length === 0 ? (
        <EmptyState icon={<CreditCardIcon size={28} />} title={t("my.emptyTitle")} description={t("my.emptyText")} />
      ) : (
        <>
          <Summary mine={mine} />
          <Instalments mine={mine} />
          <Transfers />
          <Receipts />
        </>
      )}
    </div>
  );
}

function Summary({ mine }: { mine: Mine }) {
  const t = useT(fees);
  const next = mine.instalments.filter((i) => i.outstanding > 0).sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.id - b.id)[0];
  return (
    <div className="fees-summary">
      <StatCard
        label={t("my.totalOutstanding")}
        value={<span className="tabular">{formatMoney(mine.totalOutstanding)}</span>}
        icon={<CreditCardIcon size={22} />}
        tone={mine.totalOutstanding > 0 ? "accent" : "approved"}
        hint={mine.totalOutstanding > 0 ? undefined : t("my.allPaid")}
      />
      {next ? (
        <StatCard
          label={t("my.nextDue")}
          value={<span className="tabular">{formatMoney(next.outstanding)}</span>}
          icon={<CalendarIcon size={22} />}
          tone={next.status === "overdue" ? "rejected" : "primary"}
          hint={t(next.status === "overdue" ? "my.wasDueOn" : "my.dueOn", { date: formatDate(next.dueOn, { style: "long" }) })}
        />
      ) : null}
      {mine.waiting > 0 ? (
        <StatCard
          label={t("my.waitingLabel")}
          value={mine.waiting}
          icon={<FileIcon size={22} />}
          tone="pending"
          hint={t("my.waitingHint")}
        />
      ) : null}
    </div>
  );
}

function Instalments({ mine }: { mine: Mine }) {
  const t = useT(fees);
  const [paying, setPaying] = useState<PayableInstalment | null>(null);
  // After a UPI payment is reported its Pay button (the dialog's opener) becomes "Waiting for the office":
  // focus goes to that new state once the list comes back, not to the page's body (QA2 3).
  const reported = useRef<number | null>(null);
  useEffect(() => {
    const id = reported.current;
    if (id === null || !mine.instalments.some((i) => i.id === id && i.pending)) return;
    reported.current = null;
    document.getElementById(`fee-waiting-${id}`)?.focus();
  }, [mine]);
  const columns: TableColumn<Instalment>[] = [
    {
      key: "instalment",
      header: t("col.instalment"),
      render: (i) => (
        <span className="fees-cell-stack">
          <span className="fees-cell-strong">{instalmentName(i)}</span>
          <span className="text-sm text-muted">{i.programme}</span>
        </span>
      ),
    },
    { key: "due", header: t("col.dueOn"), render: (i) => formatDate(i.dueOn) },
    // The amount with what changed it under it (a concession, a late fee, what is paid): one column, not four,
    // so the row fits beside the sidebar at 1280 px and Pay by UPI is not scrolled out of sight (sixth walk).
    {
      key: "amount",
      header: t("col.amount"),
      className: "ui-table__cell--numeric",
      render: (i) => (
        <StackedCell
          main={formatMoney(i.amount)}
          mainClassName="tabular"
          notes={[
            i.concession
              ? `${t(i.reducedBy === "scholarship" ? "col.scholarship" : "col.concession")} − ${formatMoney(i.concession)}`
              : null,
            i.lateFee ? `${t("col.lateFee")} + ${formatMoney(i.lateFee)}` : null,
            i.paid ? `${t("col.paid")} ${formatMoney(i.paid)}` : null,
          ]}
        />
      ),
    },
    {
      key: "outstanding",
      header: t("col.outstanding"),
      className: "ui-table__cell--numeric",
      render: (i) => <strong className="tabular">{formatMoney(i.outstanding)}</strong>,
    },
    { key: "status", header: t("col.status"), render: (i) => <StandingBadge status={i.status} /> },
    {
      key: "pay",
      header: t("col.pay"),
      headerHidden: true,
      className: "ui-table__cell--actions",
      render: (i) =>
        i.pending ? (
          <span id={`fee-waiting-${i.id}`} tabIndex={-1} className="fees-waiting">
            <Badge tone="pending">{t("my.waiting")}</Badge>
          </span>
        ) : i.outstanding > 0 && mine.upi ? (
          <Button
            size="sm"
            aria-label={t("my.payFor", { instalment: instalmentName(i) })}
            onClick={() => setPaying({ id: i.id, label: instalmentName(i) })}
          >
            {t("my.pay")}
          </Button>
        ) : i.outstanding > 0 ? (
          <span className="text-sm text-muted">{t("my.payAtOffice")}</span>
        ) : null,
    },
  ];
  return (
    <Card title={t("my.instalments")} flush className="fees-section">
      {!mine.upi && mine.totalOutstanding > 0 ? (
        <div className="fees-card-note">
          <Alert tone="info">{t("rule.noUpi")}</Alert>
        </div>
      ) : null}
      <Table caption={t("my.instalments")} captionHidden columns={columns} rows={mine.instalments} />
      <PayDialog
        instalment={paying}
        today={mine.today}
        onClose={() => setPaying(null)}
        onReported={(id) => {
          reported.current = id;
        }}
      />
    </Card>
  );
}

/** The UPI transfers the student reported that wait for the office, or that it rejected (with its reason). */
function Transfers() {
  const t = useT(fees);
  const { page, setPage, query } = useScreenPages(trpc.fees.transfers, (page) => ({ page, limit: TRANSFERS_PAGE }));
  const data = query.data;
  if (query.isError && !data)
    return (
      <Card title={t("my.transfers")} className="fees-section">
        <ListLoadError message={t("my.transfersFailed")} query={query} />
      </Card>
    );
  if (!data || data.pagination.totalItems === 0) return null;
  return (
    <Card title={t("my.transfers")} className="fees-section">
      <ul className="fees-transfers list-plain" aria-busy={query.isFetching || undefined}>
        {data.transfers.map((p) => (
          <TransferItem key={p.id} transfer={p} />
        ))}
      </ul>
      <Pagination page={page} totalPages={data.pagination.totalPages} onChange={setPage} />
    </Card>
  );
}

function TransferItem({ transfer: p }: { transfer: Transfer }) {
  const t = useT(fees);
  return (
    <li className={`fees-transfer fees-transfer--${p.status} cluster cluster--between cluster--top`}>
      <div className="fees-transfer__main">
        <p className="fees-cell-strong">
          <span className="tabular">{formatMoney(p.amount)}</span> · {instalmentName(p.instalment)}
        </p>
        <p className="text-sm text-muted">
          {t("my.transferFacts", { utr: p.reference, date: formatDate(p.paidOn), sent: formatDateTime(p.sentAt) })}
        </p>
        {/* The reason may end with its own full stop: the sentence around it brings one. */}
        {p.status === "rejected" ? (
          <p className="fees-transfer__reason">{t("my.rejectedBecause", { reason: (p.rejectReason ?? "").replace(/[.।\s]+$/u, "") })}</p>
        ) : null}
      </div>
      <Badge tone={p.status === "pending" ? "pending" : "rejected"}>{p.status === "pending" ? t("my.waiting") : t("my.rejected")}</Badge>
    </li>
  );
}

function Receipts() {
  const t = useT(fees);
  const { page, setPage, query } = useScreenPages(trpc.fees.receipts, (page) => ({ page, limit: RECEIPTS_PAGE }));
  const data = query.data;
  const columns: TableColumn<Receipt>[] = [
    {
      key: "number",
      header: t("col.receipt"),
      render: (r) => (
        // Named whole: the break points inside (ReceiptNumber) would read as spaces.
        <Link href={`/receipts/${r.id}`} className="fees-receipt-link tabular" aria-label={r.number}>
          <ReceiptNumber number={r.number} />
        </Link>
      ),
    },
    { key: "date", header: t("col.date"), render: (r) => formatDate(r.issuedOn) },
    { key: "towards", header: t("col.towards"), render: (r) => instalmentName(r.instalment) },
    { key: "mode", header: t("col.mode"), render: (r) => modeLabel(r.mode) },
    { key: "amount", header: t("col.amount"), className: "ui-table__cell--numeric", render: (r) => formatMoney(r.amount) },
    {
      key: "state",
      header: t("col.status"),
      render: (r) =>
        r.cancelled ? (
          <span className="fees-cell-stack">
            <Badge tone="rejected">{t("my.cancelled")}</Badge>
            <span className="text-sm text-muted">{r.cancelled.reason}</span>
          </span>
        ) : (
          <Badge tone="approved">{t("my.valid")}</Badge>
        ),
    },
  ];
  return (
    <Card title={t("my.receipts")} flush className="fees-section">
      {query.isError && !data ? (
        <div className="fees-card-note">
          <ListLoadError message={t("my.receiptsFailed")} query={query} />
        </div>
      ) : (
        <>
          <Table
            caption={t("my.receipts")}
            captionHidden
            columns={columns}
            rows={data?.receipts ?? []}
            loading={!data}
            skeletonRows={2}
            empty={t("my.noReceipts")}
          />
          {data ? <Pagination page={page} totalPages={data.pagination.totalPages} onChange={setPage} className="fees-card-note" /> : null}
        </>
      )}
    </Card>
  );
}
