/**
 * /student/exams/marksheet (issue 18): a printable statement of every published result — by term, each
 * exam's marks out of the maximum with pass or fail, each term's totals, and the overall total and
 * percentage. The print rules (exams.css) print the statement alone on A4.
 */
import { exams } from "../../../shared/i18n/exams.ts";
import { termName } from "../../../shared/terms.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Fact } from "../../ui/fact.tsx";
import { FileIcon } from "../../ui/icons.tsx";
import { CandidateFacts, ExamPrintPage } from "./exam-print-page.tsx";
import { examDay } from "./exam-time.ts";
import { SheetHead } from "./sheet-head.tsx";
import { ResultBadge } from "./student-parts.tsx";

type Sheet = RouterOutputs["exams"]["marksheet"];
type Totals = Sheet["overall"];

const percentText = (totals: Totals) => (totals.percent === null ? "—" : `${formatNumber(totals.percent)}%`);

export function MarksheetPage() {
  const t = useT(exams);
  const query = trpc.exams.marksheet.useQuery(undefined, { staleTime: 60_000 });
  const any = (sheet: Sheet) => sheet.overall.count > 0;
  return (
    <ExamPrintPage doc="sheet" query={query} printable={any}>
      {(sheet) =>
        any(sheet) ? (
          <Statement sheet={sheet} />
        ) : (
          <EmptyState icon={<FileIcon size={28} />} title={t("my.noResultsTitle")} description={t("sheet.none")} />
        )
      }
    </ExamPrintPage>
  );
}

function Statement({ sheet }: { sheet: Sheet }) {
  const t = useT(exams);
  return (
    <article className="marksheet print-sheet" aria-labelledby="marksheet-title">
      <SheetHead
        institute={sheet.institute}
        titleId="marksheet-title"
        title={t("sheet.cardTitle")}
        sub={t("sheet.prepared", { date: formatDate(sheet.preparedOn, { style: "long" }) })}
      />
      <dl className="marksheet__facts">
        <CandidateFacts name={sheet.student.name} studentId={sheet.student.studentId} programme={sheet.student.programme} />
      </dl>

      {sheet.terms.map((term) => {
        const name = termName(sheet.student.termUnit, term.term);
        return (
          <section key={term.term} className="marksheet__term" aria-labelledby={`marksheet-term-${term.term}`}>
            <h3 id={`marksheet-term-${term.term}`}>{name}</h3>
            <table className="marksheet__table">
              <caption className="sr-only">{t("sheet.termCaption", { term: name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("col.subject")}</th>
                  <th scope="col">{t("col.exam")}</th>
                  <th scope="col" className="marksheet__num">
                    {t("col.marks")}
                  </th>
                  <th scope="col" className="marksheet__num">
                    {t("col.max")}
                  </th>
                  <th scope="col">{t("col.result")}</th>
                </tr>
              </thead>
              <tbody>
                {term.results.map((r) => (
                  <tr key={r.examId}>
                    <td data-label={t("col.subject")}>
                      <span className="admit-card__code">{r.subjectCode}</span> {r.subjectName}
                    </td>
                    <td data-label={t("col.exam")}>
                      {r.title}
                      <span className="admit-card__exam-title">{examDay(`${r.date}T00:00`)}</span>
                    </td>
                    <td data-label={t("col.marks")} className="marksheet__num">
                      {r.absent ? t("result.absentShort") : formatNumber(r.marks ?? 0)}
                    </td>
                    <td data-label={t("col.max")} className="marksheet__num">
                      {formatNumber(r.maxMarks)}
                    </td>
                    <td data-label={t("col.result")}>
                      <ResultBadge result={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    {t("sheet.termTotal", { term: name })}
                  </th>
                  {/* Labelled like the rows above, for the stacked cards of a phone (twelfth walk: bare numbers). */}
                  <td data-label={t("col.marks")} className="marksheet__num">
                    {formatNumber(term.totals.marks)}
                  </td>
                  <td data-label={t("col.max")} className="marksheet__num">
                    {formatNumber(term.totals.max)}
                  </td>
                  <td data-label={t("sheet.percentage")}>{percentText(term.totals)}</td>
                </tr>
              </tfoot>
            </table>
          </section>
        );
      })}

      <dl className="marksheet__overall" aria-label={t("sheet.overall")}>
        <Fact label={t("sheet.total")}>{t("result.marksOf", { marks: sheet.overall.marks, max: sheet.overall.max })}</Fact>
        <Fact label={t("sheet.percentage")}>{percentText(sheet.overall)}</Fact>
        <Fact label={t("sheet.passed")}>{t("sheet.passedOf", { passed: sheet.overall.passed, count: sheet.overall.count })}</Fact>
      </dl>
      <p className="admit-card__verify">{t("sheet.note")}</p>
    </article>
  );
}
