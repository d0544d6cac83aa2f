/**
 * The student's two exam documents (the admit card, the statement of marks): the exams' print frame with the
 * way back, the load failure with a retry, the sheet while it loads, then the document (or why there is none).
 */
import type { ReactNode } from "react";
import { PrintLoading, PrintPage } from "../../ui/print-page.tsx";
import { BackToExams, LoadFailed } from "./student-parts.tsx";

export interface ExamPrintPageProps<T> {
  query: { data?: T; isError: boolean; isFetching: boolean; refetch: () => unknown };
  title: string;
  lead: string;
  printLabel: string;
  /** what to say when it could not load, and while it loads */
  failed: string;
  loading: string;
  /** the answer holds a document to print */
  printable: (answer: T) => boolean;
  children: (answer: T) => ReactNode;
}

export function ExamPrintPage<T>({ query, title, lead, printLabel, failed, loading, printable, children }: ExamPrintPageProps<T>) {
  const answer = query.data;
  return (
    <PrintPage
      className="exams-page exams-print-page"
      back={<BackToExams />}
      title={title}
      lead={lead}
      printLabel={printLabel}
      printable={answer !== undefined && printable(answer)}
    >
      {query.isError && answer === undefined ? (
        <LoadFailed message={failed} busy={query.isFetching} query={query} />
      ) : answer === undefined ? (
        <PrintLoading label={loading} />
      ) : (
        children(answer)
      )}
    </PrintPage>
  );
}
