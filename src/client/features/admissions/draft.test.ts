import { beforeEach, describe, expect, test } from "bun:test";
import { emptyValues } from "./application-form.ts";
import { DRAFT_KEY, loadDraft, saveDraft } from "./draft.ts";

beforeEach(() => localStorage.clear());

describe("the wizard's draft", () => {
  test("round-trips the text fields, the step and the attached documents", () => {
    const values = { ...emptyValues(), firstName: "Priya", city: "Pune" };
    saveDraft({ values, step: 2, attached: ["photo"] }, new Date());
    const draft = loadDraft();
    expect(draft?.values.firstName).toBe("Priya");
    expect(draft?.values.nationality).toBe("Indian");
    expect(draft?.step).toBe(2);
    expect(draft?.attached).toEqual(["photo"]);
  });

  test("an untouched form stores nothing", () => {
    saveDraft({ values: emptyValues(), step: 1, attached: [] });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  test("damaged, unknown or old drafts are ignored", () => {
    localStorage.setItem(DRAFT_KEY, "{not json");
    expect(loadDraft()).toBeNull();
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ values: { firstName: 7, evil: "x" }, step: 9, attached: ["virus"], savedAt: new Date().toISOString() }),
    );
    expect(loadDraft()).toBeNull();
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    saveDraft({ values: { ...emptyValues(), firstName: "Old" }, step: 0, attached: [] }, old);
    expect(loadDraft()).toBeNull();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
