/**
 * /forgot-password (spec part 1 §2, §5, §8): e-mail address and account type; the server e-mails a
 * 6-digit code (its answer is the same whether or not the account exists). On success the page shows
 * the server's message and moves on to /verify-otp after 2 seconds, passing both in the query string
 * (see reset-flow.ts). `?email=…&userType=…` pre-fills the form (used when a later step sends the
 * person back here).
 */

import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { auth } from "../../../shared/i18n/auth.ts";
import { forgotPasswordInput } from "../../../shared/schemas/auth.ts";
import { checkInput } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailInput } from "../../ui/field.tsx";
import { FormFailure } from "../../ui/load-error.tsx";
import { AccountTypeSwitch, AuthScreen } from "./auth-screen.tsx";
import { addressQuery, readUserType, serverMessageOr, type UserType } from "./reset-flow.ts";

/** The spec's pause on the success message before the code page (part 1 §9). */
export const NEXT_STEP_AFTER_MS = 2000;

const EMAIL_ID = "forgot-email";

export default function ForgotPasswordPage() {
  const t = useT(auth);
  usePageTitle(t("forgot.pageTitle"));
  const search = useSearch();
  const [, navigate] = useLocation();
  const [userType, setUserType] = useState<UserType>(() => readUserType(search) ?? "student");
  const [email, setEmail] = useState(() => new URLSearchParams(search).get("email") ?? "");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ message: string; next: string } | null>(null);
  const forgot = trpc.auth.forgotPassword.useMutation();
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!sent) return;
    successRef.current?.focus();
    const timer = setTimeout(() => navigate(sent.next), NEXT_STEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  // One request at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending || sent) return;
    setFailure(null);
    const checked = checkInput(forgotPasswordInput, { email, userType }, { abortPipeEarly: false });
    if (!checked.ok) {
      setEmailError(checked.messages.email);
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    void sending.run(async () => {
      setEmailError(undefined);
      try {
        const answer = await forgot.mutateAsync(checked.value);
        setSent({ message: answer.message, next: `/verify-otp${addressQuery(checked.value)}` });
      } catch (err) {
        const { error, message } = serverMessageOr(err, t("forgot.failed"));
        setFailure(message);
        const fieldError = error.errors?.email?.[0];
        if (fieldError) setEmailError(fieldError);
      }
    });
  };

  return (
    <AuthScreen
      title={t("forgot.title")}
      lead={t("forgot.lead")}
      links={[
        { before: t("forgot.remembered"), href: "/login", label: t("backToSignIn") },
        { href: "/", label: t("backHome") },
      ]}
    >
      {sent ? (
        <div className="auth-form auth-outcome" ref={successRef} tabIndex={-1}>
          <Alert tone="success" title={t("forgot.checkEmail")}>
            {sent.message}
          </Alert>
          <p className="text-muted text-sm">
            {t("forgot.next")} <Link href={sent.next}>{t("forgot.enterNow")}</Link>
          </p>
        </div>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate aria-busy={forgot.isPending || undefined}>
          <FormFailure message={failure} />
          <AccountTypeSwitch value={userType} onChange={setUserType} disabled={forgot.isPending} />
          <EmailInput
            id={EMAIL_ID}
            name="email"
            label={t("forgot.email")}
            required
            value={email}
            error={emailError}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" block size="lg" loading={forgot.isPending}>
            {t("forgot.send")}
          </Button>
        </form>
      )}
    </AuthScreen>
  );
}
