/**
 * Helpers for the admin screens' tests only (nothing in the app imports this file): the whole app at an
 * admin path, signed in as the admin, with the procedures the layout needs answering; fake-time steps.
 */
import { afterEach, jest } from "bun:test";
import { act, render } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../app.tsx";
import { ADMIN, fakeTrpcFetch, SITE_INFO, storeSession, stubSessionApi } from "../lib/testing.tsx";
import type { SessionUser } from "../lib/trpc.ts";
// The pages under test, loaded up front: React.lazy then resolves them at once.
import "./admin-layout.tsx";
import "../features/dashboard/activity-page.tsx";
import "../features/contacts/admin-contacts-page.tsx";
import "../features/dashboard/dashboard-page.tsx";
import "../features/notifications/notifications-page.tsx";
import "../features/students/students-page.tsx";
import "../features/analytics/analytics-page.tsx";
import "../features/studies/courses-admin-page.tsx";
import "../features/exams/exams-admin-page.tsx";
import "../features/gallery/admin-gallery-page.tsx";
import "../features/tickets/help-page.tsx";
import "../features/library/library-admin-page.tsx";
import "../features/settings/settings-page.tsx";
import "../features/staff/staff-page.tsx";
import "../features/admissions/admin-edit-page.tsx";
import "../features/admissions/application-print-page.tsx";
import "../features/admissions/admin-admissions-page.tsx";

export type Handlers = Parameters<typeof fakeTrpcFetch>[0];

/** The app at `path` (e.g. "/admin/students?page=2"), signed in as an admin (or as `user`, e.g. STAFF). */
export function renderAdmin(path: string, handlers: Handlers = {}, user: SessionUser = ADMIN) {
  storeSession(user);
  const { api } = stubSessionApi({ me: async () => ({ user }) });
  const location = memoryLocation({ path, record: true });
  const { fetch, calls } = fakeTrpcFetch({
    "site.info": () => SITE_INFO,
    "notifications.unreadCount": () => ({ count: 0 }),
    ...handlers,
  });
  render(<App sessionApi={api} locationHook={location.hook} fetch={fetch} />);
  return {
    calls,
    /** the path (with its query) the app is on now */
    path: () => location.history!.at(-1),
    navigate: location.navigate,
    /** the inputs sent to one procedure, in order */
    sent: (procedure: string) => calls.filter((c) => c.path === procedure).map((c) => c.input),
  };
}

export const pagination = (totalItems: number, currentPage = 1, limit = 10) => ({
  totalItems,
  totalPages: Math.ceil(totalItems / limit),
  currentPage,
  limit,
});

export const student = (overrides: Record<string, unknown> = {}) => ({
  _id: "7",
  id: 7,
  name: "Ravi Kumar",
  email: "ravi@example.com",
  mobile: "+91 98765 43210",
  student_id: "STU0002",
  standard: "BCom",
  dateOfBirth: "2001-05-04",
  bloodGroup: "B+",
  address: "12 Park Street, Pune",
  emergencyContact: { name: "Sunita Kumar", relationship: "Mother", phone: "+91 98765 00000", email: null },
  profilePhoto: null,
  isActive: true,
  createdAt: "2026-01-15T10:00:00.000Z",
  lastLogin: null,
  lockedUntil: null,
  course: null,
  term: 1,
  ...overrides,
});

/** Lets fake time pass in small steps, flushing React and the promises in between. */
export async function advance(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(async () => {
      jest.advanceTimersByTime(Math.min(step, ms - passed));
    });
  }
  await act(async () => {});
}

/** Tests that switch to fake timers: run what the fake clock still holds, then real time again. */
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
