/**
 * One ticket: who raised it and what about, its conversation, a response box, and the two admin
 * controls — status (open, in progress, resolved, closed) and the administrator it is assigned to.
 * Each change answers with the updated ticket, which replaces the cached one; the list is refreshed.
 */

import { type FormEvent, useEffect, useRef, useState } from "react";
import { help } from "../../../shared/i18n/help.ts";
import { useTextField } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { mailHref } from "../../lib/links.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, priorityTone, statusTone } from "../../ui/badge.tsx";
import { DetailsFact, DetailsSection } from "../../ui/details-section.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TextArea } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { failureMessage, formatDateTime } from "../../ui/list-controls.tsx";
import { FormFailure, isGone, RecordLoadState } from "../../ui/load-error.tsx";
import { SavingSelect } from "../../ui/saving-select.tsx";
import { EmailText } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";
import { categoryLabel, HELP_TEXT, priorityLabel, statusOptions, statusText, type TicketStatus } from "./ticket-text.ts";

const RESPONSE_ID = "ticket-response";

export function TicketDetailsDialog({
  ticketId,
  focusResponse,
  onClose,
  onChanged,
}: {
  ticketId: number | null;
  /** opened with "Add response": the response box takes the focus */
  focusResponse: boolean;
  onClose: () => void;
  /** after a response, status change or assignment: refresh the list and counters */
  onChanged: () => void;
}) {
  const t = useT(help);
  const toast = useToast();
  const utils = trpc.useUtils();
  const open = ticketId !== null;
  // Read again when the tab comes back to the front, as the list behind it is.
  const details = trpc.tickets.get.useQuery({ id: ticketId ?? 0 }, { enabled: open, staleTime: 0, refetchOnWindowFocus: true });
  const members = trpc.staff.members.useQuery(undefined, { enabled: open, staleTime: 5 * 60_000 });
  // Read, the ticket's notifications are read too (the server marks them): the bell says so at once.
  const shownId = details.data?.ticket.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per ticket opened
  useEffect(() => {
    if (shownId !== undefined) void utils.notifications.invalidate();
  }, [shownId]);
  const respond = trpc.tickets.respond.useMutation();
  const setStatus = trpc.tickets.setStatus.useMutation();
  const assign = trpc.tickets.assign.useMutation();
  const message = useTextField();
  const { setValue: setMessage, setError: setMessageError } = message;
  const [failure, setFailure] = useState<string | null>(null);
  const responseRef = useRef<HTMLTextAreaElement>(null);

  // A new ticket starts with an empty response box.
  useEffect(() => {
    setMessage("");
    setMessageError(null);
    setFailure(null);
  }, [ticketId, setMessage, setMessageError]);

  const ticket = details.data?.ticket;
  useEffect(() => {
    if (focusResponse && ticket && responseRef.current) responseRef.current.focus();
  }, [focusResponse, ticket?.id]);

  const apply = (id: number, answer: NonNullable<typeof details.data>, note: string) => {
    utils.tickets.get.setData({ id }, answer);
    toast.show(note);
    onChanged();
  };

  // One response at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const sendResponse = (event: FormEvent) => {
    event.preventDefault();
    if (!ticket || respond.isPending) return;
    const text = message.value.trim();
    if (!text) {
      setMessageError(t("rule.response"));
      responseRef.current?.focus();
      return;
    }
    if (!sending.start()) return;
    setFailure(null);
    respond.mutate(
      { id: ticket.id, message: text },
      {
        onSuccess: (answer) => {
          setMessage("");
          apply(ticket.id, answer, HELP_TEXT.responseSent);
        },
        onError: (err) => {
          setFailure(failureMessage(err, HELP_TEXT.responseFailed));
          // A colleague closed or answered it meanwhile: show the ticket as it is now (twelfth walk).
          void details.refetch();
          onChanged();
        },
        onSettled: sending.settled,
      },
    );
  };

  const changeStatus = (status: TicketStatus) => {
    if (!ticket || status === ticket.status) return;
    setFailure(null);
    setStatus.mutate(
      { id: ticket.id, status },
      {
        onSuccess: (answer) => apply(ticket.id, answer, HELP_TEXT.statusChanged),
        onError: (err) => setFailure(failureMessage(err, HELP_TEXT.statusFailed)),
      },
    );
  };

  const changeAssignee = (value: string) => {
    if (!ticket) return;
    const assignedTo = value === "" ? null : Number(value);
    if (assignedTo === ticket.assignedTo) return;
    setFailure(null);
    assign.mutate(
      { id: ticket.id, assignedTo },
      {
        onSuccess: (answer) => apply(ticket.id, answer, HELP_TEXT.assigned),
        onError: (err) => setFailure(failureMessage(err, HELP_TEXT.assignFailed)),
      },
    );
  };

  const closed = ticket?.status === "closed";
  const adminOptions = [
    { value: "", label: t("det.notAssigned") },
    ...(members.data?.members ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];
  // A ticket assigned to someone no longer listed (deactivated) still shows who it is.
  if (ticket?.assignedTo && !adminOptions.some((o) => o.value === String(ticket.assignedTo))) {
    adminOptions.push({
      value: String(ticket.assignedTo),
      label: ticket.assignedToName ?? t("det.adminNumber", { id: ticket.assignedTo }),
    });
  }

  return (
    <Dialog
      startAtClose
      open={open}
      onClose={onClose}
      title={ticket ? t("det.title", { number: ticket.ticketNumber }) : t("det.fallback")}
      size="lg"
    >
      <RecordLoadState
        shown={ticket !== undefined}
        loading={details.isPending}
        loadError={details.isError ? failureMessage(details.error, HELP_TEXT.detailsFailed) : null}
        onRetry={isGone(details.error) ? undefined : () => void details.refetch()}
        label={t("det.loading")}
        retryLabel={t("det.tryAgain")}
      />
      {ticket ? (
        <div className="stack stack--lg">
          {/* At the top of a dialog that may be scrolled to its Send button (a phone): brought into view with the
              focus (twelfth walk: nothing on screen said the reply was not sent). */}
          <FormFailure message={failure} onDismiss={() => setFailure(null)} />
          <div className="stack stack--sm">
            <h3 className="ac-ticket__subject">{ticket.subject}</h3>
            <p className="cluster cluster--sm">
              <Badge tone={statusTone(ticket.status)}>{statusText(ticket.status)}</Badge>
              <Badge tone={priorityTone(ticket.priority)}>{t("priorityBadge", { priority: priorityLabel(ticket.priority) })}</Badge>
              <Badge tone="neutral">{categoryLabel(ticket.category)}</Badge>
            </p>
          </div>
          <dl className="ops-details ops-details--two">
            <DetailsFact label={t("det.raisedBy")}>
              {ticket.studentName}
              <br />
              <a href={mailHref(ticket.studentEmail)} className="ops-break">
                <EmailText address={ticket.studentEmail} />
              </a>
            </DetailsFact>
            <DetailsFact label={t("det.created")}>{formatDateTime(ticket.createdAt)}</DetailsFact>
          </dl>

          <div className="ac-ticket__controls">
            <SavingSelect
              id="ticket-status"
              label={t("det.status")}
              options={statusOptions()}
              value={ticket.status}
              busy={setStatus.isPending}
              savingHint={t("det.saving")}
              // Saved as soon as it is chosen, apart from an answer typed below (walk 17 chose Resolved first).
              hint={t("det.statusAtOnce")}
              onSave={(value) => changeStatus(value as TicketStatus)}
            />
            <SavingSelect
              id="ticket-assignee"
              label={t("det.assignedTo")}
              options={adminOptions}
              value={ticket.assignedTo ? String(ticket.assignedTo) : ""}
              busy={assign.isPending}
              loading={members.isPending}
              savingHint={t("det.saving")}
              onSave={changeAssignee}
            />
          </div>

          <DetailsSection id="ticket-conversation-title" title={t("det.conversation")}>
            <ol className="ops-reply list-plain">
              <li className="ops-reply__item">
                <p className="ops-reply__meta">
                  <strong>{ticket.studentName}</strong> · {formatDateTime(ticket.createdAt)}
                </p>
                <p className="ops-message">{ticket.description}</p>
              </li>
              {ticket.responses.map((r) => (
                <li key={r.id} className="ops-reply__item">
                  <p className="ops-reply__meta">
                    <strong>{r.authorName}</strong>
                    {r.fromStaff ? t("det.staff") : ""} · {formatDateTime(r.createdAt)}
                  </p>
                  <p className={r.fromStaff ? "ops-message ops-message--reply" : "ops-message"}>{r.message}</p>
                </li>
              ))}
            </ol>
            {ticket.responses.length === 0 ? <p className="text-sm text-muted">{t("det.noResponses")}</p> : null}
          </DetailsSection>

          {closed ? (
            <Alert tone="info">{t("det.closed")}</Alert>
          ) : (
            <form className="stack stack--sm" onSubmit={sendResponse} noValidate>
              <TextArea
                ref={responseRef}
                id={RESPONSE_ID}
                label={t("det.yourResponse")}
                rows={4}
                maxLength={5000}
                hint={ticket.status === "open" ? t("det.moves") : undefined}
                {...message.bind}
              />
              <FormActions busy={respond.isPending} submitLabel={t("det.send")} busyLabel={t("det.sending")} />
            </form>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
