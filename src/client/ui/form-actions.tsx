/** The closing row of a form on a page or inside a dialog's body (a FormDialog has its own, in its footer). */
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

/**
 * The form's buttons at the end of the row: what comes before the submit (a Cancel, if the form has one),
 * then the submit, which waits and says `busyLabel` (e.g. "Sending…") while the form is sent.
 */
export function FormActions({
  busy,
  submitLabel,
  busyLabel,
  children,
}: {
  busy: boolean;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="cluster cluster--end">
      {children}
      <Button type="submit" loading={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
