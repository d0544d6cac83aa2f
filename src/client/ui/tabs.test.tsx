import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { useLeaveWarning } from "../lib/leave-warning.ts";
import { TabPanel, Tabs } from "./tabs.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

const TABS = [
  { id: "personal", label: "Personal" },
  { id: "education", label: "Education" },
  { id: "documents", label: "Documents" },
];

/** A panel holding typed, unsaved text: its guard is up while `typed`. */
function Typed({ typed }: { typed: boolean }) {
  useLeaveWarning(typed);
  return null;
}

function Harness({ onChange, typed = false }: { onChange?: (id: string) => void; typed?: boolean }) {
  const [value, setValue] = useState("personal");
  return (
    <>
      {value === "personal" ? <Typed typed={typed} /> : null}
      <Tabs
        tabs={TABS}
        value={value}
        idPrefix="app"
        label="Application sections"
        onChange={(id) => {
          onChange?.(id);
          setValue(id);
        }}
      />
      {TABS.map((t) => (
        <TabPanel key={t.id} idPrefix="app" id={t.id} value={value}>
          {t.label} details
        </TabPanel>
      ))}
    </>
  );
}

const selected = () => screen.getAllByRole("tab").find((t) => t.getAttribute("aria-selected") === "true");

describe("Tabs", () => {
  test("roles and relationships", () => {
    render(<Harness />);
    expect(screen.getByRole("tablist", { name: "Application sections" })).toBeTruthy();
    const tab = screen.getByRole("tab", { name: "Personal" });
    const panel = screen.getByRole("tabpanel", { name: "Personal" });
    expect(tab.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.textContent).toBe("Personal details");
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.queryByText("Education details")).toBeNull();
  });

  test("arrow keys move the selection and focus, wrapping at the ends", () => {
    render(<Harness />);
    const first = screen.getByRole("tab", { name: "Personal" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(selected()?.textContent).toBe("Education");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Education" }));
    expect(screen.getByRole("tabpanel").textContent).toBe("Education details");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(selected()?.textContent).toBe("Personal");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(selected()?.textContent).toBe("Documents");
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(selected()?.textContent).toBe("Personal");
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(selected()?.textContent).toBe("Documents");
  });

  test("another tab with typed text unsaved in this one asks first: Stay keeps the tab, Discard and go on moves (stop 45)", async () => {
    const onChange = mock((_id: string) => {});
    render(<Harness onChange={onChange} typed />);
    fireEvent.click(screen.getByRole("tab", { name: "Documents" }));
    const question = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(selected()?.textContent).toBe("Personal");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Personal" }), { key: "ArrowRight" });
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Leave without saving?" })).getByRole("button", { name: "Discard and go on" }),
    );
    await waitFor(() => expect(selected()?.textContent).toBe("Education"));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(["education"]);
    // Nothing held any more: the next tab opens at once.
    fireEvent.click(screen.getByRole("tab", { name: "Documents" }));
    expect(selected()?.textContent).toBe("Documents");
  });

  test("click selects; other keys are left alone", () => {
    const onChange = mock((_id: string) => {});
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole("tab", { name: "Documents" }));
    fireEvent.keyDown(screen.getByRole("tab", { name: "Documents" }), { key: "a" });
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(["documents"]);
  });

  test("a row wider than the screen opens scrolled to the selected tab; a tab already in view leaves it still", () => {
    // The row shows 0–300 px; each tab is 120 px wide, so Documents (240–360) is 60 px out of view.
    const boxes: Record<string, [number, number]> = {
      "app-tab-personal": [0, 120],
      "app-tab-education": [120, 240],
      "app-tab-documents": [240, 360],
    };
    const real = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      const [left, right] = this.getAttribute("role") === "tablist" ? [0, 300] : (boxes[this.id] ?? [0, 0]);
      return { left, right, top: 0, bottom: 40, width: right - left, height: 40, x: left, y: 0, toJSON: () => ({}) } as DOMRect;
    };
    try {
      const { unmount } = render(<Tabs tabs={TABS} value="documents" idPrefix="app" label="Sections" onChange={() => {}} />);
      expect(screen.getByRole("tablist").scrollLeft).toBe(60);
      unmount();
      render(<Tabs tabs={TABS} value="education" idPrefix="app" label="Sections" onChange={() => {}} />);
      expect(screen.getByRole("tablist").scrollLeft).toBe(0);
    } finally {
      HTMLElement.prototype.getBoundingClientRect = real;
    }
  });

  test("keepMounted panels stay in the DOM, hidden", () => {
    render(
      <TabPanel idPrefix="x" id="b" value="a" keepMounted>
        kept
      </TabPanel>,
    );
    const panel = document.getElementById("x-panel-b")!;
    expect(panel.hidden).toBe(true);
    expect(panel.textContent).toBe("kept");
  });
});
