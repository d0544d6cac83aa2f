/**
 * The language switch of the public header and both portals (issue 16): a native select, each language
 * named in its own script. The new language's catalogues arrive before the screen changes; a signed-in
 * person's choice is stored with their account, so their other devices follow it.
 */
import { useId, useState } from "react";
import { common } from "../../shared/i18n/common.ts";
import { LOCALE_NAMES, LOCALES, type Locale, parseLocale } from "../../shared/i18n/locales.ts";
import { changeLocale, useLocale, useT } from "../lib/i18n.tsx";
import { useSession } from "../lib/session.tsx";
import { trpc } from "../lib/trpc.ts";
import { useToast } from "../ui/toast.tsx";

export function LanguageSwitcher() {
  const t = useT(common);
  const locale = useLocale();
  const { user } = useSession();
  const toast = useToast();
  const save = trpc.auth.setLanguage.useMutation();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const choose = async (next: Locale) => {
    setBusy(true);
    try {
      await changeLocale(next);
      // The account remembers it too; if that call fails, this device still has the choice.
      if (user) save.mutate({ language: next });
    } catch {
      toast.show(t("languageFailed"), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        className="language-switcher__select"
        value={locale}
        disabled={busy}
        aria-busy={busy}
        onChange={(event) => {
          const next = parseLocale(event.target.value);
          if (next) void choose(next);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
