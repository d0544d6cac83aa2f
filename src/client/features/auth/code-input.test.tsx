import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { withComponentTestSetup } from "../../ui/testing.ts";
import { CodeInput, emptyCode } from "./code-input.tsx";

withComponentTestSetup();

function Harness({ error }: { error?: string }) {
  const [digits, setDigits] = useState(emptyCode);
  return (
    <>
      <CodeInput id="code" digits={digits} onChange={setDigits} error={error} />
      <output data-testid="value">{digits.map((d) => d || "_").join("")}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const value = () => screen.getByTestId("value").textContent;
const typeInto = (n: number, text: string) => fireEvent.change(box(n), { target: { value: text } });
const paste = (n: number, text: string) => fireEvent.paste(box(n), { clipboardData: { getData: () => text } });

describe("six-box code input", () => {
  test("six labelled numeric boxes in a named group; only the first offers one-time-code autofill", () => {
    render(<Harness />);
    const group = screen.getByRole("group", { name: "Verification code" });
    const boxes = Array.from(group.querySelectorAll("input"));
    expect(boxes).toHaveLength(6);
    boxes.forEach((input, i) => {
      expect(input.getAttribute("aria-label")).toBe(`Digit ${i + 1} of 6`);
      expect(input.getAttribute("inputmode")).toBe("numeric");
      expect(input.getAttribute("autocomplete")).toBe(i === 0 ? "one-time-code" : "off");
    });
  });

  test("a typed digit fills its box and moves to the next; letters are refused", () => {
    render(<Harness />);
    box(1).focus();
    typeInto(1, "4");
    expect(value()).toBe("4_____");
    expect(document.activeElement).toBe(box(2));
    typeInto(2, "x");
    expect(value()).toBe("4_____");
    expect(document.activeElement).toBe(box(2));
    typeInto(2, "2");
    typeInto(3, "7");
    expect(value()).toBe("427___");
    expect(document.activeElement).toBe(box(4));
  });

  test("typing into a filled box replaces its digit", () => {
    render(<Harness />);
    typeInto(1, "4");
    typeInto(1, "49");
    expect(value()).toBe("9_____");
    typeInto(1, "19");
    expect(value()).toBe("1_____");
  });

  test("Backspace in an empty box goes back and clears the box before; the arrow keys move", () => {
    render(<Harness />);
    typeInto(1, "1");
    typeInto(2, "2");
    typeInto(3, "3");
    expect(document.activeElement).toBe(box(4));
    fireEvent.keyDown(box(4), { key: "Backspace" });
    expect(value()).toBe("12____");
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(value()).toBe("1_____");
    expect(document.activeElement).toBe(box(2));
    // In a filled box Backspace empties that box (the browser's own deletion).
    typeInto(1, "");
    expect(value()).toBe("______");
    fireEvent.keyDown(box(2), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(box(1));
    fireEvent.keyDown(box(1), { key: "ArrowRight" });
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(1), { key: "Backspace" });
    expect(document.activeElement).toBe(box(2));
  });

  test("pasting a code fills every box, dropping anything that is not a digit", () => {
    render(<Harness />);
    paste(1, " 12-a3 45\n6 ");
    expect(value()).toBe("123456");
    expect(document.activeElement).toBe(box(6));
  });

  test("a whole code pasted into a later box still starts at the first; more than 6 digits keep the first 6", () => {
    render(<Harness />);
    paste(4, "98765432");
    expect(value()).toBe("987654");
  });

  test("a shorter paste fills from the box it lands in", () => {
    render(<Harness />);
    typeInto(1, "1");
    typeInto(2, "2");
    paste(3, "3 4");
    expect(value()).toBe("1234__");
    expect(document.activeElement).toBe(box(5));
    paste(5, "abc");
    expect(value()).toBe("1234__");
  });

  test("the phone's autofill (the whole code in the first box) spreads over the boxes", () => {
    render(<Harness />);
    typeInto(1, "654321");
    expect(value()).toBe("654321");
  });

  test("an error marks every box invalid and is announced through aria-describedby", () => {
    render(<Harness error="Please enter the complete 6-digit code" />);
    const message = screen.getByText("Please enter the complete 6-digit code");
    const describedBy = message.closest("[id]")?.id ?? null;
    for (let n = 1; n <= 6; n++) {
      expect(box(n).getAttribute("aria-invalid")).toBe("true");
      expect(box(n).getAttribute("aria-describedby")).toBe(describedBy);
    }
  });
});
