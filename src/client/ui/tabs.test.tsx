import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { TabPanel, Tabs } from "./tabs.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

const TABS = [
  { id: "personal", label: "Personal" },
  { id: "education", label: "Education" },
  { id: "documents", label: "Documents" },
];

function Harness({ onChange }: { onChange?: (id: string) => void }) {
  const [value, setValue] = useState("personal");
  return (
    <>
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
