/**
 * /verify/:token — what a printed ID card's QR code opens (docs/decisions/006-id-card.md). Public, no
 * sign-in: it says plainly whether the card is valid, with the holder's name and student ID (to match
 * the card in hand), the photo when the student allows it, and the institute. Nothing else personal.
 * /verify/admit/:token does the same for an exam admit card (issue 18, docs/studies/exams.md), with the
 * programme, term and the exams it admits to. One page module for both, so no chunk is added.
 * A public route: it imports nothing from the student area.
 */

import { useEffect } from "react";
import { useParams } from "wouter";
import { common } from "../../../shared/i18n/common.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { verify } from "../../../shared/i18n/verify.ts";
import { normaliseError } from "../../lib/errors.ts";
import { formatDate, formatDateTime, formatTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { wallClock } from "../../lib/institute-clock.ts";
import { mailHref, telHref } from "../../lib/links.ts";
import { useInstituteInfo, usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { Fact } from "../../ui/fact.tsx";
import { AlertCircleIcon, CheckCircleIcon, MailIcon, PhoneIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";

type Verification = RouterOutputs["verify"]["card"];
type AdmitVerification = RouterOutputs["exams"]["verifyAdmit"];

/** The outcomes' headlines, in the reader's language (read at each use). */
export const VERIFY_TEXT = labelsOf(["valid", "invalid", "unknown", "failed"], (key) => verify.t(key));

/** A `YYYY-MM-DD` validity date as "31 May 2027"; null for anything else. */
const calendarDate = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, { style: "long" }) || null : null;

/** Search engines should not list verification pages (the API says the same with X-Robots-Tag). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

export default function VerifyCardPage() {
  // The route is /verify/* (routes.tsx): "<token>" for an ID card, "admit/<token>" for an admit card.
  const { "*": rest = "" } = useParams<{ "*": string }>();
  const admit = /^admit\/(.*)$/.exec(rest);
  return admit ? <AdmitCardCheck token={admit[1] ?? ""} /> : <IdCardCheck token={rest} />;
}

/**
 * One check's page, whatever is checked: the answer when it comes, "unknown" for a token the server does
 * not know (or none), a retry when the check itself failed, a skeleton meanwhile.
 */
function CheckPage<T>({
  check,
  token,
  words,
  children,
}: {
  check: { data?: T; dataUpdatedAt: number; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  token: string;
  /**
   * Where the check's words sit in the catalogue, by one layout: "" for the ID card's (pageTitle, title, lead,
   * unknown, unknownText, checking), "admit." for the admit card's (admit.pageTitle …).
   */
  words: "" | "admit.";
  children: (result: T, checkedAt: string) => React.ReactNode;
}) {
  const t = useT(verify);
  const tCommon = useT(common);
  usePageTitle(t(`${words}pageTitle`));
  useNoIndex();
  const status = check.isError ? normaliseError(check.error).status : null;
  const unknown = token.trim() === "" || status === 404 || status === 400;
  return (
    <div className="container container--narrow page-section verify-page">
      <h1 className="page-title">{t(`${words}title`)}</h1>
      <p className="verify-page__lead">{t(`${words}lead`)}</p>
      {check.data ? (
        children(check.data, new Date(check.dataUpdatedAt).toISOString())
      ) : unknown ? (
        <div className="verify-result verify-result--invalid" role="status">
          <p className="verify-result__status">
            <AlertCircleIcon size={28} />
            <span>{t(`${words}unknown`)}</span>
          </p>
          <p className="verify-result__text">{t(`${words}unknownText`)}</p>
          <InstituteContact />
        </div>
      ) : check.isError ? (
        <div className="verify-result verify-result--error" role="alert">
          <p className="verify-result__status">
            <AlertCircleIcon size={28} />
            <span>{VERIFY_TEXT.failed}</span>
          </p>
          <p className="verify-result__text">{t("tryAgain")}</p>
          <Button variant="secondary" loading={check.isFetching} onClick={() => void check.refetch()}>
            {tCommon("tryAgain")}
          </Button>
        </div>
      ) : (
        <div className="verify-result" aria-busy="true">
          <span className="sr-only">{t(`${words}checking`)}</span>
          <Skeleton width="70%" height="2rem" />
          <Skeleton lines={3} />
        </div>
      )}
    </div>
  );
}

function IdCardCheck({ token }: { token: string }) {
  const check = trpc.verify.card.useQuery({ token }, { enabled: token.trim() !== "", staleTime: 0 });
  return (
    <CheckPage check={check} token={token} words="">
      {(result, checkedAt) => <Result result={result} checkedAt={checkedAt} />}
    </CheckPage>
  );
}

/** What both checks' answers show of the holder. */
type Holder = Pick<Verification, "valid" | "photo" | "name" | "studentId" | "institute">;

/**
 * A check's answer, whatever was checked: valid or not, the holder's photo, name and student ID with the
 * check's own facts, what it means (and what more it admits to), when it was checked, whom to ask.
 */
function Answer({
  result,
  checkedAt,
  headline,
  facts,
  text,
  children,
}: {
  result: Holder;
  /** when the answer came (an instant: written on the institute's clock) */
  checkedAt: string;
  headline: string;
  /** the facts after the name and student ID */
  facts: React.ReactNode;
  text: string;
  /** after the text (the exams an admit card admits to) */
  children?: React.ReactNode;
}) {
  const t = useT(verify);
  return (
    <div className={result.valid ? "verify-result verify-result--valid" : "verify-result verify-result--invalid"} role="status">
      <p className="verify-result__status">
        {result.valid ? <CheckCircleIcon size={28} /> : <AlertCircleIcon size={28} />}
        <span>{headline}</span>
      </p>
      <div className="verify-result__holder cluster cluster--top">
        {result.photo ? <img className="verify-result__photo" src={result.photo.url} alt={t("photoOf", { name: result.name })} /> : null}
        <dl className="verify-result__facts">
          <Fact label={t("name")} className="verify-result__name">
            {result.name}
          </Fact>
          {result.studentId ? (
            <Fact label={t("studentId")} className="tabular">
              {result.studentId}
            </Fact>
          ) : null}
          {facts}
        </dl>
      </div>
      <p className="verify-result__text">{text}</p>
      {children}
      <p className="verify-result__checked">{t("checked", { time: formatDateTime(checkedAt) })}</p>
      <Contacts email={result.institute.email} phones={result.institute.phones} />
    </div>
  );
}

function Result({ result, checkedAt }: { result: Verification; checkedAt: string }) {
  const t = useT(verify);
  const validUntil = calendarDate(result.validUntil);
  return (
    <Answer
      result={result}
      checkedAt={checkedAt}
      headline={result.valid ? VERIFY_TEXT.valid : VERIFY_TEXT.invalid}
      facts={
        <>
          <Fact label={t("institute")}>{result.institute.name}</Fact>
          {result.valid && validUntil ? <Fact label={t("validUntil")}>{validUntil}</Fact> : null}
        </>
      }
      text={result.valid ? t("validText") : t("invalidText")}
    />
  );
}

/** An exam's day and time as the institute's clock shows them ("YYYY-MM-DDTHH:MM"), whatever this device's zone. */
function examWhen(local: string): string {
  const at = wallClock(local);
  return `${formatDate(at, { style: "long" })}, ${formatTime(at)}`;
}

/** /verify/admit/:token: an exam admit card's check (the same outcomes as the ID card's). */
function AdmitCardCheck({ token }: { token: string }) {
  const check = trpc.exams.verifyAdmit.useQuery({ token }, { enabled: token.trim() !== "", staleTime: 0 });
  return (
    <CheckPage check={check} token={token} words="admit.">
      {(result, checkedAt) => <AdmitResult result={result} checkedAt={checkedAt} />}
    </CheckPage>
  );
}

function AdmitResult({ result, checkedAt }: { result: AdmitVerification; checkedAt: string }) {
  const t = useT(verify);
  return (
    <Answer
      result={result}
      checkedAt={checkedAt}
      headline={result.valid ? t("admit.valid") : t("admit.invalid")}
      facts={
        <>
          <Fact label={t("admit.programme")}>{result.programme}</Fact>
          <Fact label={t("admit.term")}>{t(result.termUnit === "year" ? "admit.year" : "admit.semester", { term: result.term })}</Fact>
          <Fact label={t("institute")}>{result.institute.name}</Fact>
        </>
      }
      text={result.valid ? t("admit.validText") : t(result.reason === "onHold" ? "admit.onHoldText" : "admit.invalidText")}
    >
      {result.valid ? (
        <section className="verify-exams" aria-labelledby="verify-exams-title">
          <h2 id="verify-exams-title" className="verify-exams__title">
            {t("admit.exams")}
          </h2>
          {result.exams.length === 0 ? (
            <p className="verify-result__text">{t("admit.noExams")}</p>
          ) : (
            <ul className="verify-exams__list list-plain">
              {result.exams.map((e) => (
                <li key={e.id}>
                  <p className="verify-exams__subject">
                    <span className="tabular">{e.subjectCode}</span> {e.subjectName}
                  </p>
                  <p className="verify-exams__meta">
                    <span className="sr-only">{t("admit.when")}: </span>
                    {examWhen(e.startsLocal)} · <span className="sr-only">{t("admit.centre")}: </span>
                    {e.centre}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </Answer>
  );
}

/** For an unknown code there is no answer to take the contacts from: the institute's public details. */
function InstituteContact() {
  const info = useInstituteInfo();
  if (!info.data) return null;
  return <Contacts email={info.data.email} phones={info.data.phones} />;
}

function Contacts({ email, phones }: { email: string | null; phones: readonly string[] }) {
  const t = useT(verify);
  if (!email && phones.length === 0) return null;
  return (
    <ul className="verify-result__contacts" aria-label={t("contact")}>
      {phones.slice(0, 2).map((phone) => (
        <li key={phone}>
          <PhoneIcon size={18} /> <a href={telHref(phone)}>{phone}</a>
        </li>
      ))}
      {email ? (
        <li>
          <MailIcon size={18} /> <a href={mailHref(email)}>{email}</a>
        </li>
      ) : null}
    </ul>
  );
}
