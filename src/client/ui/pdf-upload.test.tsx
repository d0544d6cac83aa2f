import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FakeXhr, withClientTestRules, withFakeXhr } from "../lib/testing.tsx";
import { PdfUpload } from "./pdf-upload.tsx";

withClientTestRules();
withFakeXhr();

function renderUpload(onUploaded: (data: { name: string }) => void = () => {}) {
  render(
    <PdfUpload<{ name: string }>
      id="syllabus"
      title="Syllabus (PDF, up to 10 MB)"
      status="No syllabus yet"
      path="/api/admin/programmes/3/syllabus"
      field="syllabus"
      buttonLabel="Upload syllabus"
      uploadingLabel="Uploading the syllabus"
      failedText="The syllabus could not be uploaded."
      onUploaded={onUploaded}
    />,
  );
  const input = document.getElementById("syllabus") as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(["%PDF-1.4"], "mba.pdf", { type: "application/pdf" })] } });
  return { input, button: screen.getByRole("button", { name: "Upload syllabus" }) };
}

describe("a PDF for the office to publish", () => {
  test("while it uploads the button keeps the focus; once published the focus goes to what is published, not the page (tenth walk)", async () => {
    const uploaded: string[] = [];
    const { input, button } = renderUpload((data) => uploaded.push(data.name));
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect([button.getAttribute("aria-disabled"), (button as HTMLButtonElement).disabled, document.activeElement === button]).toEqual([
      "true",
      false,
      true,
    ]);
    await act(async () => FakeXhr.sent[0]!.respond(200, { success: true, data: { name: "mba.pdf" } }));
    await waitFor(() => expect(uploaded).toEqual(["mba.pdf"]));
    expect(document.activeElement === screen.getByText("No syllabus yet")).toBe(true);
    expect(input.value).toBe("");
  });
});
