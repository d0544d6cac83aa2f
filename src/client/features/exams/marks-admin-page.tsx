/**
 * /admin/exams/<id>/marks (issue 18, the office; docs/studies/exams.md): the students who take the exam, a
 * page at a time, with a marks box and an Absent tick each (only the rows changed are sent; a mistake shows
 * beside its row, and nothing is saved until every row is right); a CSV upload — download the list, fill in
 * the marks (or AB), check the file (a dry run that lists every problem with its row and column), then
 * save it all at once; and Publish results once every student has marks or is absent.
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import * as v from "valibot";
import { Link } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { exams } from "../../../shared/i18n/exams.ts";
import { MARKS_CSV_MAX_CHARS, MARKS_PAGE_SIZE, marksEntry } from "../../../shared/schemas/exams.ts";
import { normaliseError } from "../../lib/errors.ts";
import { formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { focusMain } from "../../lib/main-focus.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { Checkbox, labelId, TextInput } from "../../ui/field.tsx";
import { FileInput } from "../../ui/file-input.tsx";
import { CheckCircleIcon, UsersIcon } from "../../ui/icons.tsx";
import { ConfirmDialog, failureMessage, ListSearch, RowActionLabel } from "../../ui/list-controls.tsx";
import { PageFrame, StatRow } from "../../ui/list-page.tsx";
import { FormFailure, ListLoadError } from "../../ui/load-error.tsx";
import { DownloadIcon, UploadIcon } from "../../ui/more-icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { StackedCell, Table, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { useDownload } from "../../ui/use-download.ts";
import { PHASE_TONE } from "./exam-phase.ts";
import { examDay, examTime } from "./exam-time.ts";

type Exam = RouterOutputs["exams"]["get"]["exam"];
type Row = RouterOutputs["exams"]["marks"]["students"][number];
type Report = RouterOutputs["exams"]["uploadMarks"];
interface Draft {
  marks: string;
  absent: boolean;
  /** when the row was last saved as this draft began: a colleague's save since then refuses it */
  was: string | null;
}

const draftOf = (r: Row): Draft => ({ marks: r.marks === null ? "" : String(r.marks), absent: r.absent, was: r.enteredAt });
const sameDraft = (a: Draft, b: Draft) => a.absent === b.absent && (a.absent || a.marks.trim() === b.marks.trim());

