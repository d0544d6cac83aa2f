/**
 * /reset-password (spec part 1 §2, §4, §5, §8): the new password twice. It needs the address and the
 * reset token that the code page handed over in memory (reset-flow.ts); without them it goes to
 * /forgot-password. Success: the server's message, then /login after 3 seconds. A 400 saying "expired":
 * the spec's message, then /forgot-password after 3 seconds.
 */

import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { AuthScreen, Emphasised } from "./auth-screen.tsx";
import { NewPasswordForm, useNewPassword } from "./password-fields.tsx";
import { addressQuery, clearPendingReset, type PendingReset, pendingResetState, serverMessageOr } from "./reset-flow.ts";

/** The spec's pause before /login after a reset, and before /forgot-password after an expired token (part 1 §8, §9). */
export const REDIRECT_AFTER_MS = 3000;

type Outcome = { kind: "reset"; message: string } | { kind: "expired" };

function ResetForm({ reset }: { reset: PendingReset }) {
  const t = useT(auth);
  const [, navigate] = useLocation();
  const password = useNewPassword("reset");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resetPassword = trpc.auth.resetPassword.useMutation();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const startAgain = `/forgot-password${addressQuery(reset)}`;

  useEffect(() => {
    if (!outcome) return;
    outcomeRef.current?.focus();
    const timer = setTimeout(() => navigate(outcome.kind === "reset" ? "/login" : startAgain), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, startAgain]);

  // One reset at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resetPassword.isPending || outcome) return;
    const checked = password.check();
    if (!checked) return;
    void sending.run(async () => {
      try {
        const answer = await resetPassword.mutateAsync({
          password: checked.password,
          resetToken: reset.resetToken,
          userType: reset.userType,
        });
        clearPendingReset();
        setOutcome({ kind: "reset", message: answer.message });
      } catch (err) {
        const { error, message } = serverMessageOr(err, t("reset.failed"));
        // An expired link (the server's reason, whatever language its message is in) means asking for a new code.
        if (error.reason === "link_expired") {
          clearPendingReset();
          setOutcome({ kind: "expired" });
          return;
        }
        password.fail(message);
        password.showRefusal(error);
      }
    });
  };

  if (outcome?.kind === "reset") {
    return (
      <div className="auth-form auth-outcome" ref={outcomeRef} tabIndex={-1}>
        <Alert tone="success" title={t("reset.done")}>
          {outcome.message}
        </Alert>
        <p className="text-muted text-sm">
          {t("reset.toSignIn")} <Link href="/login">{t("reset.signInNow")}</Link>
        </p>
      </div>
    );
  }
  if (outcome?.kind === "expired") {
    return (
      <div className="auth-form auth-outcome" ref={outcomeRef} tabIndex={-1}>
        <Alert tone="error">{ACCOUNT_MSG.resetLinkExpired}</Alert>
        <p className="text-muted text-sm">
          {t("reset.toStart")} <Link href={startAgain}>{t("reset.askNow")}</Link>
        </p>
      </div>
    );
  }

  return <NewPasswordForm onSubmit={submit} busy={resetPassword.isPending} submitLabel={t("reset.submit")} {...password.form} />;
}

export default function ResetPasswordPage() {
  const t = useT(auth);
  usePageTitle(t("reset.pageTitle"));
  // Read once: the page keeps working with it after the hand-over is cleared.
  const [reset] = useState(pendingResetState);
  if (!reset) return <Redirect to="/forgot-password" replace />;
  return (
    <AuthScreen
      title={t("reset.title")}
      lead={<Emphasised text={t("reset.lead")} email={reset.email} />}
      links={[{ href: "/login", label: t("backToSignIn") }]}
    >
      <ResetForm reset={reset} />
    </AuthScreen>
  );
}
