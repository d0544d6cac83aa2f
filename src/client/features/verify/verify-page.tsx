/**
 * /verify/:token — what a printed ID card's QR code opens (docs/decisions/006-id-card.md). Public, no
 * sign-in: it says plainly whether the card is valid, with the holder's name and student ID (to match
 * the card in hand), the photo when the student allows it, and the institute. Nothing else personal.
 * A public route: it imports nothing from the student area.
 */

import { useEffect } from "react";
import { useParams } from "wouter";
import { normaliseError } from "../../lib/errors.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useInstituteInfo, usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { AlertCircleIcon, CheckCircleIcon, MailIcon, PhoneIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";

type Verification = RouterOutputs["verify"]["card"];

export const VERIFY_TEXT = {
  valid: "Valid student ID card",
  invalid: "This card is not valid",
  unknown: "This ID card could not be verified",
  failed: "We could not check this card right now",
} as const;

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
  usePageTitle("Verify ID card");
  useNoIndex();
  const { token = "" } = useParams<{ token: string }>();
  const check = trpc.verify.card.useQuery({ token }, { enabled: token.trim() !== "", staleTime: 0 });
  const status = check.isError ? normaliseError(check.error).status : null;
  const unknown = token.trim() === "" || status === 404 || status === 400;

  return (
    <div className="container container--narrow page-section verify-page">
      <h1 className="page-title">ID card verification</h1>
      <p className="verify-page__lead">This page checks a student identity card issued by the institute.</p>
      {check.data ? (
        <Result result={check.data} checkedAt={new Date(check.dataUpdatedAt)} />
      ) : unknown ? (
        <div className="verify-result verify-result--invalid" role="status">
          <p className="verify-result__status">
            <AlertCircleIcon size={28} />
            <span>{VERIFY_TEXT.unknown}</span>
          </p>
          <p className="verify-result__text">
            No card matches this code. It may have been scanned from a damaged print or typed wrongly. Please contact the institute to check
            the card.
          </p>
          <InstituteContact />
        </div>
      ) : check.isError ? (
        <div className="verify-result verify-result--error" role="alert">
          <p className="verify-result__status">
            <AlertCircleIcon size={28} />
            <span>{VERIFY_TEXT.failed}</span>
          </p>
          <p className="verify-result__text">Please check your connection and try again.</p>
          <Button variant="secondary" loading={check.isFetching} onClick={() => void check.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="verify-result" aria-busy="true">
          <span className="sr-only">Checking the card</span>
          <Skeleton width="70%" height="2rem" />
          <Skeleton lines={3} />
        </div>
      )}
    </div>
  );
}

function Result({ result, checkedAt }: { result: Verification; checkedAt: Date }) {
  const validUntil = calendarDate(result.validUntil);
  return (
    <div className={result.valid ? "verify-result verify-result--valid" : "verify-result verify-result--invalid"} role="status">
      <p className="verify-result__status">
        {result.valid ? <CheckCircleIcon size={28} /> : <AlertCircleIcon size={28} />}
        <span>{result.valid ? VERIFY_TEXT.valid : VERIFY_TEXT.invalid}</span>
      </p>
      <div className="verify-result__holder">
        {result.photo ? <img className="verify-result__photo" src={result.photo.url} alt={`Photo of ${result.name}`} /> : null}
        <dl className="verify-result__facts">
          <div>
            <dt>Name</dt>
            <dd className="verify-result__name">{result.name}</dd>
          </div>
          {result.studentId ? (
            <div>
              <dt>Student ID</dt>
              <dd className="tabular">{result.studentId}</dd>
            </div>
          ) : null}
          <div>
            <dt>Institute</dt>
            <dd>{result.institute.name}</dd>
          </div>
          {result.valid && validUntil ? (
            <div>
              <dt>Valid until</dt>
              <dd>{validUntil}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <p className="verify-result__text">
        {result.valid
          ? "The holder is a current student of the institute. Check that the name, student ID and photo match the card."
          : "This card belongs to an account that is no longer active. Please do not accept it, and contact the institute if you have questions."}
      </p>
      <p className="verify-result__checked">Checked {formatDateTime(checkedAt)}</p>
      <Contacts email={result.institute.email} phones={result.institute.phones} />
    </div>
  );
}

/** For an unknown code there is no answer to take the contacts from: the institute's public details. */
function InstituteContact() {
  const info = useInstituteInfo();
  if (!info.data) return null;
  return <Contacts email={info.data.email} phones={info.data.phones} />;
}

function Contacts({ email, phones }: { email: string | null; phones: readonly string[] }) {
  if (!email && phones.length === 0) return null;
  return (
    <ul className="verify-result__contacts" aria-label="Contact the institute">
      {phones.slice(0, 2).map((phone) => (
        <li key={phone}>
          <PhoneIcon size={18} /> <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>
        </li>
      ))}
      {email ? (
        <li>
          <MailIcon size={18} /> <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
    </ul>
  );
}
