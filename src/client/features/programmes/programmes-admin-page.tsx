/**
 * /admin/programmes (issue 17, administrators): the programmes catalogue — searched, filtered (admissions
 * open / closed / archived) and paginated by the server; add and edit in a dialog (with the syllabus PDF);
 * archive and list again. Changes show on the public site at once (its reads last until the next write).
 */
import { useState } from "react";
import { programmes } from "../../../shared/i18n/programmes.ts";
import { PROGRAMME_STATUSES, type ProgrammeListQuery } from "../../../shared/schemas/programmes.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { GraduationCapIcon } from "../../ui/icons.tsx";
import { rowActionButtons } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter, listTableWords, listWords } from "../../ui/list-page.tsx";
import { PlusIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useSaved } from "../../ui/use-saved.ts";
import { type OfficeProgramme, ProgrammeFormDialog } from "./programme-form-dialog.tsx";

const STATUS_FILTER = { key: "status", values: PROGRAMME_STATUSES };

export default function ProgrammesAdminPage() {
  const t = useT(programmes);
  const toast = useToast();
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(
    trpc.programmes.adminList,
    (page, { filter }) => ({ ...page, status: filter as ProgrammeListQuery["status"] }),
    { filter: STATUS_FILTER },
  );
  const [editing, setEditing] = useState<{ programme: OfficeProgramme | null; key: number } | null>(null);
  const archive = trpc.programmes.setArchived.useMutation();

  const refresh = () => Promise.all([utils.programmes.invalidate(), utils.site.info.invalidate()]);
  const saved = useSaved(refresh);
  const open = (programme: OfficeProgramme | null) => setEditing({ programme, key: Date.now() });

  const toggleArchived = (p: OfficeProgramme) =>
    archive.mutate(
      { id: p.id, archived: !p.archived },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          void refresh();
        },
        onError: (err) => toast.failed(err, t("admin.failed.save")),
      },
    );

  const action = rowActionButtons<OfficeProgramme>((label, p) => t("admin.for", { action: label, name: p.name }), archive.isPending);

  const columns: TableColumn<OfficeProgramme>[] = [
    {
      key: "programme",
      header: t("admin.col.programme"),
      render: (p) => (
        <div>
          <p className="ops-strong">{p.name}</p>
          <p className="text-sm text-muted">{p.university ?? "—"}</p>
        </div>
      ),
    },
    { key: "level", header: t("admin.col.level"), render: (p) => t(`level.${p.level}`) },
    {
      key: "fee",
      header: t("admin.col.fee"),
      className: "ui-table__cell--nowrap",
      render: (p) => (p.feePaise === null ? t("fee.onRequest") : t(`fee.${p.feePeriod}`, { amount: formatMoney(p.feePaise) })),
    },
    {
      key: "admission",
      header: t("admin.col.admission"),
      className: "ui-table__cell--nowrap",
      render: (p) =>
        p.archived ? (
          <Badge tone="neutral">{t("admin.status.archived")}</Badge>
        ) : (
          <Badge tone={p.admissionOpen ? "approved" : "pending"}>{p.admissionOpen ? t("open") : t("closed")}</Badge>
        ),
    },
    actionsColumn((p) => (
      <span className="ops-row-buttons">
        {action(t("admin.edit"), p, () => open(p))}
        {action(p.archived ? t("admin.restore") : t("admin.archive"), p, () => toggleArchived(p), "ghost")}
      </span>
    )),
  ];

  const addButton = (
    <Button onClick={() => open(null)}>
      <PlusIcon size={18} /> {t("admin.add")}
    </Button>
  );

  return (
    <ListPage
      name="programmes"
      title={t("title")}
      description={t("admin.lead")}
      actions={addButton}
      list={list}
      {...listWords(t, "admin.")}
      filter={listFilter(STATUS_FILTER, t("admin.filter"), (value) => t(`admin.status.${value}`))}
      {...listAnswer(query, { failed: t("admin.failed.load") })}
      after={
        editing ? (
          <ProgrammeFormDialog
            key={editing.key}
            open
            programme={editing.programme}
            onClose={() => setEditing(null)}
            onSaved={saved(() => setEditing(null))}
          />
        ) : null
      }
    >
      <ListTable
        {...listTableWords(t, "admin.")}
        columns={columns}
        rows={query.data?.programmes ?? []}
        loading={query.isPending}
        icon={<GraduationCapIcon size={28} />}
        action={addButton}
      />
    </ListPage>
  );
}
