/**
 * The language switch of the public header and both portals (issue 16): a native select, each language
 * named in its own script. The new language's catalogues arrive before the screen changes; a signed-in
 * person's choice is stored with their account first, so their other devices (and a reload) follow it. On
 * Linux and Windows an arrow key on a closed select changes its value: the choice is made once it has
 * settled (`SETTLE_MS`), and the select stays enabled, keeping the focus (tenth walk: each arrow switched the
 * language and saved it, and the select, disabled meanwhile, dropped the focus to the page).
 */
import { useId, useState } from "react";
import { common } from "../../shared/i18n/common.ts";
import { LOCALE_NAMES, LOCALES, type Locale, parseLocale } from "../../shared/i18n/locales.ts";
import { changeLocale, useLocale, useT } from "../lib/i18n.tsx";
import { useSession } from "../lib/session.tsx";
import { trpc } from "../lib/trpc.ts";
import { useToast } from "../ui/toast.tsx";

const SETTLE_MS = 500;
/** The choice waiting to settle (one switch is used at a time). */
let settling = 0;

export function LanguageSwitcher() {
  const t = useT(common);
  const locale = useLocale();
  const { user, updateUser } = useSession();
  const toast = useToast();
  const save = trpc.auth.setLanguage.useMutation();
  // The language chosen and not yet made (settling, then its catalogues on their way).
  const [chosen, setChosen] = useState<Locale | null>(null);
  const id = useId();

  const choose = async (next: Locale) => {
    try {
      // A signed-in person's account takes the choice before the screen does, and the session kept on the
      // device says it too: what a reload starts in (the account's language, on every device) is then what
      // the screen shows (walk 22d: a reload at once took the choice back). A choice made since wins, and its
      // own call clears what the select shows.
      if (user) await save.mutateAsync({ language: next });
      if (!(await changeLocale(next))) return;
      if (user) updateUser({ language: next });
    } catch {
      toast.show(t("languageFailed"), "error");
    }
    setChosen(null);
  };

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        className="language-switcher__select"
        value={chosen ?? locale}
        onChange={(event) => {
          const next = parseLocale(event.target.value);
          if (!next) return;
          setChosen(next);
          clearTimeout(settling);
          settling = window.setTimeout(choose, SETTLE_MS, next);
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
