/** React Query's cache: every failed query or mutation is reported once (401 → session expiry). */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { normaliseError, reportFailure } from "./errors.ts";

/** Retry only what might succeed next time: no answer at all, or a server error. */
const MAX_RETRIES = 2;
export const shouldRetry = (failureCount: number, error: unknown) => {
  const { status } = normaliseError(error);
  return (status === null || status >= 500) && failureCount < MAX_RETRIES;
};

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: reportFailure }),
    // A write with no answer may have been made: the screens read again what is stored (the fee desk's ledger
    // shows the payment a late answer had hidden, walk 16b).
    mutationCache: new MutationCache({
      onError: (error) => {
        if (reportFailure(error).status === null) void client.invalidateQueries();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // "always": offline, a save fails at once with "We could not reach the server…" (what was typed stays in
      // its form). React Query's default ("online") held it as busy, without a word, until the connection
      // came back; a person who gave up meanwhile closed the page on a button that still said "Sending…".
      mutations: { retry: false, networkMode: "always" },
    },
  });
  return client;
}
