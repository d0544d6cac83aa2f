/**
 * A fee receipt, printable on A4 (issue 19; docs/fees/student.md): the institute's name and address, the
 * receipt's number and day, the student, programme, term and instalment, the amount in figures (with the part
 * that paid a late fee apart) and in words,
 * how it was paid and its reference — and "Cancelled" with the reason when it was. The amount in words is
 * written in the page's language ("… रुपये मात्र", "… रुपये फक्त"). The same page serves both
 * portals: the student's /student/fees/receipts/:id and the office's /admin/fees/receipts/:id (each portal's
 * fees page routes it inside its own nested Switch; the server lets the student read only their own). The
 * print rules (fees.css) print the receipt alone.
 */
import { type ReactNode, useEffect } from "react";
import { Link, useParams, useSearch } from "wouter";
import { instalmentName } from "../../../shared/fee-terms.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { isOffice } from "../../../shared/roles.ts";
import { rupeesInWords } from "../../../shared/rupees-in-words.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Fact } from "../../ui/fact.tsx";
import { FileIcon } from "../../ui/icons.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { PrintLoading, PrintPage } from "../../ui/print-page.tsx";
import { deskStudent } from "./desk-address.ts";
import { modeLabel, ReceiptNumber } from "./fee-words.tsx";

type Receipt = RouterOutputs["fees"]["receipt"];

const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,11}$/.test(raw) ? Number(raw) : null);

export function ReceiptPage() {
  const t = useT(fees);
  const params = useParams<{ id: string }>();
  const id = idOf(params.id);
  const { user } = useSession();
  const office = isOffice(user?.role);
  const fromDesk = deskStudent(useSearch());
  // Read afresh at every opening, and shown only once read: a copy remembered from a minute ago showed a receipt
  // a colleague had cancelled since as valid and printable (twelfth walk).
  const query = trpc.fees.receipt.useQuery({ id: id ?? 0 }, { enabled: id !== null, retry: false, staleTime: 0 });
  const receipt = query.isFetchedAfterMount ? query.data : undefined;
  // Found cancelled: the list it was opened from may remember it as valid (walk 12b): read that again too.
  const utils = trpc.useUtils();
  const cancelled = receipt?.cancelled != null;
  useEffect(() => {
    if (cancelled) void (office ? utils.feeDesk.receipts.invalidate() : utils.fees.receipts.invalidate());
  }, [cancelled, office, utils]);
  // Not found, or an address no receipt can have (a number past any id: walk 33d read "could not load, try again").
  const missing = id === null || (query.isError && ["NOT_FOUND", "BAD_REQUEST"].includes(query.error.data?.code ?? ""));
  const title = receipt ? t("receipt.titleOf", { number: receipt.number }) : t("receipt.title");
  return (
    <PrintPage
      className="fees-print-page"
      back={
        // The office's receipts list is a tab of its fees page, and the desk another, with the student it was
        // printed for (walk 22b); the student's receipts are on their fees page.
        <Link href={!office ? "/" : fromDesk ? `?tab=record&student=${fromDesk}` : "?tab=receipts"} className="fees-back no-print">
          ← {!office ? t("receipt.back") : fromDesk ? t("receipt.backDesk") : t("receipt.backOffice")}
        </Link>
      }
      title={title}
      // The number in the heading breaks only after its slashes, as in the lists (walk 26: "RCP/2026-" over "27/…").
      heading={receipt ? withNumber(title, receipt.number) : undefined}
      // No receipt at this address for this reader (another student's, a mistyped number): nothing to print, and
      // not "no longer exists" of one that never was theirs (walk 33c).
      lead={missing ? null : t("receipt.lead")}
      printLabel={t("receipt.print")}
      printable={missing ? "none" : Boolean(receipt)}
    >
      {missing ? (
        <EmptyState
          icon={<FileIcon size={28} />}
          title={t("receipt.missingTitle")}
          description={office ? t("receipt.missingOffice") : t("receipt.missingText")}
        />
      ) : query.isError ? (
        <ListLoadError message={t("receipt.failed")} query={query} />
      ) : !receipt ? (
        <PrintLoading label={t("receipt.loading")} lines={10} announce />
      ) : (
        <>
          {receipt.cancelled ? (
            <Alert tone="warning" title={t("receipt.cancelledTitle")} className="no-print">
              {t("receipt.cancelledOn", { date: formatDateTime(receipt.cancelled.at), reason: receipt.cancelled.reason })}
            </Alert>
          ) : null}
          <ReceiptSheet receipt={receipt} />
          <p className="text-sm text-muted no-print">{t("receipt.printTip")}</p>
        </>
      )}
    </PrintPage>
  );
}

