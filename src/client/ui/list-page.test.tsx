import { describe, expect, spyOn, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { catchDownloads, fakeTrpcFetch, SITE_INFO } from "../lib/testing.tsx";
import { createTrpcClient, trpc } from "../lib/trpc.ts";
import {
  ListBody,
  ListEmpty,
  ListExportButton,
  ListTable,
  listAnswer,
  listFilter,
  listTableWords,
  listWords,
  PageFrame,
  pageWords,
} from "./list-page.tsx";
import { withComponentTestSetup } from "./testing.ts";
import { ToastProvider } from "./toast.tsx";

withComponentTestSetup();

const words: Record<string, string> = {
  "team.search": "Search the team",
  "team.searchPlaceholder": "Name or e-mail",
  "team.noun": "people",
  "team.caption": "The team",
  "team.none.title": "Nobody yet",
  "team.none.text": "Invite someone.",
  "team.noMatch.title": "Nobody matches",
  "team.noMatch.text": "Try another name.",
  "team.showAll": "Show everyone",
  "team.title": "Team",
  "team.lead": "Who works here.",
};
const t = (key: string) => words[key] ?? `?${key}`;

describe("a list's words by one key layout", () => {
  test("listWords reads the search box's label and placeholder and the range line's noun under the prefix", () => {
    expect(listWords(t, "team.")).toEqual({ search: { label: "Search the team", placeholder: "Name or e-mail" }, noun: "people" });
  });

  test("pageWords reads the page's heading and its lead under the prefix", () => {
    expect(pageWords(t, "team.")).toEqual({ title: "Team", description: "Who works here." });
  });

  test("listTableWords reads the caption and the empty states' words under the prefix", () => {
    expect(listTableWords(t, "team.")).toEqual({
      caption: "The team",
      none: { title: "Nobody yet", description: "Invite someone." },
      noMatch: { title: "Nobody matches", description: "Try another name." },
      showAll: "Show everyone",
    });
  });
});

describe("listFilter", () => {
  test("the toolbar's filter has the list's key and exactly its values, in order, each named by the page", () => {
    const filter = { key: "status", values: ["all", "active", "inactive"] as const };
    expect(listFilter(filter, "Status", (value) => value.toUpperCase())).toEqual({
      key: "status",
      label: "Status",
      options: [
        { value: "all", label: "ALL" },
        { value: "active", label: "ACTIVE" },
        { value: "inactive", label: "INACTIVE" },
      ],
    });
  });
});

describe("ListBody's status line", () => {
  const list = { search: "", filter: "all", page: 1, setPage: () => {}, setSearch: () => {}, setFilter: () => {} };
  const body = (props: Partial<Parameters<typeof ListBody>[0]>) => (
    <ListBody name="team" list={list} noun="people" {...props}>
      <table />
    </ListBody>
  );

  test("without words of its own, a list says its range once it has answered, and that no row matched (thirteenth walk)", () => {
    const { rerender } = render(body({}));
    expect(screen.getByRole("status").textContent).toBe("");
    rerender(body({ pagination: { currentPage: 1, limit: 10, totalItems: 45, totalPages: 5 } }));
    expect(screen.getByRole("status").textContent).toBe("Showing 1–10 of 45 people");
    rerender(body({ pagination: { currentPage: 1, limit: 10, totalItems: 0, totalPages: 0 } }));
    expect(screen.getByRole("status").textContent).toBe("No people");
    // Its own words win; the pages' line says nothing more (one status line a list).
    rerender(body({ found: "45 found", pagination: { currentPage: 2, limit: 10, totalItems: 45, totalPages: 5 } }));
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["45 found"]);
  });
});

