/**
 * The session (spec part 1 §4): who is signed in, their token, and the dark-mode flag, kept in
 * localStorage and verified with the server on start. A small external store, so it can be tested
 * without React and read through `useSession()` inside it.
 */
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import { MSG } from "../../shared/messages.ts";
import { type ApiError, normaliseError } from "./errors.ts";
import {
  applyDarkMode,
  clearStoredSession,
  readDarkMode,
  readToken,
  readUser,
  STORAGE_KEYS,
  writeDarkMode,
  writeSession,
  writeUser,
} from "./storage.ts";
import type { Role, RouterOutputs, SessionUser, TrpcClient } from "./trpc.ts";

export type SessionStatus = "loading" | "authenticated" | "anonymous";

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  /** why the sign-in page opens with a message (the session ended), until the next sign-in */
  error: string | null;
  darkMode: boolean;
  /** true after the person pressed Sign out: the login page then keeps no ?next= of the page they left */
  signedOut: boolean;
  /**
   * The server ended the session while a portal page was in use: the token is gone, but who it was and the
   * page stay, under a sign-in dialog, so nothing typed is lost (docs/decisions/024).
   */
  expired: boolean;
}

export type SignedIn = RouterOutputs["auth"]["verifyTwoFactor"];

/**
 * What the session needs from the server; tests pass a stand-in. Signing in is not here: the sign-in screens
 * make those calls (features/auth/sign-in.ts) and hand the answer to `signIn`.
 */
export interface SessionApi {
  me(): Promise<{ user: SessionUser }>;
  logout(): Promise<unknown>;
}

export const sessionApiFromTrpc = (client: TrpcClient): SessionApi => ({
  me: () => client.auth.me.query(),
  logout: () => client.auth.logout.mutate(),
});

export type LoginResult =
  | { outcome: "signed-in"; user: SessionUser }
  /** the account needs the code that was just e-mailed (server-side two-factor) */
  | { outcome: "two-factor"; challengeToken: string; message: string }
  | { outcome: "failed"; error: ApiError };

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Verifies the restored session with the server (once; later calls return the same promise). */
  restore(): Promise<void>;
  /** Follows sign-in and sign-out in other tabs of the same browser. */
  watchStorage(): () => void;
  logout(): Promise<void>;
  /** Forgets the session locally (storage and state), e.g. after the server answered 401. */
  clear(error?: string | null): void;
  /**
   * The server no longer accepts a session that was in use on this page: the token goes, who it was and the
   * page stay (`expired`) until `signIn` (the dialog's), a sign-in of the same account in another tab, or `logout`.
   */
  expire(): void;
  /**
   * A sign-in answered with a session (the login page or the sign-in-again dialog made the calls,
   * features/auth/sign-in.ts): it is stored and becomes this page's. The expired session's account ends the
   * expiry; another account's replaces what the page showed.
   */
  signIn(answer: SignedIn): LoginResult;
  updateUser(partial: Partial<SessionUser>): void;
  setDarkMode(on: boolean): void;
}

/**
 * Sent (cancelable) before a sign-out drops this page: one in another tab, or the portals' account menu's here
 * (its detail: the sign-out, done once the person has chosen to leave). A page holding unsaved work cancels it.
 */
export const SIGNING_OUT = "signing-out";

export interface SessionStoreOptions {
  api: SessionApi;
  /** called whenever a signed-in user is forgotten (logout, expiry), e.g. to drop cached data */
  onSignedOut?: () => void;
  /** called when an expired session's account signed in again, e.g. to load again what failed meanwhile */
  onSignedInAgain?: () => void;
}

