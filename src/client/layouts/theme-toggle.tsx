/** The dark-mode switch: a toggle button whose pressed state is the persisted flag. */
import { common } from "../../shared/i18n/common.ts";
import { useT } from "../lib/i18n.tsx";
import { useSession } from "../lib/session.tsx";
import { MoonIcon, SunIcon } from "../ui/icons.tsx";

export function ThemeToggle({ className = "icon-button" }: { className?: string }) {
  const t = useT(common);
  const { darkMode, toggleDarkMode } = useSession();
  return (
    <button
      type="button"
      className={className}
      aria-pressed={darkMode}
      aria-label={t("theme.dark")}
      title={darkMode ? t("theme.toLight") : t("theme.toDark")}
      onClick={toggleDarkMode}
    >
      {darkMode ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
