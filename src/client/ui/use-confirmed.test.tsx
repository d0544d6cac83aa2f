import { describe, expect, test } from "bun:test";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { ApiError } from "../lib/errors.ts";
import { ToastProvider } from "./toast.tsx";
import { type ConfirmedCall, useConfirmed } from "./use-confirmed.ts";

const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;

/** useConfirmed over rows `{ id }`: the calls it sends and the rows it reloads. */
function confirmedRows(failed: string) {
  const calls: ConfirmedCall[] = [];
  const reloaded: number[] = [];
  const { result } = renderHook(
    () => useConfirmed<{ id: number }>((_row, call) => calls.push(call), { reload: (row) => reloaded.push(row.id), failed }),
    { wrapper },
  );
  return { calls, reloaded, result };
}

describe("useConfirmed", () => {
  test("a second confirm while the call is on its way sends nothing (a double click); after it settles, the next one does", () => {
    const { calls, reloaded, result } = confirmedRows("Not deleted");
    act(() => result.current.ask({ id: 7 }));
    act(() => {
      result.current.confirm();
      result.current.confirm();
    });
    expect(calls).toHaveLength(1);
    // refused: the reason shows inside, the dialog stays open, and another try is sent
    act(() => calls[0]!.failed(new ApiError("You do not have permission to delete it", 403)));
    expect(result.current.error).toBe("You do not have permission to delete it");
    expect(result.current.dialog.open).toBe(true);
    act(() => result.current.confirm());
    expect(calls).toHaveLength(2);
    act(() => result.current.confirm());
    expect(calls).toHaveLength(2);
    // done: the dialog closes and the page reloads what changed
    act(() => calls[1]!.done("Deleted"));
    expect(result.current.dialog.open).toBe(false);
    expect(reloaded).toEqual([7]);
  });

  test("refused because someone acted first (409) or the row is gone (404), the list is read again; another refusal (400) leaves it (twelfth walk, walk 27b)", () => {
    const { calls, reloaded, result } = confirmedRows("Not returned");
    act(() => result.current.ask({ id: 5 }));
    act(() => result.current.confirm());
    act(() => calls[0]!.failed(new ApiError("Principles of Marketing has already been returned.", 409)));
    expect(result.current.error).toBe("Principles of Marketing has already been returned.");
    expect(reloaded).toEqual([5]);
    act(() => result.current.confirm());
    act(() => calls[1]!.failed(new ApiError("This notice no longer exists.", 404)));
    expect(result.current.error).toBe("This notice no longer exists.");
    expect(reloaded).toEqual([5, 5]);
    act(() => result.current.confirm());
    act(() => calls[2]!.failed(new ApiError("Reason must be at least 10 characters", 400)));
    expect(reloaded).toEqual([5, 5]);
  });
});
