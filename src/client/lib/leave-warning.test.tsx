import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { Link, Route, Switch, useLocation } from "wouter";
import { Dialog } from "../ui/dialog.tsx";
import { withComponentTestSetup } from "../ui/testing.ts";
import { useRecordInAddress } from "./linked-record.ts";

withComponentTestSetup();

/**
 * The tab's Navigation API as Chromium has it (happy-dom has none): a Back is told first as a cancelable `navigate`
 * of type "traverse" to the entry before, and happens only if no listener cancels it. `previous` is that entry's
 * address. `history.back()` goes through it, as the page's own Back does in the browser.
 */
class FakeNavigation extends EventTarget {
  previous = "";
  /** false: a Back the browser does not let a page hold (a second one with no click or key between) */
  cancelable = true;
  readonly realBack = history.back.bind(history);
  readonly back = () => {
    const move = Object.assign(new Event("navigate", { cancelable: this.cancelable }), {
      navigationType: "traverse",
      destination: { key: "before", url: new URL(this.previous, location.href).href },
    });
    if (this.dispatchEvent(move)) this.realBack();
  };
  traverseTo(key: string) {
    expect(key).toBe("before");
    this.back();
  }
}

let tab: FakeNavigation;
beforeEach(() => {
  tab = new FakeNavigation();
  Object.assign(globalThis, { navigation: tab });
  history.back = tab.back;
});
afterEach(() => {
  history.back = tab.realBack;
  Reflect.deleteProperty(globalThis, "navigation");
});

const here = () => `${location.pathname}${location.search}`;

/** The students' list with Add Student open over it, a name typed or not. */
function AddStudent() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Add Student">
      <label>
        Full name <input name="name" />
      </label>
    </Dialog>
  );
}

/** A list whose record opens in a dialog with a reply box, the record in the address (`?open=`). */
function Tickets() {
  const [openId, setOpenId, close] = useRecordInAddress();
  return (
    <>
      <button type="button" onClick={() => setOpenId(4)}>
        View ticket 4
      </button>
      <Dialog open={openId !== null} onClose={close} title="Ticket 4">
        <label>
          Reply <textarea name="reply" />
        </label>
      </Dialog>
    </>
  );
}

function App() {
  const [, navigate] = useLocation();
  return (
    <>
      <button type="button" onClick={() => navigate("/admin/students")}>
        to students
      </button>
      <Link href="/admin/dashboard">Dashboard</Link>
      <Switch>
        <Route path="/admin/students" component={AddStudent} />
        <Route path="/admin/help" component={Tickets} />
        <Route>
          <h1>Dashboard</h1>
        </Route>
      </Switch>
    </>
  );
}

/** The browser's own history (happy-dom's), the app on `path` with `from` one entry back. */
function renderAt(from: string, path: string) {
  history.replaceState(null, "", from);
  history.pushState(null, "", path);
  return render(<App />);
}

const question = () => screen.findByRole("dialog", { name: "Leave without saving?" });

