/**
 * /admin/students (spec part 2, Student Management): search, Add Student, four stat cards, the table
 * paginated by the server (10 a page), the details dialog (View switches to Edit), add and edit dialogs,
 * delete, Send Credentials, Activate/Deactivate and a CSV export of the current search. Page, search and
 * status are in the URL (DECISIONS 13).
 */
import { useState } from "react";
import { roster } from "../../../shared/i18n/roster.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { termName } from "../../../shared/terms.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { useRecordInAddress } from "../../lib/linked-record.ts";
import { isAdministrator } from "../../lib/office.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { richText } from "../../lib/rich-text.tsx";
import { useSession } from "../../lib/session.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ID_PARAM, usePagedList, useQueryParam } from "../../lib/use-list-params.ts";
import { PowerIcon } from "../../ui/admin-icons.tsx";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { StatCard } from "../../ui/card.tsx";
import { CalendarIcon, CheckCircleIcon, UsersIcon } from "../../ui/icons.tsx";
import { ConfirmDialog, failureMessage, formatDate, IconAction } from "../../ui/list-controls.tsx";
import {
  ListExportButton,
  ListPage,
  ListTable,
  listAnswer,
  listFilter,
  listTableWords,
  listWords,
  pageWords,
  ToolbarFilter,
} from "../../ui/list-page.tsx";
import { isGone } from "../../ui/load-error.tsx";
import { EditIcon, EyeIcon, PlusIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { actionsColumn, PersonCell, StackedCell, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { RaiseAgainHint, type TermToRaise } from "../fees/raise-hint.tsx";
import { isLocked, StudentDetailsDialog } from "./student-details-dialog.tsx";
import {
  EMPTY_STUDENT_FORM,
  type FormProblems,
  problemsFrom,
  type StudentFormValues,
  type StudentRow,
  toStudentInput,
  valuesOf,
} from "./student-form.ts";
import { StudentFormDialog } from "./student-form-dialog.tsx";

/** The spec's texts (part 2 §8), in the reader's language (read at each use). */
export const STUDENT_TEXT = labelsOf(
  [
    "addFailed",
    "updated",
    "updateFailed",
    "deleted",
    "deleteFailed",
    "credentialsSent",
    "credentialsFailed",
    "statusFailed",
    "loadFailed",
    "detailsFailed",
    "exportFailed",
    "unlockFailed",
    "signOutFailed",
  ] as const,
  (key) => roster.t(`text.${key}`),
);
export const studentAdded = (id: string) => roster.t("text.added", { id });

const STATUS_FILTERS = ["all", "active", "inactive"] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const STATUS_FILTER = { key: "status", values: STATUS_FILTERS };
/** A term of the chosen programme in the address ("?programme=3&term=2"): 1 to 24, as the server takes. */
const TERM_PARAM = /^(?:[1-9]|1\d|2[0-4])$/;

type FormState = { mode: "add" } | { mode: "edit"; student: StudentRow };
type ConfirmState = { kind: "delete" | "credentials" | "status" | "signout"; student: StudentRow };

export default function AdminStudentsPage() {
  // Deleting is the administrators' (issue 17): staff see no delete buttons (and the server refuses them).
  const canDelete = isAdministrator(useSession().user?.role);
  const t = useT(roster);
  const toast = useToast();
  const utils = trpc.useUtils();
  // A programme and a term of it, beside the status (walk 32a: "the students in BCom Year 2" was only in the CSV).
  const [programmeParam, setProgramme] = useQueryParam("programme", ID_PARAM);
  const [termParam, setTerm] = useQueryParam("term", TERM_PARAM);
  const programmes = trpc.students.programmes.useQuery(undefined, { staleTime: 5 * 60_000 });
  // An address naming a programme the filter does not offer, or a term beyond the programme's, filters by nothing:
  // the selects and the list agree (walk 33d: "All terms" over an empty list of term 9).
  const known = programmes.data?.programmes;
  const chosen = known?.find((p) => String(p.id) === programmeParam);
  const programme = known && !chosen ? "" : programmeParam;
  const term = programme && (!chosen || Number(termParam) <= chosen.terms) ? termParam : "";
  const { list, query } = usePagedList(
    trpc.students.list,
    (page, { filter }) => ({ ...page, status: filter as StatusFilter, programme, term }),
    { filter: STATUS_FILTER },
  );
  const termUnitOf = (id: number | null) => programmes.data?.programmes.find((p) => p.id === id)?.termUnit;

  // The student whose details are open is in the address (`?open=12`): a reload keeps it, Back closes it.
  const [openId, setOpenId, closeStudent] = useRecordInAddress();
  // Read again when the tab comes back to the front, as the list behind it is (walk 28b: the two disagreed).
  const details = trpc.students.get.useQuery({ id: openId ?? 0 }, { enabled: openId !== null, staleTime: 0, refetchOnWindowFocus: true });
  // The list's row shows at once while the record is read afresh; one opened by its address waits for it.
  const viewing =
    openId === null ? null : details.data?.id === openId ? details.data : (query.data?.students.find((s) => s.id === openId) ?? null);
  const showFresh = (student: StudentRow) => utils.students.get.setData({ id: student.id }, student);
  const [form, setForm] = useState<FormState | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [formInitial, setFormInitial] = useState<StudentFormValues>(EMPTY_STUDENT_FORM);
  const [serverProblems, setServerProblems] = useState<FormProblems | null>(null);
  const [added, setAdded] = useState<{ studentId: string; email: string; fees: TermToRaise | null } | null>(null);

  const create = trpc.students.create.useMutation();
  const update = trpc.students.update.useMutation();
  const remove = trpc.students.remove.useMutation();
  const toggle = trpc.students.toggleStatus.useMutation();
  const sendCredentials = trpc.students.sendCredentials.useMutation();
  const unlock = trpc.students.unlock.useMutation();
  const signOut = trpc.students.signOutEverywhere.useMutation();

  const unlockStudent = (student: StudentRow) =>
    unlock.mutate(
      { id: student.id },
      {
        onSuccess: (res) => {
          showFresh(res.student);
          toast.show(res.message);
          void refresh();
        },
        onError: (err) => {
          toast.failed(err, STUDENT_TEXT.unlockFailed);
          // Unlocked (or changed) elsewhere meanwhile: the open record and the list show it as it is (walk 28b).
          void utils.students.get.invalidate({ id: student.id });
          void refresh();
        },
      },
    );

  const refresh = () =>
    Promise.all([utils.students.list.invalidate(), utils.dashboard.stats.invalidate(), utils.dashboard.activity.invalidate()]);

  const openForm = (next: FormState) => {
    closeStudent();
    setServerProblems(null);
    setFormInitial(next.mode === "edit" ? valuesOf(next.student) : EMPTY_STUDENT_FORM);
    setFormKey((k) => k + 1);
    setForm(next);
  };

  // One save at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const saving = useOneAtATime();
  const save = (values: StudentFormValues) => {
    if (!form || !saving.start()) return;
    setServerProblems(null);
    const input = toStudentInput(values);
    const onError = (fallback: string) => (err: unknown) =>
      setServerProblems(problemsFrom(normaliseError(err).errors, failureMessage(err, fallback)));
    if (form.mode === "add") {
      create.mutate(input, {
        onSuccess: (res) => {
          setForm(null);
          setAdded({ studentId: res.student_id, email: res.student.email, fees: res.feesToRaise });
          void refresh();
        },
        onError: onError(STUDENT_TEXT.addFailed),
        onSettled: saving.settled,
      });
    } else {
      // With the version the form was filled from: a colleague's save meanwhile is refused, not undone.
      update.mutate(
        { id: form.student.id, version: form.student.version, ...input },
        {
          onSuccess: () => {
            setForm(null);
            toast.show(STUDENT_TEXT.updated);
            void refresh();
          },
          onError: (err) => {
            onError(STUDENT_TEXT.updateFailed)(err);
            // Changed by someone else meanwhile: the list reads it again, so the form opened again shows theirs.
            if (normaliseError(err).status === 409) void refresh();
          },
          onSettled: saving.settled,
        },
      );
    }
  };

  const confirming = useConfirmed<ConfirmState>(
    ({ kind, student: { id, isActive } }, { done, failed }) => {
      if (kind === "delete") {
        remove.mutate(
          { id },
          {
            onSuccess: () => {
              if (openId === id) setOpenId(null);
              done(STUDENT_TEXT.deleted);
            },
            onError: failed,
          },
        );
      } else if (kind === "credentials") {
        sendCredentials.mutate({ id }, { onSuccess: () => done(STUDENT_TEXT.credentialsSent), onError: failed });
      } else if (kind === "signout") {
        signOut.mutate({ id }, { onSuccess: (res) => done(res.message), onError: failed });
      } else {
        // The state asked for, as this screen showed it: someone else's change first is refused, not undone.
        toggle.mutate(
          { id, active: !isActive },
          {
            onSuccess: (res) => {
              showFresh(res.student);
              done(res.message);
            },
            onError: (err) => {
              failed(err);
              // The list and the open record then show the status as it is.
              void refresh();
              void utils.students.get.invalidate({ id });
            },
          },
        );
      }
    },
    {
      // Deleting or switching a student changes the list; credentials and signing out only the activity log.
      reload: ({ kind }) => (kind === "delete" || kind === "status" ? refresh() : utils.dashboard.activity.invalidate()),
      failed: ({ kind }) =>
        ({
          delete: STUDENT_TEXT.deleteFailed,
          credentials: STUDENT_TEXT.credentialsFailed,
          signout: STUDENT_TEXT.signOutFailed,
          status: STUDENT_TEXT.statusFailed,
        })[kind],
    },
  );
  const ask = (kind: ConfirmState["kind"], student: StudentRow) => confirming.ask({ kind, student });

  const columns: TableColumn<StudentRow>[] = [
    {
      key: "student",
      header: t("col.student"),
      render: (s) => <PersonCell name={s.name} email={s.email} />,
    },
    {
      key: "id",
      header: t("col.id"),
      className: "ui-table__cell--nowrap",
      render: (s) => <span className="tabular">{s.student_id ?? "—"}</span>,
    },
    { key: "mobile", header: t("col.mobile"), className: "ui-table__cell--nowrap", render: (s) => s.mobile ?? "—" },
    {
      key: "standard",
      // the header may break after the slash: the values are short
      header: <span className="ops-header-wrap">{richText(t("col.standard").replace("/", "/{wbr}"), { wbr: <wbr /> })}</span>,
      label: t("col.standard"),
      render: (s) => {
        const unit = termUnitOf(s.programmeId);
        return <StackedCell main={s.standard ?? "—"} notes={unit ? [termName(unit, s.term)] : []} />;
      },
    },
    {
      key: "status",
      header: t("col.status"),
      className: "ui-table__cell--nowrap",
      render: (s) =>
        isLocked(s) ? (
          <Badge tone="rejected">{t("locked")}</Badge>
        ) : (
          <Badge tone={s.isActive ? "approved" : "rejected"}>{s.isActive ? t("active") : t("inactive")}</Badge>
        ),
    },
    {
      key: "joined",
      header: t("col.joined"),
      className: "ui-table__cell--nowrap",
      render: (s) => <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>,
    },
    actionsColumn((s) => (
      <span className="ops-row-actions">
        <IconAction label={t("view", { name: s.name })} icon={<EyeIcon size={18} />} onClick={() => setOpenId(s.id)} />
        <IconAction
          label={t("edit", { name: s.name })}
          icon={<EditIcon size={18} />}
          onClick={() => openForm({ mode: "edit", student: s })}
        />
        {canDelete ? (
          <IconAction label={t("delete", { name: s.name })} icon={<TrashIcon size={18} />} onClick={() => ask("delete", s)} />
        ) : null}
      </span>
    )),
  ];

  const stats = query.data?.stats;
  const stat = (n: number | undefined) => (stats ? n : <Skeleton width="3ch" />);
  const confirmBusy = remove.isPending || sendCredentials.isPending || toggle.isPending || signOut.isPending;
  const confirm = confirming.row;
  const target = confirm?.student;
  const confirmKind = confirm?.kind === "status" ? (target?.isActive ? "deactivate" : "activate") : (confirm?.kind ?? "delete");

  const addButton = (
    <Button onClick={() => openForm({ mode: "add" })}>
      <PlusIcon size={18} /> {t("add")}
    </Button>
  );

  return (
    <ListPage
      name="students"
      {...pageWords(t, "")}
      actions={
        <>
          <ListExportButton
            list={list}
            path="/api/admin/students/export.csv"
            name="students"
            failed={STUDENT_TEXT.exportFailed}
            done={(file) => t("downloaded", { file })}
            more={{ programme, term }}
          >
            {t("export")}
          </ListExportButton>
          {addButton}
        </>
      }
      noticeKey={added?.studentId}
      notice={
        added ? (
          <Alert tone="success" onDismiss={() => setAdded(null)}>
            <p className="ops-strong">{studentAdded(added.studentId)}</p>
            <p>{t("addedNote", { email: added.email })}</p>
            <RaiseAgainHint fees={added.fees} />
          </Alert>
        ) : null
      }
      stats={
        <>
          <StatCard label={t("stat.total")} value={stat(stats?.total)} icon={<UsersIcon />} />
          <StatCard label={t("stat.active")} value={stat(stats?.active)} icon={<CheckCircleIcon />} tone="approved" />
          <StatCard label={t("stat.inactive")} value={stat(stats?.inactive)} icon={<PowerIcon />} tone="rejected" />
          <StatCard label={t("stat.new")} value={stat(stats?.newThisMonth)} icon={<CalendarIcon />} tone="info" />
        </>
      }
      list={list}
      {...listWords(t, "")}
      filter={listFilter(STATUS_FILTER, t("filter"), (value) => (value === "all" ? t("filter.all") : t(value)))}
      toolbarExtra={
        <>
          <ToolbarFilter
            id="students-programme"
            label={t("filter.programme")}
            options={[
              { value: "", label: t("filter.allProgrammes") },
              ...(programmes.data?.programmes ?? []).map((p) => ({
                value: String(p.id),
                label: p.archived ? t("filter.archived", { name: p.name }) : p.name,
              })),
            ]}
            value={programme}
            onChange={(value) => setProgramme(value, ["term"])}
          />
          {chosen ? (
            <ToolbarFilter
              id="students-term"
              label={t("filter.term")}
              options={[
                { value: "", label: t("filter.allTerms") },
                ...Array.from({ length: chosen.terms }, (_, i) => ({ value: String(i + 1), label: termName(chosen.termUnit, i + 1) })),
              ]}
              value={term}
              onChange={(value) => setTerm(value)}
            />
          ) : null}
        </>
      }
      {...listAnswer(query, { failed: STUDENT_TEXT.loadFailed })}
      after={
        <>
          <StudentDetailsDialog
            open={openId !== null}
            student={viewing}
            loading={details.isPending}
            loadError={details.isError ? failureMessage(details.error, STUDENT_TEXT.detailsFailed) : null}
            onRetry={isGone(details.error) ? undefined : () => void details.refetch()}
            onEdit={(s) => openForm({ mode: "edit", student: s })}
            onSendCredentials={(s) => ask("credentials", s)}
            onToggleStatus={(s) => ask("status", s)}
            onUnlock={unlockStudent}
            unlocking={unlock.isPending}
            onSignOutEverywhere={(s) => ask("signout", s)}
            onClose={closeStudent}
          />

          <StudentFormDialog
            key={formKey}
            open={form !== null}
            mode={form?.mode ?? "add"}
            initial={formInitial}
            studentId={form?.mode === "edit" ? form.student.student_id : null}
            busy={create.isPending || update.isPending}
            serverProblems={serverProblems}
            onSubmit={save}
            onClose={() => setForm(null)}
          />

          <ConfirmDialog
            {...confirming.dialog}
            title={t(`${confirmKind}.title`)}
            confirmLabel={t(`${confirmKind}.button`)}
            busyLabel={confirmKind === "activate" || confirmKind === "deactivate" ? t("saving") : t(`${confirmKind}.busy`)}
            tone={confirm?.kind === "delete" || (confirm?.kind === "status" && target?.isActive) ? "danger" : "primary"}
            busy={confirmBusy}
          >
            {target ? (
              <p>
                {richText(t(`${confirmKind}.text`, { id: target.student_id ?? "—" }), {
                  name: <strong>{target.name}</strong>,
                  email: <strong>{target.email}</strong>,
                })}
              </p>
            ) : null}
          </ConfirmDialog>
        </>
      }
    >
      <ListTable
        {...listTableWords(t, "")}
        columns={columns}
        rows={query.data?.students ?? []}
        loading={query.isPending}
        icon={<UsersIcon size={28} />}
        action={addButton}
        // The programme (and its term) counts as a filter too; "show everything" drops them with the status.
        list={{
          ...list,
          filter: programme ? "programme" : list.filter,
          setFilter: () => setProgramme("", ["term", "status"]),
        }}
      />
    </ListPage>
  );
}
