/**
 * /verify-otp (spec part 1 §2, §4, §5, §8): the six boxes for the e-mailed code, a 300-second countdown,
 * Resend once 60 seconds have passed (it restarts the countdown), Verify disabled when the time is up.
 * The e-mail address and account type come from the query string; without an address the person goes
 * back to /forgot-password. The reset token from a right code is handed over in memory (reset-flow.ts).
 */

import { type FormEvent, useEffect, useRef, useState } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { CODE_LENGTH, CODE_LIFETIME_SECONDS, CODE_RESEND_AFTER_SECONDS } from "../../../shared/constants.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { otpCode } from "../../../shared/schemas/auth.ts";
import { checkInput } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { richText } from "../../lib/rich-text.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { FormFailure } from "../../ui/load-error.tsx";
import { AuthScreen, Emphasised } from "./auth-screen.tsx";
import { CodeInput, type CodeInputHandle, emptyCode } from "./code-input.tsx";
import { addressQuery, handOverReset, type ResetAddress, readAddress, serverMessageOr } from "./reset-flow.ts";

/** Resend is allowed once this many seconds (or fewer) remain: 300 − 60 = 240. */
export const RESEND_WHEN_REMAINING = CODE_LIFETIME_SECONDS - CODE_RESEND_AFTER_SECONDS;

/** m:ss, e.g. 4:05. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * What the polite live region says: it changes only at whole minutes, at 30 seconds and at the end, so
 * a screen reader is told the time now and then instead of every second.
 */
export function timeLeftAnnouncement(remaining: number): string {
  if (remaining <= 0) return auth.t("otp.left.expired");
  if (remaining <= 30) return auth.t("otp.left.seconds");
  return auth.t("otp.left.minutes", { count: Math.ceil(remaining / 60) });
}

/**
 * Seconds left until a deadline, ticking once a second. It reads the clock on each tick rather than
 * counting ticks, so a phone that pauses timers in the background still shows the right time.
 */
function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline, running]);
  const restart = () => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + seconds * 1000);
  };
  return { remaining, restart };
}

const CODE_ID = "verify-code";

function VerifyCodeForm({ address }: { address: ResetAddress }) {
  const t = useT(auth);
  const [, navigate] = useLocation();
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { remaining, restart } = useCountdown(CODE_LIFETIME_SECONDS);
  const boxes = useRef<CodeInputHandle>(null);
  const verify = trpc.auth.verifyOtp.useMutation();
  const resend = trpc.auth.forgotPassword.useMutation();
  const expired = remaining === 0;
  const canResend = remaining <= RESEND_WHEN_REMAINING && !resend.isPending && !verify.isPending;

  useEffect(() => {
    boxes.current?.focus(0);
  }, []);

  const changeDigits = (next: string[]) => {
    setDigits(next);
    setCodeError(null);
  };

  // One check of the code at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const verifying = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending || expired) return;
    setFailure(null);
    setNotice(null);
    const checked = checkInput(otpCode, digits.join(""));
    if (!checked.ok) {
      setCodeError(ACCOUNT_MSG.completeCode);
      boxes.current?.focus();
      return;
    }
    void verifying.run(async () => {
      const otp = checked.value;
      try {
        const { resetToken } = await verify.mutateAsync({ ...address, otp });
        handOverReset({ ...address, resetToken });
        navigate("/reset-password");
      } catch (err) {
        setFailure(serverMessageOr(err, t("otp.failed")).message);
        setDigits(emptyCode());
        boxes.current?.focus(0);
      }
    });
  };

  // One new code at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const resending = useOneAtATime();
  const sendAgain = () => {
    if (!canResend) return;
    void resending.run(async () => {
      setFailure(null);
      setNotice(null);
      try {
        const answer = await resend.mutateAsync(address);
        restart();
        setDigits(emptyCode());
        setCodeError(null);
        setNotice(answer.message);
        boxes.current?.focus(0);
      } catch {
        setFailure(t("otp.resendFailed"));
      }
    });
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={verify.isPending || undefined}>
      <FormFailure message={failure} />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {expired ? <Alert tone="warning">{t("otp.expired")}</Alert> : null}

      {/* Not disabled while checking: focus must be able to return to the first box at once. */}
      <CodeInput ref={boxes} id={CODE_ID} digits={digits} onChange={changeDigits} error={codeError} />

      <p className="code-timer" role="timer" aria-live="off">
        {expired
          ? t("otp.codeExpired")
          : richText(t("otp.expiresIn"), { time: <span className="code-timer__clock tabular">{clock(remaining)}</span> })}
      </p>
      <p className="sr-only" aria-live="polite">
        {timeLeftAnnouncement(remaining)}
      </p>

      <Button type="submit" block size="lg" loading={verify.isPending} disabled={expired}>
        {t("otp.verify")}
      </Button>

      <div className="code-resend">
        <span className="text-muted">{t("otp.noEmail")}</span>
        <Button variant="secondary" size="sm" onClick={sendAgain} disabled={!canResend} loading={resend.isPending}>
          {t("otp.resend")}
        </Button>
        {remaining > RESEND_WHEN_REMAINING ? (
          <p className="code-resend__wait">
            {richText(t("otp.wait"), { time: <span className="tabular">{clock(remaining - RESEND_WHEN_REMAINING)}</span> })}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export default function VerifyOtpPage() {
  const t = useT(auth);
  usePageTitle(t("otp.pageTitle"));
  const address = readAddress(useSearch());
  if (!address) return <Redirect to="/forgot-password" replace />;
  const leadParams = { digits: CODE_LENGTH, minutes: CODE_LIFETIME_SECONDS / 60 };
  return (
    <AuthScreen
      title={t("otp.title")}
      lead={<Emphasised text={t(address.userType === "admin" ? "otp.leadAdmin" : "otp.leadStudent", leadParams)} email={address.email} />}
      links={[
        { before: t("otp.wrongAddress"), href: `/forgot-password${addressQuery(address)}`, label: t("login.startAgain") },
        { href: "/login", label: t("backToSignIn") },
      ]}
    >
      {/* A new address means a fresh form and countdown. */}
      <VerifyCodeForm key={`${address.userType}:${address.email}`} address={address} />
    </AuthScreen>
  );
}
