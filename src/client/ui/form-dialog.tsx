/** A dialog that is one form, for the portals' screens (the public pages' dialogs are plain Dialogs). */

import type { FormEvent, ReactNode } from "react";
import { portal } from "../../shared/i18n/portal.ts";
import type { FormSubmission } from "../lib/form.ts";
import { useT } from "../lib/i18n.tsx";
import { Alert } from "./alert.tsx";
import { Button, type ButtonVariant } from "./button.tsx";
import { Dialog, type DialogProps } from "./dialog.tsx";

/** How a FormDialog sends its form: a form state's `submission`, or its parts one by one. */
type FormSending =
  | {
      /** the form's submit, busy flag and failure in one (useFormState's `submission`) */
      form: FormSubmission;
      onSubmit?: never;
      busy?: never;
      failure?: never;
    }
  | {
      form?: never;
      onSubmit: (event: FormEvent<HTMLFormElement>) => void;
      /** while it is sent: the buttons wait and the dialog stays open */
      busy: boolean;
      /** why the whole form failed (the server's refusal), above the fields */
      failure?: string | null;
    };

export type FormDialogProps = Omit<DialogProps, "open" | "footer"> &
  FormSending & {
    /** default true: the parent shows the dialog only while it is wanted */
    open?: boolean;
    /** the form's id, which the footer's submit button names */
    formId: string;
    /** default "Cancel" */
    cancelLabel?: ReactNode;
    /** default "Save" (which says "Saving…" while busy) */
    submitLabel?: ReactNode;
    /** what the submit button says while busy (e.g. "Sending…"); else it keeps `submitLabel` ("Saving…" for the default) */
    busyLabel?: ReactNode;
    submitVariant?: ButtonVariant;
    submitDisabled?: boolean;
    /** a line above the failure and the fields */
    lead?: ReactNode;
    /** inside the dialog, below the form (e.g. an upload that sends on its own) */
    after?: ReactNode;
  };

/**
 * A dialog that is one form: its fields in the body, Cancel and the submit button in the footer. The usual
 * words (Cancel, Save, Saving…) come from the portal's catalogue, which every screen with a form has loaded.
 */
export function FormDialog({
  open = true,
  onClose,
  formId,
  form,
  onSubmit = form?.onSubmit,
  busy = form?.busy ?? false,
  failure = form?.failure,
  cancelLabel,
  submitLabel,
  busyLabel,
  submitVariant,
  submitDisabled,
  lead,
  after,
  children,
  ...dialog
}: FormDialogProps) {
  const t = useT(portal);
  const busyWords = busyLabel ?? (submitLabel === undefined ? t("form.saving") : undefined);
  return (
    <Dialog
      {...dialog}
      open={open}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel ?? t("form.cancel")}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={busy} disabled={submitDisabled}>
            {busy && busyWords !== undefined ? busyWords : (submitLabel ?? t("form.save"))}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={onSubmit} noValidate>
        {lead}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {children}
      </form>
      {after}
    </Dialog>
  );
}
