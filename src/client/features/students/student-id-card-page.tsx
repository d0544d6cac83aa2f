/**
 * /admin/students/:id/id-card (walk 18): the office prints a student's ID card — for a student without a
 * printer, or a card lost — the very card the student's portal prints (features/student/id-card.tsx), with the
 * same QR code, which the server draws in. An inactive account's card is shown with a warning: its QR code does
 * not verify. The print rules (features/student/id-card.css, layouts/portal.css) print the two faces alone.
 */
import { Link, useParams } from "wouter";
import { roster } from "../../../shared/i18n/roster.ts";
import { student as studentWords } from "../../../shared/i18n/student.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { svgDataUrl } from "../../lib/svg-image.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { PrintLoading, PrintPage } from "../../ui/print-page.tsx";
import { IdCardBack, IdCardFront } from "../student/id-card.tsx";

const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,11}$/.test(raw) ? Number(raw) : null);

export default function StudentIdCardPage() {
  const t = useT(roster);
  const words = useT(studentWords);
  const id = idOf(useParams<{ id: string }>().id);
  // Read afresh at each opening: a student deactivated a minute ago must not print as active.
  const query = trpc.students.idCard.useQuery({ id: id ?? 0 }, { enabled: id !== null, retry: false, staleTime: 0 });
  const card = query.isFetchedAfterMount ? query.data : undefined;
  const missing = id === null || (query.isError && query.error.data?.code === "NOT_FOUND");
  return (
    <PrintPage
      className="id-card-page"
      back={
        <Link href="/students" className="ops-link no-print">
          ← {t("card.back")}
        </Link>
      }
      title={card ? t("card.title", { name: card.name }) : t("card.titlePlain")}
      lead={card ? t("card.lead", { year: card.academicYear, date: formatDate(card.validUntil, { style: "long" }) }) : t("card.leadPlain")}
      printLabel={words("card.print")}
      printable={Boolean(card)}
    >
      {missing ? (
        <EmptyState title={t("card.missing")} />
      ) : query.isError ? (
        <ListLoadError message={t("card.failed")} query={query} />
      ) : !card ? (
        <PrintLoading label={t("card.loading")} lines={6} announce />
      ) : (
        <>
          {card.isActive ? null : <Alert tone="warning">{t("card.inactive", { name: card.name })}</Alert>}
          <section className="id-card-sheet" aria-label={t("card.sheet", { name: card.name })}>
            <IdCardFront card={card} />
            <IdCardBack card={card} qrSrc={svgDataUrl(card.qrSvg)} qrState="ready" />
          </section>
          <p className="id-card-notes text-sm text-muted">{t("card.tip")}</p>
        </>
      )}
    </PrintPage>
  );
}
