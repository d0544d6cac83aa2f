import { describe, expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SubPages } from "./sub-pages.tsx";
import { withClientTestRules } from "./testing.tsx";

withClientTestRules();

/** An area mounted at /area (as the portals nest theirs), opened at `path`; `current` reads the address. */
function renderArea(path: string) {
  const location = memoryLocation({ path, record: true });
  const { container } = render(
    <Router hook={location.hook}>
      <Route path="/area" nest>
        <SubPages
          pages={{
            "/": () => <p>home</p>,
            "/:id/marks": (params) => <p>marks of {params.id}</p>,
            "/new": () => <p>new</p>,
            "/:id": (params) => <p>one {params.id}</p>,
          }}
        />
      </Route>
    </Router>,
  );
  return { container, current: () => location.history.at(-1) };
}

describe("SubPages", () => {
  test("the area's own address shows its first page", () => {
    renderArea("/area");
    expect(screen.getByText("home")).toBeTruthy();
  });

  test("a path's parameters reach its page", () => {
    renderArea("/area/12/marks");
    expect(screen.getByText("marks of 12")).toBeTruthy();
  });

  test("the first path that matches wins, in the order written", () => {
    renderArea("/area/new");
    expect(screen.getByText("new")).toBeTruthy();
    expect(screen.queryByText("one new")).toBeNull();
  });

  test("an address no path matches goes back to the area's first page (it showed nothing: /admin/fees/plans)", () => {
    const { current } = renderArea("/area/12/nothing");
    expect(screen.getByText("home")).toBeTruthy();
    expect(current()).toBe("/area/");
  });
});
