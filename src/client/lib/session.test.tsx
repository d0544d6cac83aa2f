import { describe, expect, test } from "bun:test";
import { renderHook } from "@testing-library/react";
import { MSG } from "../../shared/messages.ts";
import { ApiError, CLIENT_MSG } from "./errors.ts";
import { useLeaveWarning } from "./leave-warning.ts";
import { createSessionStore, expireSession, sessionApiFromTrpc } from "./session.tsx";
import { readToken, STORAGE_KEYS } from "./storage.ts";
import { ADMIN, fakeTrpcFetch, STUDENT, storeSession, stubSessionApi, TrpcFailure, withClientTestRules } from "./testing.tsx";
import { createTrpcClient } from "./trpc.ts";

withClientTestRules();

const stored = () => ({
  token: localStorage.getItem(STORAGE_KEYS.token),
  user: localStorage.getItem(STORAGE_KEYS.user),
});

describe("session: start", () => {
  test("without a stored token it is anonymous at once and asks the server nothing", async () => {
    const { api, sent } = stubSessionApi();
    const store = createSessionStore({ api });
    expect(store.getState()).toMatchObject({ status: "anonymous", user: null, token: null });
    await store.restore();
    expect(sent).toEqual([]);
    expect(store.getState().status).toBe("anonymous");
  });

  test("a stored token and user restore the session, then the server's answer refreshes the user", async () => {
    storeSession(STUDENT, "tok-1");
    const fresh = { ...STUDENT, name: "Priya S. Sharma" };
    const { api } = stubSessionApi({ me: async () => ({ user: fresh }) });
    const store = createSessionStore({ api });
    // Restored before any answer: the portal can render at once.
    expect(store.getState()).toMatchObject({ status: "authenticated", token: "tok-1", user: STUDENT });
    await store.restore();
    expect(store.getState().user?.name).toBe("Priya S. Sharma");
    expect(JSON.parse(stored().user!).name).toBe("Priya S. Sharma");
  });

  test("a stored token without a user waits (loading) for the server", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "tok-1");
    let answer!: (v: { user: typeof STUDENT }) => void;
    const { api } = stubSessionApi({ me: () => new Promise((resolve) => (answer = resolve)) });
    const store = createSessionStore({ api });
    expect(store.getState().status).toBe("loading");
    const restoring = store.restore();
    answer({ user: STUDENT });
    await restoring;
    expect(store.getState()).toMatchObject({ status: "authenticated", user: STUDENT });
  });

  test("a failed verification (the server rejects the token) clears the session and storage, and says it expired", async () => {
    storeSession(ADMIN, "revoked");
    const signedOut: string[] = [];
    const { api, sent } = stubSessionApi(); // me → 401
    const store = createSessionStore({ api, onSignedOut: () => signedOut.push("cleared") });
    await store.restore();
    expect(sent).toEqual([{ procedure: "me" }]);
    expect(store.getState()).toMatchObject({ status: "anonymous", user: null, token: null, error: MSG.sessionExpired });
    expect(stored()).toEqual({ token: null, user: null });
    expect(signedOut).toEqual(["cleared"]);
  });

  test("with no answer at all (offline), a restored session is kept rather than signed out", async () => {
    storeSession(STUDENT, "tok-1");
    const { api } = stubSessionApi({
      me: async () => {
        throw new ApiError(CLIENT_MSG.network, null);
      },
    });
    const store = createSessionStore({ api });
    await store.restore();
    expect(store.getState()).toMatchObject({ status: "authenticated", token: "tok-1" });
    expect(stored().token).toBe("tok-1");
  });

  test("restore asks the server once, however often it is called", async () => {
    storeSession(STUDENT);
    let calls = 0;
    const { api } = stubSessionApi({ me: async () => (calls++, { user: STUDENT }) });
    const store = createSessionStore({ api });
    await Promise.all([store.restore(), store.restore()]);
    expect(calls).toBe(1);
  });
});

describe("session: through the real tRPC client", () => {
  test("auth.me is sent with the stored bearer token; a 401 answer clears the session", async () => {
    storeSession(STUDENT, "tok-xyz");
    const { fetch, calls } = fakeTrpcFetch({ "auth.me": () => new TrpcFailure(MSG.notAuthenticated, 401) });
    const store = createSessionStore({ api: sessionApiFromTrpc(createTrpcClient({ getToken: readToken, fetch })) });
    await store.restore();
    expect(calls.map((c) => c.path)).toEqual(["auth.me"]);
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer tok-xyz");
    expect(store.getState().status).toBe("anonymous");
    expect(stored()).toEqual({ token: null, user: null });
  });
});

