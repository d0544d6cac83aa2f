import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { QueryBody } from "./load-error.tsx";
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
