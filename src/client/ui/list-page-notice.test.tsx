import { describe, expect, test } from "bun:test";
import { render } from "@testing-library/react";
import { NoticeInView } from "./load-error.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

describe("NoticeInView", () => {
  test("a result is brought into view as it appears, once; the next result (another key) again", () => {
    const asked: unknown[] = [];
    const real = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement, options?: unknown) {
      asked.push([this.textContent, options]);
    };
    try {
      const { rerender } = render(<NoticeInView key="1">Approved: STU0002</NoticeInView>);
      expect(asked).toEqual([["Approved: STU0002", { block: "nearest" }]]);
      rerender(<NoticeInView key="1">Approved: STU0002</NoticeInView>);
      expect(asked).toHaveLength(1);
      rerender(<NoticeInView key="2">Approved: STU0003</NoticeInView>);
      expect(asked).toEqual([
        ["Approved: STU0002", { block: "nearest" }],
        ["Approved: STU0003", { block: "nearest" }],
      ]);
    } finally {
      HTMLElement.prototype.scrollIntoView = real;
    }
  });

  test("the focus goes with it: to the notice, whatever had the focus before (tenth walk)", () => {
    const { rerender } = render(<button type="button">View</button>);
    const view = document.querySelector("button")!;
    view.focus();
    rerender(
      <>
        <NoticeInView key="1">Approved: STU0002</NoticeInView>
        <button type="button">View</button>
      </>,
    );
    const notice = document.querySelector(".ui-notice-in-view");
    expect(notice?.textContent).toBe("Approved: STU0002");
    expect(document.activeElement === notice).toBe(true);
  });
});
