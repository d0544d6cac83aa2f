/**
 * A printable document's page (the admit card, the statement of marks, a fee receipt, the ID card): the way
 * back, the title with its Print button (enabled once there is something to print), then the document.
 */
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { FileIcon } from "./icons.tsx";
import { Skeleton } from "./spinner.tsx";
import { StudentPageHeader } from "./student-page-header.tsx";

export interface PrintPageProps {
  /** the page's own class, after "page-stack" (its print rules hide all but the document) */
  className: string;
  /** a link above the title, hidden in print */
  back?: ReactNode;
  /** the heading, and the tab's title */
  title: string;
  /** the heading as shown, when more than `title`'s text (StudentPageHeader) */
  heading?: ReactNode;
  lead: ReactNode;
  printLabel: string;
  /**
   * the document is there to print (true), is on its way (false: the button waits, disabled), or there is none to
   * come ("none": no button, as over a held admit card or a receipt that is not the reader's; walk 33c)
   */
  printable: boolean | "none";
  children: ReactNode;
}

export function PrintPage({ className, back, title, heading, lead, printLabel, printable, children }: PrintPageProps) {
  return (
    <div className={`page-stack ${className}`}>
      {back}
      <StudentPageHeader
        title={title}
        heading={heading}
        lead={lead}
        actions={
          printable === "none" ? null : (
            <Button onClick={() => window.print()} disabled={!printable}>
              <FileIcon size={18} /> {printLabel}
            </Button>
          )
        }
      />
      {children}
    </div>
  );
}

/** The document while it loads: skeleton lines, named for screen readers (announced too when `announce`). */
export function PrintLoading({ label, lines = 8, announce = false }: { label: string; lines?: number; announce?: boolean }) {
  return (
    <div aria-busy="true">
      <span className="sr-only" role={announce ? "status" : undefined}>
        {label}
      </span>
      <Skeleton lines={lines} />
    </div>
  );
}
