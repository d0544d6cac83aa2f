import { describe, expect, setSystemTime, test } from "bun:test";
import { focusManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { PAGE_SIZE } from "../../shared/constants.ts";
import { withComponentTestSetup } from "../ui/testing.ts";
import { createQueryClient } from "./query-client.ts";
import { fakeTrpcFetch } from "./testing.tsx";
import { createTrpcClient, trpc } from "./trpc.ts";
import { buildListQuery, parseListParams, useKeepPageInRange, useListParams, usePagedList } from "./use-list-params.ts";

withComponentTestSetup();

const STATUS = { key: "status", values: ["all", "new", "in-progress", "resolved", "closed"] } as const;

describe("parseListParams / buildListQuery", () => {
  test("reads page, search and filter; anything odd falls back to the default", () => {
    expect(parseListParams("?page=3&search=%20Priya%20&status=resolved", STATUS)).toEqual({ page: 3, search: "Priya", filter: "resolved" });
    expect(parseListParams("", STATUS)).toEqual({ page: 1, search: "", filter: "all" });
    expect(parseListParams("page=0&status=deleted", STATUS)).toEqual({ page: 1, search: "", filter: "all" });
    expect(parseListParams("page=-2", STATUS).page).toBe(1);
    expect(parseListParams("page=2.5", STATUS).page).toBe(1);
    // Any page past the end is one: the list then moves to its last (thirteenth walk: 9999999 showed page 1).
    expect(parseListParams("page=9999999", STATUS).page).toBe(999_999);
    expect(parseListParams("page=0000012", STATUS).page).toBe(12);
    expect(parseListParams("page=abc").filter).toBe("");
    expect(parseListParams(`search=${"x".repeat(150)}`).search).toHaveLength(100);
  });

  test("writes only what differs from the default, and keeps other keys", () => {
    expect(buildListQuery({ page: 1, search: "", filter: "all" }, STATUS)).toBe("");
    expect(buildListQuery({ page: 2, search: "ravi kumar", filter: "new" }, STATUS)).toBe("search=ravi+kumar&status=new&page=2");
    expect(buildListQuery({ page: 1, search: "", filter: "all" }, STATUS, "?open=5&page=4&status=closed")).toBe("open=5");
  });

  test("a written query reads back as the same state", () => {
    const state = { page: 7, search: "STU0001 & co", filter: "in-progress" };
    expect(parseListParams(buildListQuery(state, STATUS), STATUS)).toEqual(state);
  });
});

function Probe({ totalPages }: { totalPages?: number }) {
  const list = useListParams(STATUS);
  useKeepPageInRange(list, totalPages);
  return (
    <div>
      <output data-testid="state">{JSON.stringify({ page: list.page, search: list.search, filter: list.filter })}</output>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        next
      </button>
      <button type="button" onClick={() => list.setSearch("  asha ")}>
        search
      </button>
      <button type="button" onClick={() => list.setFilter("closed")}>
        closed
      </button>
    </div>
  );
}

function renderAt(path: string, totalPages?: number) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <Probe totalPages={totalPages} />
    </Router>,
  );
  const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}");
  return { location, state, view };
}

describe("useListParams ↔ URL", () => {
  test("a shared link opens the same view", () => {
    const { state } = renderAt("/contacts?page=2&search=fees&status=new");
    expect(state()).toEqual({ page: 2, search: "fees", filter: "new" });
  });

  test("paging and filtering add a history entry and restart at page 1; a search restarts at page 1", () => {
    const { location, state } = renderAt("/contacts?status=new");
    fireEvent.click(screen.getByRole("button", { name: "next" }));
    expect(location.history).toEqual(["/contacts?status=new", "/contacts?status=new&page=2"]);
    expect(state().page).toBe(2);

    fireEvent.click(screen.getByRole("button", { name: "search" }));
    expect(location.history.at(-1)).toBe("/contacts?status=new&search=asha");
    expect(state()).toEqual({ page: 1, search: "asha", filter: "new" });

    fireEvent.click(screen.getByRole("button", { name: "next" }));
    fireEvent.click(screen.getByRole("button", { name: "closed" }));
    expect(location.history.at(-1)).toBe("/contacts?status=closed&search=asha");
    expect(state()).toEqual({ page: 1, search: "asha", filter: "closed" });
  });

  test("a search is one step: the first from a view adds an entry, typing on replaces it, Back returns to the view", async () => {
    // The browser's own history (happy-dom's), whose entries carry the search's mark.
    history.replaceState(null, "", "/contacts?status=new&page=2");
    const start = history.length;
    const typed = (search: string) => {
      function Typing() {
        const list = useListParams(STATUS);
        return (
          <div>
            <output data-testid="search">{list.search}</output>
            <button type="button" onClick={() => list.setSearch(search)}>
              type {search}
            </button>
          </div>
        );
      }
      return Typing;
    };
    const First = typed("ravi");
    const Second = typed("ravi kumar");
    const Emptied = typed("");
    render(
      <>
        <First />
        <Second />
        <Emptied />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "type ravi" }));
    expect(`${location.pathname}${location.search}`).toBe("/contacts?status=new&search=ravi");
    expect(history.length).toBe(start + 1);
    fireEvent.click(screen.getByRole("button", { name: "type ravi kumar" }));
    expect(location.search).toBe("?status=new&search=ravi+kumar");
    // typing on is not history
    expect(history.length).toBe(start + 1);

    act(() => history.back());
    // Back: the view the search started from, its page kept (walk 27b: it went a step further)
    await waitFor(() => expect(location.search).toBe("?status=new&page=2"));
    await waitFor(() => expect(screen.getAllByTestId("search")[0]!.textContent).toBe(""));

    // Forward, then the box emptied: back to that view, not a second copy of it after the search's entry (walk
    // 28a: the next Back then seemed to do nothing).
    act(() => history.forward());
    await waitFor(() => expect(location.search).toBe("?status=new&search=ravi+kumar"));
    fireEvent.click(screen.getByRole("button", { name: "type" }));
    await waitFor(() => expect(location.search).toBe("?status=new&page=2"));
    expect(history.length).toBe(start + 1);
  });

  test("the Back button (another URL) changes the state", () => {
    const { location, state } = renderAt("/contacts");
    act(() => location.navigate("/contacts?page=3&status=resolved"));
    expect(state()).toEqual({ page: 3, search: "", filter: "resolved" });
  });

  test("a page past the end moves to the last page without a new history entry", () => {
    const { location, state } = renderAt("/contacts?page=9", 4);
    expect(state().page).toBe(4);
    expect(location.history).toEqual(["/contacts?page=4"]);
  });
});

