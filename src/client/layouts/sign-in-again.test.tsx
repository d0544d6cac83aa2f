import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { doubleClickSendsOnce, neverAnswers } from "../lib/one-at-a-time-testing.ts";
import { ADMIN, SITE_INFO, STUDENT, TrpcFailure, withClientTestRules } from "../lib/testing.tsx";
import type { SessionUser } from "../lib/trpc.ts";
import { type Handlers, renderSignedIn } from "./portal-testing.tsx";

withClientTestRules();

/**
 * A portal page whose calls the server refuses with a 401 until `accepted` (the session ended there), with
 * the dialog it brings. Queried inside the dialog: role queries over a whole portal page are slow.
 */
async function endedOn(path: string, user: SessionUser, handlers: Handlers = {}) {
  const server = { accepted: false };
  // The 401 rule reads the browser's own address (renderSignedIn's routes run on a memory location).
  window.history.replaceState(null, "", path);
  const app = renderSignedIn(path, user, {
    // (answered a moment later: after the stored session was verified, so the page is one in use)
    "site.info": async () => {
      await Bun.sleep(30);
      return server.accepted ? SITE_INFO : new TrpcFailure("Please log in to continue", 401);
    },
    ...handlers,
  });
  await waitFor(() => expect(document.querySelector("dialog.sign-in-again")).not.toBeNull(), { timeout: 3000 });
  const dialog = within(document.querySelector<HTMLElement>("dialog.sign-in-again")!);
  /** Presses a button of the dialog; its call (batched a tick later), the answer and the re-render happen inside act. */
  const press = (name: string) =>
    act(async () => {
      fireEvent.click(dialog.getByRole("button", { name }));
      await Bun.sleep(60);
    });
  return { ...app, server, dialog, press };
}

describe("SignInAgain", () => {
  test("a dialog that cannot be dismissed covers the page; a wrong password keeps it; the right one signs the same account in", async () => {
    const { dialog, press, sent, server, path } = await endedOn("/student/dashboard", STUDENT, {
      "auth.studentLogin": (input) =>
        (input as { password: string }).password === "Secret-123"
          ? { token: "fresh-token", user: STUDENT }
          : new TrpcFailure("Invalid credentials", 401),
    });
    dialog.getByRole("heading", { name: "Sign in again" });
    dialog.getByText(STUDENT.student_id!);
    expect(dialog.queryByRole("button", { name: "Close" })).toBeNull();
    fireEvent.keyDown(document.querySelector("dialog.sign-in-again")!, { key: "Escape" });
    expect(document.querySelector("dialog.sign-in-again")).not.toBeNull();

    // Nothing typed: the shared rule says so, and nothing is sent.
    await press("Sign in");
    dialog.getByText("Password is required");
    expect(sent("auth.studentLogin")).toEqual([]);

    fireEvent.change(dialog.getByLabelText("Password"), { target: { value: "Nope-123" } });
    await press("Sign in");
    dialog.getByText("Invalid credentials");
    expect(document.querySelector("dialog.sign-in-again")).not.toBeNull();
    expect(path()).toBe("/student/dashboard");

    server.accepted = true;
    fireEvent.change(dialog.getByLabelText("Password"), { target: { value: "Secret-123" } });
    await press("Sign in");
    expect(document.querySelector("dialog.sign-in-again")).toBeNull();
    expect(sent("auth.studentLogin")).toEqual([
      { studentId: STUDENT.student_id, password: "Nope-123" },
      { studentId: STUDENT.student_id, password: "Secret-123" },
    ]);
    expect(localStorage.getItem("token")).toBe("fresh-token");
    await screen.findByText("You are signed in again. Anything that did not save can be sent again now.");
  });

  test("a double click on Sign in sends one sign-in (a second would open a second session)", async () => {
    const { dialog, sent } = await endedOn("/student/dashboard", STUDENT, { "auth.studentLogin": neverAnswers });
    fireEvent.change(dialog.getByLabelText("Password"), { target: { value: "Secret-123" } });
    await doubleClickSendsOnce(dialog.getByRole("button", { name: "Sign in" }), () => sent("auth.studentLogin"));
  });

  test("an account with two-step sign-in is asked for the e-mailed code next", async () => {
    const { dialog, press, sent, server } = await endedOn("/admin/dashboard", ADMIN, {
      "auth.adminLogin": () => ({ twoFactorRequired: true, challengeToken: "challenge-1", message: "We sent a code to a***@example.com." }),
      "auth.verifyTwoFactor": () => ({ token: "admin-token", user: ADMIN }),
    });
    fireEvent.change(dialog.getByLabelText("Password"), { target: { value: "Secret-123" } });
    await press("Sign in");
    dialog.getByText("We sent a code to a***@example.com.");
    await press("Verify code");
    dialog.getByText("Please enter the complete 6-digit code");
    server.accepted = true;
    fireEvent.change(dialog.getByLabelText("Sign-in code"), { target: { value: "123456" } });
    await press("Verify code");
    expect(document.querySelector("dialog.sign-in-again")).toBeNull();
    expect(sent("auth.adminLogin")).toEqual([{ email: ADMIN.email, password: "Secret-123" }]);
    expect(sent("auth.verifyTwoFactor")).toEqual([{ challengeToken: "challenge-1", code: "123456" }]);
    expect(localStorage.getItem("token")).toBe("admin-token");
  });
});