export function createSessionStore({ api, onSignedOut, onSignedInAgain }: SessionStoreOptions): SessionStore {
  const storedToken = readToken();
  const storedUser = storedToken ? readUser() : null;
  let state: SessionState = {
    // A stored token and user restore the session at once; it is verified in the background.
    status: storedToken ? (storedUser ? "authenticated" : "loading") : "anonymous",
    user: storedUser,
    token: storedToken,
    error: null,
    darkMode: readDarkMode(),
    signedOut: false,
    expired: false,
  };
  // The server has accepted this page's session (a sign-in here, or the stored one verified): only then may a
  // later 401 keep the page under a sign-in dialog; before that it goes to /login as the spec says.
  let verified = false;
  // Bumped by every sign-in and sign-out, so a slow answer cannot overwrite a newer session.
  let epoch = 0;
  let restoring: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const clear = (error: string | null = null, signedOut = false) => {
    epoch++;
    clearStoredSession();
    const hadUser = state.user !== null;
    verified = false;
    set({ status: "anonymous", user: null, token: null, error, signedOut, expired: false });
    if (hadUser) onSignedOut?.();
  };

  const signIn = ({ token, user }: SignedIn): LoginResult => {
    epoch++;
    // Someone else than the page's last user: nothing they loaded may show (the portal remounts by user id).
    if (state.user && state.user.id !== user.id) onSignedOut?.();
    const again = state.expired && state.user?.id === user.id;
    verified = true;
    writeSession(token, user);
    set({ status: "authenticated", user, token, error: null, signedOut: false, expired: false });
    if (again) onSignedInAgain?.();
    return { outcome: "signed-in", user };
  };

  async function verify(): Promise<void> {
    const token = state.token;
    if (!token) {
      if (state.status === "loading") set({ status: "anonymous" });
      return;
    }
    const started = epoch;
    try {
      const { user } = await api.me();
      if (epoch !== started) return;
      verified = true;
      writeUser(user);
      set({ status: "authenticated", user });
    } catch (err) {
      if (epoch !== started) return;
      const { status } = normaliseError(err);
      // The server rejected the token: forget it. Without an answer (offline, timeout, server down) a
      // restored session stays, so a bad connection does not sign anyone out. A 401 says the session ended
      // (idle timeout, "Logout All" or a new password elsewhere): the sign-in page says so, as for a later 401.
      const rejected = status !== null && status >= 400 && status < 500;
      if (rejected || !state.user) clear(status === 401 ? MSG.sessionExpired : null);
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore() {
      restoring ??= verify();
      return restoring;
    },
    watchStorage() {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
        const token = readToken();
        const user = token ? readUser() : null;
        if (token === state.token && user?.id === state.user?.id) return;
        // This tab's page expired: another tab forgetting the dead token changes nothing here (the dialog stays).
        if (!token && state.expired) return;
        epoch++;
        if (token && user) {
          // Another tab signed someone in: the same person ends this tab's expiry; someone else's page goes.
          if (state.user && state.user.id !== user.id) onSignedOut?.();
          const again = state.expired && state.user?.id === user.id;
          set({ status: "authenticated", token, user, error: null, expired: false });
          if (again) onSignedInAgain?.();
        } else if (state.user) {
          // Signed out in another tab while a portal page here holds unsaved work (lib/leave-warning.ts cancels
          // the event): kept as an expiry, so "Sign in again" saves it (stop 45: it went to /login, text lost).
          if (verified && /^\/(admin|student)\//.test(location.pathname) && !dispatchEvent(new Event(SIGNING_OUT, { cancelable: true }))) {
            set({ token: null, expired: true, error: MSG.sessionExpired });
            return;
          }
          verified = false;
          set({ status: "anonymous", token: null, user: null, expired: false });
          onSignedOut?.();
        }
      };
      globalThis.addEventListener("storage", onStorage);
      return () => globalThis.removeEventListener("storage", onStorage);
    },
    async logout() {
      if (state.token) {
        try {
          await api.logout();
        } catch {
          // Ignored on purpose (spec part 1 §4): the local session ends either way.
        }
      }
      clear(null, true);
    },
    clear,
    expire() {
      if (!state.user || state.expired) return;
      if (!verified) {
        clear(MSG.sessionExpired);
        return;
      }
      // The dead token stays in storage until the next sign-in or sign-out: other tabs learn of the expiry from
      // their own calls, so a page in use there is kept the same way instead of being sent to /login.
      set({ token: null, expired: true, error: MSG.sessionExpired });
    },
    signIn,
    updateUser(partial) {
      if (!state.user) return;
      const user = { ...state.user, ...partial };
      writeUser(user);
      set({ user });
    },
    setDarkMode(on) {
      writeDarkMode(on);
      applyDarkMode(on);
      set({ darkMode: on });
    },
  };
}

/**
 * After a 401 anywhere except /login and / (spec part 1 §8). On a portal page whose session the server had
 * accepted, the page stays under a sign-in dialog (`expire`, docs/decisions/024): what was typed is not lost.
 * Elsewhere, or before the session was verified: forget the token and user at once, and go to /login 100 ms
 * later (keeping the page in ?next=, so signing in again returns to it). Returns whether it acted.
 */
export function expireSession(
  store: Pick<SessionStore, "clear" | "expire" | "getState">,
  { pathname, redirect, delayMs = 100 }: { pathname: string; redirect: (to: string) => void; delayMs?: number },
): boolean {
  if (pathname === "/login" || pathname === "/") return false;
  if (/^\/(admin|student)\//.test(pathname) && store.getState().user) {
    store.expire();
    if (store.getState().expired) return true;
  } else store.clear(MSG.sessionExpired);
  setTimeout(() => redirect(loginPathFor(pathname)), delayMs);
  return true;
}

/** The portal of a role: students have theirs; administrators and staff share the admin area (issue 17). */
export const portalOf = (role: Role): "admin" | "student" => (role === "student" ? "student" : "admin");

export const dashboardPath = (role: Role) => `/${portalOf(role)}/dashboard`;

/** A path inside a portal, with an optional query: nothing that could leave the site ("//host", "/\\host", schemes). */
const PORTAL_PATH = /^\/(admin|student)\/[A-Za-z0-9\-._~/]*(\?[A-Za-z0-9\-._~=&%+]*)?$/;

/**
 * The sign-in page for someone who asked for `path` (issue 14.6): a portal page other than the student's
 * dashboard is kept in ?next= so sign-in can return to it; an admin page's opens the form on its Admin tab
 * (walk 17: the office's right password was refused on the Student tab).
 */
export function loginPathFor(path: string): string {
  if (!PORTAL_PATH.test(path) || path.includes("//") || /^\/student\/(dashboard)?$/.test(path)) return "/login";
  return `/login?next=${encodeURIComponent(path)}`;
}

/**
 * Where a user goes once signed in: the page they asked for when it is in their own portal (a student's ?next
 * pointing into the admin area, or anywhere off the site, is ignored), else their dashboard.
 */
export function afterSignInPath(role: Role, next: string | null | undefined): string {
  if (next && PORTAL_PATH.test(next) && !next.includes("//") && next.startsWith(`/${portalOf(role)}/`)) return next;
  return dashboardPath(role);
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export type Session = SessionState &
  Pick<SessionStore, "signIn" | "logout" | "updateUser" | "setDarkMode"> & {
    toggleDarkMode(): void;
  };

export function useSession(): Session {
  const store = useContext(SessionContext);
  if (!store) throw new Error("useSession() needs a <SessionProvider> above it");
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return useMemo(
    () => ({
      ...state,
      signIn: store.signIn,
      logout: store.logout,
      updateUser: store.updateUser,
      setDarkMode: store.setDarkMode,
      toggleDarkMode: () => store.setDarkMode(!store.getState().darkMode),
    }),
    [state, store],
  );
}
