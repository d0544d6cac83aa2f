import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { ListSearch } from "./list-controls.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

describe("ListSearch", () => {
  test("a search longer than the server takes is said beside the box, kept whole and not sent; a shorter one is sent at once on Enter", () => {
    const onSearch = mock((_search: string) => {});
    render(<ListSearch id="students-search" label="Search students" value="" onSearch={onSearch} delay={0} />);
    const box = screen.getByRole("searchbox", { name: "Search students" }) as HTMLInputElement;
    expect(box.hasAttribute("maxlength")).toBe(false);
    const pasted = `Priya Sharma ${"x".repeat(95)}`;
    fireEvent.change(box, { target: { value: pasted } });
    fireEvent.submit(box.closest("form")!);
    expect(box.value).toBe(pasted);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("students-search-error")?.textContent).toBe("Search must be at most 100 characters");
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: " Priya Sharma " } });
    fireEvent.submit(box.closest("form")!);
    expect(onSearch.mock.calls).toEqual([["Priya Sharma"]]);
    expect(document.getElementById("students-search-error")).toBeNull();
  });
});