export function MarksAdminPage({ id }: { id: number }) {
  const t = useT(exams);
  const utils = trpc.useUtils();
  const query = trpc.exams.get.useQuery({ id });
  const exam = query.data?.exam;
  // The tab names the page while it loads or fails too (its frame, once shown, sets the same title).
  usePageTitle(exam ? t("marks.pageTitle", { title: exam.title }) : t("marks.title"));
  const publish = trpc.exams.publish.useMutation();
  const refresh = () => utils.exams.invalidate();
  const publishing = useConfirmed<Exam>(
    (asked, { done, failed }) => publish.mutate({ id: asked.id }, { onSuccess: (answer) => done(answer.message), onError: failed }),
    { reload: refresh, failed: t("admin.failed.save") },
  );
  // Publishing takes its button away once the answer is read again: the focus, given back to it as the dialog
  // closed, fell to the page (tenth walk). The main region takes it; the "Results published" status is read out.
  const phase = exam?.phase;
  useEffect(() => {
    if (phase === "published" && (!document.activeElement || document.activeElement === document.body)) focusMain();
  }, [phase]);

  const back = (
    <Link href="/" className="exams-back">
      ← {t("marks.back")}
    </Link>
  );
  if (query.isError && !exam) {
    const missing = normaliseError(query.error).status === 404;
    return (
      <PageFrame name="exam-marks" title={t("marks.title")} description="" back={back}>
        {missing ? <Alert tone="error">{t("rule.notFound")}</Alert> : <ListLoadError message={t("admin.failed.load")} query={query} />}
      </PageFrame>
    );
  }
  if (!exam) return <Skeleton lines={10} />;

  const missing = exam.candidates - exam.marked;
  const canPublish = exam.phase === "awaiting" && exam.candidates > 0 && missing === 0;
  const marksOpen = exam.phase === "awaiting" || exam.phase === "published";
  const publishHint =
    exam.phase === "upcoming"
      ? t("marks.publishAfter")
      : exam.phase === "awaiting" && exam.candidates === 0
        ? t("rule.nobodyTakes")
        : exam.phase === "awaiting" && missing > 0
          ? t("marks.stillMissing", { count: missing })
          : null;

  return (
    <PageFrame
      name="exam-marks"
      back={back}
      title={t("marks.pageTitle", { title: exam.title })}
      description={t("marks.lead", {
        subject: `${exam.subject.code} ${exam.subject.name}`,
        date: examDay(exam.startsLocal, "long"),
        time: examTime(exam.startsLocal),
        max: exam.maxMarks,
        pass: exam.passMarks,
      })}
      actions={
        exam.phase === "awaiting" || exam.phase === "upcoming" ? (
          <div className="exams-publish">
            <Button
              onClick={() => publishing.ask(exam)}
              disabled={!canPublish}
              aria-describedby={publishHint ? "exam-publish-hint" : undefined}
            >
              <CheckCircleIcon size={18} /> {t("marks.publish")}
            </Button>
            {publishHint ? (
              <p id="exam-publish-hint" className="text-sm text-muted">
                {publishHint}
              </p>
            ) : null}
          </div>
        ) : null
      }
    >
      <p>
        <Badge tone={PHASE_TONE[exam.phase]}>{t(`phase.${exam.phase}`)}</Badge>
      </p>
      {exam.phase === "upcoming" ? <Alert tone="info">{t("marks.notYet")}</Alert> : null}
      {exam.phase === "cancelled" ? <Alert tone="warning">{t("rule.cancelledClosed")}</Alert> : null}
      {exam.phase === "published" && exam.resultsPublishedLocal ? (
        <Alert tone="success">{t("marks.published", { date: examDay(exam.resultsPublishedLocal, "long") })}</Alert>
      ) : null}

      <StatRow>
        <StatCard label={t("marks.count.candidates")} value={formatNumber(exam.candidates)} icon={<UsersIcon />} />
        <StatCard label={t("marks.count.entered")} value={formatNumber(exam.marked)} tone="info" />
        <StatCard label={t("marks.count.absent")} value={formatNumber(exam.absent)} tone="pending" />
        <StatCard label={t("marks.count.passed")} value={formatNumber(exam.passed)} tone="approved" />
      </StatRow>

      {marksOpen ? (
        <>
          <MarksSheet exam={exam} onSaved={refresh} />
          <MarksFile exam={exam} onSaved={refresh} />
        </>
      ) : null}

      <ConfirmDialog
        {...publishing.dialog}
        title={t("marks.publishTitle")}
        confirmLabel={t("marks.publish")}
        busyLabel={t("marks.publishing")}
        tone="primary"
        busy={publish.isPending}
      >
        <p>{t("marks.publishText", { title: exam.title, count: exam.candidates })}</p>
      </ConfirmDialog>
    </PageFrame>
  );
}

