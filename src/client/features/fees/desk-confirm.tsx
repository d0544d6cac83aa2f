/**
 * /admin/fees?tab=confirm (issue 19, office): the UPI transfers students reported, the oldest first, searched
 * by name, Student ID or UTR and paginated by the server. Each shows what is still due on its instalment and
 * the student's screenshot (fetched with the session, shown in a dialog); Confirm issues the receipt, Reject
 * asks for the reason. When someone else decided first, the server says so and the list refreshes.
 */
import { useEffect, useState } from "react";
import { feeDesk } from "../../../shared/i18n/feeDesk.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { downloadFile, saveBlob } from "../../lib/download.ts";
import { normaliseError } from "../../lib/errors.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { CheckDoubleIcon } from "../../ui/admin-icons.tsx";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ConfirmDialog, failureMessage } from "../../ui/list-controls.tsx";
import { ListBody, ListTable, listAnswer, listWords } from "../../ui/list-page.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { actionsColumn, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useSaved } from "../../ui/use-saved.ts";
import { PrintReceiptLink, ReasonDialog, studentInstalmentColumns } from "./desk-parts.tsx";

type Pending = RouterOutputs["feeDesk"]["pending"]["payments"][number];
type Decision = { kind: "confirm" | "reject"; payment: Pending };

/** The server's CONFLICT: someone else confirmed or rejected the payment first. */
const decidedElsewhere = (err: unknown) => normaliseError(err).status === 409;

export function ConfirmTab() {
  const t = useT(feeDesk);
  useT(fees);
  const toast = useToast();
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.feeDesk.pending, (page) => page);
  const confirm = trpc.feeDesk.confirm.useMutation();
  const reject = trpc.feeDesk.reject.useMutation();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<{ message: string; receipt: { id: number; number: string } } | null>(null);
  const [viewing, setViewing] = useState<Pending | null>(null);

  const close = () => {
    setDeciding(null);
    setFailure(null);
  };
  const refresh = () => void utils.feeDesk.invalidate();
  const rejected = useSaved(refresh)(() => {
    close();
    setConfirmed(null);
  });
  const failed = (err: unknown) => {
    if (decidedElsewhere(err)) {
      // Someone else was quicker: say so, and show the list as it now is.
      close();
      toast.show(normaliseError(err).message, "warning", 8000);
      refresh();
    } else setFailure(failureMessage(err, t("failed.save")));
  };

  // One decision at a time: a double click's second click comes before the dialog shows itself busy.
  const oneAtATime = useOneAtATime();
  const doConfirm = () => {
    if (!deciding || !oneAtATime.start()) return;
    setFailure(null);
    confirm.mutate(
      { id: deciding.payment.id },
      {
        onSuccess: (answer) => {
          close();
          setConfirmed(answer);
          refresh();
        },
        onError: failed,
        onSettled: oneAtATime.settled,
      },
    );
  };
  const doReject = (reason: string) => {
    if (!deciding || !oneAtATime.start()) return;
    setFailure(null);
    reject.mutate(
      { id: deciding.payment.id, reason },
      {
        onSuccess: (answer) => rejected(answer.message),
        onError: failed,
        onSettled: oneAtATime.settled,
      },
    );
  };

  const who = (p: Pending) => `${p.student.name} (${p.student.studentId ?? "—"})`;
  const columns: TableColumn<Pending>[] = [
    ...studentInstalmentColumns<Pending>(t),
    {
      key: "amount",
      header: t("col.amount"),
      className: "ui-table__cell--numeric",
      render: (p) => (
        <StackedCell
          strong
          mainClassName="tabular"
          main={formatMoney(p.amount)}
          notes={[t("outstanding", { amount: formatMoney(p.outstanding) })]}
        >
          {p.amount > p.outstanding ? <Badge tone="rejected">{t("aboveDue")}</Badge> : null}
        </StackedCell>
      ),
    },
    {
      key: "utr",
      header: t("col.transfer"),
      render: (p) => (
        <StackedCell
          mainClassName="tabular nowrap"
          main={p.reference}
          notes={[t("paidOn", { date: formatDate(p.paidOn) }), t("submitted", { date: formatDateTime(p.submittedAt) })]}
        >
          {p.screenshotUrl ? (
            <Button
              size="sm"
              variant="ghost"
              className="fee-desk__shot-button"
              onClick={() => setViewing(p)}
              aria-label={t("screenshot.viewOf", { name: p.student.name })}
            >
              {t("screenshot.view")}
            </Button>
          ) : null}
        </StackedCell>
      ),
    },
    actionsColumn((p) => (
      <span className="ops-row-actions">
        <Button
          size="sm"
          onClick={() => setDeciding({ kind: "confirm", payment: p })}
          aria-label={t("confirm.actionOf", { name: p.student.name, utr: p.reference ?? "" })}
        >
          {t("confirm.action")}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDeciding({ kind: "reject", payment: p })}
          aria-label={t("reject.actionOf", { name: p.student.name, utr: p.reference ?? "" })}
        >
          {t("reject.action")}
        </Button>
      </span>
    )),
  ];

  const summary = (p: Pending) => ({
    amount: formatMoney(p.amount),
    name: p.student.name,
    id: p.student.studentId ?? "—",
    utr: p.reference ?? "",
    date: formatDate(p.paidOn),
  });

  return (
    <div className="stack fee-desk">
      <ListBody
        name="fee-confirm"
        list={list}
        beforeToolbar={<p className="text-muted fee-desk__lead">{t("confirm.lead")}</p>}
        {...listWords(t, "confirm.")}
        {...listAnswer(query, { failed: t("failed.load"), found: (count) => t("confirm.found", { count }) })}
      >
        {confirmed ? (
          <Alert tone="success" onDismiss={() => setConfirmed(null)}>
            <p>{confirmed.message}</p>
            <PrintReceiptLink id={confirmed.receipt.id} label={t("print", { number: confirmed.receipt.number })} />
          </Alert>
        ) : null}
        <ListTable
          caption={t("confirm.caption")}
          className="fee-desk-table"
          columns={columns}
          rows={query.data?.payments ?? []}
          loading={query.isPending}
          list={{ ...list, filter: "" }}
          icon={<CheckDoubleIcon size={28} />}
          none={{ title: t("confirm.none.title"), description: t("confirm.none.text") }}
          noMatch={{ title: t("confirm.noMatch.title"), description: t("confirm.noMatch.text") }}
          showAll={t("confirm.noMatch.title")}
        />
        <ConfirmDialog
          open={deciding?.kind === "confirm"}
          title={t("confirm.title")}
          confirmLabel={t("confirm.action")}
          busyLabel={t("confirm.busy")}
          tone="primary"
          busy={confirm.isPending}
          error={failure}
          onConfirm={doConfirm}
          onClose={close}
        >
          {deciding?.kind === "confirm" ? t("confirm.text", summary(deciding.payment)) : null}
        </ConfirmDialog>
        {deciding?.kind === "reject" ? (
          <ReasonDialog
            id="fee-reject"
            title={t("reject.title")}
            hint={t("reject.reasonHint")}
            confirmLabel={t("reject.action")}
            busyLabel={t("reject.busy")}
            busy={reject.isPending}
            failure={failure}
            requiredMessage={fees.t("rule.reason")}
            onConfirm={doReject}
            onClose={close}
          >
            {t("reject.text", summary(deciding.payment))}
          </ReasonDialog>
        ) : null}
        {viewing ? <ScreenshotDialog payment={viewing} who={who(viewing)} onClose={() => setViewing(null)} /> : null}
      </ListBody>
    </div>
  );
}