describe("session: login and logout", () => {
  test("a sign-in's session sets user, token and authenticated, and is stored; any message goes", async () => {
    const { api } = stubSessionApi();
    const store = createSessionStore({ api });
    store.clear(MSG.sessionExpired);
    expect(store.signIn({ token: "admin-token", user: ADMIN })).toEqual({ outcome: "signed-in", user: ADMIN });
    expect(store.getState()).toMatchObject({ status: "authenticated", token: "admin-token", user: ADMIN, error: null });
    expect(stored()).toEqual({ token: "admin-token", user: JSON.stringify(ADMIN) });
  });

  test("logout calls the server and resets the session", async () => {
    storeSession(STUDENT, "tok-1");
    const { api, sent } = stubSessionApi();
    const store = createSessionStore({ api });
    await store.logout();
    expect(sent).toEqual([{ procedure: "logout" }]);
    expect(store.getState()).toMatchObject({ status: "anonymous", user: null, token: null });
    expect(stored()).toEqual({ token: null, user: null });
  });

  test("logout clears the session even when the server call fails", async () => {
    storeSession(STUDENT, "tok-1");
    const signedOut: string[] = [];
    const { api } = stubSessionApi({
      logout: async () => {
        throw new ApiError(CLIENT_MSG.network, null);
      },
    });
    const store = createSessionStore({ api, onSignedOut: () => signedOut.push("cleared") });
    await store.logout();
    expect(store.getState()).toMatchObject({ status: "anonymous", user: null, token: null });
    expect(stored()).toEqual({ token: null, user: null });
    expect(signedOut).toEqual(["cleared"]);
  });

  test("a slow verification cannot undo a newer login", async () => {
    storeSession(STUDENT, "old");
    let reject!: (e: unknown) => void;
    const { api } = stubSessionApi({ me: () => new Promise((_r, rej) => (reject = rej)) });
    const store = createSessionStore({ api });
    const restoring = store.restore();
    store.signIn({ token: "admin-token", user: ADMIN });
    reject(new ApiError("Please log in", 401));
    await restoring;
    expect(store.getState()).toMatchObject({ status: "authenticated", token: "admin-token", user: ADMIN });
  });
});

describe("session: other tabs", () => {
  test("a sign-out in another tab signs this tab out; a sign-in there signs this one in", () => {
    storeSession(STUDENT, "tok-1");
    const signedOut: string[] = [];
    const store = createSessionStore({ api: stubSessionApi().api, onSignedOut: () => signedOut.push("cleared") });
    const stop = store.watchStorage();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.token }));
    expect(store.getState()).toMatchObject({ status: "anonymous", user: null });
    expect(signedOut).toEqual(["cleared"]);

    storeSession(ADMIN, "tok-2");
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.user }));
    expect(store.getState()).toMatchObject({ status: "authenticated", user: ADMIN, token: "tok-2" });

    stop();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.token }));
    expect(store.getState().user).toEqual(ADMIN);
  });
});

describe("session: user and dark mode", () => {
  test("updateUser merges fields into the current user and stores them", () => {
    storeSession(STUDENT);
    const store = createSessionStore({ api: stubSessionApi().api });
    store.updateUser({ name: "Priya R. Sharma", photo: { url: "/p.webp" } });
    expect(store.getState().user).toEqual({ ...STUDENT, name: "Priya R. Sharma", photo: { url: "/p.webp" } });
    expect(JSON.parse(stored().user!)).toMatchObject({ name: "Priya R. Sharma", email: STUDENT.email });
  });

  test("dark mode is a persisted flag that toggles the dark class on <html>", () => {
    const store = createSessionStore({ api: stubSessionApi().api });
    expect(store.getState().darkMode).toBe(false);
    store.setDarkMode(true);
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe("true");
    expect(createSessionStore({ api: stubSessionApi().api }).getState().darkMode).toBe(true);
    store.setDarkMode(false);
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe("false");
  });

  test("damaged stored JSON is treated as no user", () => {
    localStorage.setItem(STORAGE_KEYS.token, "tok");
    localStorage.setItem(STORAGE_KEYS.user, "{not json");
    expect(createSessionStore({ api: stubSessionApi().api }).getState()).toMatchObject({ status: "loading", user: null });
  });
});

describe("expireSession (a 401 anywhere)", () => {
  test("away from /login and /, it clears token and user at once and goes to /login (keeping the page) after 100 ms", async () => {
    storeSession(STUDENT, "tok-1");
    const store = createSessionStore({ api: stubSessionApi().api });
    const redirects: string[] = [];
    const acted = expireSession(store, { pathname: "/student/profile", redirect: (to) => redirects.push(to) });
    expect(acted).toBe(true);
    expect(stored()).toEqual({ token: null, user: null });
    expect(store.getState()).toMatchObject({ user: null, error: MSG.sessionExpired });
    expect(redirects).toEqual([]);
    await Bun.sleep(60);
    expect(redirects).toEqual([]);
    await Bun.sleep(80);
    expect(redirects).toEqual(["/login?next=%2Fstudent%2Fprofile"]);
  });

  test.each(["/login", "/"])("on %s it does nothing", async (pathname) => {
    storeSession(STUDENT, "tok-1");
    const store = createSessionStore({ api: stubSessionApi().api });
    const redirects: string[] = [];
    expect(expireSession(store, { pathname, redirect: (to) => redirects.push(to), delayMs: 0 })).toBe(false);
    await Bun.sleep(5);
    expect(redirects).toEqual([]);
    expect(stored().token).toBe("tok-1");
  });
});

