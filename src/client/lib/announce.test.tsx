import { afterEach, describe, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { Field, fieldA11y } from "../ui/field.tsx";
import { FileInput } from "../ui/file-input.tsx";
import { focusField } from "./form.ts";
import { withClientTestRules } from "./testing.tsx";

withClientTestRules();
afterEach(() => {
  for (const region of document.querySelectorAll(".live-announcer")) region.remove();
});

const heard = (within: Element = document.body) =>
  [...within.querySelectorAll(".live-announcer")].map((region) => region.textContent).join(" | ");

/** A marks field whose check runs at Enter, as the marks grid's: the message, then the focus asked for again. */
function Marks() {
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError("Marks must be between 0 and 100");
        focusField("marks");
      }}
    >
      <Field id="marks" label="Marks of Priya Sharma" error={error}>
        <input className="ui-input" {...fieldA11y("marks", error)} defaultValue="150" />
      </Field>
    </form>
  );
}

describe("a message the focus cannot bring (walk 30b: silent for a screen reader)", () => {
  test("Enter in a field found wrong says its message: the focus is there already and does not move", async () => {
    render(<Marks />);
    const marks = screen.getByLabelText("Marks of Priya Sharma");
    marks.focus();
    fireEvent.submit(marks.closest("form")!);
    await waitFor(() => expect(heard()).toBe("Marks must be between 0 and 100"));
    expect(document.activeElement).toBe(marks);
  });

  test("a field not holding the focus is not said: the focus moving to it says it", async () => {
    render(<Marks />);
    fireEvent.submit(screen.getByLabelText("Marks of Priya Sharma").closest("form")!);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Marks of Priya Sharma")));
    await new Promise((done) => setTimeout(done, 120));
    expect(heard()).toBe("");
  });

  test("in an open dialog the region is the dialog's own (the page behind it is inert); a file refused as chosen is said", async () => {
    function Pay() {
      const [file, setFile] = useState<File | null>(null);
      const [error, setError] = useState<string | undefined>();
      return (
        <dialog open>
          <Field id="shot" label="Screenshot" error={error}>
            <FileInput
              file={file}
              {...fieldA11y("shot", error)}
              onChoose={(chosen) => {
                setFile(chosen);
                setError(chosen?.type === "image/png" ? undefined : "Choose a JPEG or PNG image.");
              }}
            />
          </Field>
        </dialog>
      );
    }
    render(<Pay />);
    const input = document.getElementById("shot") as HTMLInputElement;
    input.focus();
    fireEvent.change(input, { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } });
    const dialog = document.querySelector("dialog")!;
    await waitFor(() => expect(heard(dialog)).toBe("Choose a JPEG or PNG image."));
    expect(document.body.querySelector(":scope > .live-announcer")).toBeNull();
  });
});
