import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { FormFailure, QueryBody } from "./load-error.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

const query = (state: { isError?: boolean; isPending?: boolean; data?: unknown }) => ({
  isError: false,
  isPending: false,
  refetch: mock(() => undefined),
  ...state,
});

const body = (q: ReturnType<typeof query>, empty: React.ReactNode = false) =>
  render(
    <QueryBody query={q} failed="Could not load your loans." lines={3} empty={empty}>
      <p>The loans</p>
    </QueryBody>,
  );

describe("QueryBody", () => {
  test("a failure with nothing on screen: the message and a retry that asks the query again", () => {
    const q = query({ isError: true });
    body(q);
    expect(screen.getByText("Could not load your loans.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("The loans")).toBeNull();
  });

  test("a failed refetch keeps the answer on screen", () => {
    body(query({ isError: true, data: { loans: [] } }));
    expect(screen.getByText("The loans")).toBeTruthy();
    expect(screen.queryByText("Could not load your loans.")).toBeNull();
  });

  test("skeleton lines until the first answer", () => {
    const { container } = body(query({ isPending: true }));
    expect(container.querySelectorAll(".ui-skeleton").length).toBeGreaterThan(0);
    expect(screen.queryByText("The loans")).toBeNull();
  });

  test("an empty answer shows what stands for it; otherwise the content", () => {
    body(query({ data: {} }), <p>No loans</p>);
    expect(screen.getByText("No loans")).toBeTruthy();
    expect(screen.queryByText("The loans")).toBeNull();
  });

  test("with nothing for empty (false or null), the content", () => {
    body(query({ data: {} }), null);
    expect(screen.getByText("The loans")).toBeTruthy();
  });
});

/** A form whose send fails with a message naming no field; `fieldFirst`: the page puts the focus in a field to fix. */
function Form({ fieldFirst = false }: { fieldFirst?: boolean }) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (fieldFirst) document.getElementById("code")?.focus();
        setFailure("Someone else saved the fee settings after you opened this page.");
      }}
    >
      <FormFailure message={failure} />
      <label>
        Code <input id="code" />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

describe("FormFailure", () => {
  test("nothing without a message; a message is brought into view with the focus, away from the Save button", async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      render(<Form />);
      expect(screen.queryByRole("alert")).toBeNull();
      const save = screen.getByRole("button", { name: "Save" });
      save.focus();
      fireEvent.click(save);
      const alert = await screen.findByRole("alert");
      await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
      expect(scrolled).toEqual([alert.parentElement!]);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  test("a page that put the focus in a field to fix keeps it there", async () => {
    render(<Form fieldFirst />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("alert");
    expect(document.activeElement).toBe(screen.getByLabelText("Code"));
  });
});
