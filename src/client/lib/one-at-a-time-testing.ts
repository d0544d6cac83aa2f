/** Helpers for tests of useOneAtATime's guards (nothing in the app imports this file). */
import { expect } from "bun:test";
import { act, fireEvent, waitFor } from "@testing-library/react";

/** A fake procedure's answer that never comes: the first call stays on its way. */
export const neverAnswers = () => new Promise<never>(() => {});

/**
 * Clicks `control` twice in one task, as a double click's second click arrives before the next render shows it
 * busy, and expects one call in `calls` (two at once would be recorded together, so the first seen is all).
 */
export async function doubleClickSendsOnce(control: HTMLElement, calls: () => readonly unknown[]) {
  act(() => {
    fireEvent.click(control);
    fireEvent.click(control);
  });
  await waitFor(() => expect(calls()).toHaveLength(1));
}