describe("the browser's Back over typed text, where the browser tells of it first (walk 27b)", () => {
  test("is held and asked about: Stay keeps the page, its address and the text; Discard and go on goes back", async () => {
    renderAt("/admin/dashboard", "/admin/students");
    tab.previous = "/admin/dashboard";
    const name = screen.getByLabelText("Full name") as HTMLInputElement;
    fireEvent.input(name, { target: { value: "Anil Patil" } });

    act(() => history.back());
    const asked = await question();
    // Its text describes it, so a screen reader says why as the focus arrives on Stay (walk 28a).
    expect(document.getElementById(asked.getAttribute("aria-describedby") ?? "")?.textContent).toContain("What you entered");
    // Held before it happened: the address, the dialog and what was typed are as they were.
    expect(here()).toBe("/admin/students");
    expect(screen.getByRole("dialog", { name: "Add Student" })).toBeTruthy();
    expect(name.value).toBe("Anil Patil");

    fireEvent.click(within(asked).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull());
    expect(here()).toBe("/admin/students");
    expect(name.value).toBe("Anil Patil");

    act(() => history.back());
    fireEvent.click(within(await question()).getByRole("button", { name: "Discard and go on" }));
    await screen.findByRole("heading", { name: "Dashboard" });
    expect(here()).toBe("/admin/dashboard");
  });

  test("nothing typed: Back goes at once", async () => {
    renderAt("/admin/dashboard", "/admin/students");
    tab.previous = "/admin/dashboard";
    act(() => history.back());
    await screen.findByRole("heading", { name: "Dashboard" });
    expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull();
  });

  test("a record's dialog: Back with a reply typed asks and keeps it open; its own Close goes back without asking", async () => {
    renderAt("/admin/dashboard", "/admin/help");
    fireEvent.click(screen.getByRole("button", { name: "View ticket 4" }));
    expect(here()).toBe("/admin/help?open=4");
    tab.previous = "/admin/help";
    const reply = screen.getByLabelText("Reply") as HTMLTextAreaElement;
    fireEvent.input(reply, { target: { value: "Your fee receipt is attached." } });

    act(() => history.back());
    fireEvent.click(within(await question()).getByRole("button", { name: "Stay on this page" }));
    expect(here()).toBe("/admin/help?open=4");
    expect(screen.getByRole("dialog", { name: "Ticket 4" })).toBeTruthy();
    expect(reply.value).toBe("Your fee receipt is attached.");

    // Close is the person's own choice, as a dialog's Close always was: no question.
    fireEvent.click(screen.getAllByRole("button", { name: "Close" }).at(-1)!);
    await waitFor(() => expect(here()).toBe("/admin/help"));
    expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull();
    expect(screen.queryByRole("dialog", { name: "Ticket 4" })).toBeNull();
  });

  test("Discard and go on closes a record's dialog, and the focus goes back to the View that opened it (stop 59's left item)", async () => {
    renderAt("/admin/dashboard", "/admin/help");
    const view = screen.getByRole("button", { name: "View ticket 4" });
    view.focus();
    fireEvent.click(view);
    tab.previous = "/admin/help";
    fireEvent.input(screen.getByLabelText("Reply"), { target: { value: "Your fee receipt is attached." } });
    act(() => history.back());
    fireEvent.click(within(await question()).getByRole("button", { name: "Discard and go on" }));
    await waitFor(() => expect(here()).toBe("/admin/help"));
    expect(screen.queryByRole("dialog", { name: "Ticket 4" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "View ticket 4" })));
  });

  test("Discard and go on over a Back that keeps the page (a search's entry) closes the dialog, its text with it (walk 28a)", async () => {
    renderAt("/admin/students", "/admin/students?search=priya");
    tab.previous = "/admin/students";
    fireEvent.input(screen.getByLabelText("Full name"), { target: { value: "Sunil" } });
    act(() => history.back());
    fireEvent.click(within(await question()).getByRole("button", { name: "Discard and go on" }));
    await waitFor(() => expect(here()).toBe("/admin/students"));
    expect(screen.queryByRole("dialog", { name: "Add Student" })).toBeNull();
    // Nothing is held any more: the next Back is not asked about.
    tab.previous = "/admin/dashboard";
    act(() => history.back());
    await waitFor(() => expect(here()).not.toBe("/admin/students"));
    expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull();
  });

  test("a second Back the browser does not let the page hold: the question goes with the move (walk 28a)", async () => {
    renderAt("/admin/dashboard", "/admin/students");
    tab.previous = "/admin/dashboard";
    fireEvent.input(screen.getByLabelText("Full name"), { target: { value: "Sunil" } });
    act(() => history.back());
    await question();
    tab.cancelable = false;
    act(() => history.back());
    await screen.findByRole("heading", { name: "Dashboard" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull());
  });

  test("a browser without the Navigation API goes back unasked, as before", async () => {
    Reflect.deleteProperty(globalThis, "navigation");
    history.back = tab.realBack;
    renderAt("/admin/dashboard", "/admin/students");
    fireEvent.input(screen.getByLabelText("Full name"), { target: { value: "Anil Patil" } });
    act(() => history.back());
    await screen.findByRole("heading", { name: "Dashboard" });
  });
});
