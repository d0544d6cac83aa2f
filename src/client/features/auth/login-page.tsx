/**
 * /login (spec part 1 §2, §5): a Student/Admin switch, checked on the client with the shared schemas
 * (the server checks the same), the server's message on failure, and the e-mailed code when the account
 * uses two-step sign-in. What was typed stays on failure.
 */

import { type FormEvent, useEffect, useState } from "react";
import * as v from "valibot";
import { Link, useSearch } from "wouter";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { MSG } from "../../../shared/messages.ts";
import { adminLoginInput, otpCode, studentLoginInput } from "../../../shared/schemas/auth.ts";
import { firstFieldErrors } from "../../lib/errors.ts";
import { checkInput } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { type LoginResult, useSession } from "../../lib/session.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { CodeField, PasswordInput, TextInput } from "../../ui/field.tsx";
import { AccountTypeSwitch, AuthScreen } from "./auth-screen.tsx";
import { type SignInStep, useSignIn } from "./sign-in.ts";

type AccountKind = Exclude<SignInStep["kind"], "code">;

/** The student's one box takes either: an '@' means an e-mail address, anything else a student ID. */
export function studentCredentials(identifier: string, password: string) {
  return identifier.includes("@") ? { email: identifier, password } : { studentId: identifier, password };
}

const FIELD_IDS = { identifier: "login-identifier", email: "login-email", password: "login-password" } as const;

export default function LoginPage() {
  const t = useT(auth);
  usePageTitle(t("login.pageTitle"));
  const session = useSession();
  const signIn = useSignIn();
  // `?as=office` (an office account that has just set its password) opens on the Admin side.
  const search = useSearch();
  // The Admin tab for the office: asked for (?as=office), or returning to an admin page (?next=/admin/…).
  const [kind, setKind] = useState<AccountKind>(() => {
    const asked = new URLSearchParams(search);
    return asked.get("as") === "office" || asked.get("next")?.startsWith("/admin/") ? "admin" : "student";
  });
  const [identifier, setIdentifier] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The kept message of the last failure, or why the previous session ended.
  const [failure, setFailure] = useState<string | null>(session.error);
  const [challenge, setChallenge] = useState<{ challengeToken: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const codeBox = () => document.getElementById("login-code") as HTMLInputElement | null;
  // The code's step replaces the password's: its box takes the focus (it fell to the page, eleventh walk).
  useEffect(() => {
    if (challenge) codeBox()?.focus();
  }, [challenge]);

  const chooseKind = (next: AccountKind) => {
    setKind(next);
    setErrors({});
    setFailure(null);
  };

  /** Field errors of either side, shown beside the box the person typed in. */
  const showErrors = (fieldErrors: Partial<Record<string, string>>) => {
    const mapped: Record<string, string> = {};
    const idBox = kind === "student" ? "identifier" : "email";
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (!message) continue;
      if (field === "email" || field === "studentId") mapped[idBox] ??= message;
      else mapped[field] = message;
    }
    setErrors(mapped);
    const first = (["identifier", "email", "password", "code"] as const).find((f) => mapped[f]);
    if (first) document.getElementById(first === "code" ? "login-code" : FIELD_IDS[first])?.focus();
  };

  const settle = (result: LoginResult) => {
    setBusy(false);
    if (result.outcome === "failed") {
      setFailure(result.error.message);
      if (result.error.errors) showErrors(firstFieldErrors(result.error.errors));
      // A code refused as a whole (wrong, expired): back in its box, ready to be typed again (eleventh walk).
      const box = challenge && !result.error.errors ? codeBox() : null;
      box?.focus();
      box?.select();
    } else if (result.outcome === "two-factor") {
      setChallenge({ challengeToken: result.challengeToken, message: result.message });
      setCode("");
    }
    // Signed in: the guard around this page sends the user on to their dashboard.
  };

  // One sign-in call at a time, password or code (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submitLogin = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    let step: SignInStep;
    if (kind === "admin") {
      const checked = checkInput(adminLoginInput, { email, password }, { abortPipeEarly: false });
      if (!checked.ok) return showErrors(checked.messages);
      step = { kind, input: checked.value };
    } else {
      const checked = checkInput(studentLoginInput, studentCredentials(identifier, password), { abortPipeEarly: false });
      if (!checked.ok) return showErrors(checked.messages);
      step = { kind, input: checked.value };
    }
    void sending.run(async () => {
      setErrors({});
      setBusy(true);
      settle(await signIn(step));
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !challenge) return;
    setFailure(null);
    if (!v.is(otpCode, code)) return showErrors({ code: ACCOUNT_MSG.completeCode });
    void sending.run(async () => {
      setErrors({});
      setBusy(true);
      settle(await signIn({ kind: "code", input: { challengeToken: challenge.challengeToken, code } }));
    });
  };

  return (
    <AuthScreen
      title={t("signIn")}
      lead={t("login.lead")}
      flush
      links={[
        { before: t("login.newHere"), href: "/admission", label: t("login.apply") },
        { href: "/admission-status", label: t("login.status") },
        { href: "/", label: t("backHome") },
      ]}
    >
      {failure ? (
        <Alert tone={failure === MSG.sessionExpired ? "warning" : "error"} className="auth-card__alert">
          {failure}
          {/* Refused credentials may only be on the wrong side of the switch: say where the other accounts sign in. */}
          {failure === ACCOUNT_MSG.invalidCredentials && !challenge ? (
            <span className="auth-card__hint">{t(`login.otherTab.${kind}`)}</span>
          ) : null}
        </Alert>
      ) : null}

      {challenge ? (
        <form className="auth-form" onSubmit={submitCode} noValidate>
          <Alert tone="info">{challenge.message}</Alert>
          <CodeField
            id="login-code"
            name="code"
            label={t("login.code")}
            hint={t("login.codeHint")}
            value={code}
            error={errors.code}
            onCode={setCode}
          />
          <Button type="submit" block size="lg" loading={busy}>
            {t("login.verify")}
          </Button>
          <button type="button" className="link-button" onClick={() => setChallenge(null)}>
            {t("login.startAgain")}
          </button>
        </form>
      ) : (
        <form className="auth-form" onSubmit={submitLogin} noValidate aria-busy={busy || undefined}>
          <AccountTypeSwitch value={kind} onChange={chooseKind} />

          {kind === "student" ? (
            <TextInput
              id={FIELD_IDS.identifier}
              name="identifier"
              label={t("login.identifier")}
              hint={t("login.identifierHint")}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={identifier}
              error={errors.identifier}
              onChange={(e) => setIdentifier(e.target.value)}
            />
          ) : (
            <TextInput
              id={FIELD_IDS.email}
              name="email"
              type="email"
              label={t("login.email")}
              autoComplete="username"
              value={email}
              error={errors.email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
          <PasswordInput
            id={FIELD_IDS.password}
            name="password"
            label={t("login.password")}
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="auth-form__row">
            <Link href="/forgot-password">{t("login.forgot")}</Link>
          </div>
          <Button type="submit" block size="lg" loading={busy}>
            {t("signIn")}
          </Button>
        </form>
      )}
    </AuthScreen>
  );
}
