/**
 * The student ID card's two faces at 85.6 × 54 mm proportions (ISO/IEC 7810 ID-1, the bank-card size).
 * Sizes inside are in container units of the card's width, so the screen preview (any width) and the
 * print (exactly 85.6 mm, id-card.css) are the same card at different scales.
 */

import { useLayoutEffect, useRef, useState } from "react";
import { student } from "../../../shared/i18n/student.ts";
import { useT } from "../../lib/i18n.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Fact } from "../../ui/fact.tsx";
import { GraduationCapIcon } from "../../ui/icons.tsx";
import { formatDate, initialOf } from "./format.ts";

export type IdCardData = RouterOutputs["student"]["idCard"];

const dash = (value: string | null | undefined) => (value?.trim() ? value : "—");

/** The name's sizes, largest first (id-card.css). */
const NAME_SIZES = ["", "id-card__name--long", "id-card__name--longer", "id-card__name--longest", "id-card__name--smallest"];

/**
 * A long name is set smaller, so that it keeps to the height of two full-size lines (id-card.css). Its length
 * leaves out the marks written over, under or beside a letter (Devanagari's vowel signs): they take no width
 * of their own.
 */
function nameSize(name: string): string {
  const length = name.replace(/\p{M}/gu, "").length;
  return NAME_SIZES[length > 100 ? 3 : length > 60 ? 2 : length > 30 ? 1 : 0]!;
}

/**
 * The name's size on the card: `nameSize`, then one step smaller while the last field still stands below the
 * card's body (a name of long words takes more lines than its length says). Measured on screen; the card's
 * sizes are all in its own width's units, so the print keeps the proportions.
 */
function useNameThatFits(name: string) {
  const body = useRef<HTMLDivElement>(null);
  const first = NAME_SIZES.indexOf(nameSize(name));
  const [fit, setFit] = useState({ name, step: first });
  const step = fit.name === name ? fit.step : first;
  useLayoutEffect(() => {
    const box = body.current;
    const last = box?.querySelector(".id-card__fields > :last-child");
    if (!box || !last || step >= NAME_SIZES.length - 1) return;
    if (last.getBoundingClientRect().bottom > box.getBoundingClientRect().bottom + 0.5) setFit({ name, step: step + 1 });
  });
  return { body, size: NAME_SIZES[step] };
}

export function IdCardFront({ card }: { card: IdCardData }) {
  const t = useT(student);
  const name = useNameThatFits(card.name);
  return (
    <div className="id-card-frame">
      <article className="id-card id-card--front" aria-label={t("card.front")}>
        <header className="id-card__band">
          <span className="id-card__logo" aria-hidden="true">
            <GraduationCapIcon />
          </span>
          <span className="id-card__institute">
            <span className="id-card__institute-name">{card.institute.name}</span>
            <span className="id-card__caption">{t("card.caption")}</span>
          </span>
        </header>
        <div className="id-card__body" ref={name.body}>
          <div className="id-card__photo">
            {card.photo ? (
              <img src={card.photo.url} alt={t("card.photoOf", { name: card.name })} />
            ) : (
              <span className="id-card__initial" aria-hidden="true">
                {initialOf(card.name)}
              </span>
            )}
          </div>
          <div className="id-card__details">
            <p className={`id-card__name ${name.size}`.trim()}>{card.name}</p>
            <dl className="id-card__fields">
              <Fact label={t("card.studentId")} className="id-card__id">
                {card.student_id ?? t("notAssigned")}
              </Fact>
              <Fact label={t("card.course")}>{dash(card.course)}</Fact>
              <Fact label={t("card.bloodGroup")}>{dash(card.bloodGroup)}</Fact>
              <Fact label={t("card.validUntil")}>{formatDate(card.validUntil) ?? "—"}</Fact>
            </dl>
          </div>
        </div>
        <footer className="id-card__footer">
          <span>{t("card.year", { year: card.academicYear })}</span>
          <span>{t("card.issued", { date: formatDate(card.issueDate) ?? "—" })}</span>
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
  const t = useT(student);
  const { institute } = card;
  const phone = institute.phones[0];
  return (
    <div className="id-card-frame">
      <article className="id-card id-card--back" aria-label={t("card.back")}>
        <div className="id-card__back">
          <div className="id-card__qr">
            {qrState === "ready" && qrSrc ? (
              <img src={qrSrc} alt={t("card.qrAlt")} />
            ) : (
              <span className="id-card__qr-missing">{qrState === "loading" ? t("card.qrLoading") : t("card.qrMissing")}</span>
            )}
          </div>
          <div className="id-card__back-text">
            <p className="id-card__back-title">{t("card.scan")}</p>
            <p>{t("card.scanText")}</p>
            <p className="id-card__return">
              <strong>{t("card.return")}</strong> {institute.name}
              {institute.address ? `, ${institute.address}` : ""}
              {t("sentenceEnd")}
              {phone ? ` ${t("card.phone", { phone })}` : ""}
              {institute.email ? ` ${institute.email}` : ""}
            </p>
          </div>
        </div>
        <footer className="id-card__footer id-card__footer--back">
          <span className="id-card__signature">{t("card.signatory")}</span>
        </footer>
      </article>
    </div>
  );
}
