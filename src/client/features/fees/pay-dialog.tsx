/**
 * Paying one instalment by UPI (issue 19; docs/fees/student.md): the exact amount, a QR code any UPI app scans
 * and, on a phone, a link that opens the UPI app with everything filled in (payee, amount, reference); then
 * the student tells the office the UTR, the day paid and, if they like, a screenshot (uploaded with its
 * progress). The server draws the QR code and builds the link; the form's rules are the shared schema's.
 */
import { type FormEvent, useState } from "react";
import { fees } from "../../../shared/i18n/fees.ts";
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES, upiSubmissionFields } from "../../../shared/schemas/fees.ts";
import { uploadWithProgress } from "../../lib/api.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkInput, type FieldMessages, focusFirstInvalid, messagesByField, useFormState } from "../../lib/form.ts";
import { formatDate } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { svgDataUrl } from "../../lib/svg-image.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Field, fieldA11y, labelId, TextInput } from "../../ui/field.tsx";
import { FileInput } from "../../ui/file-input.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { useToast } from "../../ui/toast.tsx";

export interface PayableInstalment {
  id: number;
  /** "Year 1 · Instalment 2" */
  label: string;
}

type Fields = { utr: string; paidOn: string };
const IDS: Record<keyof Fields | "screenshot", string> = { utr: "fee-pay-utr", paidOn: "fee-pay-day", screenshot: "fee-pay-screenshot" };

export function PayDialog({
  instalment,
  today,
  onClose,
  onReported,
}: {
  instalment: PayableInstalment | null;
  today: string;
  onClose: () => void;
  /** the transfer of this instalment was reported (the dialog then closes) */
  onReported?: (instalmentId: number) => void;
}) {
  const t = useT(fees);
  return (
    <Dialog
      open={instalment !== null}
      onClose={onClose}
      size="md"
      className="fee-pay-dialog"
      title={t("pay.title")}
      description={instalment ? instalment.label : undefined}
    >
      {instalment ? (
        <PayBody
          key={instalment.id}
          instalment={instalment}
          today={today}
          onDone={() => {
            onReported?.(instalment.id);
            onClose();
          }}
        />
      ) : null}
    </Dialog>
  );
}

function PayBody({ instalment, today, onDone }: { instalment: PayableInstalment; today: string; onDone: () => void }) {
  const t = useT(fees);
  const query = trpc.fees.upi.useQuery({ instalmentId: instalment.id }, { staleTime: 60_000, retry: false });
  const answer = query.data;
  if (query.isError) return <Alert tone="error">{failureMessage(query.error, t("pay.failed"))}</Alert>;
  if (!answer)
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          {t("pay.loading")}
        </span>
        <Skeleton height={200} />
      </div>
    );
  if (answer.status === "noUpi") return <Alert tone="info">{answer.message}</Alert>;
  return (
    <div className="fee-pay stack">
      <section className="fee-pay__how" aria-labelledby="fee-pay-step1">
        <h3 id="fee-pay-step1" className="fee-pay__step">
          {t("pay.step1")}
        </h3>
        <p className="fee-pay__amount">
          <span className="text-sm text-muted">{t("pay.amount")}</span>
          <strong className="tabular">{formatMoney(answer.amount)}</strong>
        </p>
        <div className="fee-pay__qr-row cluster">
          <figure className="fee-pay__qr">
            <img src={svgDataUrl(answer.qrSvg)} alt={t("pay.qrAlt", { amount: formatMoney(answer.amount) })} width={184} height={184} />
            <figcaption className="text-sm text-muted">{t("pay.scan")}</figcaption>
          </figure>
          <dl className="fee-pay__facts">
            <div>
              <dt>{t("pay.payee")}</dt>
              <dd>{answer.payee.name}</dd>
            </div>
            <div>
              <dt>{t("pay.vpa")}</dt>
              <dd className="fee-pay__vpa">{answer.payee.vpa}</dd>
            </div>
            <div>
              <dt>{t("pay.reference")}</dt>
              <dd className="tabular">{answer.reference}</dd>
            </div>
          </dl>
        </div>
        <a className={buttonClass("accent", "md", true)} href={answer.link}>
          {t("pay.openApp")}
        </a>
        <p className="text-sm text-muted">{t("pay.keepNote")}</p>
      </section>
      <ReportForm instalmentId={instalment.id} amount={answer.amount} today={today} onDone={onDone} />
    </div>
  );
}

