/**
 * Saving one settings change as it is made (a switch, a choice): shown at once, sent, confirmed with a
 * short "Saved" — or put back as it was, with a message that stays, when the server says no.
 */

import { useCallback, useEffect, useRef, useState } from "react";
import { localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { student } from "../../../shared/i18n/student.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { type RouterInputs, type RouterOutputs, trpc } from "../../lib/trpc.ts";

type StudentSettings = RouterOutputs["student"]["settings"];

export const savedText = () => student.t("saved");
export const notSavedText = () => student.t("notSaved");
const SAVED_MS = 3000;

function useOptimisticSave<I extends Partial<StudentSettings>>(send: (changes: I) => Promise<StudentSettings>) {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState(0);
  const [note, setNote] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async (changes: I): Promise<boolean> => {
      clearTimeout(timer.current);
      setNote(null);
      const before = utils.student.settings.getData();
      utils.student.settings.setData(undefined, (old) => (old ? { ...old, ...changes } : old));
      setPending((n) => n + 1);
      try {
        utils.student.settings.setData(undefined, await send(changes));
        setNote({ tone: "success", text: savedText() });
        timer.current = setTimeout(() => setNote(null), SAVED_MS);
        return true;
      } catch {
        utils.student.settings.setData(undefined, before);
        setNote({ tone: "error", text: notSavedText() });
        return false;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [send, utils],
  );

  return { run, pending: pending > 0, note };
}

/** Notifications, theme, language and two-factor: PUT /student/notification-settings. A saved language applies at once (issue 16). */
export function useSettingsSave() {
  const { mutateAsync } = trpc.student.updateSettings.useMutation();
  const { updateUser } = useSession();
  return useOptimisticSave<RouterInputs["student"]["updateSettings"]>(async (input) => {
    const saved = await mutateAsync(input);
    if (input.language) {
      const locale = localeOfLanguage(input.language);
      // The session kept on the device says it too, so a reload starts in it (it restarted in the old one).
      if (await changeLocale(locale).catch(() => false)) updateUser({ language: locale });
    }
    return saved;
  });
}

/** Whether the verification page shows the photo: PUT /student/privacy-settings. */
export function usePrivacySave() {
  const { mutateAsync } = trpc.student.updatePrivacy.useMutation();
  return useOptimisticSave<RouterInputs["student"]["updatePrivacy"]>(mutateAsync);
}

export type SettingsSave = ReturnType<typeof useSettingsSave>;
