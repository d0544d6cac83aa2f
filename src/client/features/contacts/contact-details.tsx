/**
 * One inquiry in full (spec part 2, Contact Management): who wrote, the whole message, its status (which
 * can be changed here), the reply history, and the actions Reply, Mark as Resolved and Delete.
 */
import { CONTACT_STATUSES } from "../../../shared/constants.ts";
import { admin } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { mailHref, telHref } from "../../lib/links.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { ReplyIcon } from "../../ui/admin-icons.tsx";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { DetailsFact, DetailsSection } from "../../ui/details-section.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { formatDateTime } from "../../ui/list-controls.tsx";
import { RecordLoadState } from "../../ui/load-error.tsx";
import { CheckIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { SavingSelect } from "../../ui/saving-select.tsx";
import { useToast } from "../../ui/toast.tsx";
import { type ContactStatus, contactStatus, statusLabel, subjectLabel } from "./contact-text.ts";

export type ContactDetail = RouterOutputs["contacts"]["get"];

export interface ContactDetailsProps {
  open: boolean;
  contact: ContactDetail | undefined;
  loading: boolean;
  /** the details could not be loaded */
  loadError: string | null;
  /** the last action's failure, shown inside */
  actionError: string | null;
  statusBusy: boolean;
  onRetry?: () => void;
  onStatus: (status: ContactStatus) => void;
  onReply: () => void;
  /** absent for staff: deleting an inquiry is the administrators' (issue 17) */
  onDelete?: () => void;
  onClose: () => void;
}

/** Who handles the inquiry: any active administrator or staff member, or nobody (issue 17). */
function AssigneeSelect({ contact }: { contact: ContactDetail }) {
  const t = useT(admin);
  const toast = useToast();
  const utils = trpc.useUtils();
  const members = trpc.staff.members.useQuery(undefined, { staleTime: 5 * 60_000 });
  const assign = trpc.contacts.assign.useMutation();
  const options = [
    { value: "", label: t("con.nobody") },
    ...(members.data?.members ?? []).map((m) => ({ value: String(m.id), label: m.name })),
  ];
  // Someone no longer active still shows as the one it was given to.
  if (contact.assignedTo !== null && !options.some((o) => o.value === String(contact.assignedTo))) {
    options.push({ value: String(contact.assignedTo), label: contact.assignedToName ?? `#${contact.assignedTo}` });
  }
  const change = (value: string) =>
    assign.mutate(
      { id: contact.id, assignedTo: value === "" ? null : Number(value) },
      {
        onSuccess: (answer) => {
          utils.contacts.get.setData({ id: contact.id }, answer.contact);
          void utils.contacts.list.invalidate();
          toast.show(t("con.assigned"));
        },
        onError: (err) => toast.failed(err, t("con.assignFailed")),
      },
    );
  return (
    <SavingSelect
      id="contact-assignee"
      label={t("con.assignedTo")}
      fieldClassName="ops-contact-status-row__select"
      options={options}
      value={contact.assignedTo === null ? "" : String(contact.assignedTo)}
      busy={assign.isPending}
      loading={members.isPending}
      savingHint={t("con.saving")}
      onSave={change}
    />
  );
}

export function ContactDetails({
  open,
  contact,
  loading,
  loadError,
  actionError,
  statusBusy,
  onRetry,
  onStatus,
  onReply,
  onDelete,
  onClose,
}: ContactDetailsProps) {
  const t = useT(admin);
  const status = contactStatus(contact?.status);
  return (
    <Dialog
      startAtClose
      open={open}
      onClose={onClose}
      size="lg"
      title={contact ? t("con.inquiryFrom", { name: contact.name }) : t("con.inquiry")}
      description={
        contact ? t("con.received", { subject: subjectLabel(contact.subject), time: formatDateTime(contact.createdAt) }) : undefined
      }
      footer={
        contact ? (
          <>
            {onDelete ? (
              <Button variant="ghost" className="ops-footer-start" onClick={onDelete}>
                <TrashIcon size={18} /> {t("adm.delete")}
              </Button>
            ) : null}
            {status !== "resolved" ? (
              <Button variant="secondary" loading={statusBusy} onClick={() => onStatus("resolved")}>
                <CheckIcon size={18} /> {t("con.markResolved")}
              </Button>
            ) : null}
            <Button onClick={onReply}>
              <ReplyIcon size={18} /> {t("con.reply")}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            {t("det.close")}
          </Button>
        )
      }
    >
      <RecordLoadState shown={contact !== undefined} loading={loading} loadError={loadError} onRetry={onRetry} />
      {contact ? (
        <div className="stack">
          {actionError ? <Alert tone="error">{actionError}</Alert> : null}
          <dl className="ops-details ops-details--two">
            <DetailsFact label={t("con.name")}>{contact.name}</DetailsFact>
            <DetailsFact label={t("con.email")}>
              <a href={mailHref(contact.email)}>{contact.email}</a>
            </DetailsFact>
            <DetailsFact label={t("con.phone")}>{contact.phone ? <a href={telHref(contact.phone)}>{contact.phone}</a> : "—"}</DetailsFact>
            <DetailsFact label={t("con.col.subject")}>{subjectLabel(contact.subject)}</DetailsFact>
          </dl>

          <div className="ops-contact-status-row">
            <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>
            <SavingSelect
              id="contact-status"
              label={t("con.changeStatus")}
              fieldClassName="ops-contact-status-row__select"
              options={CONTACT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
              value={status}
              busy={statusBusy}
              savingHint={t("con.saving")}
              onSave={(value) => onStatus(value as ContactStatus)}
            />
            <AssigneeSelect contact={contact} />
          </div>

          <DetailsSection id="contact-message-heading" title={t("con.col.message")}>
            <p className="ops-message">{contact.message}</p>
          </DetailsSection>

          <DetailsSection id="contact-replies-heading" title={t("con.history")}>
            {contact.replies.length === 0 ? (
              <p className="text-muted text-sm">{t("con.noReplies", { email: contact.email })}</p>
            ) : (
              <ol className="ops-reply list-plain">
                {contact.replies.map((r) => (
                  <li key={r.id} className="ops-reply__item">
                    <p className="ops-reply__meta">
                      <strong>{r.respondedBy}</strong> · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                    </p>
                    <p className="ops-message ops-message--reply">{r.message}</p>
                  </li>
                ))}
              </ol>
            )}
          </DetailsSection>
        </div>
      ) : null}
    </Dialog>
  );
}
