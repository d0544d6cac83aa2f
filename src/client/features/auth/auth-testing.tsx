/** Helpers for the account pages' tests only (nothing in the app imports this file). */
import { afterEach, beforeEach, jest } from "bun:test";
import { act, cleanup, render } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../app.tsx";
import type { SessionApi } from "../../lib/session.tsx";
import { fakeTrpcFetch, SITE_INFO, stubSessionApi } from "../../lib/testing.tsx";
import { clearPendingReset } from "./reset-flow.ts";
// The pages the tests move between, loaded up front: React.lazy then resolves them within act().
import "./change-password-page.tsx";
import "./first-login-page.tsx";
import "./forgot-password-page.tsx";
import "./reset-password-page.tsx";
import "./verify-otp-page.tsx";
import "../student/dashboard-page.tsx";
import "../../layouts/student-layout.tsx";
import "../../layouts/admin-layout.tsx";
import "../dashboard/dashboard-page.tsx";
import "./login-page.tsx";

type Handlers = Parameters<typeof fakeTrpcFetch>[0];

/** The whole app at `path`, with the given procedures answering and a guest session unless told otherwise. */
export function renderAt(path: string, handlers: Handlers = {}, sessionApi: SessionApi = stubSessionApi().api) {
  const location = memoryLocation({ path, record: true });
  const { fetch, calls } = fakeTrpcFetch({ "site.info": () => SITE_INFO, ...handlers });
  render(<App sessionApi={sessionApi} locationHook={location.hook} fetch={fetch} />);
  return {
    calls,
    /** the path (with its query) the app is on now */
    path: () => location.history!.at(-1),
    /** the calls of one procedure, in order */
    sent: (procedure: string) => calls.filter((c) => c.path === procedure).map((c) => c.input),
  };
}

/**
 * Fake timers (and clock) for every test of the file. Testing Library's waitFor/findBy notice them
 * through the `jest` global and move the fake time on in 50 ms steps while they wait.
 */
export function withFakeClock() {
  beforeEach(() => {
    jest.useFakeTimers();
    (globalThis as { jest?: typeof jest }).jest = jest;
  });
  afterEach(async () => {
    // Unmount, then run what is due: happy-dom groups zero-delay timeouts behind one native timer, and a
    // group left pending when the fake timers go would swallow every later zero-delay timeout.
    cleanup();
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
    delete (globalThis as { jest?: typeof jest }).jest;
    clearPendingReset();
    // React's scheduler posts its work with setImmediate, which the fake timers hold back: let what is
    // queued run now, or the scheduler believes it is still busy in the next test.
    await Bun.sleep(5);
  });
}

/** Moves the fake time on, letting React render what the timers (and the promises they settle) changed. */
export async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}
