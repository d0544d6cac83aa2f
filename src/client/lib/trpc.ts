/**
 * The tRPC client: typed from the server's AppRouter (types only — no server code is bundled), batched
 * (at most 20 calls per request, the server's limit), bearer token from storage, 10-second timeout for reads (a write waits for its answer).
 */
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/router.ts";

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type TrpcClient = ReturnType<typeof trpc.createClient>;
/** The signed-in user as the server describes it (role, name, email, student_id, photo, …). */
export type SessionUser = RouterOutputs["auth"]["me"]["user"];
export type Role = SessionUser["role"];

export const TRPC_URL = "/api/trpc";
const MAX_BATCH = 20;
/** How long a read may take before the client gives up (and React Query asks again). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** What the client needs of `fetch` (tests pass a stand-in). */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` that gives up on a read after `timeoutMs`, while still honouring the caller's own abort signal. A write
 * (a POST) waits for its answer: the server may have done it with the answer still on its way, and a "took too
 * long… try again" after 10 s recorded a payment twice (walk 16b: a 12 s answer, two receipts).
 */
export function fetchWithTimeout(
  timeoutMs: number = REQUEST_TIMEOUT_MS,
  baseFetch: FetchLike = (input, init) => globalThis.fetch(input, init),
): FetchLike {
  return (input, init = {}) => {
    if (init.method === "POST") {
      // Sent while online, a write that got no answer may have been made (lib/errors.ts: transportMessage): so may
      // one whose answer was cut off after its headers (reading its body fails with a TypeError, as fetch does).
      const sent = globalThis.navigator?.onLine !== false;
      const mark = (err: unknown) => {
        throw sent && typeof err === "object" && err !== null ? Object.assign(err, { unanswered: true }) : err;
      };
      return baseFetch(input, init).then((res) => {
        const json = res.json.bind(res);
        res.json = () => json().catch(mark);
        return res;
      }, mark);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal && typeof AbortSignal.any === "function" ? AbortSignal.any([init.signal, timeout]) : timeout;
    return baseFetch(input, { ...init, signal });
  };
}

export const bearerHeader = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

export interface TrpcClientOptions {
  getToken: () => string | null;
  /** tests pass a stand-in for the network */
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createTrpcClient({ getToken, fetch: baseFetch, timeoutMs }: TrpcClientOptions): TrpcClient {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: TRPC_URL,
        maxItems: MAX_BATCH,
        headers: () => bearerHeader(getToken()),
        fetch: fetchWithTimeout(timeoutMs, baseFetch),
      }),
    ],
  });
}
