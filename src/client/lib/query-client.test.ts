import { afterEach, describe, expect, test } from "bun:test";
import { MutationObserver, onlineManager } from "@tanstack/react-query";
import { ApiError } from "./errors.ts";
import { createQueryClient, shouldRetry } from "./query-client.ts";

afterEach(() => onlineManager.setOnline(true));

describe("createQueryClient", () => {
  test("offline, a mutation fails at once instead of waiting, busy, for the connection", async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const observer = new MutationObserver(client, {
      mutationFn: () => Promise.reject(new TypeError("Failed to fetch")),
      // reportFailure (the cache's onError) needs a page; this test is about the waiting only.
      onError: () => {},
    });
    const outcome = await Promise.race([
      observer.mutate().then(
        () => "saved",
        () => "failed",
      ),
      Bun.sleep(300).then(() => "still waiting"),
    ]);
    expect(outcome).toBe("failed");
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });

  test("a write that got no answer may have been made: what the screens show is read again; a refusal reads nothing (walk 16b)", async () => {
    const client = createQueryClient();
    const read = (key: string) => {
      client.setQueryData([key], "shown");
      return () => client.getQueryState([key])?.isInvalidated;
    };
    const ledger = read("ledger");
    const fail = (error: unknown) => new MutationObserver(client, { mutationFn: () => Promise.reject(error) }).mutate().catch(() => {});
    await fail(new ApiError("The amount is more than what is due", 409));
    expect(ledger()).toBe(false);
    await fail(new TypeError("Failed to fetch"));
    expect(ledger()).toBe(true);
  });

  test("queries retry only what might succeed next time", () => {
    expect(shouldRetry(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetry(2, new TypeError("Failed to fetch"))).toBe(false);
  });
});
