/**
 * Approve, Reject (with a reason of at least 10 characters, checked with the shared schema before
 * anything is sent) and Delete (after confirmation) of one application (spec part 2 §4, §5, §8).
 */

import { type FormEvent, useEffect, useState } from "react";
import { MSG } from "../../../shared/messages.ts";
import { processAdmissionInput } from "../../../shared/schemas/admission.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkOrShow } from "../../lib/form.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TextArea } from "../../ui/field.tsx";
import { ConfirmDialog } from "../../ui/list-controls.tsx";

export const PROCESS_FAILED = "Error processing admission. Please try again.";
export const DELETE_FAILED = "Error deleting admission. Please try again.";

export interface AdmissionRef {
  id: number;
  name: string;
  applicationNumber: string;
}

export type ProcessResult = RouterOutputs["admissions"]["process"];

/** The spec's text, with the server's own explanation beneath when it has one (e.g. an existing account). */
function Failure({ title, error }: { title: string; error: unknown }) {
  const failure = normaliseError(error);
  const detail = failure.status !== null && failure.status < 500 && failure.message !== MSG.genericError ? failure.message : null;
  return (
    <Alert tone="error" title={title}>
      {detail ?? "If this keeps happening, please reload the page."}
    </Alert>
  );
}

interface ProcessDialogProps {
  admission: AdmissionRef | null;
  onClose: () => void;
  onDone: (result: ProcessResult) => void;
}

export function ApproveDialog({ admission, onClose, onDone }: ProcessDialogProps) {
  const process = trpc.admissions.process.useMutation();
  useEffect(() => process.reset(), [admission?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ConfirmDialog
      open={admission !== null}
      title="Approve this application?"
      confirmLabel="Approve"
      tone="primary"
      busy={process.isPending}
      error={process.error ? <Failure title={PROCESS_FAILED} error={process.error} /> : null}
      onConfirm={() => admission && process.mutate({ admissionId: admission.id, action: "accept" }, { onSuccess: onDone })}
      onClose={onClose}
    >
      <p>
        <strong>{admission?.name}</strong> ({admission?.applicationNumber}) becomes a student: we create the student account with a new
        student ID and e-mail a link to set a password.
      </p>
    </ConfirmDialog>
  );
}

export function RejectDialog({ admission, onClose, onDone }: ProcessDialogProps) {
  const process = trpc.admissions.process.useMutation();
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
      (messages) => setError(Object.keys(messages).length ? (messages.rejectionReason ?? PROCESS_FAILED) : null),
      { rejectionReason: "reject-reason" },
    );
    if (input) process.mutate(input, { onSuccess: onDone });
  };

  return (
    <Dialog
      open={admission !== null}
      onClose={onClose}
      title="Reject this application?"
      description={admission ? `${admission.name} · ${admission.applicationNumber}` : undefined}
    >
      <form className="stack" onSubmit={reject} noValidate>
        <TextArea
          id="reject-reason"
          label="Reason for rejection"
          required
          rows={4}
          maxLength={1000}
          hint="At least 10 characters. The applicant reads this in the e-mail and on the status page, so please write it kindly and clearly."
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
        />
        {process.error ? <Failure title={PROCESS_FAILED} error={process.error} /> : null}
        <div className="cluster cluster--end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={process.isPending}>
            Reject Application
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteDialog({ admission, onClose, onDone }: { admission: AdmissionRef | null; onClose: () => void; onDone: () => void }) {
  const remove = trpc.admissions.remove.useMutation();
  useEffect(() => remove.reset(), [admission?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ConfirmDialog
      open={admission !== null}
      title="Delete this application?"
      confirmLabel="Delete"
      busy={remove.isPending}
      error={remove.error ? <Failure title={DELETE_FAILED} error={remove.error} /> : null}
      onConfirm={() => admission && remove.mutate({ id: admission.id }, { onSuccess: onDone })}
      onClose={onClose}
    >
      <p>
        Are you sure you want to delete the application of <strong>{admission?.name}</strong> ({admission?.applicationNumber}) and its
        documents? This action cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
