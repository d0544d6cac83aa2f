/**
 * The e-mailed 6-digit code that unlocks the full application for 30 minutes (DECISIONS 7). Opening the
 * dialog sends a code (unless one went to the same address in the last five minutes); resend is offered
 * after 60 seconds. The grant it yields lives in memory only.
 */

import { type FormEvent, useEffect, useState } from "react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { CODE_LENGTH, CODE_LIFETIME_SECONDS, CODE_RESEND_AFTER_SECONDS } from "../../../shared/constants.ts";
import { status as statusNs } from "../../../shared/i18n/status.ts";
import { emailAddress } from "../../../shared/schemas/common.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkInput } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { richText } from "../../lib/rich-text.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { CodeField, EmailInput } from "../../ui/field.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { maskEmail } from "./status-format.ts";

export interface AccessGrant {
  token: string;
  applicationId: number;
  /** ms since the epoch; a little before the server's own expiry */
  expiresAt: number;
}

export const isGrantLive = (grant: AccessGrant | null, now = Date.now()): grant is AccessGrant => !!grant && grant.expiresAt > now;

/**
 * The grant outlives a page reload for its 30 minutes (issue 14.6): kept in this tab's sessionStorage with
 * the lookup it belongs to, gone when the tab closes, when it expires or when the server refuses it.
 */
const GRANT_KEY = "admission-access";
export interface StoredGrant extends AccessGrant {
  query: string;
}

export function saveGrant(grant: AccessGrant, query: string) {
  try {
    sessionStorage.setItem(GRANT_KEY, JSON.stringify({ ...grant, query } satisfies StoredGrant));
  } catch {
    // Storage off (private mode): the grant lasts until the page is left, as before.
  }
}

export function forgetGrant() {
  try {
    sessionStorage.removeItem(GRANT_KEY);
  } catch {
    // nothing stored
  }
}

export function restoreGrant(now = Date.now()): StoredGrant | null {
  let stored: Partial<StoredGrant> | null = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(GRANT_KEY) ?? "null") as Partial<StoredGrant> | null;
  } catch {
    stored = null;
  }
  const ok =
    stored !== null &&
    typeof stored.token === "string" &&
    typeof stored.applicationId === "number" &&
    typeof stored.expiresAt === "number" &&
    typeof stored.query === "string" &&
    stored.expiresAt > now;
  if (!ok) {
    forgetGrant();
    return null;
  }
  return stored as StoredGrant;
}

interface Sent {
  email: string;
  at: number;
}

export function AccessCodeDialog({
  open,
  email,
  onClose,
  onVerified,
}: {
  open: boolean;
  /** the address the status was looked up with; null asks for it first */
  email: string | null;
  onClose: () => void;
  onVerified: (grant: AccessGrant) => void;
}) {
  const t = useT(statusNs);
  const [typedEmail, setTypedEmail] = useState("");
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const requestCode = trpc.admissions.requestAccessCode.useMutation();
  const verifyCode = trpc.admissions.verifyAccessCode.useMutation();

  // One code request at a time, from opening, Send code or Resend (lib/one-at-a-time.ts): a double click comes before busy shows.
  const requesting = useOneAtATime();
  const send = (address: string, resend = false) => {
    void requesting.run(async () => {
      setError(null);
      try {
        await requestCode.mutateAsync({ email: address });
        const at = Date.now();
        setSent({ email: address, at });
        setNow(at);
        setCode("");
      } catch (err) {
        const failure = normaliseError(err);
        // Too many codes asked for: one e-mailed earlier still works, and can be typed (walk 18: after a reload the
        // code box stayed closed while the last e-mail's code was valid).
        setError(
          failure.status === 429
            ? `${failure.message} ${t("code.earlierStillWorks")}`
            : resend
              ? t("code.resendFailed")
              : t("code.sendFailed"),
        );
      }
    });
  };

  // Opening sends a code, unless a live one already went to this address.
  useEffect(() => {
    if (!open || !email) return;
    const fresh = sent && sent.email === email && Date.now() - sent.at < CODE_LIFETIME_SECONDS * 1000;
    if (!fresh && !requestCode.isPending) void send(email);
    // Only opening (or a different address) sends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, email]);

  // Once a code is on its way, the code box is where the person types next.
  useEffect(() => {
    if (open && sent) document.getElementById("access-code")?.focus();
  }, [open, sent]);

  // The resend countdown ticks while the dialog is open.
  const resendIn = sent ? Math.max(0, Math.ceil((sent.at + CODE_RESEND_AFTER_SECONDS * 1000 - now) / 1000)) : 0;
  useEffect(() => {
    if (!open || resendIn <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [open, resendIn, now]);

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    const result = checkInput(emailAddress(), typedEmail);
    if (!result.ok) return setEmailError(result.messages._form ?? ACCOUNT_MSG.validEmail);
    setEmailError(null);
    void send(result.value);
  };

  // One check of the code at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const verifying = useOneAtATime();
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const address = sent?.email ?? email;
    if (!address || verifyCode.isPending) return;
    if (code.length !== CODE_LENGTH) return setError(ACCOUNT_MSG.completeCode);
    setError(null);
    void verifying.run(async () => {
      try {
        const grant = await verifyCode.mutateAsync({ email: address, code });
        onVerified({
          token: grant.accessToken,
          applicationId: grant.applicationId,
          expiresAt: Date.now() + grant.expiresInMinutes * 60_000 - 30_000,
        });
        setCode("");
      } catch (err) {
        const failure = normaliseError(err);
        setError(failure.status === 400 || failure.status === 429 || failure.status === 403 ? failure.message : t("code.wrong"));
        setCode("");
      }
    });
  };

  const waitingForFirstCode = !sent && requestCode.isPending;

  return (
    <Dialog open={open} onClose={onClose} size="sm" title={t("code.title")} description={t("code.description")}>
      {!sent && !email ? (
        <form className="stack" onSubmit={submitEmail} noValidate>
          <EmailInput
            id="access-email"
            label={t("code.email")}
            value={typedEmail}
            error={emailError}
            onChange={(e) => setTypedEmail(e.target.value)}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" loading={requestCode.isPending} block>
            {t("code.send")}
          </Button>
        </form>
      ) : waitingForFirstCode ? (
        <Spinner label={t("code.sending")} />
      ) : (
        <form className="stack" onSubmit={submitCode} noValidate>
          {sent ? (
            <p className="access-code__sent" role="status">
              {richText(t("code.sent", { minutes: Math.round(CODE_LIFETIME_SECONDS / 60) }), {
                email: <strong>{maskEmail(sent.email)}</strong>,
              })}
            </p>
          ) : null}
          <CodeField
            id="access-code"
            label={t("code.label")}
            length={CODE_LENGTH}
            value={code}
            disabled={!sent && !email}
            className="access-code__input"
            onCode={setCode}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" loading={verifyCode.isPending} disabled={!sent && !email} block>
            {t("code.verify")}
          </Button>
          <div className="cluster cluster--between">
            <button
              type="button"
              className="link-button"
              disabled={resendIn > 0 || requestCode.isPending}
              onClick={() => void send(sent?.email ?? email ?? "", true)}
            >
              {resendIn > 0 ? t("code.resendIn", { seconds: resendIn }) : t("code.resend")}
            </button>
            <span className="text-sm text-muted">{t("code.lasts")}</span>
          </div>
          {/* An address typed here (the lookup was by application number) may have a typo: it can be changed. */}
          {!email && sent ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setTypedEmail(sent.email);
                setSent(null);
                setCode("");
                setError(null);
              }}
            >
              {t("code.otherEmail")}
            </button>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}