function PagedProbe({ limit }: { limit?: number }) {
  const { list, query } = usePagedList(trpc.programmes.adminList, (page, { filter }) => ({ ...page, status: filter as "all" | "open" }), {
    filter: { key: "status", values: ["all", "open"] },
    limit,
  });
  const shown = query.data?.pagination.currentPage;
  return (
    <div>
      <output data-testid="paged">{JSON.stringify({ page: list.page, shown: shown ?? null, placeholder: query.isPlaceholderData })}</output>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        next
      </button>
    </div>
  );
}

describe("usePagedList", () => {
  const answer = (page: number, totalPages: number) => ({
    programmes: [],
    pagination: { currentPage: page, totalPages, totalItems: totalPages * 10, limit: 10 },
  });

  function renderPaged(
    path: string,
    totalPages: number,
    limit?: number,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  ) {
    let release: () => void = () => {};
    let holding = false;
    const { fetch, calls } = fakeTrpcFetch({
      "programmes.adminList": async (input) => {
        if (holding) await new Promise<void>((resolve) => (release = resolve));
        return answer(Number(input.page), totalPages);
      },
    });
    const client = createTrpcClient({ getToken: () => null, fetch });
    const location = memoryLocation({ path, record: true });
    render(
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Router hook={location.hook}>
            <PagedProbe limit={limit} />
          </Router>
        </QueryClientProvider>
      </trpc.Provider>,
    );
    const state = () => JSON.parse(screen.getByTestId("paged").textContent ?? "{}");
    return { calls, location, state, hold: () => (holding = true), release: () => release() };
  }

  test("asks for the URL's page, search and filter with the list's page size", async () => {
    const { calls, state } = renderPaged("/programmes?page=2&search=mba&status=open", 3, 25);
    await waitFor(() => expect(state().shown).toBe(2));
    expect(calls.map((c) => c.input)).toEqual([{ page: 2, limit: 25, search: "mba", status: "open" }]);
  });

  test("the shared page size by default; the last page's rows stay while the next one loads", async () => {
    const { calls, state, hold, release } = renderPaged("/programmes", 3);
    await waitFor(() => expect(state().shown).toBe(1));
    expect(calls[0]?.input).toEqual({ page: 1, limit: PAGE_SIZE, search: "", status: "all" });
    hold();
    fireEvent.click(screen.getByRole("button", { name: "next" }));
    await waitFor(() => expect(state()).toEqual({ page: 2, shown: 1, placeholder: true }));
    act(() => release());
    await waitFor(() => expect(state()).toEqual({ page: 2, shown: 2, placeholder: false }));
  });

  test("a list is read again when its tab comes back to the front, once older than the app keeps answers (walk 27b)", async () => {
    // The app's own cache: other screens are not read again on focus (a form filled from its answer).
    const { calls, state } = renderPaged("/programmes", 3, undefined, createQueryClient());
    await waitFor(() => expect(state().shown).toBe(1));
    const shownAgain = () => {
      act(() => focusManager.setFocused(false));
      act(() => focusManager.setFocused(true));
    };
    try {
      shownAgain();
      // Within the half minute: nothing asked.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toHaveLength(1);
      setSystemTime(new Date(Date.now() + 31_000));
      shownAgain();
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1]?.input).toEqual(calls[0]?.input);
    } finally {
      setSystemTime();
      focusManager.setFocused(undefined);
    }
  });

  test("a page past the end moves to the last page once the server has answered", async () => {
    const { location, state } = renderPaged("/programmes?page=9", 4);
    await waitFor(() => expect(state().shown).toBe(4));
    expect(location.history).toEqual(["/programmes?page=4"]);
  });
});
