/** Shared set-up for the design system's component tests: unmount after each test, and treat console.error as a failure. */

import type { Mock } from "bun:test";
import { afterEach, beforeEach, expect, spyOn } from "bun:test";
import { cleanup } from "@testing-library/react";
import { closeLeaveQuestion } from "./leave-question.tsx";

export function withComponentTestSetup(): void {
  let errorSpy: Mock<typeof console.error> | undefined;
  beforeEach(() => {
    errorSpy = spyOn(console, "error");
  });
  afterEach(() => {
    cleanup();
    closeLeaveQuestion();
    const calls = errorSpy?.mock.calls ?? [];
    errorSpy?.mockRestore();
    expect(calls.map((args) => args.map(String).join(" "))).toEqual([]);
  });
}
