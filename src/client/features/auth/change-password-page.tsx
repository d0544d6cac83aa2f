/**
 * /change-password (any signed-in user; routes.tsx sends guests to /login): current password, then the
 * new one twice. When the account must change its password (first sign-in with an institute-made
 * password, or an expired one — docs/decisions/004), every portal page leads here first and the page
 * says why. The answer's user replaces the session's, which lifts that redirect; then the dashboard.
 */

import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { auth } from "../../../shared/i18n/auth.ts";
import { passwordPairForm } from "../../../shared/schemas/auth.ts";
import { checkInput, focusFirstInvalid } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { dashboardPath, useSession } from "../../lib/session.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { PasswordInput } from "../../ui/field.tsx";
import { FormFailure } from "../../ui/load-error.tsx";
import { useToast } from "../../ui/toast.tsx";
import { AuthScreen } from "./auth-screen.tsx";
import { NewPasswordFields, type PasswordPair, passwordFieldIds } from "./password-fields.tsx";
import { serverMessageOr } from "./reset-flow.ts";

const IDS = { currentPassword: "change-current", ...passwordFieldIds("change") };
type Errors = Partial<Record<keyof typeof IDS, string>>;

export default function ChangePasswordPage() {
  const t = useT(auth);
  usePageTitle(t("change.pageTitle"));
  const session = useSession();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState("");
  const [pair, setPair] = useState<PasswordPair>({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const changePassword = trpc.auth.changePassword.useMutation();
  const user = session.user;
  // One change at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  if (!user) return null; // the route's guard sends guests to /login
  const forced = user.mustChangePassword;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changePassword.isPending) return;
    setFailure(null);
    const checked = checkInput(passwordPairForm, pair, { abortPipeEarly: false });
    if (!checked.ok || currentPassword === "") {
      const all: Errors = checked.ok ? {} : { ...checked.messages };
      if (currentPassword === "") all.currentPassword = ACCOUNT_MSG.currentPasswordRequired;
      setErrors(all);
      focusFirstInvalid(all, IDS);
      return;
    }
    setErrors({});
    void sending.run(async () => {
      try {
        const answer = await changePassword.mutateAsync({ currentPassword, newPassword: checked.value.password });
        // Update the session first: the portal's guard reads mustChangePassword.
        session.updateUser(answer.user);
        toast.show(answer.message);
        navigate(dashboardPath(answer.user.role), { replace: true });
      } catch (err) {
        const { error, message } = serverMessageOr(err, t("change.failed"));
        setFailure(message);
        const fields = error.errors ?? {};
        const next: Errors = {};
        if (fields.currentPassword?.[0]) next.currentPassword = fields.currentPassword[0];
        const newPasswordError = fields.newPassword?.[0] ?? fields.password?.[0];
        if (newPasswordError) next.password = newPasswordError;
        setErrors(next);
        focusFirstInvalid(next, IDS);
      }
    });
  };

  return (
    <AuthScreen
      title={forced ? t("change.forcedTitle") : t("change.title")}
      lead={forced ? undefined : t("change.lead")}
      links={[
        forced
          ? { before: t("change.notYou"), label: t("change.signOut"), onClick: () => void session.logout() }
          : { href: dashboardPath(user.role), label: t("change.back") },
      ]}
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={changePassword.isPending || undefined}>
        {forced ? (
          <Alert tone="info" title={t("change.forcedReason")}>
            {t("change.forcedText")}
          </Alert>
        ) : null}
        <FormFailure message={failure} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <PasswordInput
          id={IDS.currentPassword}
          name="current-password"
          label={t("change.current")}
          autoComplete="current-password"
          required
          value={currentPassword}
          error={errors.currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <NewPasswordFields idPrefix="change" value={pair} errors={errors} onChange={setPair} />
        <Button type="submit" block size="lg" loading={changePassword.isPending}>
          {t("change.save")}
        </Button>
      </form>
    </AuthScreen>
  );
}
