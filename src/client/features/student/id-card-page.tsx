/**
 * /student/id-card (spec part 1 §2; docs/decisions/006-id-card.md): the card's front and back with a
 * print button. The print rules (id-card.css) print only the two faces, each on
 * its own 85.6 × 54 mm page.
 */
import { Link } from "wouter";
import { student } from "../../../shared/i18n/student.ts";
import { addDays } from "../../../shared/schemas/common.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { PortalLoadError } from "../../ui/load-error.tsx";
import { PrintPage } from "../../ui/print-page.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { formatDate } from "./format.ts";
import { IdCardBack, IdCardFront } from "./id-card.tsx";
import { useIdCardQr } from "./use-id-card-qr.ts";

export default function StudentIdCardPage() {
  const t = useT(student);
  const card = trpc.student.idCard.useQuery();
  const qr = useIdCardQr(card.data?.verifyUrl);
  const data = card.data;
  const qrState = qr.isError ? "error" : qr.data ? "ready" : "loading";

  return (
    <PrintPage
      className="id-card-page"
      title={t("card.title")}
      lead={data ? t("card.leadYear", { year: data.academicYear, date: formatDate(data.validUntil, true) ?? "" }) : t("card.lead")}
      printLabel={t("card.print")}
      printable={Boolean(data) && qrState !== "loading"}
    >
      {card.isError ? <PortalLoadError title={t("dashboard.failedTitle")} message={t("card.failed")} query={card} /> : null}

      {data ? (
        <>
          <section className="id-card-sheet" aria-label={t("card.yours")}>
            <IdCardFront card={data} />
            <IdCardBack card={data} qrSrc={qr.data} qrState={qrState} />
          </section>
          {qr.isError ? (
            <Alert tone="warning">
              {t("card.qrFailed")}{" "}
              <button type="button" className="link-button" onClick={() => void qr.refetch()}>
                {t("card.qrRetry")}
              </button>
            </Alert>
          ) : null}
          <div className="id-card-notes">
            <h2 className="id-card-notes__title">{t("card.printing")}</h2>
            <ul>
              <li>{t("card.tip.print")}</li>
              <li>{t("card.tip.scale")}</li>
              <li>{data.photo ? t("card.tip.photo") : t("card.tip.noPhoto")}</li>
              {/* The next year's card starts the day after this one ends: the academic year's start as Settings has it
                  (walk 33a: "after 1 June" was written in, under a card valid to 30 June). */}
              <li>{t("card.tip.renew", { date: formatDate(addDays(data.validUntil, 1), true) ?? "" })}</li>
              <li>
                {t("card.tip.privacy")} <Link href="/settings?tab=security">{t("card.tip.privacyLink")}</Link>
                {t("sentenceEnd")}
              </li>
            </ul>
          </div>
        </>
      ) : card.isError ? null : (
        <div className="id-card-sheet" aria-busy="true">
          <span className="sr-only">{t("card.loading")}</span>
          {[0, 1].map((i) => (
            <div key={i} className="id-card-frame">
              <Skeleton className="id-card id-card--skeleton" />
            </div>
          ))}
        </div>
      )}
    </PrintPage>
  );
}
