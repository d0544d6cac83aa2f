/**
 * Form state shared by the wizard and the edit view: the values, when each field's rule is shown (once
 * the field has been filled in and left, at once for lists and dates, and for every field after a submit
 * attempt), the server's field errors until that field changes, and the chosen documents.
 */
import { useCallback, useMemo, useState } from "react";
import { type AdmissionValues, FIELD_NAMES, type FieldName, fieldError } from "./application-form.ts";
import { checkDocumentFile, DOCUMENT_KINDS, type DocumentFiles, type DocumentKind } from "./documents.ts";

const IMMEDIATE: ReadonlySet<FieldName> = new Set(["gender", "bloodGroup", "course", "yearOfPassing", "dateOfBirth"]);

export function without<K extends string, V>(record: Partial<Record<K, V>>, key: K): Partial<Record<K, V>> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

const adding = <T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> => (set.has(item) ? set : new Set(set).add(item));

export function useApplicationForm(initial: () => AdmissionValues) {
  const [values, setValues] = useState<AdmissionValues>(initial);
  const [dirty, setDirty] = useState<ReadonlySet<FieldName>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});

  const onChange = useCallback((name: FieldName, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setDirty((prev) => adding(prev, name));
    setServerErrors((prev) => without(prev, name));
    // A choice from a list or a calendar is complete at once: its rule shows right away.
    if (IMMEDIATE.has(name)) setTouched((prev) => adding(prev, name));
  }, []);

  const onBlur = useCallback(
    (name: FieldName) => {
      if (dirty.has(name)) setTouched((prev) => adding(prev, name));
    },
    [dirty],
  );

  const errors = useMemo(() => {
    const out: Partial<Record<FieldName, string>> = {};
    for (const name of FIELD_NAMES) {
      const message = serverErrors[name] ?? (touched.has(name) || attempted ? fieldError(name, values[name]) : undefined);
      if (message) out[name] = message;
    }
    return out;
  }, [serverErrors, touched, attempted, values]);

  const reset = useCallback((next: AdmissionValues) => {
    setValues(next);
    setDirty(new Set());
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
  }, []);

  return { values, errors, attempted, setAttempted, setServerErrors, onChange, onBlur, reset };
}

/** The chosen documents, each checked when chosen (a refused file is not kept; its message is). */
export function useDocumentFiles() {
  const [files, setFiles] = useState<DocumentFiles>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<DocumentKind, string>>>({});

  const pick = useCallback(async (kind: DocumentKind, file: File): Promise<boolean> => {
    const problem = await checkDocumentFile(kind, file);
    if (problem) {
      setFileErrors((prev) => ({ ...prev, [kind]: problem }));
      return false;
    }
    setFiles((prev) => ({ ...prev, [kind]: file }));
    setFileErrors((prev) => without(prev, kind));
    return true;
  }, []);

  const remove = useCallback((kind: DocumentKind) => {
    setFiles((prev) => without(prev, kind));
    setFileErrors((prev) => without(prev, kind));
  }, []);

  /** The server refused these files: show why, and take them off so they are chosen again. */
  const refuse = useCallback((messages: Partial<Record<DocumentKind, string>>) => {
    setFileErrors((prev) => ({ ...prev, ...messages }));
    setFiles((prev) => {
      let next = prev;
      for (const kind of Object.keys(messages) as DocumentKind[]) next = without(next, kind);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    setFiles({});
    setFileErrors({});
  }, []);

  return { files, fileErrors, pick, remove, refuse, clear };
}

/** Splits the server's field errors into text fields and documents. */
export function splitServerErrors(byField: Record<string, string>) {
  const fields: Partial<Record<FieldName, string>> = {};
  const documents: Partial<Record<DocumentKind, string>> = {};
  for (const [key, message] of Object.entries(byField)) {
    if ((FIELD_NAMES as string[]).includes(key)) fields[key as FieldName] = message;
    else if ((DOCUMENT_KINDS as readonly string[]).includes(key)) documents[key as DocumentKind] = message;
  }
  return { fields, documents };
}
