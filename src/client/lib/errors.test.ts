import { afterEach, describe, expect, test } from "bun:test";
import { MSG } from "../../shared/messages.ts";
import { ApiError, CLIENT_MSG, failureMessage, normaliseError, onUnauthorized, reportFailure } from "./errors.ts";
import { fakeTrpcFetch, TrpcFailure, withClientTestRules } from "./testing.tsx";
import { createTrpcClient, fetchWithTimeout } from "./trpc.ts";

/** The error a real tRPC client raises for a given fetch. */
async function trpcErrorFrom(fetch: Parameters<typeof createTrpcClient>[0]["fetch"], timeoutMs?: number) {
  const client = createTrpcClient({ getToken: () => null, fetch, timeoutMs });
  try {
    await client.site.info.query();
  } catch (err) {
    return err;
  }
  throw new Error("the call did not fail");
}

withClientTestRules();

describe("normaliseError", () => {
  test("a server failure keeps the server's message, status and field errors", async () => {
    const { fetch } = fakeTrpcFetch({
      "site.info": () => {
        throw new TrpcFailure("Please enter a valid email address", 400, { email: ["Please enter a valid email address"] });
      },
    });
    const error = normaliseError(await trpcErrorFrom(fetch));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("Please enter a valid email address");
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ email: ["Please enter a valid email address"] });
  });

  test("a 401 from the server carries status 401", async () => {
    const { fetch } = fakeTrpcFetch({ "site.info": () => new TrpcFailure(MSG.notAuthenticated, 401) });
    const error = normaliseError(await trpcErrorFrom(fetch));
    expect(error.status).toBe(401);
    expect(error.message).toBe(MSG.notAuthenticated);
    expect(error.errors).toBeNull();
  });

  test("a server failure without a message falls back to 'An error occurred'", async () => {
    const { fetch } = fakeTrpcFetch({ "site.info": () => new TrpcFailure("", 500) });
    const error = normaliseError(await trpcErrorFrom(fetch));
    expect(error.message).toBe(MSG.genericError);
    expect(error.status).toBe(500);
  });

  test("a request that takes longer than the timeout gives the client's timeout message and no status", async () => {
    // Never answers; only the abort signal ends it.
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const error = normaliseError(await trpcErrorFrom(hanging, 20));
    expect(error.message).toBe(CLIENT_MSG.timeout);
    expect(error.status).toBeNull();
  });

  test("an unreachable server gives the client's network message", async () => {
    const offline = async () => {
      throw new TypeError("Failed to fetch");
    };
    const error = normaliseError(await trpcErrorFrom(offline));
    expect(error.message).toBe(CLIENT_MSG.network);
    expect(error.status).toBeNull();
  });

  test("an answer that is not tRPC's (a proxy's HTML page) gives 'An error occurred', not a parser's message", async () => {
    const proxy = async () => new Response("<html>Bad gateway</html>", { status: 502 });
    const error = normaliseError(await trpcErrorFrom(proxy));
    expect(error.message).toBe(MSG.genericError);
  });

  test("other failures: an Error's own message, a string, else 'An error occurred'", () => {
    expect(normaliseError(new Error("Disk full")).message).toBe("Disk full");
    expect(normaliseError("Plain words").message).toBe("Plain words");
    expect(normaliseError(null).message).toBe(MSG.genericError);
    expect(normaliseError({}).message).toBe(MSG.genericError);
    expect(normaliseError(new Error("")).message).toBe(MSG.genericError);
    const already = new ApiError("Kept", 409, { name: ["Taken"] });
    expect(normaliseError(already)).toBe(already);
  });

  test("a programming TypeError outside fetch is not mistaken for a network failure", () => {
    expect(normaliseError(new TypeError("x is undefined")).message).toBe("x is undefined");
  });
});

