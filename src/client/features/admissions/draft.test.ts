import { beforeEach, describe, expect, test } from "bun:test";
import { emptyValues } from "./application-form.ts";
import { clearDraft, draftKey, loadDraft, onOwnDraftTaken, saveDraft } from "./draft.ts";

beforeEach(() => localStorage.clear());

const answers = (firstName: string) => ({ ...emptyValues(), firstName, city: "Pune" });
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 10, minutes));

describe("the wizard's draft", () => {
  test("round-trips the text fields, the step and the attached documents", () => {
    saveDraft({ values: answers("Priya"), step: 2, attached: ["photo"] }, new Date());
    const draft = loadDraft();
    expect(draft?.values.firstName).toBe("Priya");
    expect(draft?.values.nationality).toBe("Indian");
    expect(draft?.step).toBe(2);
    expect(draft?.attached).toEqual(["photo"]);
  });

  test("an untouched form stores nothing", () => {
    saveDraft({ values: emptyValues(), step: 1, attached: [] });
    expect(localStorage.getItem(draftKey())).toBeNull();
  });

  test("damaged, unknown or old drafts are ignored, and removed", () => {
    localStorage.setItem(draftKey(), "{not json");
    expect(loadDraft()).toBeNull();
    expect(localStorage.length).toBe(0);
    localStorage.setItem(
      draftKey(),
      JSON.stringify({ values: { firstName: 7, evil: "x" }, step: 9, attached: ["virus"], savedAt: new Date().toISOString() }),
    );
    expect(loadDraft()).toBeNull();
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    saveDraft({ values: answers("Old"), step: 0, attached: [] }, old);
    expect(loadDraft()).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});

describe("two tabs of the form (stop 60)", () => {
  const now = at(30).getTime();

  test("each keeps its own: a reload of either finds its own answers, whichever wrote last", () => {
    saveDraft({ values: answers("Riya"), step: 1, attached: [] }, at(1), "A");
    saveDraft({ values: answers("Arjun"), step: 0, attached: [] }, at(2), "B");
    expect(loadDraft(now, "A")?.values.firstName).toBe("Riya");
    expect(loadDraft(now, "B")?.values.firstName).toBe("Arjun");
  });

  test("one sent or reset leaves the other's draft", () => {
    saveDraft({ values: answers("Riya"), step: 3, attached: [] }, at(1), "A");
    saveDraft({ values: answers("Arjun"), step: 0, attached: [] }, at(2), "B");
    clearDraft(answers("Riya"), "A");
    expect(loadDraft(now, "A")?.values.firstName).toBe("Arjun");
    saveDraft({ values: answers("Meera"), step: 0, attached: [] }, at(3), "C");
    clearDraft(undefined, "C");
    expect(localStorage.getItem(draftKey("C"))).toBeNull();
  });

  test("a new tab takes the newest draft left, moved to it, not copied", () => {
    saveDraft({ values: answers("Riya"), step: 1, attached: [] }, at(1), "A");
    saveDraft({ values: answers("Arjun"), step: 2, attached: ["photo"] }, at(2), "B");
    const taken = loadDraft(now, "C");
    expect(taken?.values.firstName).toBe("Arjun");
    expect(taken?.attached).toEqual(["photo"]);
    expect(localStorage.getItem(draftKey("B"))).toBeNull();
    expect(JSON.parse(localStorage.getItem(draftKey("C"))!).values.firstName).toBe("Arjun");
    // Two drafts still: the older one stays where it was, for the next tab that finds none of its own.
    expect(localStorage.length).toBe(2);
    expect(loadDraft(now, "A")?.values.firstName).toBe("Riya");
  });

  test("the one draft kept before tabs had their own is taken as another tab's", () => {
    localStorage.setItem(
      "admissionDraft",
      JSON.stringify({ values: answers("Sana"), step: 1, attached: [], savedAt: at(1).toISOString() }),
    );
    expect(loadDraft(now, "A")?.values.firstName).toBe("Sana");
    expect(localStorage.getItem("admissionDraft")).toBeNull();
  });

  test("an application sent also takes away an unchanged copy another tab took of it", () => {
    saveDraft({ values: answers("Riya"), step: 3, attached: [] }, at(1), "A");
    expect(loadDraft(now, "B")?.values.firstName).toBe("Riya");
    clearDraft(answers("Riya"), "A");
    expect(localStorage.length).toBe(0);
  });

  test("a tab still open whose draft another tab took is told, so it can write its own again", () => {
    const told: string[] = [];
    const stop = onOwnDraftTaken(() => told.push("A"), "A");
    try {
      const event = (key: string, newValue: string | null) => new StorageEvent("storage", { key, newValue, storageArea: localStorage });
      dispatchEvent(event(draftKey("B"), null));
      dispatchEvent(event(draftKey("A"), "{}"));
      expect(told).toEqual([]);
      dispatchEvent(event(draftKey("A"), null));
      expect(told).toEqual(["A"]);
    } finally {
      stop();
    }
  });
});
