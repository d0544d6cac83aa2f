/**
 * /admin/courses/<id> (issue 18): one subject — its units, its materials (a PDF uploaded with a progress bar,
 * or an https link; for the whole subject or one unit; removed with a confirmation) and its assignments
 * (set, edited, deleted while nobody has handed in; each opens its students' work).
 */
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { studies } from "../../../shared/i18n/studies.ts";
import { assignmentForm, MATERIAL_MAX_BYTES, materialFileFields, materialLinkInput } from "../../../shared/schemas/studies.ts";
import { termName } from "../../../shared/terms.ts";
import { uploadWithProgress } from "../../lib/api.ts";
import {
  addOrUpdate,
  checkInput,
  fieldIds,
  focusFirstInvalid,
  saveSubmission,
  schemaRules,
  showFieldErrors,
  useFormState,
} from "../../lib/form.ts";
import { formatDateTime, formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { wallClock } from "../../lib/institute-clock.ts";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { labelId, Select, TextArea, TextInput } from "../../ui/field.tsx";
import { FileInput } from "../../ui/file-input.tsx";
import { ConfirmDialog, failureMessage, rowActionButtons } from "../../ui/list-controls.tsx";
import { PageFrame } from "../../ui/list-page.tsx";
import { FormFailure, ListLoadError } from "../../ui/load-error.tsx";
import { PlusIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { actionsColumn, Table, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { useSaved } from "../../ui/use-saved.ts";
import { type MaterialItem, MaterialsList } from "./materials-list.tsx";
import type { OfficeSubject } from "./subject-form-dialog.tsx";

type OfficeAssignment = RouterOutputs["studies"]["assignments"]["assignments"][number];

export function SubjectPage({ id }: { id: number }) {
  const t = useT(studies);
  const query = trpc.studies.get.useQuery({ id });
  const programmes = trpc.studies.programmes.useQuery();
  const subject = query.data?.subject;
  // The tab names the page while it loads or fails too (its frame, once shown, sets the same title).
  usePageTitle(subject ? `${subject.code} ${subject.name}` : t("admin.title"));
  const back = (
    <Link href="/" className="studies-back">
      ← {t("admin.back")}
    </Link>
  );
  if (query.isError && !query.data)
    return (
      <div className="ops-page">
        {back}
        <ListLoadError message={failureMessage(query.error, t("admin.failed.load"))} query={query} />
      </div>
    );
  if (!subject) return <Skeleton lines={8} />;
  const unit = programmes.data?.programmes.find((p) => p.id === subject.programmeId)?.termUnit;
  return (
    <PageFrame
      name="subject"
      className="studies-subject"
      back={back}
      title={`${subject.code} ${subject.name}`}
      description={`${subject.programmeName} · ${termName(unit ?? "semester", subject.term)}${subject.archived ? ` · ${t("admin.archived")}` : ""}`}
    >
      {subject.description ? <p className="studies-description">{subject.description}</p> : null}
      <Card title={t("admin.unitsTitle")}>
        {subject.units.length ? (
          <ol className="studies-unit-list">
            {subject.units.map((u) => (
              <li key={u.id}>{u.title}</li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted">{t("admin.noUnits")}</p>
        )}
      </Card>
      <MaterialsCard subject={subject} />
      <AssignmentsCard subject={subject} />
    </PageFrame>
  );
}

function MaterialsCard({ subject }: { subject: OfficeSubject }) {
  const t = useT(studies);
  const toast = useToast();
  const utils = trpc.useUtils();
  const query = trpc.studies.materials.useQuery({ id: subject.id });
  const remove = trpc.studies.removeMaterial.useMutation();
  const refresh = () => Promise.all([utils.studies.materials.invalidate({ id: subject.id }), utils.studies.list.invalidate()]);
  const removing = useConfirmed<MaterialItem>(
    (m, { done, failed }) => remove.mutate({ id: m.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: refresh, failed: t("admin.failed.save") },
  );
  return (
    <Card title={t("admin.materialsTitle")}>
      <div className="stack">
        <AddMaterialForm subject={subject} onAdded={(message) => (toast.show(message), void refresh())} />
        {query.isError && !query.data ? (
          <ListLoadError message={t("admin.failed.load")} query={query} />
        ) : !query.data ? (
          <Skeleton lines={3} />
        ) : (
          <MaterialsList
            materials={query.data.materials}
            empty={t("admin.noMaterials")}
            onRemove={removing.ask}
            removing={remove.isPending}
          />
        )}
      </div>
      <ConfirmDialog {...removing.dialog} title={t("admin.removeTitle")} confirmLabel={t("material.remove")} busy={remove.isPending}>
        {t("admin.removeText", { title: removing.row?.title ?? "" })}
      </ConfirmDialog>
    </Card>
  );
}

function AddMaterialForm({ subject, onAdded }: { subject: OfficeSubject; onAdded: (message: string) => void }) {
  const t = useT(studies);
  const addLink = trpc.studies.addLink.useMutation();
  const [kind, setKind] = useState<"file" | "link">("file");
  const [title, setTitle] = useState("");
  const [unitId, setUnitId] = useState("");
  const [url, setUrl] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<"title" | "url" | "file" | "unitId", string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null || addLink.isPending;
  // A material begun and not added: a move away asks first (stop 45).
  useLeaveWarning(title.trim() !== "" || url.trim() !== "" || file !== null);
  const ids = { title: "material-title", url: "material-url", file: "material-file", unitId: "material-unit" };

  const reset = (message: string) => {
    setTitle("");
    setUrl("");
    setFile(null);
    setErrors({});
    onAdded(message);
  };

  // One material at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const input = { subjectId: subject.id, unitId: unitId || null, title, url };
    const checked = kind === "link" ? checkInput(materialLinkInput, input) : checkInput(materialFileFields, input);
    const messages: typeof errors = checked.ok ? {} : { ...checked.messages };
    if (kind === "file") {
      delete messages.url;
      if (!file) messages.file = t("rule.file");
      else if (file.size > MATERIAL_MAX_BYTES) messages.file = t("admin.tooLarge");
    }
    if (Object.keys(messages).length) {
      setErrors(messages);
      return focusFirstInvalid(messages, ids);
    }
    setErrors({});
    void sending.run(async () => {
      try {
        if (kind === "link") {
          const answer = await addLink.mutateAsync({ subjectId: subject.id, unitId: unitId ? Number(unitId) : null, title, url });
          reset(answer.message);
        } else {
          setProgress(0);
          const form = new FormData();
          form.append("subjectId", String(subject.id));
          if (unitId) form.append("unitId", unitId);
          form.append("title", title);
          form.append("file", file!);
          const body = await uploadWithProgress<{ data: { message: string } }>("/studies/materials", form, setProgress);
          reset(body.data.message);
        }
      } catch (err) {
        if (!showFieldErrors(err, setErrors, ids)) setFailure(failureMessage(err, t("admin.failed.save")));
      } finally {
        setProgress(null);
      }
    });
  };

  return (
    <form className="studies-add-material stack stack--sm" onSubmit={submit} noValidate aria-labelledby="add-material-title">
      <h3 id="add-material-title" className="ui-field__label">
        {t("admin.addMaterial")}
      </h3>
      <FormFailure message={failure} />
      <fieldset className="studies-kind">
        <legend className="sr-only">{t("admin.kind")}</legend>
        {(["file", "link"] as const).map((k) => (
          <label key={k} className="studies-kind__option">
            <input type="radio" name="material-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />{" "}
            {t(k === "file" ? "admin.kindFile" : "admin.kindLink")}
          </label>
        ))}
      </fieldset>
      <div className="ops-form-grid">
        <TextInput
          id={ids.title}
          label={t("admin.materialTitle")}
          required
          maxLength={200}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Select
          id={ids.unitId}
          label={t("admin.unit")}
          value={unitId}
          error={errors.unitId}
          onChange={(e) => setUnitId(e.target.value)}
          options={[
            { value: "", label: t("admin.wholeSubject") },
            ...subject.units.map((u) => ({ value: String(u.id), label: `${u.position}. ${u.title}` })),
          ]}
        />
      </div>
      {kind === "link" ? (
        <TextInput
          id={ids.url}
          type="url"
          label={t("admin.url")}
          required
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
          hint={t("admin.urlHint")}
        />
      ) : (
        <div className="stack stack--xs">
          <label id={labelId(ids.file)} htmlFor={ids.file} className="ui-field__label">
            {t("material.file")} <span aria-hidden="true">*</span>
          </label>
          <FileInput
            id={ids.file}
            file={file}
            accept="application/pdf,.pdf"
            aria-labelledby={labelId(ids.file)}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${ids.file}-error` : `${ids.file}-hint`}
            onChoose={setFile}
          />
          <p id={`${ids.file}-hint`} className="text-sm text-muted">
            {t("admin.fileHint")}
          </p>
          {errors.file ? (
            <p id={`${ids.file}-error`} className="ui-field__error" role="alert">
              {errors.file}
            </p>
          ) : null}
        </div>
      )}
      {progress !== null ? <ProgressBar value={progress} label={t("admin.uploading")} /> : null}
      <div>
        <Button type="submit" loading={busy}>
          <PlusIcon size={18} /> {t("admin.addMaterialButton")}
        </Button>
      </div>
    </form>
  );
}

function AssignmentsCard({ subject }: { subject: OfficeSubject }) {
  const t = useT(studies);
  const utils = trpc.useUtils();
  const query = trpc.studies.assignments.useQuery({ id: subject.id });
  const remove = trpc.studies.deleteAssignment.useMutation();
  const [editing, setEditing] = useState<{ assignment: OfficeAssignment | null } | null>(null);
  const refresh = () => Promise.all([utils.studies.assignments.invalidate({ id: subject.id }), utils.studies.list.invalidate()]);
  const saved = useSaved(refresh);
  const deleting = useConfirmed<OfficeAssignment>(
    (a, { done, failed }) => remove.mutate({ id: a.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: refresh, failed: t("admin.failed.save") },
  );

  const action = rowActionButtons<OfficeAssignment>((label, a) => t("admin.forTitle", { action: label, title: a.title }));

  const columns: TableColumn<OfficeAssignment>[] = [
    {
      key: "title",
      header: t("admin.col.assignment"),
      render: (a) => (
        <div>
          <Link href={`/${subject.id}/assignments/${a.id}`} className="ops-strong">
            {a.title}
          </Link>
          <p className="text-sm text-muted">{t("admin.outOf", { max: a.maxMarks })}</p>
        </div>
      ),
    },
    { key: "due", header: t("admin.col.due"), className: "ui-table__cell--nowrap", render: (a) => formatDateTime(wallClock(a.dueLocal)) },
    {
      key: "work",
      header: t("admin.col.work"),
      className: "ui-table__cell--nowrap",
      render: (a) =>
        t("admin.workCounts", {
          submitted: formatNumber(a.submitted),
          graded: formatNumber(a.graded),
          students: formatNumber(query.data?.students ?? 0),
        }),
    },
    actionsColumn((a) => (
      <span className="ops-row-buttons">
        {action(t("admin.edit"), a, () => setEditing({ assignment: a }))}
        {a.submitted === 0 ? action(t("admin.delete"), a, () => deleting.ask(a), "ghost") : null}
      </span>
    )),
  ];

  return (
    <Card
      title={t("admin.assignmentsTitle")}
      actions={
        <Button size="sm" onClick={() => setEditing({ assignment: null })} disabled={subject.archived}>
          <PlusIcon size={16} /> {t("admin.addAssignment")}
        </Button>
      }
      flush
    >
      {query.isError && !query.data ? (
        <ListLoadError message={t("admin.failed.load")} query={query} />
      ) : (
        <Table
          caption={t("admin.assignmentsTitle")}
          captionHidden
          className="ops-table"
          columns={columns}
          rows={query.data?.assignments ?? []}
          loading={query.isPending}
          skeletonRows={2}
          empty={<p className="studies-table-empty text-sm text-muted">{t("admin.noAssignments")}</p>}
        />
      )}
      {editing ? (
        <AssignmentFormDialog
          subjectId={subject.id}
          assignment={editing.assignment}
          onClose={() => setEditing(null)}
          onSaved={saved(() => setEditing(null))}
        />
      ) : null}
      <ConfirmDialog {...deleting.dialog} title={t("admin.deleteTitle")} confirmLabel={t("admin.delete")} busy={remove.isPending}>
        {t("admin.deleteText", { title: deleting.row?.title ?? "" })}
      </ConfirmDialog>
    </Card>
  );
}

const ASSIGNMENT_FIELDS = ["title", "instructions", "dueAt", "maxMarks"] as const;
type AssignmentField = (typeof ASSIGNMENT_FIELDS)[number];
const ASSIGNMENT_IDS = fieldIds("assignment", ASSIGNMENT_FIELDS);

function AssignmentFormDialog({
  subjectId,
  assignment,
  onClose,
  onSaved,
}: {
  subjectId: number;
  assignment: OfficeAssignment | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useT(studies);
  const saving = addOrUpdate(trpc.studies.createAssignment.useMutation(), trpc.studies.updateAssignment.useMutation());
  const toInput = (v: Record<AssignmentField, string>) => ({ subjectId, ...v });
  const form = useFormState<Record<AssignmentField, string>>(
    () =>
      assignment
        ? {
            title: assignment.title,
            instructions: assignment.instructions ?? "",
            dueAt: assignment.dueLocal,
            maxMarks: String(assignment.maxMarks),
          }
        : { title: "", instructions: "", dueAt: "", maxMarks: "100" },
    {
      validate: schemaRules(assignmentForm, { toInput }),
      showOn: "submit",
      ids: ASSIGNMENT_IDS,
    },
  );
  const { field } = form;

  const submission = saveSubmission(form, saving, {
    id: assignment?.id,
    input: toInput(form.values),
    saved: (answer) => onSaved(answer.message),
    failed: t("admin.failed.save"),
  });

  return (
    <FormDialog
      onClose={onClose}
      title={assignment ? t("admin.editAssignment", { title: assignment.title }) : t("admin.addAssignment")}
      formId="assignment-form"
      form={submission}
      cancelLabel={t("admin.cancel")}
      submitLabel={t("admin.save")}
      busyLabel={t("admin.saving")}
    >
      <TextInput {...field("title")} label={t("form.assignmentTitle")} required maxLength={200} />
      <TextArea {...field("instructions")} label={t("form.instructions")} rows={4} maxLength={4000} />
      <div className="ops-form-grid">
        <TextInput {...field("dueAt")} type="datetime-local" label={t("form.dueAt")} required hint={t("form.dueHint")} />
        <TextInput {...field("maxMarks")} label={t("form.maxMarks")} required inputMode="numeric" />
      </div>
    </FormDialog>
  );
}
