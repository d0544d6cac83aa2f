/**
 * The wizard's draft in localStorage: the text fields, the step, and which documents were attached (browsers
 * cannot keep the files themselves). Kept until the application is submitted or the form is reset; drafts older
 * than 30 days are dropped, as a shared phone may hold one.
 *
 * Each tab keeps its own (`admissionDraft:<tab>`, the tab's id in its sessionStorage, which a reload keeps), so two
 * tabs of the form, say a parent applying for two children, do not write over each other, and one sent or reset
 * does not take the other's away (stop 60, from stop 59's "left"). A tab with no draft of its own takes the newest
 * one left (a tab closed, the phone restarted): moved to it, not copied, so that one draft is not offered twice.
 * A tab still open whose draft was taken so writes its own again at once (`onOwnDraftTaken`): it keeps its answers.
 * A duplicated tab (the browser copies sessionStorage) shares its draft with the tab it came from, as all tabs did
 * before.
 */

import { type AdmissionValues, emptyValues, FIELD_NAMES, type StepIndex } from "./application-form.ts";
import { DOCUMENT_KINDS, type DocumentKind } from "./documents.ts";

/** Before stop 60 the one draft of the browser had this key; one found there is taken as any other tab's. */
const SHARED_KEY = "admissionDraft";
const TAB_KEY = "admissionTab";
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface AdmissionDraft {
  values: AdmissionValues;
  step: StepIndex;
  /** documents that were attached when the draft was saved */
  attached: DocumentKind[];
  savedAt: string;
}

/** This tab's id: made once, kept in the tab's sessionStorage (a reload keeps it; another tab has its own). */
function thisTab(): string {
  try {
    let id = globalThis.sessionStorage?.getItem(TAB_KEY);
    if (!id) {
      id = crypto.randomUUID();
      globalThis.sessionStorage?.setItem(TAB_KEY, id);
    }
    return id;
  } catch {
    return "tab";
  }
}

/** Where the draft of `tab` (this tab by default) is kept. */
export const draftKey = (tab = thisTab()) => `${SHARED_KEY}:${tab}`;
const isDraftKey = (key: string) => key === SHARED_KEY || key.startsWith(`${SHARED_KEY}:`);

/** The draft under `key`: null when there is none, or it is damaged, empty or too old (those are removed). */
function readDraft(key: string, now: number): AdmissionDraft | null {
  const raw = globalThis.localStorage?.getItem(key) ?? null;
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof AdmissionDraft, unknown>>;
    const savedAt = typeof parsed.savedAt === "string" ? parsed.savedAt : "";
    const stored = (typeof parsed.values === "object" && parsed.values !== null ? parsed.values : {}) as Record<string, unknown>;
    const values = emptyValues();
    for (const name of FIELD_NAMES) if (typeof stored[name] === "string") values[name] = stored[name];
    const step = typeof parsed.step === "number" && [0, 1, 2, 3].includes(parsed.step) ? (parsed.step as StepIndex) : 0;
    const attached = Array.isArray(parsed.attached) ? DOCUMENT_KINDS.filter((k) => (parsed.attached as unknown[]).includes(k)) : [];
    const draft = { values, step, attached, savedAt };
    if (savedAt && now - Date.parse(savedAt) < MAX_AGE_MS && !isEmptyDraft(draft)) return draft;
  } catch {
    // damaged: removed below
  }
  globalThis.localStorage?.removeItem(key);
  return null;
}

/** Every key of localStorage that holds a draft (this tab's, other tabs', the shared one of before). */
function draftKeys(): string[] {
  const keys: string[] = [];
  const storage = globalThis.localStorage;
  if (!storage) return keys;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && isDraftKey(key)) keys.push(key);
  }
  return keys;
}

/**
 * The draft this tab starts from: its own (after a reload), else the newest one another tab left, which becomes
 * this tab's. Null when there is none.
 */
export function loadDraft(now = Date.now(), tab = thisTab()): AdmissionDraft | null {
  try {
    const mine = draftKey(tab);
    const own = readDraft(mine, now);
    if (own) return own;
    let newest: { key: string; draft: AdmissionDraft } | null = null;
    for (const key of draftKeys()) {
      const draft = key === mine ? null : readDraft(key, now);
      if (draft && (!newest || draft.savedAt > newest.draft.savedAt)) newest = { key, draft };
    }
    if (!newest) return null;
    globalThis.localStorage?.setItem(mine, JSON.stringify(newest.draft));
    globalThis.localStorage?.removeItem(newest.key);
    return newest.draft;
  } catch {
    return null;
  }
}

/** Nothing typed and nothing attached: not worth keeping (or restoring). */
export function isEmptyDraft(draft: Pick<AdmissionDraft, "values" | "attached">): boolean {
  const empty = emptyValues();
  return draft.attached.length === 0 && FIELD_NAMES.every((name) => draft.values[name] === empty[name]);
}

export function saveDraft(draft: Omit<AdmissionDraft, "savedAt">, now = new Date(), tab = thisTab()): void {
  try {
    if (isEmptyDraft(draft)) globalThis.localStorage?.removeItem(draftKey(tab));
    else globalThis.localStorage?.setItem(draftKey(tab), JSON.stringify({ ...draft, savedAt: now.toISOString() }));
  } catch {
    // Storage refused (private mode, quota): the form still works, it just will not survive a reload.
  }
}

/**
 * This tab's draft goes (the form reset, or its application sent). With the `sent` answers, so does any other
 * draft holding exactly those (another tab took a copy of this one and changed nothing since): an application
 * sent is not offered again as a draft.
 */
export function clearDraft(sent?: AdmissionValues, tab = thisTab()): void {
  try {
    globalThis.localStorage?.removeItem(draftKey(tab));
    if (!sent) return;
    const answers = JSON.stringify(sent);
    for (const key of draftKeys()) {
      const draft = readDraft(key, Date.now());
      if (draft && JSON.stringify(draft.values) === answers) globalThis.localStorage?.removeItem(key);
    }
  } catch {
    // nothing to clear
  }
}

/** Calls `keep` when another tab takes this tab's draft (a new tab of the form, opened while this one is). */
export function onOwnDraftTaken(keep: () => void, tab = thisTab()): () => void {
  const mine = draftKey(tab);
  const listener = (event: StorageEvent) => {
    if (event.key === mine && event.newValue === null) keep();
  };
  globalThis.addEventListener("storage", listener);
  return () => globalThis.removeEventListener("storage", listener);
}