/** `words` with the receipt number in them set as ReceiptNumber sets it. */
function withNumber(words: string, number: string): ReactNode {
  const at = words.indexOf(number);
  if (at < 0) return words;
  return (
    <>
      {words.slice(0, at)}
      <ReceiptNumber number={number} />
      {words.slice(at + number.length)}
    </>
  );
}

function ReceiptSheet({ receipt: r }: { receipt: Receipt }) {
  const t = useT(fees);
  const locale = useLocale();
  const reference = r.reference?.trim();
  return (
    <article className={`fee-receipt${r.cancelled ? " fee-receipt--cancelled" : ""}`} aria-labelledby="fee-receipt-title">
      <header className="fee-receipt__head cluster cluster--between cluster--top">
        <div>
          <p className="fee-receipt__institute">{r.institute.name}</p>
          {r.institute.address ? <p className="fee-receipt__address">{r.institute.address}</p> : null}
          <p className="fee-receipt__contact">{[...r.institute.phones, r.institute.email].filter(Boolean).join(" · ")}</p>
        </div>
        <div className="fee-receipt__heading">
          <h2 id="fee-receipt-title" className="fee-receipt__title">
            {t("receipt.sheetTitle")}
          </h2>
          <dl className="fee-receipt__ids">
            <Fact label={t("receipt.number")} className="tabular">
              <ReceiptNumber number={r.number} />
            </Fact>
            <Fact label={t("receipt.date")}>{formatDate(r.issuedOn, { style: "long" })}</Fact>
          </dl>
        </div>
      </header>

      {r.cancelled ? (
        <p className="fee-receipt__cancelled" role="note">
          <strong>{t("receipt.cancelledStamp")}</strong>
          <span>{t("receipt.cancelledOn", { date: formatDateTime(r.cancelled.at), reason: r.cancelled.reason })}</span>
        </p>
      ) : null}

      <dl className="fee-receipt__facts">
        <Fact label={t("receipt.received")} className="fee-receipt__name">
          {r.student.name}
        </Fact>
        <Fact label={t("receipt.studentId")} className="tabular">
          {r.student.studentId ?? "—"}
        </Fact>
        <Fact label={t("receipt.programme")}>{r.programme}</Fact>
        <Fact label={t("receipt.towards")}>{instalmentName({ termUnit: r.termUnit, term: r.term, number: r.instalment })}</Fact>
        <Fact label={t("receipt.mode")}>{modeLabel(r.mode)}</Fact>
        <Fact label={t("receipt.reference")} className="tabular">
          {reference || "—"}
        </Fact>
        <Fact label={t("receipt.paidOn")}>{formatDate(r.paidOn, { style: "long" })}</Fact>
      </dl>

      <div className="fee-receipt__sum">
        <p className="fee-receipt__figure">
          <span className="fee-receipt__sum-label">{t("receipt.amount")}</span>
          <strong className="tabular">{formatMoney(r.amount)}</strong>
        </p>
        {r.lateFee ? (
          // What paid the late fee, apart from the fee (kept when the receipt was issued).
          <dl className="fee-receipt__parts">
            <Fact label={t("receipt.feePart")} className="tabular">
              {formatMoney(r.amount - r.lateFee)}
            </Fact>
            <Fact label={t("receipt.lateFeePart")} className="tabular">
              {formatMoney(r.lateFee)}
            </Fact>
          </dl>
        ) : null}
        <p className="fee-receipt__words">
          <span className="fee-receipt__sum-label">{t("receipt.inWords")}</span>
          <span>{rupeesInWords(r.amount, locale)}</span>
        </p>
      </div>

      <footer className="cluster cluster--between cluster--bottom fee-receipt__foot">
        <p className="text-sm">{t("receipt.computer")}</p>
        <p className="fee-receipt__sign">{t("receipt.signature")}</p>
      </footer>
    </article>
  );
}
