/** The dark-mode switch: a toggle button whose pressed state is the persisted flag. */
import { useSession } from "../lib/session.tsx";
import { MoonIcon, SunIcon } from "../ui/icons.tsx";

export function ThemeToggle({ className = "icon-button" }: { className?: string }) {
  const { darkMode, toggleDarkMode } = useSession();
  return (
    <button
      type="button"
      className={className}
      aria-pressed={darkMode}
      aria-label="Dark mode"
      title={darkMode ? "Switch to light mode" : "Switch to dark mode"}
      onClick={toggleDarkMode}
    >
      {darkMode ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