/** The paid day, the UTR and a screenshot: checked here by the shared rules, then sent with upload progress. */
function ReportForm({ instalmentId, amount, today, onDone }: { instalmentId: number; amount: number; today: string; onDone: () => void }) {
  const t = useT(fees);
  const toast = useToast();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const validate = (values: Fields): FieldMessages<keyof Fields> => {
    const checked = checkInput(upiSubmissionFields, { ...values, amount }, { fields: ["utr", "paidOn"] as const });
    const messages: FieldMessages<keyof Fields> = checked.ok ? {} : checked.messages;
    if (!messages.paidOn && values.paidOn.trim() > today) messages.paidOn = t("rule.paidOnFuture");
    return messages;
  };
  const form = useFormState<Fields>({ utr: "", paidOn: today }, { validate, immediate: new Set(["paidOn"]), ids: IDS, warnOnLeave: true });

  const fileProblem = (chosen: File | null) => {
    if (!chosen) return undefined;
    if (chosen.size > SCREENSHOT_MAX_BYTES) return t("pay.tooLarge");
    if (!/\.(jpe?g|png)$/i.test(chosen.name) && !/^image\/(jpeg|png)$/.test(chosen.type)) return t("pay.wrongType");
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    const messages = form.attempt();
    const problem = fileProblem(file);
    setFileError(problem);
    const all = { ...messages, ...(problem ? { screenshot: problem } : {}) };
    if (Object.keys(all).length > 0) {
      focusFirstInvalid(all, IDS);
      return;
    }
    setFailed(null);
    setProgress(0);
    try {
      const body = new FormData();
      body.append("utr", form.values.utr);
      body.append("paidOn", form.values.paidOn.trim());
      body.append("amount", String(amount));
      if (file) body.append("screenshot", file);
      const answer = await uploadWithProgress<{ data: { message: string } }>(`/fees/instalments/${instalmentId}/upi`, body, setProgress);
      toast.show(answer.data.message);
      onDone();
      // The page shows the transfer waiting as soon as the lists come back; the dialog need not wait for them.
      void utils.fees.mine.invalidate();
      void utils.fees.transfers.invalidate();
      void utils.fees.upi.invalidate();
    } catch (err) {
      // The server's word on each field (the screenshot's beside its picker), else on the whole.
      const messages = messagesByField(normaliseError(err).errors, { fields: ["utr", "paidOn", "screenshot"] as const });
      const { screenshot, ...fields } = messages;
      form.setServerMessages(fields);
      if (screenshot) setFileError(screenshot);
      if (Object.keys(messages).length === 0) setFailed(failureMessage(err, t("pay.sendFailed")));
      focusFirstInvalid(messages, IDS);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="fee-pay__report stack" onSubmit={submit} noValidate aria-labelledby="fee-pay-step2">
      <h3 id="fee-pay-step2" className="fee-pay__step">
        {t("pay.step2")}
      </h3>
      <TextInput
        {...form.field("utr")}
        label={t("pay.utr")}
        hint={t("pay.utrHint")}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
      />
      <TextInput
        {...form.field("paidOn")}
        type="date"
        label={t("pay.paidOn")}
        hint={t("pay.paidOnHint", { today: formatDate(today, { style: "long" }) })}
        required
        max={today}
      />
      <Field id={IDS.screenshot} label={t("pay.screenshotOptional")} hint={t("pay.screenshotHint")} error={fileError}>
        <FileInput
          file={file}
          accept={SCREENSHOT_TYPES}
          aria-labelledby={labelId(IDS.screenshot)}
          {...fieldA11y(IDS.screenshot, fileError, t("pay.screenshotHint"))}
          onChoose={(chosen) => {
            setFile(chosen);
            setFileError(fileProblem(chosen));
          }}
        />
      </Field>
      {progress !== null ? <ProgressBar value={progress} label={t("pay.uploading")} /> : null}
      {failed ? <Alert tone="error">{failed}</Alert> : null}
      <div className="fee-pay__actions">
        <Button type="submit" loading={progress !== null}>
          {t("pay.send")}
        </Button>
      </div>
    </form>
  );
}
