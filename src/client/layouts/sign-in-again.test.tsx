import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { ApiError } from "../lib/errors.ts";
import { createSessionStore, SessionProvider, type SessionStore } from "../lib/session.tsx";
import { ADMIN, STUDENT, storeSession, stubSessionApi, withClientTestRules } from "../lib/testing.tsx";
import type { SessionUser } from "../lib/trpc.ts";
import { ToastProvider } from "../ui/toast.tsx";
import { SignInAgain } from "./sign-in-again.tsx";

withClientTestRules();

/** A verified session for `user` that the server has just ended, with the dialog and a page field beside it. */
async function expiredAs(user: SessionUser, overrides: Parameters<typeof stubSessionApi>[0] = {}) {
  storeSession(user);
  const stub = stubSessionApi({ me: async () => ({ user }), ...overrides });
  const store: SessionStore = createSessionStore({ api: stub.api });
  await store.restore();
  render(
    <SessionProvider store={store}>
      <ToastProvider>
        <label>
          Page note <input defaultValue="" />
        </label>
        <SignInAgain />
      </ToastProvider>
    </SessionProvider>,
  );
  expect(screen.queryByRole("dialog")).toBeNull();
  act(() => store.expire());
  await screen.findByRole("dialog", { name: "Sign in again" });
  return { store, sent: stub.sent };
}

describe("SignInAgain", () => {
  test("nothing while the session is alive; once it ends, a dialog that cannot be dismissed covers the page", async () => {
    const { store } = await expiredAs(STUDENT);
    expect(store.getState()).toMatchObject({ expired: true, token: null, user: STUDENT });
    expect(screen.getByText(STUDENT.student_id!)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.getByRole("dialog", { name: "Sign in again" })).toBeTruthy();
  });

  test("a wrong password keeps the dialog and the page; the right one signs the same account in again", async () => {
    let wrong = true;
    const { store, sent } = await expiredAs(STUDENT, {
      studentLogin: async (input) => {
        sent.push({ procedure: "studentLogin", input });
        if (wrong) throw new ApiError("Invalid credentials", 401);
        return { token: "fresh-token", user: STUDENT };
      },
    });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Nope-123" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("Invalid credentials");
    expect(store.getState()).toMatchObject({ expired: true, user: STUDENT });
    wrong = false;
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Secret-123" } });
    // The answer and the re-render inside act: waitFor's polling starves the store's awaited answer here.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.filter((c) => c.procedure === "studentLogin").map((c) => c.input)).toEqual([
      { studentId: STUDENT.student_id, password: "Nope-123" },
      { studentId: STUDENT.student_id, password: "Secret-123" },
    ]);
    expect(store.getState()).toMatchObject({ expired: false, token: "fresh-token", status: "authenticated" });
    expect(localStorage.getItem("token")).toBe("fresh-token");
    await screen.findByText("You are signed in again. Anything that did not save can be sent again now.");
  });

  test("an account with two-step sign-in is asked for the e-mailed code next", async () => {
    const { store, sent } = await expiredAs(ADMIN, {
      adminLogin: async (input) => {
        sent.push({ procedure: "adminLogin", input });
        return { twoFactorRequired: true as const, challengeToken: "challenge-1", message: "We sent a code to a***@example.com." };
      },
    });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Secret-123" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("We sent a code to a***@example.com.");
    fireEvent.click(screen.getByRole("button", { name: "Verify code" }));
    await screen.findByText("Please enter the complete 6-digit code");
    fireEvent.change(screen.getByLabelText("Sign-in code"), { target: { value: "123456" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Verify code" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([
      { procedure: "adminLogin", input: { email: ADMIN.email, password: "Secret-123" } },
      { procedure: "verifyTwoFactor", input: { challengeToken: "challenge-1", code: "123456" } },
    ]);
    expect(store.getState().expired).toBe(false);
  });
});
