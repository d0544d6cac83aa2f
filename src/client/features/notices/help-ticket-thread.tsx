/**
 * /student/help/<id>: one of the student's questions — what was asked, the conversation since (the
 * institute's answers marked as such), and the reply box; a closed question cannot be answered. Refreshed
 * every 30 seconds while shown, so an answer appears without reloading. Another student's question, or one
 * that does not exist, reads as "not found" (the server answers 404 for both).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { NOTIFICATION_POLL_MS } from "../../../shared/constants.ts";
import { help, ticketCategoryName, ticketPriorityName, ticketStatusName } from "../../../shared/i18n/help.ts";
import { notices } from "../../../shared/i18n/notices.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useTextField } from "../../lib/form.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, priorityTone, statusTone } from "../../ui/badge.tsx";
import { buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { TextArea } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { FormFailure, ListLoadError } from "../../ui/load-error.tsx";
import { HelpCircleIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { useToast } from "../../ui/toast.tsx";
import { BackToHelp } from "./back-to-help.tsx";

const REPLY_ID = "help-reply";

export function TicketThread({ id }: { id: number | null }) {
  const t = useT(notices);
  useT(help);
  const query = trpc.tickets.get.useQuery(
    { id: id ?? 0 },
    {
      enabled: id !== null,
      retry: (count, err) => normaliseError(err).status !== 404 && count < 2,
      refetchInterval: NOTIFICATION_POLL_MS,
      refetchIntervalInBackground: false,
    },
  );
  const ticket = query.data?.ticket;
  usePageTitle(ticket ? ticket.subject : t("help.thread.title"));
  // Read, the ticket's notifications are read too (the server marks them): the bell says so at once.
  const utils = trpc.useUtils();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per ticket opened, not at each poll
  useEffect(() => {
    if (ticket) void utils.notifications.invalidate();
  }, [ticket?.id]);
  const missing = id === null || (query.isError && normaliseError(query.error).status === 404);

  if (missing)
    return (
      <div className="page-stack help-page">
        <BackToHelp />
        <EmptyState
          icon={<HelpCircleIcon size={28} />}
          title={t("help.thread.notFound")}
          description={t("help.thread.notFound.text")}
          action={
            <Link href="~/student/help" className={buttonClass("secondary")}>
              {t("help.back")}
            </Link>
          }
        />
      </div>
    );
  if (query.isError && !ticket)
    return (
      <div className="page-stack help-page">
        <BackToHelp />
        <ListLoadError message={t("help.thread.failed")} query={query} />
      </div>
    );
  if (!ticket)
    return (
      <div className="page-stack help-page">
        <BackToHelp />
        <Skeleton lines={8} />
      </div>
    );

  return (
    <div className="page-stack help-page">
      <BackToHelp />
      <header className="page-header student-page-header">
        <div>
          <h1 className="help-thread__subject">{ticket.subject}</h1>
          <p>{t("help.thread.meta", { number: ticket.ticketNumber, date: formatDateTime(ticket.createdAt) })}</p>
        </div>
      </header>
      <p className="cluster cluster--sm">
        <Badge tone={statusTone(ticket.status)}>{ticketStatusName(ticket.status)}</Badge>
        <Badge tone={priorityTone(ticket.priority)}>{t("help.thread.priority", { priority: ticketPriorityName(ticket.priority) })}</Badge>
        <Badge tone="neutral">{ticketCategoryName(ticket.category)}</Badge>
      </p>

      <section className="ui-card" aria-labelledby="help-conversation-title">
        <div className="ui-card__body stack">
          <h2 id="help-conversation-title" className="help-section-title">
            {t("help.thread.conversation")}
          </h2>
          <ol className="help-thread list-plain">
            <li className="help-message help-message--mine">
              <p className="help-message__meta">
                <strong>{t("help.thread.you")}</strong> · <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
              </p>
              <p className="help-message__text">{ticket.description}</p>
            </li>
            {ticket.responses.map((r) => (
              <li key={r.id} className={r.fromStaff ? "help-message help-message--staff" : "help-message help-message--mine"}>
                <p className="help-message__meta">
                  <strong>{r.fromStaff ? r.authorName : t("help.thread.you")}</strong>
                  {r.fromStaff ? <span className="help-message__role"> · {t("help.thread.institute")}</span> : null} ·{" "}
                  <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                </p>
                <p className="help-message__text">{r.message}</p>
              </li>
            ))}
          </ol>
          {ticket.responses.some((r) => r.fromStaff) ? null : <p className="text-sm text-muted">{t("help.thread.waiting")}</p>}
        </div>
      </section>

      {ticket.status === "closed" ? (
        <Alert tone="info">
          <p>{t("help.thread.closed")}</p>
          <Link href="/new" className={buttonClass("secondary", "sm")}>
            {t("help.ask")}
          </Link>
        </Alert>
      ) : (
        <ReplyBox ticketId={ticket.id} />
      )}
      <p className="text-sm text-muted">{t("help.thread.emailNote")}</p>
    </div>
  );
}

function ReplyBox({ ticketId }: { ticketId: number }) {
  const t = useT(notices);
  const toast = useToast();
  const utils = trpc.useUtils();
  const respond = trpc.tickets.respond.useMutation();
  const message = useTextField("", { warnOnLeave: true });
  const [failure, setFailure] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  // One reply at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (respond.isPending) return;
    setFailure(null);
    // The tickets schema's rule for a reply (the server applies the schema in full; see help-ticket-form.tsx).
    const text = message.value.trim();
    if (!text) {
      message.setError(help.t("rule.response"));
      ref.current?.focus();
      return;
    }
    if (!sending.start()) return;
    respond.mutate(
      { id: ticketId, message: text },
      {
        onSuccess: (answer) => {
          utils.tickets.get.setData({ id: ticketId }, answer);
          void utils.tickets.mine.invalidate();
          message.setValue("");
          toast.show(t("help.reply.sent"));
          // The reply lands above the box and pushes it down: the control with the focus stays in sight
          // (tenth walk: Send was left below the screen).
          requestAnimationFrame(() => {
            const focused = document.activeElement;
            if (focused instanceof HTMLElement && ref.current?.form?.contains(focused)) focused.scrollIntoView?.({ block: "nearest" });
          });
        },
        onError: (err) => setFailure(failureMessage(err, t("help.reply.failed"))),
        onSettled: sending.settled,
      },
    );
  };

  return (
    <section className="ui-card" aria-labelledby="help-reply-title">
      <form className="ui-card__body stack stack--sm" onSubmit={send} noValidate>
        <h2 id="help-reply-title" className="help-section-title">
          {t("help.reply.title")}
        </h2>
        <FormFailure message={failure} />
        <TextArea
          ref={ref}
          id={REPLY_ID}
          label={t("help.reply.label")}
          rows={4}
          maxLength={5000}
          hint={t("help.reply.hint")}
          {...message.bind}
        />
        <FormActions busy={respond.isPending} submitLabel={t("help.reply.send")} busyLabel={t("help.reply.sending")} />
      </form>
    </section>
  );
}
