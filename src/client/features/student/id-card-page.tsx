/**
 * /student/id-card (spec part 1 §2; docs/decisions/006-id-card.md): the card's front and back with a
 * print button. The print rules (student.css, "ID card") print only the two faces, each on
 * its own 85.6 × 54 mm page.
 */
import { Link } from "wouter";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { FileIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { formatDate } from "./format.ts";
import { IdCardBack, IdCardFront } from "./id-card.tsx";
import { useIdCardQr } from "./use-id-card-qr.ts";

export const ID_CARD_LOAD_FAILED = "We could not load your ID card. Please check your connection and try again.";

export default function StudentIdCardPage() {
  usePageTitle("ID Card");
  const card = trpc.student.idCard.useQuery();
  const qr = useIdCardQr(card.data?.verifyUrl);
  const data = card.data;
  const qrState = qr.isError ? "error" : qr.data ? "ready" : "loading";

  return (
    <div className="page-stack id-card-page">
      <header className="page-header student-page-header">
        <div>
          <h1>ID Card</h1>
          <p>
            {data
              ? `Your student identity card for the academic year ${data.academicYear}, valid until ${formatDate(data.validUntil, true)}.`
              : "Your student identity card."}
          </p>
        </div>
        <Button onClick={() => window.print()} disabled={!data || qrState === "loading"}>
          <FileIcon size={18} /> Print ID Card
        </Button>
      </header>

      {card.isError ? (
        <Alert tone="error" title="Something went wrong">
          <p>{ID_CARD_LOAD_FAILED}</p>
          <Button variant="secondary" size="sm" className="student-retry" loading={card.isFetching} onClick={() => void card.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {data ? (
        <>
          <section className="id-card-sheet" aria-label="Your ID card">
            <IdCardFront card={data} />
            <IdCardBack card={data} qrSrc={qr.data} qrState={qrState} />
          </section>
          {qr.isError ? (
            <Alert tone="warning">
              The QR code could not be loaded, so a printed card could not be checked.{" "}
              <button type="button" className="link-button" onClick={() => void qr.refetch()}>
                Load it again
              </button>
            </Alert>
          ) : null}
          <div className="id-card-notes">
            <h2 className="id-card-notes__title">Printing your card</h2>
            <ul>
              <li>Press Print ID Card. Each side prints on its own card-sized page (85.6 × 54 mm).</li>
              <li>
                In the print window, keep the scale at 100% (&ldquo;Actual size&rdquo;) and turn on background graphics for the colours.
              </li>
              <li>
                {data.photo
                  ? "Your photo comes from your profile."
                  : "Your card has no photo yet: add one on your profile page, and it appears here at once."}
              </li>
              <li>
                The card renews itself each academic year while your account is active; print it again after 1 June. The QR code on an older
                print still works.
              </li>
              <li>
                Anyone who scans the QR code sees only whether the card is valid, your name and student ID, and your photo unless you{" "}
                <Link href="/settings?tab=security">turn that off in Settings</Link>.
              </li>
            </ul>
          </div>
        </>
      ) : card.isError ? null : (
        <div className="id-card-sheet" aria-busy="true">
          <span className="sr-only">Loading your ID card</span>
          {[0, 1].map((i) => (
            <div key={i} className="id-card-frame">
              <Skeleton className="id-card id-card--skeleton" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
