/**
 * The app's providers, outermost first: the error screen, tRPC + React Query, the session, toasts, and
 * the routes. Also wires the spec's rule for a 401 anywhere (part 1 §8) to the session.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Router } from "wouter";
import { navigate as browserNavigate } from "wouter/use-browser-location";
import { AppErrorBoundary } from "./layouts/error-screen.tsx";
import { onUnauthorized } from "./lib/errors.ts";
import { changeLocale, getLocale } from "./lib/i18n.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { createSessionStore, expireSession, type SessionApi, SessionProvider, sessionApiFromTrpc, useSession } from "./lib/session.tsx";
import { readToken } from "./lib/storage.ts";
import { createTrpcClient, type FetchLike, trpc } from "./lib/trpc.ts";
import { AppRoutes } from "./routes.tsx";
import { ToastProvider } from "./ui/toast.tsx";

export interface AppOptions {
  /** stands in for the network (tests) */
  fetch?: FetchLike;
  /** replaces the server calls of the session (tests) */
  sessionApi?: SessionApi;
  /** a location hook other than the browser's (tests: wouter's memoryLocation().hook) */
  locationHook?: Parameters<typeof Router>[0]["hook"];
  /** where a 401 sends the user (tests); the browser's history otherwise */
  navigate?: (to: string) => void;
  /** the current path for the 401 rule (tests); the browser's otherwise */
  currentPath?: () => string;
}

function createAppServices(options: AppOptions) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient({ getToken: readToken, fetch: options.fetch });
  const session = createSessionStore({
    api: options.sessionApi ?? sessionApiFromTrpc(trpcClient),
    // Another person may sign in next on this device: drop everything the last one loaded.
    onSignedOut: () => queueMicrotask(() => queryClient.clear()),
    // Signed in again over the page (decision 024): load again what failed while the session was gone.
    onSignedInAgain: () => void queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" }),
  });
  return { queryClient, trpcClient, session };
}

export function App(options: AppOptions = {}) {
  const [services] = useState(() => createAppServices(options));
  const { queryClient, trpcClient, session } = services;

  useEffect(() => {
    void session.restore();
    return session.watchStorage();
  }, [session]);

  useEffect(
    () =>
      onUnauthorized(() =>
        expireSession(session, {
          pathname: options.currentPath?.() ?? window.location.pathname + window.location.search,
          redirect: options.navigate ?? ((to) => browserNavigate(to)),
        }),
      ),
    // The options are fixed for the app's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session],
  );

  return (
    <AppErrorBoundary>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={session}>
            <ToastProvider>
              <AccountLanguage />
              <RouterFor hook={options.locationHook}>
                <AppRoutes />
              </RouterFor>
            </ToastProvider>
          </SessionProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </AppErrorBoundary>
  );
}

function RouterFor({ hook, children }: { hook: AppOptions["locationHook"]; children: ReactNode }) {
  return hook ? <Router hook={hook}>{children}</Router> : children;
}

/** A signed-in person's stored language (issue 16) applies on whichever device they sign in on. */
function AccountLanguage() {
  const language = useSession().user?.language ?? null;
  useEffect(() => {
    if (language && language !== getLocale()) changeLocale(language).catch(() => undefined);
  }, [language]);
  return null;
}
