import { describe, expect, test } from "bun:test";
import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { withClientTestRules } from "../lib/testing.tsx";
import { TOASTS_MOVED } from "./dialog.tsx";
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

/** The page in the toasts' provider; the toasts' region and list. */
function renderWithToasts(page: ReactNode) {
  render(<ToastProvider>{page}</ToastProvider>);
  const region = document.querySelector(".ui-toasts")!;
  return { region, list: region.querySelector(".ui-toasts__list")! as HTMLElement };
}

describe("toasts clear of the focus", () => {
  test("a toast that would cover the focused control stands at the top; at the bottom again once it would not", async () => {
    const { region, list } = renderWithToasts(<Page />);
    // 1280 × 800: the toasts in the bottom right corner (or, moved, the top right), a row's button under them,
    // another at the top left.
    const top = () => region.classList.contains("ui-toasts--top");
    list.getBoundingClientRect = () => (top() ? rect(840, 12, 416, 76) : rect(840, 700, 416, 76));
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

  test("the page's main region, focused as the page arrives, keeps the toasts at the bottom: at the top they covered the top bar (walk 27a)", async () => {
    function MainPage() {
      useToastsClearOfFocus();
      api = useToast();
      return (
        <main id="main" tabIndex={-1}>
          <button type="button">Send question</button>
        </main>
      );
    }
    const { region, list } = renderWithToasts(<MainPage />);
    // 1093 × 614: the region fills the screen under the top bar; the toasts cover part of it in either place.
    list.getBoundingClientRect = () => (region.classList.contains("ui-toasts--top") ? rect(665, 12, 416, 76) : rect(665, 526, 416, 76));
    const main = document.getElementById("main")!;
    main.getBoundingClientRect = () => rect(0, 64, 1093, 550);
    act(() => main.focus());
    await act(async () => void api!.show("Your question was sent"));
    expect(region.classList.contains("ui-toasts--top")).toBe(false);
  });

  test("placed again when the toasts' region moves between dialogs: the focus given back before the move measured nothing (tenth walk)", async () => {
    const { region, list } = renderWithToasts(<Page />);
    let moved = false;
    // Still inside the closing dialog the list has no box; once moved, it stands over the focused button.
    const top = () => region.classList.contains("ui-toasts--top");
    list.getBoundingClientRect = () => (!moved ? rect(0, 0, 0, 0) : top() ? rect(840, 12, 416, 76) : rect(840, 700, 416, 76));
    const low = screen.getByRole("button", { name: "Delete the last row" });
    low.getBoundingClientRect = () => rect(1108, 744, 112, 36);
    await act(async () => void api!.show("Note added."));
    act(() => low.focus());
    expect(region.classList.contains("ui-toasts--top")).toBe(false);
    moved = true;
    act(() => void document.dispatchEvent(new Event(TOASTS_MOVED)));
    expect(region.classList.contains("ui-toasts--top")).toBe(true);
  });

  test("a toast that would cover an open dialog's buttons stands at the top, unless it would cover the focused field there", async () => {
    function DialogPage() {
      useToastsClearOfFocus();
      api = useToast();
      return (
        <dialog open aria-label="Set an assignment">
          <input aria-label="Title" />
          <footer className="ui-dialog__footer">
            <button type="button">Save</button>
          </footer>
        </dialog>
      );
    }
    const { region, list } = renderWithToasts(<DialogPage />);
    // 360 × 740: the toasts at the bottom (or, moved, at the top), the dialog's footer under the bottom place.
    list.getBoundingClientRect = () => (region.classList.contains("ui-toasts--top") ? rect(12, 12, 336, 90) : rect(12, 634, 336, 90));
    (document.querySelector(".ui-dialog__footer") as HTMLElement).getBoundingClientRect = () => rect(16, 620, 328, 92);
    const title = screen.getByLabelText("Title");

    // On a phone the focus is in the dialog's first field, clear of both places: the footer decides.
    title.getBoundingClientRect = () => rect(32, 160, 296, 44);
    act(() => title.focus());
    await act(async () => void api!.show("Khan Academy: Elasticity was added"));
    expect(region.classList.contains("ui-toasts--top")).toBe(true);

    // The field being typed in comes first: at the top the toasts would cover it, so they stay at the bottom.
    title.getBoundingClientRect = () => rect(32, 60, 296, 44);
    act(() => {
      title.blur();
      title.focus();
    });
    expect(region.classList.contains("ui-toasts--top")).toBe(false);
  });
});
