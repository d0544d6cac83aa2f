import { describe, expect, mock, test } from "bun:test";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { StrictMode, useState } from "react";
import { Button } from "./button.tsx";
import { Dialog, FormDialog } from "./dialog.tsx";
import { withComponentTestSetup } from "./testing.ts";
import { ToastProvider, useToast } from "./toast.tsx";

withComponentTestSetup();

function Harness({ onClose, initialOpen = false }: { onClose?: () => void; initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Withdraw application</Button>
      <Dialog
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Withdraw your application?"
        description="You can apply again later."
        footer={<Button variant="danger">Withdraw</Button>}
      >
        <label htmlFor="reason">Reason</label>
        <input id="reason" />
      </Dialog>
    </>
  );
}

const dialogEl = () => document.querySelector("dialog") as HTMLDialogElement;

describe("Dialog", () => {
  test("closed: nothing inside is rendered", () => {
    render(<Harness />);
    expect(dialogEl().open).toBe(false);
    expect(screen.queryByText("Withdraw your application?")).toBeNull();
  });

  test("opens as a dialog named by its title and described by its description", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw application" }));
    const dialog = dialogEl();
    expect(dialog.open).toBe(true);
    const title = screen.getByRole("heading", { name: "Withdraw your application?" });
    expect(dialog.getAttribute("aria-labelledby")).toBe(title.id);
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("You can apply again later.");
    expect(screen.getByRole("button", { name: "Withdraw" })).toBeTruthy();
  });

  test("focus moves to the first control inside and returns to the opener on close", () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Withdraw application" });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText("Reason"));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(dialogEl().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  test("a record with no field to fill opens on its close button, not on its first link (walk 22b: the e-mail address)", () => {
    render(
      <Dialog open onClose={() => {}} title="Kiran Patil">
        <p>
          E-mail <a href="mailto:kiran@example.in">kiran@example.in</a>
        </p>
        <Button>ID card</Button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
  });

  test("a record's details open on Close even with a field that saves as it changes (walk 28a: an arrow key changed the status)", () => {
    render(
      <Dialog open onClose={() => {}} title="Inquiry from Ravi Kumar" startAtClose>
        <label>
          Status
          <select>
            <option>New</option>
            <option>Resolved</option>
          </select>
        </label>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
  });

  test("a dialog over another, opened with nothing focused (a busy button had lost focus): closing it puts focus in the one below", () => {
    function Stacked() {
      const [top, setTop] = useState(false);
      return (
        <>
          <Dialog open onClose={() => {}} title="Publish a notice">
            <label htmlFor="title">Title</label>
            <input id="title" />
          </Dialog>
          <Dialog open={top} onClose={() => setTop(false)} title="Sign in again" dismissible={false}>
            <button type="button" onClick={() => setTop(false)}>
              Sign in
            </button>
          </Dialog>
          <button type="button" onClick={() => setTop(true)}>
            Open the top one
          </button>
        </>
      );
    }
    render(<Stacked />);
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    fireEvent.click(screen.getByRole("button", { name: "Open the top one", hidden: true }));
    expect(screen.queryByRole("button", { name: "Close", hidden: true })).not.toBeNull(); // the notice's own
    expect(document.querySelectorAll(".ui-dialog__close")).toHaveLength(1); // none on the dialog that must be answered
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    fireEvent.click(screen.getByRole("button", { name: "Sign in", hidden: true }));
    expect(document.activeElement).toBe(screen.getByLabelText("Title"));
  });

  test("closing when the opener is gone puts focus on the page's main region — unless the page already moved it", () => {
    function Removed({ moveFocus }: { moveFocus: boolean }) {
      const [open, setOpen] = useState(true);
      return (
        <>
          <main id="main" tabIndex={-1}>
            <h2 tabIndex={-1}>Instalments</h2>
          </main>
          <Dialog
            open={open}
            onClose={() => {
              setOpen(false);
              if (moveFocus) document.querySelector<HTMLElement>("h2")!.focus();
            }}
            title="Pay by UPI"
          >
            <input aria-label="UTR" />
          </Dialog>
        </>
      );
    }
    const { unmount } = render(<Removed moveFocus={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.activeElement).toBe(document.getElementById("main"));
    unmount();
    render(<Removed moveFocus />);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Instalments" }));
  });

  test("Escape calls onClose once", () => {
    const onClose = mock(() => {});
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw application" }));
    fireEvent.keyDown(screen.getByLabelText("Reason"), { key: "Escape" });
    fireEvent(dialogEl(), new Event("cancel", { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogEl().open).toBe(false);
  });

  test("the native cancel event (Escape in browsers) calls onClose and is prevented", () => {
    const onClose = mock(() => {});
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw application" }));
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(dialogEl(), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test("while its own form is being sent (a busy submit button), Escape, the backdrop and × do not close it (seventh walk)", () => {
    const onClose = mock(() => {});
    render(
      <Dialog open onClose={onClose} title="Pay by UPI">
        <form>
          <Button type="submit" loading>
            Sending to the office…
          </Button>
        </form>
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByRole("button", { name: "Sending to the office…" }), { key: "Escape" });
    fireEvent(dialogEl(), new Event("cancel", { cancelable: true }));
    fireEvent.mouseDown(dialogEl());
    fireEvent.click(dialogEl());
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).not.toHaveBeenCalled();
  });

  test("a click on the backdrop closes; a click inside does not", () => {
    const onClose = mock(() => {});
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw application" }));
    const input = screen.getByLabelText("Reason");
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialogEl());
    fireEvent.click(dialogEl());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test("with text typed in it, a click on the backdrop leaves it open; ×, Escape and an emptied field close it (stop 45)", () => {
    const onClose = mock(() => {});
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw application" }));
    const reason = screen.getByLabelText("Reason");
    fireEvent.input(reason, { target: { value: "Moving to another city" } });
    fireEvent.mouseDown(dialogEl());
    fireEvent.click(dialogEl());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(dialogEl(), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.input(reason, { target: { value: "  " } });
    fireEvent.mouseDown(dialogEl());
    fireEvent.click(dialogEl());
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  test("a text selection dragged out onto the backdrop does not close", () => {
    const onClose = mock(() => {});
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw application" }));
    fireEvent.mouseDown(screen.getByLabelText("Reason"));
    fireEvent.click(dialogEl());
    expect(onClose).not.toHaveBeenCalled();
  });

  test("mounted open under StrictMode (effects run twice) it stays open and does not call onClose", () => {
    const onClose = mock(() => {});
    render(
      <StrictMode>
        <Harness onClose={onClose} initialOpen />
      </StrictMode>,
    );
    expect(dialogEl().open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(dialogEl().open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test("a form with method=dialog closing it natively keeps the parent in step", () => {
    const onClose = mock(() => {});
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw application" }));
    act(() => dialogEl().close());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("FormDialog", () => {
  function Form({ busy, onClose, onSubmit }: { busy: boolean; onClose: () => void; onSubmit: () => void }) {
    return (
      <FormDialog
        title="Give a concession"
        formId="give-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        busy={busy}
        onClose={onClose}
        cancelLabel="Cancel"
        submitLabel="Give"
        busyLabel="Giving…"
        lead={<p>Still to pay: ₹1,000</p>}
        failure="The instalment changed meanwhile."
        after={<p>Below the form</p>}
      >
        <label htmlFor="amount">Amount</label>
        <input id="amount" />
      </FormDialog>
    );
  }

  test("the footer's submit button sends the form; the lead and the failure stand above the fields; Cancel closes", () => {
    const onClose = mock(() => {});
    const onSubmit = mock(() => {});
    render(<Form busy={false} onClose={onClose} onSubmit={onSubmit} />);
    const form = document.getElementById("give-form") as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    expect(form.textContent).toBe("Still to pay: ₹1,000The instalment changed meanwhile.Amount");
    expect(screen.getByText("Below the form").closest("form")).toBeNull();
    const give = screen.getByRole("button", { name: "Give" });
    expect(give.getAttribute("form")).toBe("give-form");
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test("while it is sent the buttons wait and Escape does not close it", () => {
    const onClose = mock(() => {});
    render(<Form busy onClose={onClose} onSubmit={() => {}} />);
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: /Giving/ }).getAttribute("aria-busy")).toBe("true");
    fireEvent.keyDown(screen.getByLabelText("Amount"), { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("a dialog and leaving the page", () => {
  const leavingAsks = () => {
    const event = new Event("beforeunload", { cancelable: true });
    globalThis.dispatchEvent(event);
    return event.defaultPrevented;
  };
  function Reply() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Reply</Button>
        <FormDialog
          open={open}
          title="Reply"
          formId="reply-form"
          onSubmit={(event) => event.preventDefault()}
          busy={false}
          onClose={() => setOpen(false)}
          cancelLabel="Cancel"
          submitLabel="Send"
        >
          <label htmlFor="message">Message</label>
          <textarea id="message" />
          <label htmlFor="status">Status</label>
          <select id="status">
            <option>Open</option>
            <option>Resolved</option>
          </select>
        </FormDialog>
      </>
    );
  }

  test("once something is typed in the open dialog, reloading or closing the page asks first; not after it closes", () => {
    render(<Reply />);
    expect(leavingAsks()).toBe(false);
    fireEvent.input(screen.getByLabelText("Message"), { target: { value: "Dear Asha, the fees are…" } });
    expect(leavingAsks()).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(leavingAsks()).toBe(false);
    // Opened again, it asks only once something is typed again.
    fireEvent.click(screen.getByRole("button", { name: "Reply" }));
    expect(leavingAsks()).toBe(false);
  });

  test("a select that saves as it changes is not typed text; a field a send emptied leaves nothing to lose (ninth walk, second pass)", () => {
    render(<Reply />);
    fireEvent.input(screen.getByLabelText("Status"), { target: { value: "Resolved" } });
    expect(leavingAsks()).toBe(false);
    const message = screen.getByLabelText("Message") as HTMLTextAreaElement;
    fireEvent.input(message, { target: { value: "Dear Asha, the fees are…" } });
    expect(leavingAsks()).toBe(true);
    // Sent, the dialog staying open with the field emptied.
    message.value = "";
    expect(leavingAsks()).toBe(false);
  });
});

describe("FormDialog with a form state's submission", () => {
  function Saving({ busy }: { busy: boolean }) {
    const [sent, setSent] = useState(0);
    return (
      <FormDialog
        title="Edit the subject"
        formId="subject-form"
        form={{
          onSubmit: (event) => {
            event.preventDefault();
            setSent((n) => n + 1);
          },
          busy,
          failure: sent ? "That could not be saved." : null,
        }}
        onClose={() => {}}
        cancelLabel="Cancel"
        submitLabel="Save"
        busyLabel="Saving…"
      >
        <label htmlFor="name">Name</label>
        <input id="name" />
      </FormDialog>
    );
  }

  test("the submission's submit sends the form and its failure shows above the fields", () => {
    render(<Saving busy={false} />);
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("form")).toBe("subject-form");
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.submit(document.getElementById("subject-form") as HTMLFormElement);
    expect(screen.getByText("That could not be saved.")).toBeTruthy();
  });

  test("while the submission is busy the buttons wait", () => {
    render(<Saving busy />);
    expect(screen.getByRole("button", { name: /Saving…/ }).getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("toasts over dialogs", () => {
  test("while dialogs are open the toasts show inside the top one (not inert), and on the page once none is", () => {
    function Page() {
      const [open, setOpen] = useState<"none" | "one" | "two">("none");
      const toast = useToast();
      return (
        <>
          <Button onClick={() => setOpen("one")}>Open</Button>
          <Dialog open={open !== "none"} onClose={() => setOpen("none")} title="Application APP-2026-000003">
            <Button onClick={() => toast.show("Note added.")}>Add note</Button>
            <Button onClick={() => setOpen("two")}>Approve</Button>
          </Dialog>
          <Dialog open={open === "two"} onClose={() => setOpen("one")} title="Approve this application?">
            <Button onClick={() => setOpen("one")}>Cancel</Button>
          </Dialog>
        </>
      );
    }
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    const region = () => document.querySelector(".ui-toasts")!;
    expect(region().closest("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("button", { name: "Add note", hidden: true }));
    expect(region().closest("dialog")?.getAttribute("aria-labelledby")).toBe(dialogNamed("Application APP-2026-000003"));
    expect(region().textContent).toContain("Note added.");
    fireEvent.click(screen.getByRole("button", { name: "Approve", hidden: true }));
    expect(region().closest("dialog")?.getAttribute("aria-labelledby")).toBe(dialogNamed("Approve this application?"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel", hidden: true }));
    expect(region().closest("dialog")?.getAttribute("aria-labelledby")).toBe(dialogNamed("Application APP-2026-000003"));
    // The toast is still there, and its Dismiss works.
    fireEvent.click(within(region() as HTMLElement).getByRole("button", { name: "Dismiss", hidden: true }));
    expect(region().textContent).not.toContain("Note added.");
    fireEvent.keyDown(document.querySelector("dialog[open]")!, { key: "Escape" });
    expect(region().closest("dialog")).toBeNull();
    expect(document.querySelectorAll(".ui-toasts")).toHaveLength(1);
  });
});

/** The id of the heading that names the dialog with this title. */
const dialogNamed = (title: string) => [...document.querySelectorAll("dialog h2")].find((h) => h.textContent === title)?.id;

test("a dialog unmounted while open (its page left) gives the toasts back to the page", () => {
  function Page({ shown }: { shown: boolean }) {
    return shown ? (
      <Dialog open onClose={() => {}} title="Application APP-2026-000003">
        <p>Details</p>
      </Dialog>
    ) : null;
  }
  const { rerender } = render(
    <ToastProvider>
      <Page shown />
    </ToastProvider>,
  );
  expect(document.querySelector(".ui-toasts")?.closest("dialog")).not.toBeNull();
  rerender(
    <ToastProvider>
      <Page shown={false} />
    </ToastProvider>,
  );
  expect(document.querySelector(".ui-toasts")?.parentElement?.className).toBe("ui-toasts-home");
});

test("focus skips a hidden field (a password manager's username) and lands in the first real one", () => {
  render(
    <Dialog open onClose={() => {}} title="Change e-mail">
      <input type="text" name="username" value="asha@example.test" readOnly hidden />
      <label htmlFor="pw">Current password</label>
      <input id="pw" type="password" />
    </Dialog>,
  );
  expect(document.activeElement).toBe(screen.getByLabelText("Current password"));
});
