/**
 * The student ID card's two faces at 85.6 × 54 mm proportions (ISO/IEC 7810 ID-1, the bank-card size).
 * Sizes inside are in container units of the card's width, so the screen preview (any width) and the
 * print (exactly 85.6 mm, student.css) are the same card at different scales.
 */
import type { RouterOutputs } from "../../lib/trpc.ts";
import { GraduationCapIcon } from "../../ui/icons.tsx";
import { formatDate, initialOf } from "./format.ts";

export type IdCardData = RouterOutputs["student"]["idCard"];

const dash = (value: string | null | undefined) => (value?.trim() ? value : "—");

export function IdCardFront({ card }: { card: IdCardData }) {
  return (
    <div className="id-card-frame">
      <article className="id-card id-card--front" aria-label="ID card, front">
        <header className="id-card__band">
          <span className="id-card__logo" aria-hidden="true">
            <GraduationCapIcon />
          </span>
          <span className="id-card__institute">
            <span className="id-card__institute-name">{card.institute.name}</span>
            <span className="id-card__caption">Student Identity Card</span>
          </span>
        </header>
        <div className="id-card__body">
          <div className="id-card__photo">
            {card.photo ? (
              <img src={card.photo.url} alt={`Photo of ${card.name}`} />
            ) : (
              <span className="id-card__initial" aria-hidden="true">
                {initialOf(card.name)}
              </span>
            )}
          </div>
          <div className="id-card__details">
            <p className="id-card__name">{card.name}</p>
            <dl className="id-card__fields">
              <div>
                <dt>Student ID</dt>
                <dd className="id-card__id">{card.student_id ?? "Not assigned"}</dd>
              </div>
              <div>
                <dt>Course</dt>
                <dd>{dash(card.course)}</dd>
              </div>
              <div>
                <dt>Blood group</dt>
                <dd>{dash(card.bloodGroup)}</dd>
              </div>
              <div>
                <dt>Valid until</dt>
                <dd>{formatDate(card.validUntil) ?? "—"}</dd>
              </div>
            </dl>
          </div>
        </div>
        <footer className="id-card__footer">
          <span>Academic year {card.academicYear}</span>
          <span>Issued {formatDate(card.issueDate) ?? "—"}</span>
        </footer>
      </article>
    </div>
  );
}

export function IdCardBack({
  card,
  qrSrc,
  qrState,
}: {
  card: IdCardData;
  qrSrc: string | undefined;
  qrState: "loading" | "error" | "ready";
}) {
  const { institute } = card;
  const phone = institute.phones[0];
  return (
    <div className="id-card-frame">
      <article className="id-card id-card--back" aria-label="ID card, back">
        <div className="id-card__back">
          <div className="id-card__qr">
            {qrState === "ready" && qrSrc ? (
              <img src={qrSrc} alt="QR code to verify this card" />
            ) : (
              <span className="id-card__qr-missing">{qrState === "loading" ? "Loading QR code…" : "QR code unavailable"}</span>
            )}
          </div>
          <div className="id-card__back-text">
            <p className="id-card__back-title">Scan to verify</p>
            <p>
              The QR code opens the institute&rsquo;s page that confirms whether this card is valid. The card is valid only while its holder
              is a student of the institute.
            </p>
            <p className="id-card__return">
              <strong>If found, please return to:</strong> {institute.name}
              {institute.address ? `, ${institute.address}` : ""}.{phone ? ` Phone ${phone}.` : ""}
              {institute.email ? ` ${institute.email}` : ""}
            </p>
          </div>
        </div>
        <footer className="id-card__footer id-card__footer--back">
          <span className="id-card__signature">Authorised signatory</span>
        </footer>
      </article>
    </div>
  );
}
