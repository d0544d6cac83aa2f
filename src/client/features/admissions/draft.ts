/**
 * The wizard's draft in localStorage (key `admissionDraft`): the text fields, the step, and which
 * documents were attached (browsers cannot keep the files themselves). Kept until the application is
 * submitted or the form is reset; drafts older than 30 days are dropped, as a shared phone may hold one.
 */

import { type AdmissionValues, emptyValues, FIELD_NAMES, type StepIndex } from "./application-form.ts";
import { DOCUMENT_KINDS, type DocumentKind } from "./documents.ts";

export const DRAFT_KEY = "admissionDraft";
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface AdmissionDraft {
  values: AdmissionValues;
  step: StepIndex;
  /** documents that were attached when the draft was saved */
  attached: DocumentKind[];
  savedAt: string;
}

/** The stored draft, or null when there is none (or it is damaged, empty or too old). */
export function loadDraft(now = Date.now()): AdmissionDraft | null {
  let raw: string | null;
  try {
    raw = globalThis.localStorage?.getItem(DRAFT_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof AdmissionDraft, unknown>>;
    const savedAt = typeof parsed.savedAt === "string" ? parsed.savedAt : "";
    if (!savedAt || !(now - Date.parse(savedAt) < MAX_AGE_MS)) {
      clearDraft();
      return null;
    }
    const stored = (typeof parsed.values === "object" && parsed.values !== null ? parsed.values : {}) as Record<string, unknown>;
    const values = emptyValues();
    for (const name of FIELD_NAMES) if (typeof stored[name] === "string") values[name] = stored[name];
    const step = typeof parsed.step === "number" && [0, 1, 2, 3].includes(parsed.step) ? (parsed.step as StepIndex) : 0;
    const attached = Array.isArray(parsed.attached) ? DOCUMENT_KINDS.filter((k) => (parsed.attached as unknown[]).includes(k)) : [];
    const draft = { values, step, attached, savedAt };
    return isEmptyDraft(draft) ? null : draft;
  } catch {
    return null;
  }
}

/** Nothing typed and nothing attached: not worth keeping (or restoring). */
export function isEmptyDraft(draft: Pick<AdmissionDraft, "values" | "attached">): boolean {
  const empty = emptyValues();
  return draft.attached.length === 0 && FIELD_NAMES.every((name) => draft.values[name] === empty[name]);
}

export function saveDraft(draft: Omit<AdmissionDraft, "savedAt">, now = new Date()): void {
  try {
    if (isEmptyDraft(draft)) globalThis.localStorage?.removeItem(DRAFT_KEY);
    else globalThis.localStorage?.setItem(DRAFT_KEY, JSON.stringify({ ...draft, savedAt: now.toISOString() }));
  } catch {
    // Storage refused (private mode, quota): the form still works, it just will not survive a reload.
  }
}

export function clearDraft(): void {
  try {
    globalThis.localStorage?.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