/** The marks form: this page of students; only changed rows are sent, all or none saved. */
function MarksSheet({ exam, onSaved }: { exam: Exam; onSaved: () => unknown }) {
  const t = useT(exams);
  const words = useT(admin);
  const toast = useToast();
  const { list, query } = usePagedList(trpc.exams.marks, (page) => ({ id: exam.id, ...page }), { limit: MARKS_PAGE_SIZE });
  const save = trpc.exams.saveMarks.useMutation();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const rows = query.data?.students ?? [];
  const shownFor = (r: Row) => drafts[r.userId] ?? draftOf(r);
  const changed = rows.filter((r) => drafts[r.userId] && !sameDraft(drafts[r.userId]!, draftOf(r)));

  // Another page or a search while marks typed here are unsaved: asked first (thirteenth walk: they were
  // dropped without a word). "Stay" puts the search box back to the list's search.
  const [leaving, setLeaving] = useState<{ go: () => void } | null>(null);
  // A reload, a closed tab (walk 13b) or a link to another page (stop 45) asks too, as Settings does.
  useLeaveWarning(changed.length > 0, undefined, {
    onDiscard: () => {
      setDrafts({});
      setErrors({});
    },
  });
  const [searchBox, setSearchBox] = useState(0);
  const leave = (go: () => void) => {
    const move = () => {
      setDrafts({});
      setErrors({});
      go();
    };
    if (changed.length === 0) move();
    else setLeaving({ go: move });
  };

  // A row typed back to what is stored keeps no draft: it would otherwise stand over marks saved meanwhile from a
  // file, and be sent as a change (stop 45: "42" from the CSV showed as the empty box typed before).
  const edit = (r: Row, next: Partial<Draft>) => {
    setDrafts(({ [r.userId]: _was, ...rest }) => {
      const draft = { ...shownFor(r), ...next };
      return sameDraft(draft, draftOf(r)) ? rest : { ...rest, [r.userId]: draft };
    });
    setErrors((all) => {
      const { [r.userId]: _gone, ...rest } = all;
      return rest;
    });
  };

  /** The rule each row must meet before anything is sent (the server checks again). */
  const ruleFor = (d: Draft): string | null => {
    if (d.absent || d.marks.trim() === "")
      return exam.resultsPublishedAt && !d.absent && d.marks.trim() === "" ? t("rule.cannotClear") : null;
    // The server's own rule for a row's marks (digits only; ६० typed on a Hindi keyboard is 60), then this exam's maximum.
    const typed = v.safeParse(marksEntry.entries.marks, d.marks);
    if (!typed.success) return typed.issues[0].message;
    return typed.output !== null && typed.output > exam.maxMarks ? t("rule.marksAboveMax", { max: exam.maxMarks }) : null;
  };

  // One save at a time: every save is audited (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const saving = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    if (changed.length === 0) {
      // A refused row whose typed value is what is stored now has nothing left to fix (walk 12b).
      setErrors({});
      toast.show(t("marks.nothingChanged"), "info");
      return;
    }
    const found: Record<number, string> = {};
    for (const r of changed) {
      const problem = ruleFor(shownFor(r));
      if (problem) found[r.userId] = problem;
    }
    setErrors(found);
    const first = changed.find((r) => found[r.userId]);
    if (first) {
      document.getElementById(`marks-${first.userId}`)?.focus();
      return;
    }
    const entries = changed.map((r) => {
      const d = shownFor(r);
      return { userId: r.userId, marks: d.absent || d.marks.trim() === "" ? null : d.marks.trim(), absent: d.absent, was: d.was };
    });
    if (!saving.start()) return;
    save.mutate(
      { id: exam.id, publishedAt: exam.resultsPublishedAt, entries },
      {
        onSettled: saving.settled,
        onSuccess: (answer) => {
          toast.show(answer.message);
          // The typed rows stay until the saved ones are read back: cleared at once, a row showed what was
          // stored before (absent, its box disabled) for a moment, and the focus in that box fell to the page
          // (walk 22c). Where it did fall all the same, it goes back to the field it was in.
          const focused = document.activeElement?.id;
          void Promise.resolve(onSaved()).finally(() => {
            setDrafts({});
            if (focused && (!document.activeElement || document.activeElement === document.body))
              requestAnimationFrame(() => document.getElementById(focused)?.focus());
          });
        },
        onError: (err) => {
          const refused = normaliseError(err);
          const fieldErrors = refused.errors ?? {};
          const byRow: Record<number, string> = {};
          for (const [path, messages] of Object.entries(fieldErrors)) {
            const m = /^entries\.(\d+)\./.exec(path);
            const entry = m ? entries[Number(m[1])] : undefined;
            if (entry && messages[0]) byRow[entry.userId] = messages[0];
          }
          setErrors(byRow);
          const firstRow = entries.find((e) => byRow[e.userId]);
          if (firstRow) document.getElementById(`marks-${firstRow.userId}`)?.focus();
          setFailure(failureMessage(err, t("admin.failed.save")));
          if (refused.status === 409) {
            // A colleague saved or published meanwhile: read again, keep what was typed, and let the next save
            // go over what is now stored (the message beside each row says what that is).
            onSaved();
            void query.refetch().then(({ data }) => {
              const fresh = new Map((data?.students ?? []).map((row) => [row.userId, row.enteredAt]));
              setDrafts((all) =>
                Object.fromEntries(
                  Object.entries(all).map(([id, d]) => [id, byRow[Number(id)] ? { ...d, was: fresh.get(Number(id)) ?? null } : d]),
                ),
              );
            });
          }
        },
      },
    );
  };

  const columns: TableColumn<Row>[] = [
    {
      key: "student",
      header: t("marks.col.student"),
      render: (r) => (
        <StackedCell strong main={r.name}>
          <span className="text-sm text-muted tabular">{r.studentId}</span>
        </StackedCell>
      ),
    },
    {
      key: "marks",
      header: t("marks.col.marks", { max: exam.maxMarks }),
      label: t("col.marks"),
      render: (r) => {
        const d = shownFor(r);
        return (
          <TextInput
            id={`marks-${r.userId}`}
            label={t("marks.marksOf", { name: r.name })}
            hideLabel
            fieldClassName="exams-marks-field"
            inputMode="numeric"
            autoComplete="off"
            value={d.absent ? "" : d.marks}
            disabled={d.absent}
            error={errors[r.userId]}
            onChange={(e) => edit(r, { marks: e.target.value })}
          />
        );
      },
    },
    {
      key: "absent",
      header: t("marks.col.absent"),
      render: (r) => (
        <Checkbox
          id={`absent-${r.userId}`}
          label={<RowActionLabel label={t("marks.absent")} spoken={t("marks.absentOf", { name: r.name })} />}
          checked={shownFor(r).absent}
          onChange={(e) => edit(r, { absent: e.target.checked })}
        />
      ),
    },
    {
      key: "state",
      header: t("marks.col.state"),
      render: (r) =>
        drafts[r.userId] && !sameDraft(drafts[r.userId]!, draftOf(r)) ? (
          <Badge tone="info">{t("marks.state.changed")}</Badge>
        ) : r.entered ? (
          <Badge tone="approved">{t("marks.state.saved")}</Badge>
        ) : (
          <Badge tone="neutral">{t("marks.state.missing")}</Badge>
        ),
    },
  ];

  return (
    <Card title={t("marks.formTitle")} className="exams-marks-card">
      <div className="stack">
        <p id="marks-form-note" className="text-sm text-muted">
          {t("marks.formNote")}
        </p>
        <div className="ops-toolbar cluster cluster--bottom">
          <ListSearch
            key={searchBox}
            id="marks-search"
            label={t("marks.search")}
            placeholder={t("marks.searchPlaceholder")}
            value={list.search}
            onSearch={(search) => leave(() => list.setSearch(search))}
          />
        </div>
      </div>
      <form className="stack exams-marks-form" onSubmit={submit} noValidate aria-describedby="marks-form-note">
        {query.isError && !query.data ? <ListLoadError message={t("admin.failed.load")} query={query} /> : null}
        <FormFailure message={failure} />
        <Table
          caption={t("marks.formTitle")}
          captionHidden
          className="ops-table exams-marks-table"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.userId}
          loading={query.isPending}
          empty={<p className="text-muted">{list.search ? t("marks.noMatch") : t("marks.nobody")}</p>}
        />
        <div className="exams-form-foot cluster cluster--between">
          <Button type="submit" loading={save.isPending} disabled={rows.length === 0}>
            {save.isPending ? t("admin.saving") : t("marks.save", { count: changed.length })}
          </Button>
          {query.data && query.data.pagination.totalPages > 1 ? (
            <>
              <p className="text-sm text-muted">{t("marks.pageNote")}</p>
              <Pagination
                page={list.page}
                totalPages={query.data.pagination.totalPages}
                onChange={(page) => leave(() => list.setPage(page))}
              />
            </>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={leaving !== null}
        title={words("leave.title")}
        confirmLabel={words("leave.go")}
        cancelLabel={words("leave.stay")}
        onConfirm={() => {
          leaving?.go();
          setLeaving(null);
        }}
        onClose={() => {
          setLeaving(null);
          setSearchBox((n) => n + 1);
        }}
      >
        <p>{t("marks.leaveText", { count: changed.length })}</p>
      </ConfirmDialog>
    </Card>
  );
}

