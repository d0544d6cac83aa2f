/**
 * The student's two exam documents (the admit card, the statement of marks): the exams' print frame with the
 * way back, the load failure with a retry, the sheet while it loads, then the document (or why there is none).
 */
import type { ReactNode } from "react";
import { exams } from "../../../shared/i18n/exams.ts";
import { useT } from "../../lib/i18n.tsx";
import { Fact } from "../../ui/fact.tsx";
import { PrintLoading, PrintPage } from "../../ui/print-page.tsx";
import { BackToExams, LoadFailed } from "./student-parts.tsx";

export interface ExamPrintPageProps<T> {
  /**
   * The document, whose words the page reads by one layout of the exams catalogue: `"admit"` reads
   * admit.title (also the browser tab's), admit.lead, admit.print, admit.loadFailed and admit.loading.
   */
  doc: "admit" | "sheet";
  query: { data?: T; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** the answer holds a document to print */
  printable: (answer: T) => boolean;
  children: (answer: T) => ReactNode;
}

export function ExamPrintPage<T>({ doc, query, printable, children }: ExamPrintPageProps<T>) {
  const t = useT(exams);
  const answer = query.data;
  return (
    <PrintPage
      className="exams-page exams-print-page"
      back={<BackToExams />}
      title={t(`${doc}.title`)}
      // "Print it on A4…" only over something to print (walk 33d: it stood over a held card).
      lead={answer === undefined || printable(answer) ? t(`${doc}.lead`) : null}
      printLabel={t(`${doc}.print`)}
      // Answered with nothing to print (held, none ahead): no Print button at all.
      printable={answer === undefined ? false : printable(answer) || "none"}
    >
      {query.isError && answer === undefined ? (
        <LoadFailed message={t(`${doc}.loadFailed`)} busy={query.isFetching} query={query} />
      ) : answer === undefined ? (
        <PrintLoading label={t(`${doc}.loading`)} />
      ) : (
        children(answer)
      )}
    </PrintPage>
  );
}

/** The first facts of both documents: whose they are (the name set larger), the student ID and the programme. */
export function CandidateFacts({ name, studentId, programme }: { name: string; studentId: string | null; programme: string | null }) {
  const t = useT(exams);
  return (
    <>
      <Fact label={t("admit.name")} className="admit-card__name">
        {name}
      </Fact>
      <Fact label={t("admit.studentId")} className="tabular">
        {studentId ?? "—"}
      </Fact>
      <Fact label={t("admit.programme")}>{programme ?? "—"}</Fact>
    </>
  );
}