describe("a list's table and empty state inside its ListBody", () => {
  test("read the page's search and filter: nothing matches, and the way back clears the page's search, then its filter", () => {
    const cleared: string[] = [];
    const list = {
      search: "zz",
      filter: "all",
      page: 1,
      setPage: () => {},
      setSearch: (v: string) => cleared.push(`search:${v}`),
      setFilter: (v: string) => cleared.push(`filter:${v}`),
    };
    const { rerender } = render(
      <ListBody name="team" list={list} noun="people">
        <ListTable {...listTableWords(t, "team.")} columns={[]} rows={[] as { id: number }[]} icon={null} />
      </ListBody>,
    );
    expect(screen.getByText("Nobody matches")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    rerender(
      <ListBody name="team" list={{ ...list, search: "", filter: "out" }} noun="people">
        <ListTable {...listTableWords(t, "team.")} columns={[]} rows={[] as { id: number }[]} icon={null} />
      </ListBody>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Show everyone" }));
    expect(cleared).toEqual(["search:", "filter:all"]);
  });

  test("outside a ListBody, an empty state without its list is a mistake said at once, never a silent empty page", () => {
    const spoken = spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      render(<ListEmpty icon={null} none={{ title: "a", description: "b" }} noMatch={{ title: "c", description: "d" }} showAll="e" />),
    ).toThrow("ListEmpty outside a ListBody needs its list");
    spoken.mockRestore();
  });
});

describe("listAnswer", () => {
  const pagination = { currentPage: 2, limit: 10, totalItems: 12, totalPages: 2 };

  test("a failed load with nothing on screen shows, with its title and a retry that asks again", () => {
    let asked = 0;
    const answer = listAnswer(
      { isError: true, data: undefined, refetch: () => asked++ },
      { failed: "Could not load", failedTitle: "Not loaded" },
    );
    expect(answer.failed?.message).toBe("Could not load");
    expect(answer.failed?.title).toBe("Not loaded");
    expect(answer.pagination).toBeUndefined();
    answer.failed?.onRetry();
    expect(asked).toBe(1);
  });

  test("a failed refetch keeps the rows on screen and says nothing; a good load says nothing", () => {
    expect(listAnswer({ isError: true, data: { pagination }, refetch: () => {} }, { failed: "Could not load" }).failed).toBeNull();
    expect(listAnswer({ isError: false, data: undefined, refetch: () => {} }, { failed: "Could not load" }).failed).toBeNull();
  });

  test("the server's page gives the range and the count screen readers hear; nothing while it loads", () => {
    const found = (count: number) => `${count} found`;
    expect(listAnswer({ isError: false, data: { pagination }, refetch: () => {} }, { failed: "x", found })).toEqual({
      pagination,
      found: "12 found",
      failed: null,
    });
    expect(listAnswer({ isError: false, data: undefined, refetch: () => {} }, { failed: "x", found }).found).toBe("");
    expect(listAnswer({ isError: false, data: { pagination }, refetch: () => {} }, { failed: "x" }).found).toBeUndefined();
  });
});

describe("PageFrame", () => {
  /** The frame reads the institute's name for the tab's title: a tRPC client over a fake endpoint. */
  function withSite({ children }: { children: ReactNode }) {
    const queryClient = new QueryClient();
    const client = createTrpcClient({ getToken: () => null, fetch: fakeTrpcFetch({ "site.info": () => SITE_INFO }).fetch });
    return (
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    );
  }

  test("its heading is the tab's title too, after the institute's name has loaded", async () => {
    document.title = "Elsewhere";
    render(
      <PageFrame name="team" title="Team" description="Who works here.">
        <p>List</p>
      </PageFrame>,
      { wrapper: withSite },
    );
    expect(screen.getByRole("heading", { level: 1, name: "Team" })).toBeDefined();
    await waitFor(() => expect(document.title).toBe("Team – Test Institute"));
  });

  test("the page's buttons sit beside the title in one row of their own; no buttons, no row", () => {
    const { container, rerender } = render(
      <PageFrame
        name="team"
        title="Team"
        description="Who works here."
        actions={
          <>
            <button type="button">Export</button>
            <button type="button">Invite</button>
          </>
        }
      >
        <p>List</p>
      </PageFrame>,
      { wrapper: withSite },
    );
    const header = container.querySelector("section.ops-page > header.page-header")!;
    const row = header.lastElementChild!;
    expect(row.className).toBe("cluster cluster--sm");
    expect([...row.children].map((b) => b.textContent)).toEqual(["Export", "Invite"]);
    expect(screen.getByRole("region", { name: "Team" })).toBeDefined();
    rerender(
      <PageFrame name="team" title="Team" description="Who works here.">
        <p>List</p>
      </PageFrame>,
    );
    expect(container.querySelector(".page-header > .cluster")).toBeNull();
  });
});

describe("ListExportButton", () => {
  test("exports the file of the list's search and status, asks for CSV, saves it under the server's name and says so", async () => {
    const download = catchDownloads("Name\r\n", {
      "Content-Type": "text/csv",
      "Content-Disposition": 'attachment; filename="students-x.csv"',
    });
    try {
      render(
        <ToastProvider>
          <ListExportButton
            list={{ search: "asha", filter: "active" }}
            path="/api/admin/students/export.csv"
            name="students"
            failed="Could not export"
            done={(file) => `${file} is saved`}
          >
            Export CSV
          </ListExportButton>
        </ToastProvider>,
      );
      fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
      expect(await screen.findByText("students-x.csv is saved")).toBeTruthy();
      expect(download.requests).toMatchObject([{ url: "/api/admin/students/export.csv?search=asha&status=active", accept: "text/csv" }]);
      expect(download.saved).toEqual(["students-x.csv"]);
    } finally {
      download.restore();
    }
  });
});
