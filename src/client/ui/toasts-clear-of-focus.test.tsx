import { describe, expect, test } from "bun:test";
import { act, render, screen } from "@testing-library/react";
import { withClientTestRules } from "../lib/testing.tsx";
import { ToastProvider, useToast } from "./toast.tsx";
import { useToastsClearOfFocus } from "./toasts-clear-of-focus.ts";

withClientTestRules();

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

let api: ReturnType<typeof useToast> | null = null;
function Page() {
  useToastsClearOfFocus();
  api = useToast();
  return (
    <>
      <button type="button">Top of the page</button>
      <button type="button">Delete the last row</button>
    </>
  );
}

describe("toasts clear of the focus", () => {
  test("a toast that would cover the focused control stands at the top; at the bottom again once it would not", async () => {
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    const region = document.querySelector(".ui-toasts")!;
    const list = region.querySelector(".ui-toasts__list")! as HTMLElement;
    // 1280 × 800: the toasts in the bottom right corner, a row's button under them, another at the top.
    list.getBoundingClientRect = () => rect(840, 700, 416, 76);
    const low = screen.getByRole("button", { name: "Delete the last row" });
    const high = screen.getByRole("button", { name: "Top of the page" });
    low.getBoundingClientRect = () => rect(1108, 744, 112, 36);
    high.getBoundingClientRect = () => rect(24, 80, 140, 36);

    act(() => low.focus());
    // Placed as it comes (a MutationObserver's answer comes after the change).
    await act(async () => void api!.show("Admission deleted successfully!"));
    expect(region.classList.contains("ui-toasts--top")).toBe(true);
    // The focus moves where the bottom covers nothing: the toasts go back down.
    act(() => high.focus());
    expect(region.classList.contains("ui-toasts--top")).toBe(false);
    act(() => low.focus());
    expect(region.classList.contains("ui-toasts--top")).toBe(true);
  });
});
