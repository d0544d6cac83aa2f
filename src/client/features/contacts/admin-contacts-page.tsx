/**
 * /admin/contacts (spec part 2, Contact Management): search, status filter, four counters, a table with
 * the 50-character message preview, the details dialog with the reply history and a status select, a
 * reply dialog opened from the details (e-mailed to the sender), Mark as Resolved and Delete. Searched,
 * filtered and paginated on the server (DECISIONS 13); page, search and status are in the URL.
 */

import { useEffect, useState } from "react";
import { admin } from "../../../shared/i18n/admin.ts";
import { contact } from "../../../shared/i18n/contact.ts";
import { labelsOf } from "../../../shared/i18n/translate.ts";
import { useT } from "../../lib/i18n.tsx";
import { useRecordInAddress } from "../../lib/linked-record.ts";
import { isAdministrator } from "../../lib/office.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { richText } from "../../lib/rich-text.tsx";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { usePagedList } from "../../lib/use-list-params.ts";
import { ActivityIcon } from "../../ui/admin-icons.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { StatCard } from "../../ui/card.tsx";
import { CheckCircleIcon, MailIcon } from "../../ui/icons.tsx";
import { ConfirmDialog, failureMessage, IconAction } from "../../ui/list-controls.tsx";
import { ListPage, ListTable, listAnswer, listFilter, listTableWords, listWords, pageWords } from "../../ui/list-page.tsx";
import { isGone } from "../../ui/load-error.tsx";
import { Moment } from "../../ui/moment.tsx";
import { CheckIcon, EyeIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { actionsColumn, PersonCell, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { ContactDetails } from "./contact-details.tsx";
import {
  CONTACT_FILTER_VALUES,
  type ContactStatus,
  contactFilterLabel,
  contactStatus,
  messagePreview,
  statusLabel,
  subjectLabel,
} from "./contact-text.ts";
import { ReplyDialog } from "./reply-dialog.tsx";

type ContactRow = RouterOutputs["contacts"]["list"]["contacts"][number];
type StatusFilter = (typeof CONTACT_FILTER_VALUES)[number];

const STATUS_FILTER = { key: "status", values: CONTACT_FILTER_VALUES };

/** The spec's texts (part 2 §8), in the reader's language (read at each use). */
export const CONTACT_TEXT = labelsOf(
  ["loadFailed", "statusUpdated", "statusFailed", "deleted", "deleteFailed", "replySent", "replyFailed", "detailsFailed"],
  (key) => admin.t(`con.${key}`),
);

export default function AdminContactsPage() {
  // Deleting is the administrators' (issue 17): staff see no delete buttons (and the server refuses them).
  const canDelete = isAdministrator(useSession().user?.role);
  const t = useT(admin);
  // The subjects' names (the table and the details) are the contact form's own, in its catalogue.
  useT(contact);
  const toast = useToast();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.contacts.list, (page, { filter }) => ({ ...page, status: filter as StatusFilter }), {
    filter: STATUS_FILTER,
  });

  // The inquiry open is the one the address names: a notification's or the dashboard's link
  // (/admin/contacts?open=12) opens it, and so does a click on its row, which Back undoes.
  const [openId, setOpenId, closeInquiry] = useRecordInAddress();
  // Read again when the tab comes back to the front, as the list behind it is.
  const details = trpc.contacts.get.useQuery({ id: openId ?? 0 }, { enabled: openId !== null, staleTime: 0, refetchOnWindowFocus: true });
  const [detailsError, setDetailsError] = useState<string | null>(null);
  // The reply is to one inquiry: it closes when that inquiry leaves the address (Back), and one opened next starts
  // empty (walk 28a: a reply discarded on Back came back, filled in, addressed to the next inquiry opened).
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const replyOpen = replyTo !== null && replyTo === openId;
  useEffect(() => {
    setReplyTo((to) => (to === openId ? to : null));
  }, [openId]);
  const setReplyOpen = (open: boolean) => {
    if (!open) setReplyKey((k) => k + 1);
    setReplyTo(open ? openId : null);
  };
  const [replyError, setReplyError] = useState<string | null>(null);
  const [replyKey, setReplyKey] = useState(0);
  const [resolvingId, setResolvingId] = useState<number | null>(null);

  const updateStatus = trpc.contacts.updateStatus.useMutation();
  const respond = trpc.contacts.respond.useMutation();
  const remove = trpc.contacts.remove.useMutation();

  /** After a change: the list and its counters, the dashboard's figures and the open details. */
  const refresh = () =>
    Promise.all([utils.contacts.list.invalidate(), utils.dashboard.stats.invalidate(), utils.dashboard.activity.invalidate()]);

  const changeStatus = (id: number, status: ContactStatus, inDetails: boolean) => {
    setResolvingId(id);
    setDetailsError(null);
    updateStatus.mutate(
      { id, status },
      {
        onSuccess: ({ contact }) => {
          utils.contacts.get.setData({ id }, contact);
          toast.show(CONTACT_TEXT.statusUpdated);
          void refresh();
        },
        onError: (err) => {
          const message = failureMessage(err, CONTACT_TEXT.statusFailed);
          if (inDetails) setDetailsError(message);
          else toast.show(message, "error");
        },
        onSettled: () => setResolvingId(null),
      },
    );
  };

  // One reply at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const replying = useOneAtATime();
  const sendReply = (message: string) => {
    if (openId === null || !replying.start()) return;
    const id = openId;
    setReplyError(null);
    respond.mutate(
      { id, message, respondedBy: user?.name },
      {
        onSuccess: ({ contact }) => {
          utils.contacts.get.setData({ id }, contact);
          setReplyOpen(false);
          toast.show(CONTACT_TEXT.replySent);
          void refresh();
        },
        onError: (err) => setReplyError(failureMessage(err, CONTACT_TEXT.replyFailed)),
        onSettled: replying.settled,
      },
    );
  };

  const deleting = useConfirmed<{ id: number; name: string }>(
    ({ id }, { done, failed }) =>
      remove.mutate(
        { id },
        {
          onSuccess: () => {
            if (openId === id) setOpenId(null);
            utils.contacts.get.setData({ id }, undefined);
            done(CONTACT_TEXT.deleted);
          },
          onError: failed,
        },
      ),
    { reload: refresh, failed: CONTACT_TEXT.deleteFailed },
  );

  const openDetails = (id: number) => {
    setDetailsError(null);
    setReplyError(null);
    setOpenId(id);
  };

  const askDelete = (row: { id: number; name: string }) => deleting.ask({ id: row.id, name: row.name });

  const columns: TableColumn<ContactRow>[] = [
    {
      key: "contact",
      header: t("con.col.contact"),
      render: (c) => <PersonCell name={c.name} email={c.email} phone={c.phone} />,
    },
    { key: "subject", header: t("con.col.subject"), render: (c) => subjectLabel(c.subject) },
    {
      key: "message",
      header: t("con.col.message"),
      className: "ops-text-cell ops-contact-preview-cell",
      render: (c) => (
        <span className="ops-contact-preview" title={c.message.length > 50 ? c.message.slice(0, 300) : undefined}>
          {messagePreview(c.message)}
        </span>
      ),
    },
    {
      key: "status",
      header: t("adm.status"),
      className: "ui-table__cell--nowrap",
      render: (c) => <Badge tone={statusTone(contactStatus(c.status))}>{statusLabel(c.status)}</Badge>,
    },
    {
      key: "received",
      header: t("con.col.received"),
      className: "ui-table__cell--nowrap",
      render: (c) => <Moment time={c.createdAt} show="day" />,
    },
    actionsColumn((c) => (
      <span className="ops-row-actions">
        <IconAction label={t("con.view", { name: c.name })} icon={<EyeIcon size={18} />} onClick={() => openDetails(c.id)} />
        {contactStatus(c.status) !== "resolved" ? (
          <IconAction
            label={t("con.resolve", { name: c.name })}
            icon={<CheckIcon size={18} />}
            loading={resolvingId === c.id && openId === null}
            onClick={() => changeStatus(c.id, "resolved", false)}
          />
        ) : (
          <span className="ops-icon-spacer" aria-hidden="true" />
        )}
        {canDelete ? (
          <IconAction label={t("con.delete", { name: c.name })} icon={<TrashIcon size={18} />} onClick={() => askDelete(c)} />
        ) : null}
      </span>
    )),
  ];

  const stats = query.data?.stats;
  const stat = (n: number | undefined) => (stats ? n : <Skeleton width="3ch" />);
  const current = details.data;

  return (
    <ListPage
      name="contacts"
      {...pageWords(t, "con.")}
      stats={
        <>
          <StatCard label={t("con.stat.total")} value={stat(stats?.total)} icon={<MailIcon />} />
          <StatCard label={t("status.new")} value={stat(stats?.new)} icon={<MailIcon />} tone="pending" />
          <StatCard label={t("status.in-progress")} value={stat(stats?.inProgress)} icon={<ActivityIcon />} tone="info" />
          <StatCard label={t("status.resolved")} value={stat(stats?.resolved)} icon={<CheckCircleIcon />} tone="approved" />
        </>
      }
      list={list}
      {...listWords(t, "con.")}
      filter={listFilter(STATUS_FILTER, t("adm.status"), contactFilterLabel)}
      {...listAnswer(query, { failed: CONTACT_TEXT.loadFailed })}
      after={
        <>
          <ContactDetails
            open={openId !== null}
            contact={current}
            loading={details.isPending}
            loadError={details.isError ? failureMessage(details.error, CONTACT_TEXT.detailsFailed) : null}
            actionError={detailsError}
            statusBusy={updateStatus.isPending && resolvingId === openId}
            onRetry={isGone(details.error) ? undefined : () => void details.refetch()}
            onStatus={(status) => openId !== null && status !== contactStatus(current?.status) && changeStatus(openId, status, true)}
            onReply={() => {
              setReplyError(null);
              setReplyOpen(true);
            }}
            onDelete={canDelete ? () => current && askDelete(current) : undefined}
            onClose={() => {
              closeInquiry();
              setReplyOpen(false);
            }}
          />

          <ReplyDialog
            open={replyOpen}
            to={current ? { name: current.name, email: current.email, subject: current.subject } : null}
            busy={respond.isPending}
            error={replyError}
            resetKey={`${replyTo}:${replyKey}`}
            onSend={sendReply}
            onClose={() => setReplyOpen(false)}
          />

          <ConfirmDialog
            {...deleting.dialog}
            title={t("con.deleteTitle")}
            confirmLabel={t("adm.delete")}
            busyLabel={t("con.deleting")}
            busy={remove.isPending}
          >
            <p>{richText(t("con.deleteText"), { name: <strong>{deleting.row?.name}</strong> })}</p>
          </ConfirmDialog>
        </>
      }
    >
      <ListTable
        {...listTableWords(t, "con.")}
        columns={columns}
        rows={query.data?.contacts ?? []}
        loading={query.isPending}
        icon={<MailIcon size={28} />}
      />
    </ListPage>
  );
}
