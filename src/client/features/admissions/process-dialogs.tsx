/**
 * Approve, Reject (with a reason of at least 10 characters, checked with the shared schema before
 * anything is sent) and Delete (after confirmation) of one application (spec part 2 §4, §5, §8).
 */

import { type FormEvent, useEffect, useState } from "react";
import { admin } from "../../../shared/i18n/admin.ts";
import { MSG } from "../../../shared/messages.ts";
import { processAdmissionInput } from "../../../shared/schemas/admission.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkOrShow } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { richText } from "../../lib/rich-text.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { TextArea } from "../../ui/field.tsx";
import { ConfirmDialog } from "../../ui/list-controls.tsx";

const processFailed = () => admin.t("proc.failed");
const deleteFailed = () => admin.t("proc.deleteFailed");

/** A message with the applicant's name (in bold) and application number. */
function Named({ text, admission }: { text: string; admission: AdmissionRef | null }) {
  return <p>{richText(text, { name: <strong>{admission?.name}</strong>, number: admission?.applicationNumber })}</p>;
}

export interface AdmissionRef {
  id: number;
  name: string;
  applicationNumber: string;
  /** approved: a student was made from it, who stays when it is deleted */
  approved?: boolean;
}

export type ProcessResult = RouterOutputs["admissions"]["process"];

/**
 * The spec's text, with the server's own explanation beneath when it has one (e.g. an existing account). A
 * decision someone else made first is said as such: trying again cannot help (eleventh walk).
 */
function Failure({ title, error }: { title: string; error: unknown }) {
  const failure = normaliseError(error);
  // Decided elsewhere: the server's words say the title again in Hindi and Marathi (walk 27b), so the body says
  // where to look instead (the list is read again on the refusal).
  if (failure.reason === "already_decided")
    return (
      <Alert tone="error" title={admin.t("proc.decidedTitle")}>
        {admin.t("proc.decidedText")}
      </Alert>
    );
  const detail = failure.status !== null && failure.status < 500 && failure.message !== MSG.genericError ? failure.message : null;
  return (
    <Alert tone="error" title={title}>
      {detail ?? admin.t("proc.reload")}
    </Alert>
  );
}

/**
 * One decision at a time (lib/one-at-a-time.ts: a double click's second click comes before the button shows
 * busy), and the truth after a refusal. When the server refuses (already processed in another tab or by a colleague, deleted, an
 * account exists) the list and the open application are read again, so the row shows its real status.
 */
function useDecision() {
  const utils = trpc.useUtils();
  const sending = useOneAtATime();
  return {
    /** false while a call is on its way: send nothing */
    start: sending.start,
    options: {
      onSettled: sending.settled,
      onError: () => {
        void Promise.all([utils.admissions.adminList.invalidate(), utils.admissions.adminGet.invalidate()]);
      },
    },
  };
}

interface ProcessDialogProps {
  admission: AdmissionRef | null;
  onClose: () => void;
  /** the decision was recorded, for this application */
  onDone: (result: ProcessResult, admission: AdmissionRef) => void;
}

export function ApproveDialog({ admission, onClose, onDone }: ProcessDialogProps) {
  const t = useT(admin);
  const decision = useDecision();
  const process = trpc.admissions.process.useMutation(decision.options);
  useEffect(() => process.reset(), [admission?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ConfirmDialog
      open={admission !== null}
      title={t("proc.approveTitle")}
      confirmLabel={t("adm.approve")}
      tone="primary"
      busy={process.isPending}
      error={process.error ? <Failure title={processFailed()} error={process.error} /> : null}
      onConfirm={() => {
        if (admission && decision.start())
          process.mutate({ admissionId: admission.id, action: "accept" }, { onSuccess: (result) => onDone(result, admission) });
      }}
      onClose={onClose}
    >
      <Named text={t("proc.approveText")} admission={admission} />
    </ConfirmDialog>
  );
}

export function RejectDialog({ admission, onClose, onDone }: ProcessDialogProps) {
  const t = useT(admin);
  const decision = useDecision();
  const process = trpc.admissions.process.useMutation(decision.options);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason("");
    setError(null);
    process.reset();
  }, [admission?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!admission || process.isPending) return;
    const input = checkOrShow(
      processAdmissionInput,
      { admissionId: admission.id, action: "reject", rejectionReason: reason },
      (messages) => setError(Object.keys(messages).length ? (messages.rejectionReason ?? processFailed()) : null),
      { rejectionReason: "reject-reason" },
    );
    if (input && decision.start()) process.mutate(input, { onSuccess: (result) => onDone(result, admission) });
  };

  // A form dialog as the others are: Cancel and Reject in the footer, whose padding keeps their focus rings
  // whole (walk 27a: in the form they stood on the dialog's bottom edge, the rings cut).
  return (
    <FormDialog
      open={admission !== null}
      onClose={onClose}
      title={t("proc.rejectTitle")}
      description={admission ? `${admission.name} · ${admission.applicationNumber}` : undefined}
      formId="reject-application"
      onSubmit={reject}
      busy={process.isPending}
      cancelLabel={t("proc.cancel")}
      submitLabel={t("proc.rejectButton")}
      submitVariant="danger"
    >
      <TextArea
        id="reject-reason"
        label={t("proc.reason")}
        required
        rows={4}
        maxLength={1000}
        hint={t("proc.reasonHint")}
        value={reason}
        error={error}
        onChange={(e) => {
          setReason(e.target.value);
          if (error) setError(null);
        }}
      />
      {process.error ? <Failure title={processFailed()} error={process.error} /> : null}
    </FormDialog>
  );
}

export function DeleteDialog({ admission, onClose, onDone }: { admission: AdmissionRef | null; onClose: () => void; onDone: () => void }) {
  const t = useT(admin);
  const decision = useDecision();
  const remove = trpc.admissions.remove.useMutation(decision.options);
  useEffect(() => remove.reset(), [admission?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ConfirmDialog
      open={admission !== null}
      title={t("proc.deleteTitle")}
      confirmLabel={t("adm.delete")}
      busy={remove.isPending}
      error={remove.error ? <Failure title={deleteFailed()} error={remove.error} /> : null}
      onConfirm={() => {
        if (admission && decision.start()) remove.mutate({ id: admission.id }, { onSuccess: onDone });
      }}
      onClose={onClose}
    >
      <Named text={t("proc.deleteText")} admission={admission} />
      {/* The spec lets an approved application be deleted: the confirmation says what becomes of its student (walk 30a). */}
      {admission?.approved ? <p>{t("proc.deleteApproved")}</p> : null}
    </ConfirmDialog>
  );
}
