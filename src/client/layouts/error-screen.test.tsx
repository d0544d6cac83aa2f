import { describe, expect, spyOn, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { withClientTestRules } from "../lib/testing.tsx";
import { AppErrorBoundary, ErrorScreen } from "./error-screen.tsx";

withClientTestRules();

function Broken(): never {
  throw new Error("Cannot read the admission list");
}

describe("top-level error screen", () => {
  test("shows the spec's heading, text, an expandable detail and a Refresh Page button", () => {
    render(<ErrorScreen error={new Error("Boom")} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
    expect(screen.getByText("The application encountered an error. Please refresh the page to try again.")).toBeTruthy();
    const details = document.querySelector("details");
    expect(details?.querySelector("summary")?.textContent).toBe("Error details");
    expect(details?.textContent).toContain("Error: Boom");
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeTruthy();
  });

  test("the boundary catches a rendering error anywhere below it and shows the screen", () => {
    // React reports a caught render error on the console; here that is the expected outcome, not a failure.
    const consoleError = spyOn(console, "error").mockImplementation(() => {});
    const caught: unknown[] = [];
    render(
      <AppErrorBoundary onError={(error) => caught.push(error)}>
        <p>Before</p>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.queryByText("Before")).toBeNull();
    expect(document.querySelector("details pre")?.textContent).toContain("Cannot read the admission list");
    expect(caught).toHaveLength(1);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockClear();
  });

  test("Refresh Page reloads the page", () => {
    const reload = spyOn(window.location, "reload").mockImplementation(() => {});
    render(<ErrorScreen error="plain failure" />);
    fireEvent.click(screen.getByRole("button", { name: "Refresh Page" }));
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });
});
