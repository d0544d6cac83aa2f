/**
 * /student/courses (issue 18): the subjects the student studies this term (and those completed), each with
 * its progress; /student/courses/<id> one subject — its units to tick off as they are studied, its materials
 * (by unit) and its assignments, handed in as a PDF with a progress bar, with the marks once graded.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { studies } from "../../../shared/i18n/studies.ts";
import { validation } from "../../../shared/i18n/validation.ts";
import { SUBMISSION_MAX_BYTES, submissionFields } from "../../../shared/schemas/studies.ts";
import { termName } from "../../../shared/terms.ts";
import { uploadWithProgress, useUploadAbort } from "../../lib/api.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkInput } from "../../lib/form.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { wallClock } from "../../lib/institute-clock.ts";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { usePageTitle } from "../../lib/site.ts";
import { SubPages } from "../../lib/sub-pages.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useNow } from "../../lib/use-now.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, type BadgeTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Checkbox, TextArea } from "../../ui/field.tsx";
import { FileInput } from "../../ui/file-input.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { ListLoadError, type RetryQuery } from "../../ui/load-error.tsx";
import { BookIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { useToast } from "../../ui/toast.tsx";
import { MaterialsList, useFileDownload } from "./materials-list.tsx";

type Mine = RouterOutputs["studies"]["mine"];
type Course = Mine["courses"][number];
type Assignment = Course["assignments"][number];

export default function StudentCoursesPage() {
  return <SubPages pages={{ "/": () => <CoursesOverview />, "/:id": (params) => <CourseDetail id={Number(params.id)} /> }} />;
}

function useMine() {
  return trpc.studies.mine.useQuery(undefined, { staleTime: 30_000 });
}

function LoadFailed({ query }: { query: RetryQuery }) {
  const t = useT(studies);
  return <ListLoadError message={t("my.loadFailed")} query={query} />;
}

/** Where an assignment stands for the student; `open` is false once its subject's term is over (nothing can be handed in). */
export function assignmentState(
  a: Assignment,
  now: Date,
  open = true,
): { key: "graded" | "late" | "submitted" | "closed" | "overdue" | "due"; tone: BadgeTone } {
  if (a.submission?.marks !== null && a.submission?.marks !== undefined) return { key: "graded", tone: "approved" };
  if (a.submission) return a.submission.late ? { key: "late", tone: "pending" } : { key: "submitted", tone: "info" };
  if (!open) return { key: "closed", tone: "neutral" };
  return new Date(a.dueAt) < now ? { key: "overdue", tone: "rejected" } : { key: "due", tone: "neutral" };
}

