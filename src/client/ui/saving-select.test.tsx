import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { withClientTestRules } from "../lib/testing.tsx";
import { SavingSelect, SETTLE_MS } from "./saving-select.tsx";

withClientTestRules();

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
const OPTIONS = ["open", "in_progress", "resolved", "closed"];

/** A status saved on a server that answers after `answerMs`. */
function Harness({ saves, answerMs = 50 }: { saves: string[]; answerMs?: number }) {
  const [saved, setSaved] = useState("open");
  const [busy, setBusy] = useState(false);
  const save = (value: string) => {
    saves.push(value);
    setBusy(true);
    setTimeout(() => {
      setSaved(value);
      setBusy(false);
    }, answerMs);
  };
  return <SavingSelect id="status" label="Status" options={OPTIONS} value={saved} busy={busy} savingHint="Saving..." onSave={save} />;
}

describe("SavingSelect", () => {
  test("steps through the options (arrow keys change a closed select) save only the choice they settle on", async () => {
    const saves: string[] = [];
    render(<Harness saves={saves} />);
    const select = screen.getByLabelText("Status") as HTMLSelectElement;
    select.focus();
    for (const value of ["in_progress", "resolved", "closed"]) {
      fireEvent.change(select, { target: { value } });
      await wait(SETTLE_MS / 4);
      // The choice shows at once; nothing is saved while the person is still choosing.
      expect(select.value).toBe(value);
    }
    expect(saves).toEqual([]);
    await wait(SETTLE_MS);
    expect(saves).toEqual(["closed"]);
    // While it is saved the select stays enabled and keeps the focus (a disabled one dropped it to the page).
    expect(select.disabled).toBe(false);
    expect(document.activeElement).toBe(select);
    await wait(100);
    expect(select.value).toBe("closed");
    expect(select.getAttribute("aria-busy")).toBeNull();
  });

  test("back to the saved value before it settles: nothing is saved", async () => {
    const saves: string[] = [];
    render(<Harness saves={saves} />);
    const select = screen.getByLabelText("Status") as HTMLSelectElement;
    fireEvent.change(select, { target: { value: "resolved" } });
    fireEvent.change(select, { target: { value: "open" } });
    await wait(SETTLE_MS + 50);
    expect(saves).toEqual([]);
    expect(select.value).toBe("open");
  });

  test("a choice still waiting when the select goes (its dialog closed) is saved, not lost", async () => {
    const saves: string[] = [];
    const { unmount } = render(<Harness saves={saves} />);
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "resolved" } });
    unmount();
    expect(saves).toEqual(["resolved"]);
  });
});
