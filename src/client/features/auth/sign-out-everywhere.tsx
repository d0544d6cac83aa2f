/**
 * "Logout All" (spec part 1 §8; decision 002): ends the account's every other session, after a confirmation, and
 * says how many ended; this device stays signed in. Students have it in Settings → Security, office accounts in
 * Settings → Profile (walk 29b: a counsellor could end her other sessions only by changing her password).
 * Each place frames it (a card, a settings fieldset) under its title, `sessions.title` of the auth catalogue.
 */

import { useState } from "react";
import { auth } from "../../../shared/i18n/auth.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";

/** In the reader's language, read at each use. */
export const SESSIONS_TEXT = labelsOf(["confirm", "failed"], (key) => auth.t(`sessions.${key}`));

/** 'Signed out of 2 other sessions.' — how many ended, in words. */
function endedSessionsText(n: number): string {
  return n === 0 ? auth.t("sessions.none") : auth.t("sessions.ended", { count: n });
}

export function SignOutEverywhere({ onEnded }: { onEnded?: () => void }) {
  const t = useT(auth);
  const logoutAll = trpc.auth.logoutAll.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  // One sign-out of every device at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const signingOut = useOneAtATime();
  const confirm = () => {
    void signingOut.run(async () => {
      setOutcome(null);
      try {
        const { endedSessions } = await logoutAll.mutateAsync();
        setOutcome({ tone: "success", text: endedSessionsText(endedSessions) });
        onEnded?.();
      } catch {
        setOutcome({ tone: "error", text: SESSIONS_TEXT.failed });
      } finally {
        setConfirming(false);
      }
    });
  };

  return (
    <div className="stack stack--sm">
      <p className="text-sm text-muted">{t("sessions.text")}</p>
      {outcome ? (
        <Alert tone={outcome.tone} onDismiss={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      ) : null}
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t("sessions.button")}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => !logoutAll.isPending && setConfirming(false)}
        title={t("sessions.button")}
        size="sm"
        footer={
          <div className="cluster cluster--end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={logoutAll.isPending}>
              {t("sessions.cancel")}
            </Button>
            <Button variant="danger" loading={logoutAll.isPending} onClick={() => void confirm()}>
              {t("sessions.yes")}
            </Button>
          </div>
        }
      >
        <p>{SESSIONS_TEXT.confirm}</p>
        <p className="text-sm text-muted">{t("sessions.stay")}</p>
      </Dialog>
    </div>
  );
}