/** The student's screenshot, fetched with the office's session (the server checks who asks) and shown here. */
function ScreenshotDialog({ payment, who, onClose }: { payment: Pending; who: string; onClose: () => void }) {
  const t = useT(feeDesk);
  const [shown, setShown] = useState<{ url: string; blob: Blob; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    downloadFile(payment.screenshotUrl!, {
      fallbackName: `payment-${payment.id}-screenshot`,
      accept: "image/*,application/pdf",
      save: (blob, name) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setShown({ url, blob, name });
      },
    }).catch((err) => live && setError(failureMessage(err, t("screenshot.failed"))));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [payment.id, payment.screenshotUrl, t]);

  const isImage = shown?.blob.type.startsWith("image/") ?? false;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("screenshot.title", { name: payment.student.name })}
      description={t("screenshot.about", { amount: formatMoney(payment.amount), utr: payment.reference ?? "", who })}
      footer={
        <>
          {shown ? (
            <Button variant="secondary" onClick={() => saveBlob(shown.blob, shown.name)}>
              {t("screenshot.save")}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t("close")}</Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!shown && !error ? <Spinner label={t("screenshot.loading")} /> : null}
      {shown && isImage ? (
        <img
          className="fee-desk__screenshot"
          src={shown.url}
          alt={t("screenshot.alt", { name: payment.student.name, utr: payment.reference ?? "" })}
        />
      ) : null}
      {shown && !isImage ? <p>{t("screenshot.notImage")}</p> : null}
    </Dialog>
  );
}
