/**
 * /admin/staff (issue 17, administrators only): the office's accounts — administrators and staff
 * (counsellors) — searched, filtered by status and paginated by the server; Invite staff; per person:
 * make administrator / make staff, deactivate / activate, and a new invitation for someone who has not
 * set a password yet. Each change asks first and says what it did; the server refuses changes to one's
 * own account and leaving the institute without an active administrator, with the reason shown.
 */
import { useState } from "react";
import { officeRoleName, roster } from "../../../shared/i18n/roster.ts";
import { STAFF_STATUSES, type StaffStatus } from "../../../shared/schemas/staff.ts";
import { formatTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { richText } from "../../lib/rich-text.tsx";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { useNow } from "../../lib/use-now.ts";
import { UserCogIcon } from "../../ui/admin-icons.tsx";
import { Badge, type BadgeTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog, formatDateTime, RowActionLabel } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter, listTableWords, listWords, pageWords } from "../../ui/list-page.tsx";
import { PlusIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, PersonCell, type TableColumn } from "../../ui/table.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { useSaved } from "../../ui/use-saved.ts";
import { InviteDialog } from "./invite-dialog.tsx";

type Member = RouterOutputs["staff"]["list"]["staff"][number];
type Change = { kind: "role" | "deactivate" | "activate" | "resend" | "unlock"; member: Member };

const STATUS_FILTER = { key: "status", values: STAFF_STATUSES };
const STATUS_TONE: Record<Member["status"], BadgeTone> = { active: "approved", invited: "pending", inactive: "rejected" };

export default function StaffPage() {
  const t = useT(roster);
  const { user } = useSession();
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.staff.list, (page, { filter }) => ({ ...page, status: filter as StaffStatus }), {
    filter: STATUS_FILTER,
  });

  const [inviting, setInviting] = useState(false);
  const setRole = trpc.staff.setRole.useMutation();
  const setActive = trpc.staff.setActive.useMutation();
  const resend = trpc.staff.resendInvitation.useMutation();
  const unlock = trpc.staff.unlock.useMutation();
  const busy = setRole.isPending || setActive.isPending || resend.isPending || unlock.isPending;
  const now = useNow();
  // Locked after too many wrong passwords, until when (tenth walk: nothing showed, and only waiting helped).
  const lockedUntil = (m: Member) => (m.lockedUntil && Date.parse(m.lockedUntil) > now.getTime() ? m.lockedUntil : null);

  const refresh = () =>
    Promise.all([utils.staff.list.invalidate(), utils.staff.members.invalidate(), utils.dashboard.activity.invalidate()]);
  const saved = useSaved(refresh);

  const change = useConfirmed<Change>(
    ({ kind, member }, { done, failed }) => {
      const answer: Promise<{ message: string }> =
        kind === "role"
          ? setRole.mutateAsync({ id: member.id, role: member.role === "admin" ? "staff" : "admin" })
          : kind === "resend"
            ? resend.mutateAsync({ id: member.id })
            : kind === "unlock"
              ? unlock.mutateAsync({ id: member.id })
              : setActive.mutateAsync({ id: member.id, active: kind === "activate" });
      answer.then((a) => done(a.message), failed);
    },
    { reload: refresh, failed: t("team.failed.save") },
  );
  const ask = (kind: Change["kind"], member: Member) => change.ask({ kind, member });

  const actionButton = (kind: Change["kind"], label: string, member: Member) => (
    <Button size="sm" variant={kind === "deactivate" ? "danger" : "secondary"} onClick={() => ask(kind, member)}>
      <RowActionLabel label={label} spoken={t("team.action.for", { action: label, name: member.name })} />
    </Button>
  );

  const columns: TableColumn<Member>[] = [
    {
      key: "person",
      header: t("team.col.person"),
      render: (m) => <PersonCell name={m.id === user?.id ? `${m.name} (${t("team.you")})` : m.name} email={m.email} />,
    },
    { key: "role", header: t("team.col.role"), render: (m) => officeRoleName(m.role) },
    {
      key: "status",
      header: t("team.col.status"),
      className: "ui-table__cell--nowrap",
      render: (m) => {
        const locked = lockedUntil(m);
        return locked ? (
          <Badge tone="rejected">{t("team.lockedUntil", { time: formatTime(locked) })}</Badge>
        ) : (
          <Badge tone={STATUS_TONE[m.status]}>{t(`team.status.${m.status}`)}</Badge>
        );
      },
    },
    {
      key: "lastSignIn",
      header: t("team.col.lastSignIn"),
      className: "ui-table__cell--nowrap",
      render: (m) => (m.lastLoginAt ? <time dateTime={m.lastLoginAt}>{formatDateTime(m.lastLoginAt)}</time> : t("team.never")),
    },
    actionsColumn((m) =>
      m.id === user?.id ? null : (
        <span className="ops-row-buttons">
          {actionButton("role", m.role === "admin" ? t("team.action.makeStaff") : t("team.action.makeAdmin"), m)}
          {m.status === "invited" ? actionButton("resend", t("team.action.resend"), m) : null}
          {lockedUntil(m) ? actionButton("unlock", t("team.action.unlock"), m) : null}
          {m.status === "inactive"
            ? actionButton("activate", t("team.action.activate"), m)
            : actionButton("deactivate", t("team.action.deactivate"), m)}
        </span>
      ),
    ),
  ];

  const target = change.row?.member;
  const confirmKey = change.row?.kind ?? "role";

  const inviteButton = (
    <Button onClick={() => setInviting(true)}>
      <PlusIcon size={18} /> {t("team.invite")}
    </Button>
  );

  return (
    <ListPage
      name="staff"
      {...pageWords(t, "team.")}
      actions={inviteButton}
      list={list}
      {...listWords(t, "team.")}
      filter={listFilter(STATUS_FILTER, t("team.filter"), (value) => (value === "all" ? t("team.filter.all") : t(`team.status.${value}`)))}
      {...listAnswer(query, { failed: t("team.failed.load") })}
      after={
        <>
          {inviting ? <InviteDialog onClose={() => setInviting(false)} onInvited={saved(() => setInviting(false))} /> : null}
          <ConfirmDialog
            {...change.dialog}
            title={t(`team.confirm.${confirmKey}.title`)}
            confirmLabel={t("team.confirm.button")}
            busyLabel={t("team.confirm.busy")}
            tone={confirmKey === "deactivate" ? "danger" : "primary"}
            busy={busy}
          >
            {target ? (
              <p>
                {richText(
                  t(`team.confirm.${confirmKey}.text`, {
                    role: officeRoleName(target.role === "admin" ? "staff" : "admin"),
                    email: target.email,
                  }),
                  { name: <strong>{target.name}</strong> },
                )}
              </p>
            ) : null}
          </ConfirmDialog>
        </>
      }
    >
      <ListTable
        {...listTableWords(t, "team.")}
        columns={columns}
        rows={query.data?.staff ?? []}
        loading={query.isPending}
        icon={<UserCogIcon size={28} />}
        action={inviteButton}
      />
    </ListPage>
  );
}