describe("a session the server ends while its page is in use (decision 024)", () => {
  /** A stored session the server verified, with what the store reported. */
  async function verified(user = STUDENT, api = stubSessionApi({ me: async () => ({ user }) }).api) {
    storeSession(user, "tok-1");
    const events: string[] = [];
    const store = createSessionStore({
      api,
      onSignedOut: () => events.push("signed out"),
      onSignedInAgain: () => events.push("signed in again"),
    });
    await store.restore();
    return { store, events };
  }

  test("on a portal page the page and who it was stay (expired); the token goes; nobody is sent anywhere", async () => {
    const { store, events } = await verified();
    const redirects: string[] = [];
    expect(expireSession(store, { pathname: "/student/profile", redirect: (to) => redirects.push(to), delayMs: 0 })).toBe(true);
    expect(store.getState()).toMatchObject({
      status: "authenticated",
      user: STUDENT,
      token: null,
      expired: true,
      error: MSG.sessionExpired,
    });
    // The dead token stays stored: other tabs learn of the expiry from their own calls.
    expect(stored().token).toBe("tok-1");
    // Later 401s (the page's other calls) change nothing.
    expireSession(store, { pathname: "/student/profile", redirect: (to) => redirects.push(to), delayMs: 0 });
    await Bun.sleep(5);
    expect(redirects).toEqual([]);
    expect(events).toEqual([]);
  });

  test("outside the portals the spec's rule stands: cleared at once, /login next", async () => {
    const { store, events } = await verified();
    const redirects: string[] = [];
    expireSession(store, { pathname: "/change-password", redirect: (to) => redirects.push(to), delayMs: 0 });
    expect(store.getState()).toMatchObject({ user: null, expired: false });
    await Bun.sleep(5);
    expect(redirects).toEqual(["/login"]);
    expect(events).toEqual(["signed out"]);
  });

  test("signIn: the same account's new session ends the expiry; another account's replaces the page", async () => {
    const { store, events } = await verified();
    store.expire();
    expect(store.signIn({ token: "tok-2", user: STUDENT })).toEqual({ outcome: "signed-in", user: STUDENT });
    expect(store.getState()).toMatchObject({ expired: false, token: "tok-2", error: null, user: STUDENT });
    expect(stored().token).toBe("tok-2");
    expect(events).toEqual(["signed in again"]);

    store.expire();
    store.signIn({ token: "tok-3", user: { ...STUDENT, id: 99, name: "Someone Else" } });
    expect(store.getState()).toMatchObject({ expired: false, token: "tok-3", user: { id: 99 } });
    expect(events).toEqual(["signed in again", "signed out"]);
  });

  test("a sign-out in another tab while a portal page here holds unsaved work keeps the page as an expiry (stop 45)", async () => {
    const { store, events } = await verified();
    const stop = store.watchStorage();
    const before = location.href;
    history.replaceState(null, "", "/student/help/new");
    // A form holding typed text (lib/leave-warning.ts cancels the event).
    const typed = renderHook(() => useLeaveWarning(true));
    try {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.token }));
      expect(store.getState()).toMatchObject({ status: "authenticated", expired: true, user: STUDENT, token: null });
      expect(events).toEqual([]);
      // Signed in again here: the page carries on.
      store.signIn({ token: "tok-2", user: STUDENT });
      expect(store.getState()).toMatchObject({ expired: false, token: "tok-2" });
      // Nothing held: a sign-out elsewhere signs this tab out, as before.
      typed.unmount();
      localStorage.clear();
      window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.token }));
      expect(store.getState()).toMatchObject({ status: "anonymous", user: null });
    } finally {
      typed.unmount();
      history.replaceState(null, "", before);
      stop();
    }
  });

  test("another tab: forgetting the dead token changes nothing here; the same account's sign-in ends the expiry; someone else's replaces the page", async () => {
    const { store, events } = await verified();
    const stop = store.watchStorage();
    store.expire();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.token }));
    expect(store.getState()).toMatchObject({ expired: true, user: STUDENT });

    storeSession(STUDENT, "tok-2");
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.token }));
    expect(store.getState()).toMatchObject({ expired: false, user: STUDENT, token: "tok-2" });
    expect(events).toEqual(["signed in again"]);

    store.expire();
    storeSession(ADMIN, "tok-3");
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.token }));
    expect(store.getState()).toMatchObject({ expired: false, user: ADMIN, token: "tok-3" });
    expect(events).toEqual(["signed in again", "signed out"]);
    stop();
  });

  test("signing out from the dialog ends it without asking the server (the token is already dead)", async () => {
    const stub = stubSessionApi({ me: async () => ({ user: STUDENT }) });
    const { store, events } = await verified(STUDENT, stub.api);
    store.expire();
    await store.logout();
    expect(store.getState()).toMatchObject({ status: "anonymous", user: null, expired: false, signedOut: true });
    expect(stored()).toEqual({ token: null, user: null });
    expect(stub.sent).toEqual([]);
    expect(events).toEqual(["signed out"]);
  });
});
