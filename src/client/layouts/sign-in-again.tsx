/**
 * When the server ends a session while a portal page is in use (idle timeout, a password change elsewhere,
 * "Logout All"), the page stays and this dialog covers it (docs/decisions/024): the same account signs in
 * again — password, then the e-mailed code if it asks one — and the person goes on where they were, with
 * everything they typed. The page is hidden behind an opaque backdrop meanwhile, so an unattended screen
 * shows nothing of it. "Not you? Sign out" ends it the usual way, at /login.
 */
import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { account } from "../../shared/i18n/account.ts";
import { portal } from "../../shared/i18n/portal.ts";
import { otpCode } from "../../shared/schemas/auth.ts";
import { presentedPassword } from "../../shared/schemas/common.ts";
import { useSignIn } from "../features/auth/sign-in.ts";
import { useT } from "../lib/i18n.tsx";
import { useOneAtATime } from "../lib/one-at-a-time.ts";
import { type LoginResult, portalOf, useSession } from "../lib/session.tsx";
import type { SessionUser } from "../lib/trpc.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { CodeField, PasswordInput } from "../ui/field.tsx";
import { FormFailure } from "../ui/load-error.tsx";
import { useToast } from "../ui/toast.tsx";

const PASSWORD_ID = "sign-in-again-password";
const CODE_ID = "sign-in-again-code";

export function SignInAgain() {
  const session = useSession();
  if (!session.expired || !session.user) return null;
  // A fresh form each time the session ends (keyed by the account), nothing kept from the last time.
  return <SignInAgainDialog key={session.user.id} />;
}

function SignInAgainDialog() {
  const t = useT(portal);
  useT(account); // the shared rules' messages (password required, the code's six digits) in the reader's language
  const toast = useToast();
  const { user, logout } = useSession();
  const signIn = useSignIn();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [challenge, setChallenge] = useState<{ challengeToken: string; message: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useOneAtATime();

  /** The same account's sign-in: its password, then the e-mailed code if it asks one; a refusal changes nothing else. */
  const signInAgain = (account: SessionUser): Promise<LoginResult> =>
    signIn(
      challenge
        ? { kind: "code", input: { challengeToken: challenge.challengeToken, code } }
        : portalOf(account.role) === "student"
          ? {
              kind: "student",
              input: account.student_id ? { studentId: account.student_id, password } : { email: account.email, password },
            }
          : { kind: "admin", input: { email: account.email, password } },
    );

  const settle = (result: LoginResult) => {
    setBusy(false);
    if (result.outcome === "failed") setFailure(result.error.message);
    else if (result.outcome === "two-factor") {
      setChallenge({ challengeToken: result.challengeToken, message: result.message });
      setCode("");
    } else toast.show(t("again.done"));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !user) return;
    setFailure(null);
    const rule = challenge ? otpCode : presentedPassword;
    const checked = v.safeParse(rule, challenge ? code : password);
    if (!checked.success) {
      setFieldError(checked.issues[0].message);
      document.getElementById(challenge ? CODE_ID : PASSWORD_ID)?.focus();
      return;
    }
    setFieldError(null);
    // One sign-in at a time: a second Enter before the button shows busy would open a second session.
    await sending.run(async () => {
      setBusy(true);
      settle(await signInAgain(user));
    });
  };

  return (
    <Dialog
      open
      dismissible={false}
      onClose={() => {}}
      title={t("again.title")}
      description={t("again.lead")}
      size="sm"
      className="sign-in-again"
    >
      <form className="stack" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <FormFailure message={failure} />
        <p className="sign-in-again__account">
          <span className="text-muted">{t("again.account")}</span> <strong>{user?.student_id ?? user?.email}</strong>
        </p>
        {challenge ? (
          <>
            <Alert tone="info">{challenge.message}</Alert>
            <CodeField id={CODE_ID} label={t("again.code")} hint={t("again.codeHint")} value={code} error={fieldError} onCode={setCode} />
          </>
        ) : (
          <PasswordInput
            id={PASSWORD_ID}
            label={t("again.password")}
            autoComplete="current-password"
            value={password}
            error={fieldError}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        <Button type="submit" block loading={busy}>
          {challenge ? t("again.verify") : t("again.signIn")}
        </Button>
        <button type="button" className="link-button" onClick={() => void logout()}>
          {t("again.notYou")}
        </button>
      </form>
    </Dialog>
  );
}
