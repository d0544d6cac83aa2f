/**
 * An account that never chose a language takes the one this device shows by a person's choice (its switch, or a
 * link's `?lang=`, remembered on the device), so the e-mails written to it are in the language its screens are in
 * (walk 33c: Marathi screens, English receipts and exam e-mails, and their links opening the portal in English). An
 * account that chose keeps its choice: the app then shows that one (decision 019).
 */
import { useEffect } from "react";
import { useLocale } from "../lib/i18n.tsx";
import { useSession } from "../lib/session.tsx";
import { STORAGE_KEYS } from "../lib/storage.ts";
import { trpc } from "../lib/trpc.ts";

function rememberedOnDevice(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS.language) ?? null;
  } catch {
    return null;
  }
}

export function useDeviceLanguageForAccount(): void {
  const { user, updateUser } = useSession();
  const locale = useLocale();
  const save = trpc.auth.setLanguage.useMutation();
  const { mutate } = save;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the account or the screen's language changes
  useEffect(() => {
    if (!user || user.language !== null || rememberedOnDevice() !== locale) return;
    mutate({ language: locale }, { onSuccess: () => updateUser({ language: locale }) });
  }, [user?.id, user?.language, locale]);
}
