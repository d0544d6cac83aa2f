/**
 * Add / edit a catalogue entry (issue 18, office): a printed book (copies and shelf) or an e-resource (a PDF
 * uploaded with a progress bar, or an https link; for every student or one programme's). Checked with the
 * shared schemas the server uses; what was typed stays when saving fails.
 */
import { type FormEvent, useState } from "react";
import { library } from "../../../shared/i18n/library.ts";
import { bookForm, ERESOURCE_MAX_BYTES, eresourceFields, eresourceLinkForm } from "../../../shared/schemas/library.ts";
import { uploadWithProgress } from "../../lib/api.ts";
import { normaliseError } from "../../lib/errors.ts";
import { addOrUpdate, checkInput, fieldIds, focusFirstInvalid, showFieldErrors, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/dialog.tsx";
import { errorMessages, FieldNotes, labelId, Select, TextInput } from "../../ui/field.tsx";
import { FileInput } from "../../ui/file-input.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { PdfUpload } from "../../ui/pdf-upload.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";

export type OfficeItem = RouterOutputs["library"]["items"]["items"][number];
type Overview = RouterOutputs["library"]["overview"];
type Saved = { message: string; item: OfficeItem };

const FIELDS = ["title", "author", "isbn", "publisher", "year", "category", "copies", "shelf", "programmeId", "url", "file"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Exclude<Field, "file">, string> & { source: string };

const IDS = fieldIds("library-item", FIELDS);

const text = (value: string | number | null) => (value === null ? "" : String(value));
const valuesOf = (item: OfficeItem | null): Values => ({
  title: item?.title ?? "",
  author: item?.author ?? "",
  isbn: item?.isbn ?? "",
  publisher: item?.publisher ?? "",
  year: text(item?.year ?? null),
  category: item?.category ?? "",
  copies: item ? text(item.copies) : "1",
  shelf: item?.shelf ?? "",
  programmeId: text(item?.programmeId ?? null),
  url: item?.source === "link" ? (item.url ?? "") : "",
  source: item?.source ?? "file",
});

const described = (v: Values) => ({
  title: v.title,
  author: v.author,
  isbn: v.isbn,
  publisher: v.publisher,
  year: v.year,
  category: v.category,
});
const bookInput = (v: Values) => ({ ...described(v), copies: v.copies, shelf: v.shelf });
const eresourceInput = (v: Values) => ({ ...described(v), programmeId: v.programmeId || null });

export function ItemDialog({
  kind,
  item,
  overview,
  onClose,
  onSaved,
}: {
  kind: "book" | "eresource";
  /** null: a new entry */
  item: OfficeItem | null;
  overview: Overview | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useT(library);
  const { busy: saving, save } = addOrUpdate(trpc.library.create.useMutation(), trpc.library.update.useMutation());
  const [current, setCurrent] = useState(item);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const validate = (values: Values) => {
    const checked =
      kind === "book"
        ? checkInput(bookForm, bookInput(values))
        : values.source === "link"
          ? checkInput(eresourceLinkForm, { ...eresourceInput(values), url: values.url })
          : checkInput(eresourceFields, eresourceInput(values));
    return checked.ok ? {} : checked.messages;
  };
  const form = useFormState<Values>(() => valuesOf(item), { validate, showOn: "submit", ids: IDS });
  const { values, field } = form;
  const busy = saving || progress !== null;
  const newFile = kind === "eresource" && !current && values.source === "file";

  const showServer = (err: unknown) => {
    const fileMessage = normaliseError(err).errors?.file?.[0];
    if (fileMessage) setFileError(fileMessage);
    if (!form.showServerErrors(err)) setFailure(failureMessage(err, t("admin.failed.save")));
  };

  const chosenFile = (): string | undefined => {
    if (!file) return t("rule.file");
    if (file.size > ERESOURCE_MAX_BYTES) return t("admin.fileTooLarge", { max: ERESOURCE_MAX_BYTES / 1024 / 1024 });
    return undefined;
  };

  // One save at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const messages = form.attempt();
    const missingFile = newFile ? chosenFile() : undefined;
    setFileError(missingFile);
    if (Object.keys(messages).length || missingFile) return focusFirstInvalid({ ...messages, file: missingFile }, IDS);
    // An edit says what it was filled from: a colleague's save since is refused, not undone (walk 16b).
    const filledFrom = current ? { version: current.version } : {};
    void sending.run(async () => {
      try {
        let answer: Saved;
        if (newFile) {
          const fd = new FormData();
          for (const [k, v] of Object.entries(eresourceInput(values))) fd.append(k, v ?? "");
          fd.append("file", file!);
          setProgress(0);
          answer = (await uploadWithProgress<{ data: Saved }>("/library/eresources", fd, setProgress)).data;
        } else if (kind === "book") {
          answer = await save(current?.id, { kind, ...filledFrom, ...bookInput(values) });
        } else {
          // A link being turned into a PDF keeps its address until the new PDF is uploaded (below the form).
          const url = values.source === "link" ? values.url : current?.source === "link" ? (current.url ?? "") : "";
          answer = await save(current?.id, { kind, ...filledFrom, ...eresourceInput(values), url });
        }
        onSaved(answer.message);
      } catch (err) {
        showServer(err);
      } finally {
        setProgress(null);
      }
    });
  };

  const title = current ? t("admin.editTitle", { title: current.title }) : t(kind === "book" ? "admin.addBook" : "admin.addEresource");
  const categories = overview?.categories ?? [];

  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={title}
      formId="library-item-form"
      onSubmit={submit}
      busy={busy}
      cancelLabel={t("admin.cancel")}
      submitLabel={t("admin.save")}
      busyLabel={t("admin.saving")}
      failure={failure}
      after={
        kind === "eresource" && current && values.source === "file" ? (
          <PdfUpload<Saved>
            id="library-item-replace"
            className="library-replace"
            title={t("admin.replaceFile", { max: ERESOURCE_MAX_BYTES / 1024 / 1024 })}
            status={current.fileName ? t("admin.fileNow", { file: current.fileName }) : t("admin.fileNone")}
            path={`/library/eresources/${current.id}/file`}
            field="file"
            buttonLabel={t("admin.upload")}
            uploadingLabel={t("admin.uploading")}
            failedText={t("admin.failed.upload")}
            disabled={busy}
            onUploaded={(data) => setCurrent(data.item)}
          />
        ) : null
      }
    >
      <TextInput {...field("title")} label={t("form.title")} required maxLength={200} />
      <div className="ops-form-grid">
        <TextInput {...field("author")} label={t("form.author")} maxLength={200} />
        <TextInput {...field("isbn")} label={t("form.isbn")} hint={t("admin.isbnHint")} maxLength={20} inputMode="text" />
        <TextInput {...field("publisher")} label={t("form.publisher")} maxLength={200} />
        <TextInput {...field("year")} label={t("form.year")} inputMode="numeric" maxLength={4} />
        <TextInput
          {...field("category")}
          label={t("form.category")}
          maxLength={60}
          list="library-categories"
          hint={t("admin.categoryHint")}
        />
        {kind === "book" ? (
          <>
            <TextInput {...field("copies")} label={t("form.copies")} inputMode="numeric" required maxLength={4} />
            <TextInput {...field("shelf")} label={t("form.shelf")} maxLength={40} hint={t("admin.shelfHint")} />
          </>
        ) : (
          <Select
            {...field("programmeId")}
            label={t("form.programme")}
            hint={t("admin.programmeHint")}
            options={[
              { value: "", label: t("admin.everyStudent") },
              ...(overview?.programmes ?? []).map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
        )}
      </div>
      <datalist id="library-categories">
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {kind === "eresource" ? (
        <fieldset className="library-source">
          <legend className="ui-field__label">{t("form.source")}</legend>
          <div className="cluster cluster--sm">
            {(["file", "link"] as const).map((s) => (
              <label key={s} className="library-source__option">
                <input
                  type="radio"
                  name="library-item-source"
                  value={s}
                  checked={values.source === s}
                  disabled={busy}
                  onChange={() => form.onChange("source", s)}
                />{" "}
                {t(s === "file" ? "admin.sourceFile" : "admin.sourceLink")}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {kind === "eresource" && values.source === "link" ? (
        <TextInput
          {...field("url")}
          type="url"
          label={t("form.url")}
          required
          hint={current?.source === "file" ? t("admin.urlReplacesFile") : t("admin.urlHint")}
          maxLength={2000}
        />
      ) : null}
      {newFile ? (
        <div className="stack stack--xs">
          <label id={labelId(IDS.file)} htmlFor={IDS.file} className="ui-field__label">
            {t("form.file")}
            <span className="ui-field__required" aria-hidden="true">
              {" "}
              *
            </span>
          </label>
          <FileInput
            id={IDS.file}
            file={file}
            accept="application/pdf,.pdf"
            aria-labelledby={labelId(IDS.file)}
            aria-required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[fileError ? `${IDS.file}-error` : null, `${IDS.file}-hint`].filter(Boolean).join(" ")}
            disabled={busy}
            onChoose={(chosen) => {
              setFile(chosen);
              setFileError(undefined);
            }}
          />
          <FieldNotes
            id={IDS.file}
            hint={t("admin.fileHint", { max: ERESOURCE_MAX_BYTES / 1024 / 1024 })}
            messages={errorMessages(fileError)}
          />
          {progress !== null ? <ProgressBar value={progress} label={t("admin.uploading")} /> : null}
        </div>
      ) : null}
    </FormDialog>
  );
}

/** Lending a book: the borrower's Student ID and the day it is due back (14 days from today unless changed). */
export function IssueDialog({
  book,
  overview,
  onClose,
  onIssued,
}: {
  book: OfficeItem;
  overview: Overview | undefined;
  onClose: () => void;
  onIssued: (message: string) => void;
}) {
  const t = useT(library);
  const issue = trpc.library.issue.useMutation();
  const utils = trpc.useUtils();
  // Refused because a colleague lent the copy meanwhile: the count this dialog opened with is no longer true.
  const [countStale, setCountStale] = useState(false);
  const [studentId, setStudentId] = useState("");
  const [dueOn, setDueOn] = useState(overview?.defaultDueOn ?? "");
  const [errors, setErrors] = useState<Partial<Record<"studentId" | "dueOn", string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { studentId: "library-issue-student", dueOn: "library-issue-due" };

  // One lend at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (issue.isPending) return;
    setFailure(null);
    if (!studentId.trim()) {
      const messages = { studentId: t("rule.studentId") };
      setErrors(messages);
      return focusFirstInvalid(messages, ids);
    }
    void sending.run(async () => {
      try {
        const answer = await issue.mutateAsync({ bookId: book.id, studentId: studentId.trim(), dueOn });
        onIssued(answer.message);
      } catch (err) {
        if (normaliseError(err).status === 409) {
          setCountStale(true);
          void utils.library.invalidate();
        }
        if (!showFieldErrors(err, setErrors, ids, { fields: ["studentId", "dueOn"] })) {
          setErrors({});
          setFailure(failureMessage(err, t("admin.failed.save")));
        }
      }
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      title={t("admin.issueTitle", { title: book.title })}
      description={countStale ? undefined : t("admin.issueCopies", { count: book.available ?? 0, copies: book.copies ?? 0 })}
      formId="library-issue-form"
      onSubmit={submit}
      busy={issue.isPending}
      cancelLabel={t("admin.cancel")}
      submitLabel={t("admin.issue")}
      failure={failure}
    >
      <TextInput
        id={ids.studentId}
        label={t("form.studentId")}
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={30}
        value={studentId}
        error={errors.studentId}
        hint={t("admin.studentIdHint")}
        onChange={(e) => {
          setStudentId(e.target.value);
          setErrors((prev) => ({ ...prev, studentId: undefined }));
        }}
      />
      <TextInput
        id={ids.dueOn}
        type="date"
        label={t("form.dueOn")}
        required
        min={overview?.today}
        max={overview?.latestDueOn}
        value={dueOn}
        error={errors.dueOn}
        hint={t("admin.dueHint")}
        onChange={(e) => {
          setDueOn(e.target.value);
          setErrors((prev) => ({ ...prev, dueOn: undefined }));
        }}
      />
    </FormDialog>
  );
}
