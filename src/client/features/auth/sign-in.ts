/**
 * Signing in (spec part 1 §4), one way for the login page and the portal's sign-in-again dialog
 * (layouts/sign-in-again.tsx): a step — the password of an office account or a student's, or the code e-mailed
 * for it — goes to the server; a session answered is handed to the session store (`signIn`), a code asked for
 * comes back as "two-factor", a refusal as "failed" and changes nothing else. None of this is in the first script:
 * the session store only keeps what a sign-in answered.
 */

import type { Locale } from "../../../shared/i18n/locales.ts";
import { MSG } from "../../../shared/messages.ts";
import { ApiError, normaliseError } from "../../lib/errors.ts";
import { useLocale } from "../../lib/i18n.tsx";
import { type LoginResult, type SignedIn, useSession } from "../../lib/session.tsx";
import { type RouterInputs, type RouterOutputs, type TrpcClient, trpc } from "../../lib/trpc.ts";
import { takeLanguageChosenHere } from "./language-here.ts";

export type SignInStep =
  | { kind: "admin"; input: RouterInputs["auth"]["adminLogin"] }
  | { kind: "student"; input: RouterInputs["auth"]["studentLogin"] }
  | { kind: "code"; input: RouterInputs["auth"]["verifyTwoFactor"] };

/** A password step's answer: a session, or the code it asks for. */
type LoginAnswer = RouterOutputs["auth"]["adminLogin"] | RouterOutputs["auth"]["studentLogin"];

/** 'Login failed' stands in when neither the server nor the client had anything better to say. */
const loginFailure = (err: unknown): ApiError => {
  const error = normaliseError(err);
  return error.message === MSG.genericError ? new ApiError(MSG.loginFailed, error.status, error.errors) : error;
};

const ask = (client: TrpcClient, step: SignInStep): Promise<LoginAnswer | SignedIn> =>
  step.kind === "admin"
    ? client.auth.adminLogin.mutate(step.input)
    : step.kind === "student"
      ? client.auth.studentLogin.mutate(step.input)
      : client.auth.verifyTwoFactor.mutate(step.input);

/** Sends one step and says how it went; a session answered goes to `signIn` (the session store's). */
export async function signInWith(
  client: TrpcClient,
  signIn: (answer: SignedIn) => LoginResult,
  step: SignInStep,
  shown: Locale,
): Promise<LoginResult> {
  try {
    const answer = await ask(client, step);
    if ("token" in answer) {
      // A language chosen on the account screens first is kept, and the account told (decision 019): otherwise the
      // account's stored language would take the screen back at once.
      const chosen = takeLanguageChosenHere(shown);
      if (!chosen || chosen === answer.user.language) return signIn(answer);
      const result = signIn({ ...answer, user: { ...answer.user, language: chosen } });
      await client.auth.setLanguage.mutate({ language: chosen }).catch(() => undefined);
      return result;
    }
    return { outcome: "two-factor", challengeToken: answer.challengeToken, message: answer.message };
  } catch (err) {
    return { outcome: "failed", error: loginFailure(err) };
  }
}

/** `signInWith` over the app's tRPC client and session. */
export function useSignIn(): (step: SignInStep) => Promise<LoginResult> {
  const { client } = trpc.useUtils();
  const { signIn } = useSession();
  const shown = useLocale();
  return (step) => signInWith(client, signIn, step, shown);
}
