import { describe, expect, spyOn, test } from "bun:test";
import { act, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { admin } from "../../shared/i18n/admin.ts";
import { portal } from "../../shared/i18n/portal.ts";
import { changeLocale } from "../lib/i18n.tsx";
import { Badge, statusTone } from "./badge.tsx";
import { EmptyState } from "./empty-state.tsx";
import type { TableColumn } from "./table.tsx";
import { actionsColumn, EmailText, PersonCell, StackedCell, Table } from "./table.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

type Application = { id: number; name: string; program: string; status: string };

const columns: TableColumn<Application>[] = [
  { key: "name", header: "Applicant", render: (a) => a.name, className: "ui-table__cell--primary" },
  { key: "program", header: "Program", render: (a) => a.program },
  { key: "status", header: <span>Status</span>, label: "Status", render: (a) => <Badge tone={statusTone(a.status)}>{a.status}</Badge> },
  { key: "actions", header: <span className="sr-only">Actions</span>, render: (a) => <button type="button">Open {a.name}</button> },
];

const rows: Application[] = [
  { id: 1, name: "Asha Patil", program: "BA", status: "pending" },
  { id: 2, name: "Ravi Kumar", program: "M.Com", status: "approved" },
];

describe("Table", () => {
  test("renders a header and one row per item, with the caption naming the table", () => {
    render(<Table columns={columns} rows={rows} rowKey={(a) => a.id} caption="Recent applications" />);
    const table = screen.getByRole("table", { name: "Recent applications" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Applicant", "Program", "Status", "Actions"]);
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows.map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual(["Asha Patil", "Ravi Kumar"]);
    expect(screen.getByRole("button", { name: "Open Ravi Kumar" })).toBeTruthy();
  });

  test("rows with an id are keyed by it when the table names no key: a row keeps its element when the rows reorder", () => {
    const warned = spyOn(console, "error");
    const { rerender } = render(<Table columns={columns} rows={rows} caption="Recent applications" />);
    const asha = screen.getByRole("button", { name: "Open Asha Patil" }).closest("tr");
    rerender(<Table columns={columns} rows={[...rows].reverse()} caption="Recent applications" />);
    const bodyRows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(bodyRows[1]).toBe(asha as HTMLElement);
    expect(warned.mock.calls.filter((c) => String(c[0]).includes("key"))).toEqual([]);
    warned.mockRestore();
  });

  test("cells carry data-label for the stacked phone layout", () => {
    render(<Table columns={columns} rows={rows} rowKey={(a) => a.id} />);
    const cells = within(screen.getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells.map((c) => c.getAttribute("data-label"))).toEqual(["Applicant", "Program", "Status", null]);
    expect(cells[0]?.className).toContain("ui-table__cell--primary");
  });

  test("a label may break after its slash, never inside a word (a zero-width space the label's reader skips)", () => {
    const course: TableColumn<Application>[] = [{ key: "course", header: "Course/Standard", render: (a) => a.program }];
    render(<Table columns={course} rows={rows} rowKey={(a) => a.id} />);
    expect(screen.getAllByRole("cell")[0]?.getAttribute("data-label")).toBe("Course/\u200BStandard");
    expect(screen.getByRole("columnheader").textContent).toBe("Course/Standard");
  });

  test("shows the empty node when there are no rows", () => {
    render(
      <Table
        columns={columns}
        rows={[]}
        rowKey={(a) => a.id}
        empty={<EmptyState title="No applications yet" description="New applications will appear here." />}
      />,
    );
    const cell = screen.getByText("No applications yet").closest("td")!;
    expect(cell.colSpan).toBe(4);
    expect(screen.getByText("New applications will appear here.")).toBeTruthy();
  });

  test("shows skeleton rows and a status while loading, never the empty node", () => {
    const { container } = render(<Table columns={columns} rows={[]} rowKey={(a) => a.id} loading skeletonRows={3} empty="Nothing" />);
    expect(container.querySelectorAll(".ui-table__row--skeleton")).toHaveLength(3);
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(screen.queryByText("Nothing")).toBeNull();
  });

  test("a hidden header is there for screen readers only, and still labels its cells in the phone layout", () => {
    const hidden: TableColumn<Application>[] = [
      { key: "name", header: "Applicant", render: (a) => a.name },
      { key: "actions", header: "Actions", headerHidden: true, render: (a) => <button type="button">Open {a.name}</button> },
    ];
    render(<Table columns={hidden} rows={rows} rowKey={(a) => a.id} />);
    const header = screen.getAllByRole("columnheader")[1]!;
    expect(header.innerHTML).toBe('<span class="sr-only">Actions</span>');
    const cells = within(screen.getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells.map((c) => c.getAttribute("data-label"))).toEqual(["Applicant", "Actions"]);
  });
});

describe("focus when its row leaves the table", () => {
  const three: Application[] = [...rows, { id: 3, name: "Meera Joshi", program: "BBA", status: "pending" }];
  const shown = (list: Application[]) => <Table columns={columns} rows={list} rowKey={(a) => a.id} caption="Applications" />;

  test("goes to the first control of the row now in its place, then of the last row, then to the table", () => {
    const { rerender } = render(shown(three));
    screen.getByRole("button", { name: "Open Ravi Kumar" }).focus();
    rerender(shown([three[0]!, three[2]!]));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open Meera Joshi" }));
    rerender(shown([three[0]!]));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open Asha Patil" }));
    rerender(shown([]));
    expect(document.activeElement).toBe(screen.getByRole("table", { name: "Applications" }));
  });

  test("when the row stays and only its control goes (Approve, once approved), to the row's first control", () => {
    const withApprove: TableColumn<Application>[] = [
      ...columns,
      {
        key: "decide",
        header: "Decide",
        render: (a) => (
          <>
            {a.status === "pending" ? <button type="button">Approve {a.name}</button> : null}
            <button type="button">Delete {a.name}</button>
          </>
        ),
      },
    ];
    const table = (list: Application[]) => <Table columns={withApprove} rows={list} rowKey={(a) => a.id} caption="Applications" />;
    const { rerender } = render(table(rows));
    screen.getByRole("button", { name: "Approve Asha Patil" }).focus();
    rerender(table([{ ...rows[0]!, status: "approved" }, rows[1]!]));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open Asha Patil" }));
  });

  test("after a Delete, the row now in its place's first control, never the Delete standing where the gone one was", () => {
    const withDelete: TableColumn<Application>[] = [
      ...columns,
      { key: "remove", header: "Remove", render: (a) => <button type="button">Delete {a.name}</button> },
    ];
    const table = (list: Application[]) => <Table columns={withDelete} rows={list} rowKey={(a) => a.id} caption="Applications" />;
    const { rerender } = render(table(three));
    screen.getByRole("button", { name: "Delete Ravi Kumar" }).focus();
    rerender(table([three[0]!, three[2]!]));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open Meera Joshi" }));
  });

  test("stays where the person put it when they had left the table first", () => {
    const { rerender } = render(
      <>
        <input aria-label="Search" />
        {shown(three)}
      </>,
    );
    screen.getByRole("button", { name: "Open Ravi Kumar" }).focus();
    screen.getByLabelText("Search").focus();
    rerender(
      <>
        <input aria-label="Search" />
        {shown([three[0]!, three[2]!])}
      </>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText("Search"));
  });
});

describe("actionsColumn", () => {
  const withActions: TableColumn<Application>[] = [
    { key: "name", header: "Applicant", render: (a) => a.name },
    actionsColumn<Application>((a) => <button type="button">Open {a.name}</button>),
  ];

  test("its header is read by screen readers only, its cells are labelled in the phone layout, th and td carry the actions class", () => {
    render(<Table columns={withActions} rows={rows} rowKey={(a) => a.id} caption="Applications" />);
    const header = screen.getByRole("columnheader", { name: "Actions" });
    expect(header.innerHTML).toBe('<span class="sr-only">Actions</span>');
    expect(header.className).toBe("ui-table__header ui-table__cell--actions");
    for (const row of screen.getAllByRole("row").slice(1)) {
      const cell = within(row).getAllByRole("cell")[1]!;
      expect([cell.className, cell.getAttribute("data-label")]).toEqual(["ui-table__cell ui-table__cell--actions", "Actions"]);
    }
    expect(screen.getByRole("button", { name: "Open Asha Patil" })).toBeTruthy();
  });

  test("its word is the portal's, in the language the table is shown in (the columns made before the switch)", async () => {
    await changeLocale("hi", { keep: false });
    try {
      render(
        <Suspense fallback={null}>
          <Table columns={withActions} rows={rows} rowKey={(a) => a.id} />
        </Suspense>,
      );
      await act(() => portal.load("hi"));
      const header = await screen.findByRole("columnheader", { name: "कार्रवाई" });
      expect(header.querySelector(".sr-only")?.textContent).toBe("कार्रवाई");
      const cell = within(screen.getAllByRole("row")[1]!).getAllByRole("cell")[1]!;
      expect(cell.getAttribute("data-label")).toBe("कार्रवाई");
    } finally {
      await act(() => changeLocale("en", { keep: false }));
    }
  });
});

describe("statusTone and Badge", () => {
  test("maps statuses to tones", () => {
    const cases: [string, string][] = [
      ["pending", "pending"],
      ["new", "pending"],
      ["Open", "pending"],
      ["approved", "approved"],
      ["active", "approved"],
      ["resolved", "approved"],
      ["rejected", "rejected"],
      ["INACTIVE", "rejected"],
      ["in-progress", "info"],
      ["in_progress", "info"],
      ["In Progress", "info"],
      ["closed", "neutral"],
      ["", "neutral"],
    ];
    for (const [status, tone] of cases) expect([status, statusTone(status)]).toEqual([status, tone]);
  });

  test("Badge renders its text with the tone's class", () => {
    render(<Badge tone="approved">Approved</Badge>);
    const badge = screen.getByText("Approved");
    expect(badge.className).toContain("ui-badge--approved");
  });
});

describe("Table in Hindi", () => {
  test("in Hindi its own words come from the portal's catalogue, never the office's (a student screen does not load that)", async () => {
    await changeLocale("hi", { keep: false });
    // Not one word from the office's catalogue (an earlier test file may have loaded it: its console error would not show).
    const officeWords = spyOn(admin, "t");
    const scrollWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "scrollWidth");
    // A table wider than its box: the wrapper becomes a named region.
    Object.defineProperty(HTMLElement.prototype, "scrollWidth", { configurable: true, get: () => 1000 });
    try {
      render(
        <Suspense fallback={null}>
          <Table columns={columns} rows={[]} rowKey={(a) => a.id} caption="शुल्क" />
        </Suspense>,
      );
      // What the table suspends on while the portal's Hindi words load.
      await act(() => portal.load("hi"));
      expect(await screen.findByText("यहाँ अभी कुछ नहीं है।")).toBeTruthy();
      expect(screen.getByRole("region", { name: "शुल्क (बगल में स्क्रॉल होती है)" })).toBeTruthy();
      expect(officeWords).not.toHaveBeenCalled();
    } finally {
      officeWords.mockRestore();
      if (scrollWidth) Object.defineProperty(HTMLElement.prototype, "scrollWidth", scrollWidth);
      else delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
      await act(() => changeLocale("en", { keep: false }));
    }
  });
});

describe("StackedCell", () => {
  test("the value over its notes, an empty note left out, then what else the cell shows", () => {
    const { container } = render(
      <StackedCell strong mainClassName="tabular" main="₹1,200" notes={["Due 5 May", null, "", false, "UPI"]}>
        <button type="button">View</button>
      </StackedCell>,
    );
    const stack = container.firstElementChild!;
    expect(stack.className).toBe("ops-cell-stack");
    expect([...stack.children].map((line) => [line.className, line.textContent])).toEqual([
      ["ops-cell-strong tabular", "₹1,200"],
      ["text-sm text-muted", "Due 5 May"],
      ["text-sm text-muted", "UPI"],
      ["", "View"],
    ]);
  });

  test("a plain value carries no class", () => {
    const { container } = render(<StackedCell main="Asha Patil" />);
    expect(container.firstElementChild!.firstElementChild!.hasAttribute("class")).toBe(false);
  });
});

describe("PersonCell", () => {
  test("the e-mail address may wrap after its '@' (a <wbr>), and reads and copies as typed", () => {
    const { container } = render(<PersonCell name="Priya Sharma" email="student@institute.local" phone="9876543210" />);
    const email = container.querySelector(".ops-break")!;
    expect(email.innerHTML).toBe("student@<wbr>institute.local");
    expect(email.textContent).toBe("student@institute.local");
    expect(render(<EmailText address="no-at-sign" />).container.innerHTML).toBe("no-at-sign");
  });
});