const PROBLEMS_PER_PAGE = 20;

/** The CSV upload: download the list, check a file (dry run), then save it in one go. */
function MarksFile({ exam, onSaved }: { exam: Exam; onSaved: () => void }) {
  const t = useT(exams);
  const toast = useToast();
  const inputId = useId();
  const upload = trpc.exams.uploadMarks.useMutation();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<(Report & { text: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const marksCsv = useDownload({ failed: t("csv.downloadFailed"), accept: "text/csv" });
  // The file as chosen, shown beside the button even when it is refused (too long); `file` holds one that can be sent.
  const [picked, setPicked] = useState<File | null>(null);

  const choose = async (chosen: File | null) => {
    setPicked(chosen);
    setReport(null);
    setFailure(null);
    setFileError(null);
    if (!chosen) return setFile(null);
    const text = await chosen.text();
    if (text.length > MARKS_CSV_MAX_CHARS) {
      setFile(null);
      setFileError(t("csv.tooBig"));
      return;
    }
    setFile({ name: chosen.name, text });
  };

  // One check or save of the file at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const send = (dryRun: boolean) => {
    if (!file) {
      setFileError(t("csv.empty"));
      document.getElementById(inputId)?.focus();
      return;
    }
    if (!sending.start()) return;
    setFailure(null);
    upload.mutate(
      { id: exam.id, csv: file.text, dryRun },
      {
        onSettled: sending.settled,
        onSuccess: (answer) => {
          setPage(1);
          if (answer.saved) {
            toast.show(answer.message);
            setReport(null);
            setFile(null);
            setPicked(null);
            onSaved();
          } else setReport({ ...answer, text: file.text });
        },
        onError: (err) => setFailure(failureMessage(err, t("admin.failed.save"))),
      },
    );
  };

  const download = () => marksCsv.download(`/api/admin/exams/${exam.id}/marks.csv`, `marks-${exam.id}.csv`);

  const clean = report !== null && report.problems.length === 0 && file !== null && report.text === file.text;
  const problems = report?.problems ?? [];
  const shown = problems.slice((page - 1) * PROBLEMS_PER_PAGE, page * PROBLEMS_PER_PAGE);
  const problemColumns: TableColumn<(typeof problems)[number]>[] = [
    { key: "row", header: t("csv.col.row"), className: "tabular", render: (p) => p.row },
    { key: "column", header: t("csv.col.column"), render: (p) => <code>{p.column ?? "—"}</code> },
    { key: "problem", header: t("csv.col.problem"), render: (p) => p.message },
  ];

  return (
    <Card title={t("csv.title")} className="exams-file-card">
      <div className="stack">
        <p className="text-sm">{t("csv.lead")}</p>
        <div className="cluster">
          <Button variant="secondary" loading={marksCsv.busy !== null} onClick={() => void download()}>
            <DownloadIcon size={18} /> {t("csv.download")}
          </Button>
        </div>
        <div className="exams-file-input">
          <label id={labelId(inputId)} htmlFor={inputId} className="ui-field__label">
            {t("csv.file")}
          </label>
          <FileInput
            id={inputId}
            file={picked}
            accept=".csv,text/csv"
            aria-labelledby={labelId(inputId)}
            aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ""}`}
            aria-invalid={fileError ? true : undefined}
            onChoose={(chosen) => void choose(chosen)}
          />
          <p id={`${inputId}-hint`} className="ui-field__hint">
            {t("csv.hint")}
          </p>
          {fileError ? (
            <p id={`${inputId}-error`} className="ui-field__error">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="cluster">
          <Button
            variant={clean ? "secondary" : "primary"}
            loading={upload.isPending && upload.variables?.dryRun}
            onClick={() => send(true)}
          >
            <UploadIcon size={18} /> {t("csv.check")}
          </Button>
          <Button
            variant={clean ? "primary" : "secondary"}
            disabled={!clean}
            loading={upload.isPending && upload.variables?.dryRun === false}
            onClick={() => send(false)}
            aria-describedby={clean ? undefined : `${inputId}-save-hint`}
          >
            {t("csv.save")}
          </Button>
        </div>
        {!clean ? (
          <p id={`${inputId}-save-hint`} className="text-sm text-muted">
            {t("csv.saveHint")}
          </p>
        ) : null}
        <div aria-live="polite" className="stack">
          <FormFailure message={failure} />
          {report ? (
            <Alert
              tone={report.problems.length ? "error" : "success"}
              title={report.problems.length ? t("csv.problemsTitle") : t("csv.readyTitle")}
            >
              {report.message}
            </Alert>
          ) : null}
        </div>
        {problems.length ? (
          <>
            <Table
              className="exams-problems"
              caption={t("csv.problemsTitle")}
              captionHidden
              columns={problemColumns}
              rows={shown}
              rowKey={(p) => `${p.row}-${p.column}-${p.kind}`}
            />
            <Pagination page={page} totalPages={Math.ceil(problems.length / PROBLEMS_PER_PAGE)} onChange={setPage} />
          </>
        ) : null}
      </div>
    </Card>
  );
}
