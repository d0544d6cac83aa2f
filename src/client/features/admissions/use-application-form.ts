/**
 * The application's form state (the wizard and the edit view) through the one form hook (lib/form.ts):
 * each field's rule from the shared schema, shown once the field was filled in and left (at once for
 * lists and dates) and for every field after a submit attempt; plus the chosen documents.
 */
import { useCallback, useState } from "react";
import { admission } from "../../../shared/i18n/admission.ts";
import { person } from "../../../shared/i18n/person.ts";
import { type ApiError, firstFieldErrors } from "../../lib/errors.ts";
import { useFormState, without } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { type AdmissionValues, FIELD_NAMES, type FieldName, fieldDomId, validateAll } from "./application-form.ts";
import { checkDocumentFile, DOCUMENT_KINDS, type DocumentFiles, type DocumentKind, documentDomId } from "./documents.ts";

const IMMEDIATE: ReadonlySet<FieldName> = new Set(["gender", "bloodGroup", "course", "yearOfPassing", "dateOfBirth"]);
const OPTIONS = { validate: validateAll, immediate: IMMEDIATE };

export function useApplicationForm(initial: () => AdmissionValues) {
  // The form's steps, sections, labels and checks read the admission catalogue (and the gender check names
  // the genders): loaded before any of them shows, on the wizard and on both edit views.
  useT(admission);
  useT(person);
  const form = useFormState<AdmissionValues>(initial, OPTIONS);
  return { ...form, setServerErrors: form.setServerMessages };
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
function splitServerErrors(byField: Record<string, string>) {
  const fields: Partial<Record<FieldName, string>> = {};
  const documents: Partial<Record<DocumentKind, string>> = {};
  for (const [key, message] of Object.entries(byField)) {
    if ((FIELD_NAMES as string[]).includes(key)) fields[key as FieldName] = message;
    else if ((DOCUMENT_KINDS as readonly string[]).includes(key)) documents[key as DocumentKind] = message;
  }
  return { fields, documents };
}

/**
 * The server refused the application: each field's and document's message shows beside it, and a refused
 * file is taken off (so the same bytes are not sent again over a slow connection). Answers the first of them
 * to fix, if the refusal named any.
 */
export function showRefusal(
  error: ApiError,
  form: Pick<ReturnType<typeof useApplicationForm>, "setServerErrors">,
  documents: Pick<ReturnType<typeof useDocumentFiles>, "refuse">,
): FieldName | DocumentKind | undefined {
  const { fields, documents: refused } = splitServerErrors(firstFieldErrors(error.errors));
  form.setServerErrors(fields);
  documents.refuse(refused);
  return FIELD_NAMES.find((n) => fields[n]) ?? DOCUMENT_KINDS.find((k) => refused[k]);
}

/** The element id of a field or a document's picker in a form whose ids start with `prefix`. */
export function answerDomId(prefix: string, name: FieldName | DocumentKind): string {
  return (DOCUMENT_KINDS as readonly string[]).includes(name) ? documentDomId(prefix, name as DocumentKind) : fieldDomId(prefix, name);
}
