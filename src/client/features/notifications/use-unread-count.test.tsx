import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { withClientTestRules } from "../../lib/testing.tsx";
import { useFreshOnNewNotice } from "./use-unread-count.ts";

withClientTestRules();

describe("useFreshOnNewNotice", () => {
  test("a higher unread count marks what the page shows as stale (it is fetched again); the count itself, and a lower count, do not", () => {
    const client = new QueryClient();
    const fees = [["fees", "mine"], { type: "query" }];
    const count = [["notifications", "unreadCount"], { type: "query" }];
    client.setQueryData(fees, { total: 9000 });
    client.setQueryData(count, { count: 1 });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
    const { rerender } = renderHook(({ n }: { n: number | undefined }) => useFreshOnNewNotice(n), {
      wrapper,
      initialProps: { n: undefined as number | undefined },
    });

    rerender({ n: 1 }); // the first answer: nothing new yet
    expect(stale(fees)).toBe(false);
    rerender({ n: 0 }); // read: nothing new
    expect(stale(fees)).toBe(false);
    rerender({ n: 1 }); // a payment confirmed
    expect(stale(fees)).toBe(true);
    expect(stale(count)).toBe(false);
  });
});
