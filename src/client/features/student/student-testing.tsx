/** Helpers for the student pages' tests only (nothing in the app imports this file). */

import { afterEach, jest } from "bun:test";
import { act, render } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../app.tsx";
import { fakeTrpcFetch, SITE_INFO, STUDENT, storeSession, stubSessionApi } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
// The pages and the layout are lazy chunks: loaded up front, React.lazy resolves them at once.
import "../../layouts/student-layout.tsx";
import "./dashboard-page.tsx";
import "./id-card-page.tsx";
import "./profile-page.tsx";
import "./settings-page.tsx";

type Handlers = Parameters<typeof fakeTrpcFetch>[0];

export const PROFILE: RouterOutputs["student"]["profile"] = {
  id: STUDENT.id,
  name: STUDENT.name,
  email: STUDENT.email,
  student_id: "STU0001",
  status: "active",
  mobile: "9876543210",
  dateOfBirth: "2001-08-15",
  gender: "Female",
  address: "12, Karve Road, Kothrud",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411038",
  bloodGroup: "B+",
  standard: "BBA",
  section: null,
  rollNumber: null,
  course: "Business Administration",
  emergencyContact: { name: "Rajesh Sharma", relationship: "Father", phone: "9822012345", email: null },
  photo: null,
  programme: { slug: "bba", name: "BBA" },
};

export const SETTINGS: RouterOutputs["student"]["settings"] = {
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  theme: "light",
  language: "english",
  twoFactorAuth: false,
  showPhotoOnVerification: true,
};

/** The signed-in demo student, with a stored session the server confirms. */
export function renderStudentAt(path: string, handlers: Handlers = {}, opts: { user?: typeof STUDENT } = {}) {
  const user = opts.user ?? STUDENT;
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

/** The text of the error shown beside a control (through its aria-describedby). */
export const errorOf = (input: HTMLElement) => {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("ui-field__error"))?.textContent ?? null;
};

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
