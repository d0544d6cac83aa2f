/**
 * /admin/courses (issue 18, staff and administrators): the programmes' subjects per term — searched, filtered
 * and paginated by the server; add and edit a subject with its units; move a programme's students on to the
 * next term. /admin/courses/<id>: one subject's materials (PDF with upload progress, or a link) and its
 * assignments; /admin/courses/<id>/assignments/<id>: the students' work, downloaded and graded.
 */
import { useState } from "react";
import { Link } from "wouter";
import { studies } from "../../../shared/i18n/studies.ts";
import { SUBJECT_STATUSES, type SubjectListQuery } from "../../../shared/schemas/studies.ts";
import { termName } from "../../../shared/terms.ts";
import { formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { SubPages } from "../../lib/sub-pages.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Button } from "../../ui/button.tsx";
import { rowActionButtons } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter, listTableWords, listWords, pageWords } from "../../ui/list-page.tsx";
import { BookIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useSaved } from "../../ui/use-saved.ts";
import { SubjectPage } from "./subject-admin-page.tsx";
import { MoveTermDialog, type OfficeSubject, SubjectFormDialog } from "./subject-form-dialog.tsx";
import { SubmissionsPage } from "./submissions-admin-page.tsx";

export default function CoursesAdminPage() {
  return (
    <SubPages
      pages={{
        "/": () => <SubjectsList />,
        "/:id/assignments/:assignmentId": (params) => (
          <SubmissionsPage subjectId={Number(params.id)} assignmentId={Number(params.assignmentId)} />
        ),
        "/:id": (params) => <SubjectPage id={Number(params.id)} />,
      }}
    />
  );
}

const STATUS_FILTER = { key: "status", values: SUBJECT_STATUSES };
type Row = RouterOutputs["studies"]["list"]["subjects"][number];

function SubjectsList() {
  const t = useT(studies);
  const toast = useToast();
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(
    trpc.studies.list,
    (page, { filter }) => ({ ...page, status: (filter || "active") as SubjectListQuery["status"] }),
    { filter: STATUS_FILTER },
  );
  const programmes = trpc.studies.programmes.useQuery();
  const [dialog, setDialog] = useState<{ kind: "add" } | { kind: "edit"; subject: OfficeSubject } | { kind: "move" } | null>(null);
  const archive = trpc.studies.setArchived.useMutation();
  const refresh = () => utils.studies.invalidate();
  const saved = useSaved(refresh)(() => setDialog(null));

  const edit = async (row: Row) => {
    try {
      const { subject } = await utils.studies.get.fetch({ id: row.id });
      setDialog({ kind: "edit", subject });
    } catch (err) {
      toast.failed(err, t("admin.failed.load"));
    }
  };
  const toggle = (row: Row) =>
    archive.mutate(
      { id: row.id, archived: !row.archived },
      { onSuccess: (answer) => saved(answer.message), onError: (err) => toast.failed(err, t("admin.failed.save")) },
    );

  const button = rowActionButtons<Row>((label, row) => t("admin.for", { action: label, code: row.code }), archive.isPending);

  const columns: TableColumn<Row>[] = [
    {
      key: "subject",
      header: t("admin.col.subject"),
      render: (s) => (
        <div>
          <Link href={`/${s.id}`} className="ops-strong">
            {s.code} {s.name}
          </Link>
          <p className="text-sm text-muted">
            {s.programmeName} · {termName(programmes.data?.programmes.find((p) => p.id === s.programmeId)?.termUnit ?? "semester", s.term)}
            {s.archived ? ` · ${t("admin.archived")}` : ""}
          </p>
        </div>
      ),
    },
    { key: "units", header: t("admin.col.units"), className: "ui-table__cell--numeric", render: (s) => formatNumber(s.units) },
    { key: "students", header: t("admin.col.students"), className: "ui-table__cell--numeric", render: (s) => formatNumber(s.students) },
    { key: "materials", header: t("admin.col.materials"), className: "ui-table__cell--numeric", render: (s) => formatNumber(s.materials) },
    {
      key: "assignments",
      header: t("admin.col.assignments"),
      className: "ui-table__cell--numeric",
      render: (s) => formatNumber(s.assignments),
    },
    actionsColumn((s) => (
      <span className="ops-row-buttons">
        {button(t("admin.edit"), s, () => void edit(s))}
        {button(s.archived ? t("admin.restore") : t("admin.archive"), s, () => toggle(s), "ghost")}
      </span>
    )),
  ];

  const programmeList = programmes.data?.programmes ?? [];
  return (
    <ListPage
      name="subjects"
      {...pageWords(t, "admin.")}
      actions={
        <>
          <Button variant="secondary" onClick={() => setDialog({ kind: "move" })} disabled={!programmes.data}>
            {t("move.open")}
          </Button>
          <Button onClick={() => setDialog({ kind: "add" })} disabled={!programmes.data}>
            <PlusIcon size={18} /> {t("admin.add")}
          </Button>
        </>
      }
      list={list}
      {...listWords(t, "admin.")}
      filter={listFilter(STATUS_FILTER, t("admin.filter"), (value) => t(`admin.status.${value}`))}
      {...listAnswer(query, { failed: t("admin.failed.load"), found: (count) => t("admin.found", { count }) })}
      after={
        dialog?.kind === "move" ? (
          <MoveTermDialog programmes={programmeList} onClose={() => setDialog(null)} onDone={saved} />
        ) : dialog ? (
          <SubjectFormDialog
            subject={dialog.kind === "edit" ? dialog.subject : null}
            programmes={programmeList}
            onClose={() => setDialog(null)}
            onSaved={saved}
          />
        ) : null
      }
    >
      <ListTable
        {...listTableWords(t, "admin.")}
        columns={columns}
        rows={query.data?.subjects ?? []}
        loading={query.isPending}
        icon={<BookIcon size={28} />}
        action={programmes.data ? <Button onClick={() => setDialog({ kind: "add" })}>{t("admin.add")}</Button> : undefined}
      />
    </ListPage>
  );
}
