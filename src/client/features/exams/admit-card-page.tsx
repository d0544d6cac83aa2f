/**
 * /student/exams/admit-card (issue 18): the hall ticket for the current term's exams, printed on A4 — the
 * institute, the student's photo, name, student ID, programme and term, each exam (subject, day, time,
 * centre), the rules of the hall, and a QR code that opens the public check (/verify/admit/<token>). The QR
 * code comes from the server as SVG and is shown through an <img> (a data: URL: no script, no inline style).
 * The print rules (exams.css) print the card alone.
 */
import { Link } from "wouter";
import { instalmentName, programmeInstalmentName } from "../../../shared/fee-terms.ts";
import { exams } from "../../../shared/i18n/exams.ts";
import { fees } from "../../../shared/i18n/fees.ts";
import { termName } from "../../../shared/terms.ts";
import { formatDate, formatList } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { svgDataUrl } from "../../lib/svg-image.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Fact } from "../../ui/fact.tsx";
import { CalendarIcon, UsersIcon } from "../../ui/icons.tsx";
import { CandidateFacts, ExamPrintPage } from "./exam-print-page.tsx";
import { examDay, examDuration, examTime } from "./exam-time.ts";
import { SheetHead } from "./sheet-head.tsx";

type Card = Extract<RouterOutputs["exams"]["admitCard"], { status: "ready" }>["card"];

export function AdmitCardPage() {
  const t = useT(exams);
  useT(fees); // the instalments' names (shared/fee-terms.ts)
  const query = trpc.exams.admitCard.useQuery(undefined, { staleTime: 60_000 });
  return (
    <ExamPrintPage doc="admit" query={query} printable={(answer) => answer.status === "ready"}>
      {(answer) =>
        answer.status === "blocked" ? (
          // Which instalments hold it, each with its day (one not yet due too), and where to pay (walk 33c: a total alone).
          <Alert tone="warning" title={t("admit.blockedTitle")}>
            <p>{answer.message}</p>
            <ul className="admit-card__owed">
              {answer.owed.map((i) => (
                <li key={i.id}>
                  {t(i.overdue ? "admit.owedOverdue" : "admit.owedDue", {
                    // with its programme when the student owes in two (moved on with arrears: walk 33d)
                    name: new Set(answer.owed.map((o) => o.programme)).size > 1 ? programmeInstalmentName(i) : instalmentName(i),
                    amount: formatMoney(i.outstanding),
                    date: formatDate(i.dueOn, { style: "long" }),
                  })}
                </li>
              ))}
            </ul>
            <p>
              <Link href="~/student/fees">{t("admit.toFees")}</Link>
            </p>
          </Alert>
        ) : answer.status === "none" ? (
          <EmptyState
            icon={<CalendarIcon size={28} />}
            title={t("admit.noneTitle")}
            description={answer.reason === "noProgramme" ? t("admit.noProgramme") : t("admit.noExams")}
          />
        ) : (
          <>
            <AdmitCard card={answer.card} />
            <p className="text-sm text-muted no-print">{t("admit.printTip")}</p>
          </>
        )
      }
    </ExamPrintPage>
  );
}

function AdmitCard({ card }: { card: Card }) {
  const t = useT(exams);
  const term = termName(card.termUnit, card.term);
  // The terms of the papers on it: a student moved on before an earlier term's exam has it on this card too, and
  // the heading says so rather than calling it this term's (walk 32a).
  const papersOf = formatList((card.terms.length ? card.terms : [card.term]).map((n) => termName(card.termUnit, n)));
  return (
    <article className="admit-card print-sheet" aria-labelledby="admit-card-title">
      <SheetHead
        institute={card.institute}
        titleId="admit-card-title"
        title={t("admit.cardTitle")}
        sub={t("admit.examsOf", { term: papersOf })}
      />

      <div className="admit-card__holder">
        {card.photo ? (
          <img className="admit-card__photo" src={card.photo.url} alt={t("admit.photoOf", { name: card.name })} />
        ) : (
          <span className="admit-card__photo admit-card__photo--none" role="img" aria-label={t("admit.noPhoto")}>
            <UsersIcon size={40} />
            <span className="admit-card__photo-note">{t("admit.pastePhoto")}</span>
          </span>
        )}
        <dl className="admit-card__facts">
          <CandidateFacts name={card.name} studentId={card.studentId} programme={card.programme} />
          <Fact label={t("admit.term")}>{term}</Fact>
          <Fact label={t("admit.issued")}>{formatDate(card.issuedAt, { style: "long" })}</Fact>
        </dl>
        <figure className="admit-card__qr">
          <img src={svgDataUrl(card.qrSvg)} alt={t("admit.qrAlt")} width={132} height={132} />
          <figcaption>{t("admit.scan")}</figcaption>
        </figure>
      </div>

      <table className="admit-card__exams">
        <caption className="admit-card__caption">{t("admit.examsCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("col.subject")}</th>
            <th scope="col">{t("col.date")}</th>
            <th scope="col">{t("col.time")}</th>
            <th scope="col">{t("col.centre")}</th>
          </tr>
        </thead>
        <tbody>
          {card.exams.map((e) => (
            <tr key={e.id}>
              <td data-label={t("col.subject")}>
                <span className="admit-card__code">{e.subjectCode}</span> {e.subjectName}
                <span className="admit-card__exam-title">{e.title}</span>
              </td>
              <td data-label={t("col.date")}>{examDay(e.startsLocal, "long")}</td>
              <td data-label={t("col.time")}>
                {examTime(e.startsLocal)}
                <span className="admit-card__exam-title">{examDuration(e.durationMinutes)}</span>
              </td>
              <td data-label={t("col.centre")}>{e.centre}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <section className="admit-card__rules" aria-labelledby="admit-rules-title">
        <h3 id="admit-rules-title">{t("admit.rulesTitle")}</h3>
        <ol>
          <li>{t("admit.rule.bring")}</li>
          <li>{t("admit.rule.early")}</li>
          <li>{t("admit.rule.devices")}</li>
          <li>{t("admit.rule.check")}</li>
        </ol>
      </section>

      <footer className="admit-card__signatures">
        <p>{t("admit.signStudent")}</p>
        <p>{t("admit.signController")}</p>
      </footer>
      <p className="admit-card__verify">{t("admit.verifyAt", { url: card.verifyUrl })}</p>
    </article>
  );
}
