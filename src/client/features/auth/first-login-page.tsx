/**
 * /first-login?token=… (DECISIONS 10, docs/decisions/004): the link e-mailed to a new account holder.
 * They choose their password here; then they sign in with it. A used, unknown or expired link says so
 * and tells them to ask the institute for a new one (an admin's "Send credentials" issues it).
 */

import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { auth } from "../../../shared/i18n/auth.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { richText } from "../../lib/rich-text.tsx";
import { useInstituteInfo, usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { buttonClass } from "../../ui/button.tsx";
import { LoadingBlock } from "../../ui/loading-block.tsx";
import { AuthScreen } from "./auth-screen.tsx";
import { NewPasswordForm, useNewPassword } from "./password-fields.tsx";
import { serverMessageOr } from "./reset-flow.ts";

type Done = RouterOutputs["auth"]["firstLogin"];

/** What to do about a link that cannot be used: the server's reason, and whom to ask. */
function DeadLink({ reason, office }: { reason: string; office: boolean }) {
  const t = useT(auth);
  const info = useInstituteInfo().data;
  // Refused as the form was sent, it takes the form's place: the focus, on its button, would fall to the page.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) ref.current?.focus();
  }, []);
  return (
    <div className="auth-form auth-outcome" ref={ref} tabIndex={-1}>
      <Alert tone="error" title={t("first.deadTitle")}>
        {reason}
      </Alert>
      <p>
        {t("first.askNew")}
        {info ? (
          <>
            {" "}
            {t("first.reach")} <a href={`mailto:${info.email}`}>{info.email}</a>
            {info.phones[0] ? (
              <>
                {" "}
                {t("first.or")} <a href={`tel:${info.phones[0].replace(/\s/g, "")}`}>{info.phones[0]}</a>
              </>
            ) : null}
            .
          </>
        ) : null}
      </p>
      <p className="text-sm text-muted">
        {t("first.already")} <Link href={office ? "/login?as=office" : "/login"}>{t("signIn")}</Link>
      </p>
    </div>
  );
}

function Welcome({ done }: { done: Done }) {
  const t = useT(auth);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="auth-form auth-outcome" ref={ref} tabIndex={-1}>
      <Alert tone="success" title={t("first.allSet")}>
        {done.message}
      </Alert>
      <p>
        {richText(t(done.role === "student" ? "first.studentId" : "first.signInWith"), {
          login: <strong className="auth-card__email">{done.login}</strong>,
        })}
      </p>
      {/* An office account signs in on the login's Admin side (tenth walk: it opened on the Student side). */}
      <Link href={done.role === "student" ? "/login" : "/login?as=office"} className={buttonClass("primary", "lg", true)}>
        {t("signIn")}
      </Link>
    </div>
  );
}

export default function FirstLoginPage() {
  const t = useT(auth);
  usePageTitle(t("first.pageTitle"));
  const search = new URLSearchParams(useSearch());
  const token = search.get("token")?.trim() ?? "";
  // An office account's link says so (account.service: issueFirstLoginLink): its "Sign in" opens the Admin side.
  const office = search.get("as") === "office";
  const password = useNewPassword("first-login");
  const [deadLink, setDeadLink] = useState<string | null>(token ? null : auth.t("first.linkNotValid"));
  const [done, setDone] = useState<Done | null>(null);
  const firstLogin = trpc.auth.firstLogin.useMutation();
  // A used, expired or unknown link says so as the page opens, not after a password is typed for it (walk 22b).
  const link = trpc.auth.firstLoginLink.useQuery({ token }, { enabled: token !== "", retry: false, refetchOnWindowFocus: false });
  useEffect(() => {
    if (!link.error || done) return;
    const { error, message } = serverMessageOr(link.error, t("first.failed"));
    if (error.status === 400 || error.status === 403 || error.status === 404) setDeadLink(message);
  }, [link.error, done, t]);

  // One call at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (firstLogin.isPending) return;
    const checked = password.check();
    if (!checked) return;
    void sending.run(async () => {
      try {
        setDone(await firstLogin.mutateAsync({ token, password: checked.password }));
      } catch (err) {
        const { error, message } = serverMessageOr(err, t("first.failed"));
        // The password broke a server-only rule (e.g. a common password): fix it and try again.
        if (password.showRefusal(error)) password.fail(message);
        else if (error.status === 400 || error.status === 403 || error.status === 404) {
          setDeadLink(message);
        } else {
          password.fail(message);
        }
      }
    });
  };

  let body: ReactNode;
  if (done) body = <Welcome done={done} />;
  else if (deadLink) body = <DeadLink reason={deadLink} office={office} />;
  // The form waits for the link's check: shown at once, it flashed before a used link's refusal (walk 22c).
  else if (link.isPending) body = <LoadingBlock label={t("first.checking")} groups={[2, 1]} />;
  else body = <NewPasswordForm onSubmit={submit} busy={firstLogin.isPending} submitLabel={t("first.submit")} {...password.form} />;

  return (
    <AuthScreen
      // A link that cannot be used is no welcome: the page's plain name over its refusal.
      title={deadLink ? t("first.pageTitle") : t("first.title")}
      lead={done || deadLink ? undefined : t("first.lead")}
      links={[{ href: "/", label: t("backHome") }]}
    >
      {body}
    </AuthScreen>
  );
}
