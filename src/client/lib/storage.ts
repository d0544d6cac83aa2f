/**
 * The locally kept session (spec part 1 §4, §9): token, user and the dark-mode flag in localStorage.
 * Every access tolerates a browser that refuses storage (private mode, quota) or holds damaged JSON.
 */
import type { SessionUser } from "./trpc.ts";

/** localStorage keys (spec part 1 §4, §9). */
export const STORAGE_KEYS = { token: "token", user: "user", darkMode: "darkMode", language: "language" } as const;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the session then lasts only as long as the page.
  }
}

export const readToken = (): string | null => read(STORAGE_KEYS.token) || null;

export function readUser(): SessionUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as unknown;
    const looksValid =
      typeof user === "object" &&
      user !== null &&
      "role" in user &&
      (user.role === "admin" || user.role === "staff" || user.role === "student") &&
      "name" in user &&
      typeof user.name === "string";
    return looksValid ? (user as SessionUser) : null;
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: SessionUser): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

export function writeUser(user: SessionUser): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredSession(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.user, null);
}

/** The stored flag; without one, the device's own light/dark preference. */
export function readDarkMode(): boolean {
  const stored = read(STORAGE_KEYS.darkMode);
  if (stored !== null) return stored === "true";
  try {
    return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
  } catch {
    return false;
  }
}

export function writeDarkMode(on: boolean): void {
  write(STORAGE_KEYS.darkMode, String(on));
}

/** The `dark` class on <html> switches every token to its dark value (ui/tokens.css). */
export function applyDarkMode(on: boolean): void {
  document.documentElement.classList.toggle("dark", on);
}
