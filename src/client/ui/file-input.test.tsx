import { afterEach, describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { changeLocale } from "../lib/i18n.tsx";
import { withClientTestRules } from "../lib/testing.tsx";
import { FileInput } from "./file-input.tsx";

withClientTestRules();

afterEach(async () => {
  await changeLocale("en", { keep: false });
});

/** A form that keeps the chosen file, as the pages do, and can drop it (as after an upload). */
function Chooser({ chosen }: { chosen: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <p id="doc-label">Syllabus</p>
      <FileInput
        id="doc"
        file={file}
        aria-labelledby="doc-label"
        onChoose={(f) => {
          chosen(f);
          setFile(f);
        }}
      />
      <button type="button" onClick={() => setFile(null)}>
        Uploaded
      </button>
    </>
  );
}

const pdf = new File(["%PDF-1.4".padEnd(2_500, " ")], "syllabus.pdf", { type: "application/pdf" });

describe("a file to choose, in the page's language (walk 25: the browser's own input said 'Choose File')", () => {
  test("the button and the chosen file's name speak the page's words; the input keeps its own name and empties when the file is dropped", async () => {
    const chosen: (File | null)[] = [];
    render(<Chooser chosen={(f) => chosen.push(f)} />);
    const input = screen.getByLabelText("Syllabus") as HTMLInputElement;
    expect(input.type).toBe("file");
    // The visible button is the input's label: a tap on it opens the picker.
    expect(screen.getByText("Choose a file").closest("label")?.htmlFor).toBe("doc");
    expect(screen.getByText("No file chosen")).toBeTruthy();

    fireEvent.change(input, { target: { files: [pdf] } });
    expect(chosen).toEqual([pdf]);
    expect(screen.getByText("syllabus.pdf (3 KB)")).toBeTruthy();
    expect(screen.getByText("Choose another file")).toBeTruthy();

    // The DOM here does not keep a file input's value: count what the component empties instead.
    let emptied = 0;
    Object.defineProperty(input, "value", {
      configurable: true,
      get: () => "",
      set: (v: string) => {
        if (v === "") emptied++;
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Uploaded" }));
    expect(screen.getByText("No file chosen")).toBeTruthy();
    expect(emptied).toBe(1);
  });

  test("in Marathi and Hindi the words are the page's, not the phone's", async () => {
    await changeLocale("mr");
    render(<Chooser chosen={() => {}} />);
    expect(screen.getByText("फाइल निवडा")).toBeTruthy();
    expect(screen.getByText("कोणतीही फाइल निवडलेली नाही")).toBeTruthy();
    await act(() => changeLocale("hi"));
    fireEvent.change(screen.getByLabelText("Syllabus"), { target: { files: [pdf] } });
    expect(screen.getByText("दूसरी फ़ाइल चुनें")).toBeTruthy();
  });
});
