import { afterEach, describe, expect, test } from "bun:test";
import { MutationObserver, onlineManager } from "@tanstack/react-query";
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

  test("queries retry only what might succeed next time", () => {
    expect(shouldRetry(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetry(2, new TypeError("Failed to fetch"))).toBe(false);
  });
});
