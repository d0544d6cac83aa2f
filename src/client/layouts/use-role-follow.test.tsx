import { describe, expect, test } from "bun:test";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createQueryClient } from "../lib/query-client.ts";
import { createSessionStore, SessionProvider, useSession } from "../lib/session.tsx";
import { ADMIN, fakeTrpcFetch, storeSession, stubSessionApi, TrpcFailure, withClientTestRules } from "../lib/testing.tsx";
import { createTrpcClient, trpc } from "../lib/trpc.ts";
import { useRoleFollow } from "./use-role-follow.ts";

withClientTestRules();

/** A page of the office portal: its role as the session has it, and one call the server may refuse. */
function Page() {
  useRoleFollow();
  const { user } = useSession();
  const staff = trpc.staff.list.useQuery({ page: 1, limit: 10, status: "all" }, { retry: false });
  return (
    <p>
      {user?.role} {staff.isError ? "refused" : staff.isSuccess ? "listed" : "loading"}
    </p>
  );
}

function renderPage(handlers: Parameters<typeof fakeTrpcFetch>[0]) {
  storeSession(ADMIN);
  const { fetch, calls } = fakeTrpcFetch(handlers);
  const queryClient = createQueryClient();
  const client = createTrpcClient({ getToken: () => "stored-token", fetch });
  render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider store={createSessionStore({ api: stubSessionApi().api })}>
          <Page />
        </SessionProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { meCalls: () => calls.filter((c) => c.path === "auth.me").length };
}

const NO_STAFF = { staff: [], pagination: { currentPage: 1, limit: 10, totalItems: 0, totalPages: 0 } };

describe("the office portal follows a role changed while its tab is open (walk 15c)", () => {
  test("an administrator made staff: the first call refused for the role reads the session again, and the role follows", async () => {
    const page = renderPage({
      "staff.list": () => new TrpcFailure("You do not have permission to do that", 403),
      "auth.me": () => ({ user: { ...ADMIN, role: "staff" } }),
    });
    await screen.findByText("staff refused");
    expect(page.meCalls()).toBe(1);
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").role).toBe("staff");
  });

  test("a name or role changed elsewhere: read again when the tab comes back into view, not before", async () => {
    const page = renderPage({
      "staff.list": () => NO_STAFF,
      "auth.me": () => ({ user: { ...ADMIN, role: "admin", name: "Asha Principal" } }),
    });
    await screen.findByText("admin listed");
    expect(page.meCalls()).toBe(0);
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(page.meCalls()).toBe(1));
    await waitFor(() => expect(JSON.parse(localStorage.getItem("user") ?? "{}").name).toBe("Asha Principal"));
  });
});