describe("failureMessage", () => {
  test("no answer says what happened (offline, a timeout); a 4xx its own words; anything else the screen's fallback", async () => {
    const offline = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(failureMessage(await trpcErrorFrom(offline), "This could not be saved.")).toBe(CLIENT_MSG.network);
    expect(failureMessage(new ApiError(CLIENT_MSG.unsure, null), "This could not be saved.")).toBe(CLIENT_MSG.unsure);
    expect(failureMessage(new ApiError(CLIENT_MSG.timeout, null), "This could not be saved.")).toBe(CLIENT_MSG.timeout);
    expect(failureMessage(new ApiError("This e-mail address is already used", 409), "This could not be saved.")).toBe(
      "This e-mail address is already used",
    );
    expect(failureMessage(new ApiError("SQLITE_BUSY", 500), "This could not be saved.")).toBe("This could not be saved.");
    expect(failureMessage(new ApiError("Disk full", null), "This could not be saved.")).toBe("This could not be saved.");
  });
});

describe("fetchWithTimeout", () => {
  test("a read gives up after its time; a write (POST) waits for its answer, which may be late but done (walk 16b)", async () => {
    const late = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Response("{}")), 60);
        init?.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(init.signal?.reason);
        });
      });
    await expect(fetchWithTimeout(10, late)("/api/trpc/x", { method: "GET" })).rejects.toMatchObject({ name: "TimeoutError" });
    expect((await fetchWithTimeout(10, late)("/api/trpc/x", { method: "POST", body: "{}" })).ok).toBe(true);
  });

  test("a write sent online whose answer never came may have been made: it says so; one sent offline was not (stop 48)", async () => {
    const dropped = async () => {
      throw new TypeError("Failed to fetch");
    };
    const client = createTrpcClient({ getToken: () => null, fetch: dropped });
    const failure = () => client.auth.logout.mutate().then(() => Promise.reject(new Error("saved")), normaliseError);
    expect((await failure()).message).toBe(CLIENT_MSG.unsure);
    // A read is only a read: nothing was changed.
    expect(normaliseError(await trpcErrorFrom(dropped)).message).toBe(CLIENT_MSG.network);
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine");
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    try {
      expect((await failure()).message).toBe(CLIENT_MSG.network);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) expect(navigator.onLine).toBe(true);
    }
  });

  test("a write whose answer was cut off after its headers may have been made too: it says so (stop 49)", async () => {
    // Headers came; the body stopped: reading it fails with a TypeError, as a browser's fetch does.
    const cut = async () => {
      const res = new Response('[{"result":', { headers: { "content-type": "application/json" } });
      res.json = () => Promise.reject(new TypeError("network error"));
      return res;
    };
    const client = createTrpcClient({ getToken: () => null, fetch: cut });
    const failure = await client.auth.logout.mutate().then(() => Promise.reject(new Error("saved")), normaliseError);
    expect(failure.message).toBe(CLIENT_MSG.unsure);
    // A read cut off the same way was only a read.
    expect(normaliseError(await trpcErrorFrom(cut)).message).toBe(CLIENT_MSG.network);
  });

  test("still honours the caller's own abort", async () => {
    const controller = new AbortController();
    const seen: AbortSignal[] = [];
    const base = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        seen.push(init!.signal!);
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const pending = fetchWithTimeout(10_000, base)("/x", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(seen[0]?.aborted).toBe(true);
  });
});

describe("reportFailure", () => {
  const unsubscribers: (() => void)[] = [];
  afterEach(() => unsubscribers.splice(0).forEach((u) => u()));

  test("tells the 401 listeners about a 401, and nobody about other failures", () => {
    const heard: number[] = [];
    unsubscribers.push(onUnauthorized((e) => heard.push(e.status ?? 0)));
    expect(reportFailure(new ApiError("Forbidden", 403)).status).toBe(403);
    expect(heard).toEqual([]);
    expect(reportFailure(new ApiError("Please log in", 401)).message).toBe("Please log in");
    expect(heard).toEqual([401]);
  });

  test("an unsubscribed listener hears nothing", () => {
    const heard: number[] = [];
    const stop = onUnauthorized(() => heard.push(1));
    stop();
    reportFailure(new ApiError("Please log in", 401));
    expect(heard).toEqual([]);
  });
});
