import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { Pagination, pageWindow } from "./pagination.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

describe("pageWindow", () => {
  test("no pages: nothing to show", () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(3, -2)).toEqual([]);
  });

  test("one page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  test("fewer pages than the window shows them all", () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  test("first pages keep the window at the start", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  test("middle: the window slides to page-2..page+2", () => {
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
  });

  test("last pages clamp the window to the end", () => {
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  test("a page outside the range is clamped", () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
  });

  test("other window sizes", () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(1, 10, 1)).toEqual([1]);
  });
});

describe("Pagination", () => {
  test("is a navigation landmark that marks the current page", () => {
    render(<Pagination page={4} totalPages={10} onChange={() => {}} />);
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(nav).toBeTruthy();
    const pages = screen.getAllByRole("button", { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(["2", "3", "4", "5", "6"]);
    expect(screen.getByRole("button", { name: "Page 4" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "Page 5" }).getAttribute("aria-current")).toBeNull();
  });

  test("calls onChange with the chosen, previous and next page", () => {
    const onChange = mock((_page: number) => {});
    render(<Pagination page={4} totalPages={10} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Page 6" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([6, 3, 5]);
  });

  test("the first and the last page are always one press away (thirteenth walk: 2,000 pages, the last out of reach)", () => {
    const onChange = mock((_page: number) => {});
    render(<Pagination page={1000} totalPages={2000} onChange={onChange} />);
    const names = screen.getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? b.textContent);
    expect(names).toEqual([
      "Previous",
      "First page, 1",
      "Page 998",
      "Page 999",
      "Page 1,000",
      "Page 1,001",
      "Page 1,002",
      "Last page, 2,000",
      "Next",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Last page, 2,000" }));
    fireEvent.click(screen.getByRole("button", { name: "First page, 1" }));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([2000, 1]);
    expect(document.querySelectorAll(".ui-pagination__gap")).toHaveLength(2);
    // On a phone the window keeps only the current page (the others are marked far).
    const far = [...document.querySelectorAll("[data-far]")].map((li) => li.textContent);
    expect(far).toEqual(["998", "999", "1,001", "1,002"]);
  });

  test("the page button pressed keeps the focus when its page moves into the window (walk 13b)", () => {
    const onChange = mock((_page: number) => {});
    const { rerender } = render(<Pagination page={1000} totalPages={2000} onChange={onChange} />);
    const last = screen.getByRole("button", { name: "Last page, 2,000" });
    last.focus();
    rerender(<Pagination page={2000} totalPages={2000} onChange={onChange} />);
    const now = screen.getByRole("button", { name: "Page 2,000" });
    expect(now === last).toBe(true);
    expect(document.activeElement === now).toBe(true);
    expect(now.getAttribute("aria-current")).toBe("page");
  });

  test("near an end, the window itself holds the first or last page: no second button for it", () => {
    render(<Pagination page={2} totalPages={40} onChange={() => {}} />);
    const names = screen.getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? b.textContent);
    expect(names).toEqual(["Previous", "Page 1", "Page 2", "Page 3", "Page 4", "Page 5", "Last page, 40", "Next"]);
    expect([...document.querySelectorAll("[data-far]")].map((li) => li.textContent)).toEqual(["3", "4", "5"]);
  });

  test("five pages or fewer: every one shows, on a phone too", () => {
    render(<Pagination page={2} totalPages={5} onChange={() => {}} />);
    expect(screen.getAllByRole("button", { name: /^Page / }).map((b) => b.textContent)).toEqual(["1", "2", "3", "4", "5"]);
    expect(document.querySelectorAll("[data-far]")).toHaveLength(0);
  });

  test("clicking the current page does nothing", () => {
    const onChange = mock((_page: number) => {});
    render(<Pagination page={2} totalPages={3} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    expect(onChange).not.toHaveBeenCalled();
  });

  test("Previous is aria-disabled on the first page and Next on the last: they do nothing, and keep the focus (thirteenth walk)", () => {
    const onChange = mock((_page: number) => {});
    const { rerender } = render(<Pagination page={2} totalPages={3} onChange={onChange} />);
    const next = screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
    next.focus();
    rerender(<Pagination page={3} totalPages={3} onChange={onChange} />);
    expect(next.getAttribute("aria-disabled")).toBe("true");
    expect(next.disabled).toBe(false);
    expect(document.activeElement === next).toBe(true);
    fireEvent.click(next);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("Page 3 of 3");
    rerender(<Pagination page={1} totalPages={3} onChange={onChange} />);
    expect(screen.getByRole("button", { name: "Previous" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("aria-disabled")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("Page 1 of 3");
  });

  test("renders nothing for a single page", () => {
    const { container } = render(<Pagination page={1} totalPages={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});
