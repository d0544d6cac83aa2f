/**
 * /admin/courses/<subject>/assignments/<id> (issue 18): every student of the subject with their work — handed
 * in (late or not), missing, graded — searched, filtered and paginated by the server; the PDF downloads; marks
 * and a comment are saved in a dialog (the student is told).
 */
import { useState } from "react";
import { Link } from "wouter";
import { studies } from "../../../shared/i18n/studies.ts";
import { gradeInput, SUBMISSION_FILTERS, type SubmissionsQuery } from "../../../shared/schemas/studies.ts";
import { checkInput, useFormState } from "../../lib/form.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { wallClock } from "../../lib/institute-clock.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { TextArea, TextInput } from "../../ui/field.tsx";
import { FileIcon } from "../../ui/icons.tsx";
import { failureMessage, RowActionLabel } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter } from "../../ui/list-page.tsx";
import { actionsColumn, type TableColumn } from "../../ui/table.tsx";
import { useSaved } from "../../ui/use-saved.ts";
import { useFileDownload } from "./materials-list.tsx";

type Row = RouterOutputs["studies"]["submissions"]["submissions"][number];
const FILTER = { key: "status", values: SUBMISSION_FILTERS };

export function SubmissionsPage({ subjectId, assignmentId }: { subjectId: number; assignmentId: number }) {
  const t = useT(studies);
  const utils = trpc.useUtils();
  const saved = useSaved(() => Promise.all([utils.studies.submissions.invalidate(), utils.studies.assignments.invalidate()]));
  const { list, query } = usePagedList(
    trpc.studies.submissions,
    (page, { filter }) => ({ assignmentId, ...page, status: (filter || "all") as SubmissionsQuery["status"] }),
    { filter: FILTER },
  );
  const assignment = query.data?.assignment;
  const { download, busy } = useFileDownload();
  const [grading, setGrading] = useState<Row | null>(null);

  const columns: TableColumn<Row>[] = [
    {
      key: "student",
      header: t("admin.col.student"),
      render: (r) => (
        <div>
          <p className="ops-strong">{r.name}</p>
          <p className="text-sm text-muted">{r.studentId}</p>
        </div>
      ),
    },
    {
      key: "work",
      header: t("admin.col.handedIn"),
      render: (r) =>
        r.submissionId ? (
          <div className="stack stack--xs">
            <span className="text-sm">{r.submittedLocal ? formatDateTime(wallClock(r.submittedLocal)) : null}</span>
            {r.isLate ? <Badge tone="pending">{t("state.late")}</Badge> : null}
            {r.note ? <span className="text-sm text-muted">{r.note}</span> : null}
          </div>
        ) : (
          <Badge tone="neutral">{t("admin.missing")}</Badge>
        ),
    },
    {
      key: "marks",
      header: t("admin.col.marks"),
      className: "ui-table__cell--nowrap",
      render: (r) => (r.marks === null ? "—" : t("state.graded", { marks: r.marks, max: assignment?.maxMarks ?? 0 })),
    },
    actionsColumn((r) =>
      r.submissionId ? (
        <span className="ops-row-buttons">
          <Button
            size="sm"
            variant="secondary"
            loading={busy === r.fileUrl}
            onClick={() => void download(r.fileUrl!, r.fileName ?? "work.pdf")}
          >
            <RowActionLabel label={t("material.download")} spoken={t("admin.forName", { action: t("material.download"), name: r.name })} />
          </Button>
          <Button size="sm" onClick={() => setGrading(r)}>
            {/* The spoken name starts with the visible words, so voice control finds it by what it shows. */}
            <RowActionLabel
              label={r.marks === null ? t("admin.grade") : t("admin.regrade")}
              spoken={t("admin.forName", { action: r.marks === null ? t("admin.grade") : t("admin.regrade"), name: r.name })}
            />
          </Button>
        </span>
      ) : null,
    ),
  ];

  return (
    <ListPage
      name="submissions"
      back={
        <Link href={`/${subjectId}`} className="studies-back">
          ← {t("admin.backToSubject")}
        </Link>
      }
      title={assignment?.title ?? t("admin.submissionsTitle")}
      description={
        assignment ? t("admin.submissionsLead", { due: formatDateTime(wallClock(assignment.dueLocal)), max: assignment.maxMarks }) : ""
      }
      list={list}
      search={{ label: t("admin.searchStudents"), placeholder: t("admin.searchStudentsPlaceholder") }}
      filter={listFilter(FILTER, t("admin.filter"), (value) => t(`admin.work.${value}`))}
      {...listAnswer(query, { failed: failureMessage(query.error, t("admin.failed.load")) })}
      noun={t("admin.studentsNoun")}
      after={
        grading && assignment ? (
          <GradeDialog
            row={grading}
            maxMarks={assignment.maxMarks}
            onClose={() => setGrading(null)}
            onSaved={saved(() => setGrading(null))}
          />
        ) : null
      }
    >
      <ListTable
        caption={t("admin.submissionsTitle")}
        columns={columns}
        rows={query.data?.submissions ?? []}
        rowKey={(r) => r.userId}
        loading={query.isPending}
        icon={<FileIcon size={28} />}
        none={{ title: t("admin.noStudentsTitle"), description: t("admin.noStudents") }}
        noMatch={{ title: t("admin.noMatch.title"), description: t("admin.noMatch.text") }}
        showAll={t("admin.showAllWork")}
      />
    </ListPage>
  );
}

function GradeDialog({
  row,
  maxMarks,
  onClose,
  onSaved,
}: {
  row: Row;
  maxMarks: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useT(studies);
  const grade = trpc.studies.grade.useMutation();
  const ids = { marks: "grade-marks", comment: "grade-comment" };
  const toInput = (v: { marks: string; comment: string }) => ({ submissionId: row.submissionId!, ...v });
  const form = useFormState<{ marks: string; comment: string }>(
    () => ({ marks: row.marks === null ? "" : String(row.marks), comment: row.comment ?? "" }),
    {
      validate: (v) => {
        const checked = checkInput(gradeInput, toInput(v));
        if (!checked.ok) return checked.messages;
        return Number(v.marks) > maxMarks ? { marks: t("rule.marksAbove", { max: maxMarks }) } : {};
      },
      showOn: "submit",
      ids,
    },
  );
  const submission = form.submission(async () => onSaved((await grade.mutateAsync(toInput(form.values))).message), {
    busy: grade.isPending,
    failed: (err) => failureMessage(err, t("admin.failed.save")),
  });
  return (
    <FormDialog
      onClose={onClose}
      title={t("admin.gradeTitle", { name: row.name })}
      formId="grade-form"
      form={submission}
      cancelLabel={t("admin.cancel")}
      submitLabel={t("admin.saveMarks")}
    >
      <TextInput {...form.field("marks")} label={t("admin.marksLabel", { max: maxMarks })} required inputMode="numeric" />
      <TextArea {...form.field("comment")} label={t("admin.comment")} rows={3} maxLength={2000} />
    </FormDialog>
  );
}
