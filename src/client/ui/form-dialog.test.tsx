import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { FormDialog } from "./form-dialog.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

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

describe("FormDialog's usual words and a form state's submission", () => {
  function Saving({ busy, submitLabel }: { busy: boolean; submitLabel?: string }) {
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
        submitLabel={submitLabel}
      >
        <label htmlFor="name">Name</label>
        <input id="name" />
      </FormDialog>
    );
  }

  test("Cancel and Save by default; the submission's submit sends the form and its failure shows above the fields", () => {
    render(<Saving busy={false} />);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("form")).toBe("subject-form");
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.submit(document.getElementById("subject-form") as HTMLFormElement);
    expect(screen.getByText("That could not be saved.")).toBeTruthy();
  });

  test("while busy the default Save says Saving…; a form's own words stay as they are", () => {
    const { unmount } = render(<Saving busy />);
    expect(screen.getByRole("button", { name: /Saving…/ }).getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    render(<Saving busy submitLabel="Save marks" />);
    expect(screen.getByRole("button", { name: /Save marks/ }).getAttribute("aria-busy")).toBe("true");
  });
});