function CoursesOverview() {
  const t = useT(studies);
  const now = useNow();
  const query = useMine();
  const data = query.data;
  const current = data?.courses.filter((c) => c.status === "in_progress") ?? [];
  const earlier = data?.courses.filter((c) => c.status === "completed") ?? [];
  return (
    <div className="page-stack studies-page">
      <StudentPageHeader
        title={t("my.title")}
        lead={
          data?.programme
            ? t("my.lead", { programme: data.programme, term: termName(data.termUnit ?? "semester", data.term) })
            : t("my.leadNone")
        }
      />
      {query.isError && !data ? (
        <LoadFailed query={query} />
      ) : !data ? (
        <Skeleton lines={6} />
      ) : data.courses.length === 0 ? (
        <EmptyState
          icon={<BookIcon size={28} />}
          title={t("my.emptyTitle")}
          description={data.programme ? t("my.empty") : t("my.noProgramme")}
        />
      ) : (
        <>
          <section aria-labelledby="courses-now" className="stack">
            <h2 id="courses-now" className="studies-section-title">
              {t("my.now")}
            </h2>
            {current.length === 0 ? (
              <p className="text-muted">{t("my.noneNow")}</p>
            ) : (
              <ul className="studies-cards grid grid--sm list-plain">
                {current.map((c) => {
                  const open = c.assignments.filter(
                    (a) => assignmentState(a, now).key === "due" || assignmentState(a, now).key === "overdue",
                  ).length;
                  return (
                    <li key={c.id}>
                      <Link href={`/${c.id}`} className="ui-card ui-card--interactive studies-card">
                        <span className="studies-card__code">{c.code}</span>
                        <span className="studies-card__name">{c.name}</span>
                        <ProgressBar
                          value={c.progress.percent}
                          label={t("my.units", { done: c.progress.done, total: c.progress.total, count: c.progress.done })}
                          of={`${c.code} ${c.name}`}
                        />
                        <span className="studies-card__meta text-sm text-muted">
                          {t("my.materialsCount", { count: c.materials.length })} · {t("my.toDo", { count: open })}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          {earlier.length ? (
            <section aria-labelledby="courses-earlier" className="stack">
              <h2 id="courses-earlier" className="studies-section-title">
                {t("my.earlier")}
              </h2>
              <ul className="studies-earlier">
                {earlier.map((c) => (
                  <li key={c.id}>
                    <Link href={`/${c.id}`}>
                      {c.code} {c.name}
                    </Link>{" "}
                    <span className="text-sm text-muted">· {termName(data.termUnit ?? "semester", c.term)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

function CourseDetail({ id }: { id: number }) {
  const t = useT(studies);
  const query = useMine();
  const course = query.data?.courses.find((c) => c.id === id);
  // The tab names the page while it loads or fails too (its frame, once shown, sets the same title).
  usePageTitle(course ? `${course.code} ${course.name}` : t("my.title"));
  const back = (
    <Link href="/" className="studies-back">
      ← {t("my.back")}
    </Link>
  );
  if (query.isError && !query.data) return <LoadFailed query={query} />;
  if (!query.data) return <Skeleton lines={8} />;
  if (!course)
    return (
      <div className="page-stack studies-page">
        {back}
        {/* The page keeps its heading when the subject is gone (thirteenth walk: no h1 at all). */}
        <StudentPageHeader title={t("my.title")} />
        <EmptyState icon={<BookIcon size={28} />} title={t("my.notFoundTitle")} description={t("my.notFound")} />
      </div>
    );
  const general = course.materials.filter((m) => m.unitId === null);
  return (
    <div className="page-stack studies-page">
      {back}
      <StudentPageHeader
        title={`${course.code} ${course.name}`}
        lead={
          <>
            {termName(query.data.termUnit ?? "semester", course.term)}
            {course.status === "completed" ? ` · ${t("my.completed")}` : ""}
          </>
        }
      />
      {course.description ? <p className="studies-description">{course.description}</p> : null}
      <ProgressBar
        value={course.progress.percent}
        label={t("my.units", { done: course.progress.done, total: course.progress.total, count: course.progress.done })}
      />
      <section className="ui-card" aria-labelledby="units-title">
        <div className="ui-card__body stack">
          <h2 id="units-title" className="studies-section-title">
            {t("my.unitsTitle")}
          </h2>
          {course.units.length === 0 ? (
            <p className="text-sm text-muted">{t("my.noUnits")}</p>
          ) : (
            <ol className="studies-units stack stack--md list-plain">
              {course.units.map((u) => (
                <UnitRow key={u.id} unit={u} materials={course.materials.filter((m) => m.unitId === u.id)} />
              ))}
            </ol>
          )}
        </div>
      </section>
      <section className="ui-card" aria-labelledby="materials-title">
        <div className="ui-card__body stack">
          <h2 id="materials-title" className="studies-section-title">
            {t("my.generalMaterials")}
          </h2>
          <MaterialsList materials={general} empty={t("my.noMaterials")} />
        </div>
      </section>
      <section className="stack" aria-labelledby="assignments-title">
        <h2 id="assignments-title" className="studies-section-title">
          {t("my.assignments")}
        </h2>
        {course.assignments.length === 0 ? (
          <p className="text-sm text-muted">{t("my.noAssignments")}</p>
        ) : (
          course.assignments.map((a) => <AssignmentCard key={a.id} assignment={a} canSubmit={course.status === "in_progress"} />)
        )}
      </section>
    </div>
  );
}

/** The courses with one unit ticked or unticked, and that subject's progress recounted. */
function withUnit(data: Mine, unitId: number, done: boolean): Mine {
  return {
    ...data,
    courses: data.courses.map((c) => {
      if (!c.units.some((u) => u.id === unitId)) return c;
      const units = c.units.map((u) => (u.id === unitId ? { ...u, done } : u));
      const count = units.filter((u) => u.done).length;
      return {
        ...c,
        units,
        progress: { done: count, total: units.length, percent: units.length ? Math.round((count * 100) / units.length) : 0 },
      };
    }),
  };
}

function UnitRow({ unit, materials }: { unit: Course["units"][number]; materials: Course["materials"] }) {
  const t = useT(studies);
  const toast = useToast();
  const utils = trpc.useUtils();
  // Ticked at once (optimistic), put back with a message if the server refuses.
  const tick = trpc.studies.setUnitDone.useMutation({
    onMutate: async ({ unitId, done }) => {
      await utils.studies.mine.cancel();
      const before = utils.studies.mine.getData();
      utils.studies.mine.setData(undefined, (data) => data && withUnit(data, Number(unitId), done));
      return { before };
    },
    onError: (err, _input, context) => {
      if (context?.before) utils.studies.mine.setData(undefined, context.before);
      toast.failed(err, t("my.tickFailed"));
    },
    onSettled: () => {
      setShown(null);
      return utils.studies.mine.invalidate();
    },
  });
  // The box follows the click in the same event (a controlled checkbox would otherwise spring back first).
  const [shown, setShown] = useState<boolean | null>(null);
  const done = shown ?? unit.done;
  return (
    <li className="studies-unit">
      <Checkbox
        id={`unit-${unit.id}`}
        label={t("my.unitLabel", { position: unit.position, title: unit.title })}
        checked={done}
        onChange={(e) => {
          setShown(e.target.checked);
          tick.mutate({ unitId: unit.id, done: e.target.checked });
        }}
      />
      {materials.length ? <MaterialsList materials={materials} empty="" /> : null}
    </li>
  );
}

function AssignmentCard({ assignment: a, canSubmit }: { assignment: Assignment; canSubmit: boolean }) {
  const t = useT(studies);
  const now = useNow();
  const state = assignmentState(a, now, canSubmit);
  const { download, busy } = useFileDownload();
  const graded = state.key === "graded";
  // After a hand-in, focus goes to the work as handed in (the button that had it was busy, then replaced):
  // once the new submission shows, not to the page (QA3 8).
  const handedRef = useRef<HTMLParagraphElement>(null);
  const [justHandedIn, setJustHandedIn] = useState(false);
  const handedAt = a.submission?.submittedLocal;
  useEffect(() => {
    if (!justHandedIn || !handedAt) return;
    handedRef.current?.focus();
    setJustHandedIn(false);
  }, [justHandedIn, handedAt]);
  return (
    <article className="ui-card studies-assignment" aria-labelledby={`assignment-${a.id}`}>
      <div className="ui-card__body stack stack--sm">
        <div className="studies-assignment__head cluster cluster--between cluster--sm">
          <h3 id={`assignment-${a.id}`}>{a.title}</h3>
          <Badge tone={state.tone}>
            {graded ? t("state.graded", { marks: a.submission?.marks ?? 0, max: a.maxMarks }) : t(`state.${state.key}`)}
          </Badge>
        </div>
        <p className="text-sm text-muted">
          {t("my.due", { when: formatDateTime(wallClock(a.dueLocal), { style: "long" }) })} · {t("my.maxMarks", { max: a.maxMarks })}
        </p>
        {a.instructions ? <p className="studies-instructions">{a.instructions}</p> : null}
        {a.submission ? (
          <div className="studies-submission">
            <p ref={handedRef} className="text-sm" tabIndex={-1}>
              {t("my.handedIn", {
                file: a.submission.fileName,
                when: formatDateTime(wallClock(a.submission.submittedLocal), { style: "long" }),
              })}{" "}
              <Button
                size="sm"
                variant="ghost"
                loading={busy === a.submission.fileUrl}
                onClick={() => void download(a.submission!.fileUrl, a.submission!.fileName)}
              >
                {t("material.download")}
                <span className="sr-only"> {a.submission.fileName}</span>
              </Button>
            </p>
            {a.submission.comment ? <p className="studies-comment">{t("my.comment", { comment: a.submission.comment })}</p> : null}
          </div>
        ) : null}
        {canSubmit && !graded ? (
          <SubmitForm assignment={a} pastDue={new Date(a.dueAt) < now} onHandedIn={() => setJustHandedIn(true)} />
        ) : null}
        {state.key === "closed" ? <p className="text-sm text-muted">{t("rule.termOver")}</p> : null}
      </div>
    </article>
  );
}

function SubmitForm({ assignment: a, pastDue, onHandedIn }: { assignment: Assignment; pastDue: boolean; onHandedIn: () => void }) {
  const t = useT(studies);
  useT(validation); // the file rule's words (problemOf)
  const toast = useToast();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  // A replacement keeps the note handed in with the work unless it is changed here (it replaces the old one).
  const [note, setNote] = useState(a.submission?.note ?? "");
  const [error, setError] = useState<string | undefined>();
  const [noteError, setNoteError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadAbort();
  const submitButton = useRef<HTMLButtonElement>(null);
  // A file chosen or a note changed and not handed in: a move away asks first (stop 45).
  useLeaveWarning(file !== null || note.trim() !== (a.submission?.note ?? "").trim());
  const fileId = `submit-${a.id}`;
  const noteId = `${fileId}-note`;
  // Said as the file is chosen, before any upload (the server checks the content again): a PDF, at most 10 MB.
  const problemOf = (chosen: File) =>
    !/\.pdf$/i.test(chosen.name) && chosen.type !== "application/pdf"
      ? validation.t("file.type", { label: t("submit.fileInMessages"), types: "PDF" })
      : chosen.size > SUBMISSION_MAX_BYTES
        ? t("my.tooLarge")
        : undefined;
  // Said before the work is chosen: after the due time a hand-in, or a replacement of on-time work, is late.
  const lateWarning = !pastDue || a.submission?.late ? null : a.submission ? t("my.lateReplace") : t("my.lateNew");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    if (!file) {
      setError(t("rule.submissionFile"));
      document.getElementById(fileId)?.focus();
      return;
    }
    const problem = problemOf(file);
    if (problem) {
      setError(problem);
      document.getElementById(fileId)?.focus();
      return;
    }
    setError(undefined);
    // The note's own rule, said under the note (walk 15b: the server's refusal showed under the file, twice).
    const checked = checkInput(submissionFields, { note });
    const noteProblem = checked.ok ? undefined : checked.messages.note;
    setNoteError(noteProblem);
    if (noteProblem) {
      document.getElementById(noteId)?.focus();
      return;
    }
    setProgress(0);
    const signal = upload.start();
    try {
      const form = new FormData();
      form.append("note", note);
      form.append("file", file);
      const body = await uploadWithProgress<{ data: { message: string } }>(`/studies/assignments/${a.id}/submission`, form, setProgress, {
        signal,
      });
      toast.show(body.data.message);
      setFile(null);
      await utils.studies.mine.invalidate();
      onHandedIn();
    } catch (err) {
      // Stopped by its Cancel: nothing handed in, the file and the note kept for another try.
      if (upload.stopped(signal, err)) {
        toast.show(t("my.cancelled"));
        submitButton.current?.focus();
        return;
      }
      const { errors } = normaliseError(err);
      if (errors?.note?.[0]) {
        setNoteError(errors.note[0]);
        document.getElementById(noteId)?.focus();
        return;
      }
      setError(errors?.file?.[0] ?? failureMessage(err, t("my.submitFailed")));
      // Refused: back to the file to choose again, beside its message.
      document.getElementById(fileId)?.focus();
    } finally {
      upload.stopped(signal);
      setProgress(null);
    }
  };

  return (
    <form className="studies-submit stack stack--sm" onSubmit={submit} noValidate aria-labelledby={`${fileId}-title`}>
      <h4 id={`${fileId}-title`} className="ui-field__label">
        {a.submission ? t("my.replace") : t("my.submitTitle")}
      </h4>
      <FileInput
        id={fileId}
        file={file}
        accept="application/pdf,.pdf"
        aria-label={t("submit.file")}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${fileId}-error` : `${fileId}-hint`, lateWarning ? `${fileId}-late` : ""].join(" ").trim()}
        onChoose={(chosen) => {
          setFile(chosen);
          setError(chosen ? problemOf(chosen) : undefined);
        }}
      />
      {lateWarning ? (
        <Alert tone="warning">
          <span id={`${fileId}-late`}>{lateWarning}</span>
        </Alert>
      ) : null}
      <p id={`${fileId}-hint`} className="text-sm text-muted">
        {t("my.fileHint")}
      </p>
      {error ? (
        <p id={`${fileId}-error`} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <TextArea
        id={noteId}
        label={t("my.note")}
        rows={2}
        maxLength={1000}
        value={note}
        error={noteError}
        onChange={(e) => {
          setNote(e.target.value);
          setNoteError(undefined);
        }}
      />
      {progress !== null ? <ProgressBar value={progress} label={t("my.uploading")} /> : null}
      <div className="cluster">
        <Button ref={submitButton} type="submit" loading={progress !== null}>
          {a.submission ? t("my.replaceButton") : t("my.submit")}
        </Button>
        {progress !== null ? (
          <Button variant="secondary" onClick={upload.cancel}>
            {t("my.cancelUpload")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
