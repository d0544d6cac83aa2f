/**
 * Helpers for the portals' tests only (nothing in the app imports this file): the whole app at a path,
 * signed in, with faked procedures; fake-time steps; a field's error. admin-testing and student-testing
 * build on it.
 */
import { afterEach, jest } from "bun:test";
import { act, render } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../app.tsx";
import { fakeTrpcFetch, SITE_INFO, storeSession, stubSessionApi } from "../lib/testing.tsx";
import type { SessionUser } from "../lib/trpc.ts";

export type Handlers = Parameters<typeof fakeTrpcFetch>[0];

/** The app at `path`, signed in as `user` with a stored session the server confirms. */
export function renderSignedIn(path: string, user: SessionUser, handlers: Handlers) {
  storeSession(user);
  const session = stubSessionApi({ me: async () => ({ user }) });
  const location = memoryLocation({ path, record: true });
  const { fetch, calls } = fakeTrpcFetch({ "site.info": () => SITE_INFO, ...handlers });
  render(<App sessionApi={session.api} locationHook={location.hook} fetch={fetch} />);
  return {
    calls,
    sessionSent: session.sent,
    /** the path (with its query) the app is on now */
    path: () => location.history!.at(-1),
    /** how many entries the tab's history holds (a replaced address adds none) */
    entries: () => location.history!.length,
    navigate: location.navigate,
    /** the inputs sent to one procedure, in order */
    sent: (procedure: string) => calls.filter((c) => c.path === procedure).map((c) => c.input),
  };
}

/** Lets fake time pass in small steps, flushing React and the promises in between. */
export async function advance(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(async () => {
      jest.advanceTimersByTime(Math.min(step, ms - passed));
    });
  }
  await act(async () => {});
}

/** Tests that switch to fake timers: run what the fake clock still holds (happy-dom batches zero-delay timers), then real time again. */
export function withFakeTimerCleanup() {
  afterEach(async () => {
    if (jest.isFakeTimers()) {
      jest.runOnlyPendingTimers();
      jest.useRealTimers();
    }
    await Bun.sleep(5);
  });
}

/** The text of the error shown beside a control (through its aria-describedby). */
export const errorOf = (input: HTMLElement) => {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("ui-field__error"))?.textContent ?? null;
};
