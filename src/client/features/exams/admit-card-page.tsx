/**
 * /student/exams/admit-card (issue 18): the hall ticket for the current term's exams, printed on A4 — the
 * institute, the student's photo, name, student ID, programme and term, each exam (subject, day, time,
 * centre), the rules of the hall, and a QR code that opens the public check (/verify/admit/<token>). The QR
 * code comes from the server as SVG and is shown through an <img> (a data: URL: no script, no inline style).
 * The print rules (exams.css) print the card alone.
 */
import { exams } from "../../../shared/i18n/exams.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CalendarIcon, FileIcon, UsersIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { examDay, examDuration, examTime, termName } from "./exam-time.ts";
import { BackToExams, LoadFailed, svgDataUrl } from "./student-parts.tsx";

type Card = Extract<RouterOutputs["exams"]["admitCard"], { status: "ready" }>["card"];

export function AdmitCardPage() {
  const t = useT(exams);
  usePageTitle(t("admit.title"));
  const query = trpc.exams.admitCard.useQuery(undefined, { staleTime: 60_000 });
  const answer = query.data;
  const ready = answer?.status === "ready";
  return (
    <div className="page-stack exams-page exams-print-page">
      <BackToExams />
      <header className="page-header student-page-header">
        <div>
          <h1>{t("admit.title")}</h1>
          <p>{t("admit.lead")}</p>
        </div>
        <Button onClick={() => window.print()} disabled={!ready}>
          <FileIcon size={18} /> {t("admit.print")}
        </Button>
      </header>
      {query.isError && !answer ? (
        <LoadFailed message={t("admit.loadFailed")} busy={query.isFetching} onRetry={() => void query.refetch()} />
      ) : !answer ? (
        <div aria-busy="true">
          <span className="sr-only">{t("admit.loading")}</span>
          <Skeleton lines={8} />
        </div>
      ) : answer.status === "blocked" ? (
        <Alert tone="warning" title={t("admit.blockedTitle")}>
          {answer.message}
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
      )}
    </div>
  );
}

function AdmitCard({ card }: { card: Card }) {
  const t = useT(exams);
  const term = termName(card.term, card.termUnit);
  return (
    <article className="admit-card print-sheet" aria-labelledby="admit-card-title">
      <header className="admit-card__head">
        <div>
          <p className="admit-card__institute">{card.institute.name}</p>
          {card.institute.address ? <p className="admit-card__address">{card.institute.address}</p> : null}
        </div>
        <div className="admit-card__heading">
          <h2 id="admit-card-title" className="admit-card__title">
            {t("admit.cardTitle")}
          </h2>
          <p className="admit-card__term">{t("admit.examsOf", { term })}</p>
        </div>
      </header>

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
          <div>
            <dt>{t("admit.name")}</dt>
            <dd className="admit-card__name">{card.name}</dd>
          </div>
          <div>
            <dt>{t("admit.studentId")}</dt>
            <dd className="tabular">{card.studentId ?? "—"}</dd>
          </div>
          <div>
            <dt>{t("admit.programme")}</dt>
            <dd>{card.programme}</dd>
          </div>
          <div>
            <dt>{t("admit.term")}</dt>
            <dd>{term}</dd>
          </div>
          <div>
            <dt>{t("admit.issued")}</dt>
            <dd>{formatDate(card.issuedAt, { style: "long" })}</dd>
          </div>
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
