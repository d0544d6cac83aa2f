/**
 * /student/help/new: asking the institute a question (a support ticket): subject, category, priority and
 * the question itself, checked with the shared schema the server uses. Once sent, the student lands on the
 * question's own page; a failure keeps what was typed.
 */
import { Link, useLocation } from "wouter";
import { TICKET_CATEGORIES, TICKET_DESCRIPTION_MIN, TICKET_PRIORITIES } from "../../../shared/constants.ts";
import { help, ticketCategoryName, ticketPriorityName } from "../../../shared/i18n/help.ts";
import { notices } from "../../../shared/i18n/notices.ts";
import { type FieldMessages, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { buttonClass } from "../../ui/button.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { FormFailure } from "../../ui/load-error.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { useToast } from "../../ui/toast.tsx";
import { BackToHelp } from "./back-to-help.tsx";

const EMPTY = { subject: "", category: "general", priority: "medium", description: "" };
type Values = typeof EMPTY;
type Field = keyof Values;
const IDS: Record<Field, string> = {
  subject: "help-new-subject",
  category: "help-new-category",
  priority: "help-new-priority",
  description: "help-new-description",
};
/**
 * What must be filled in before sending, in the tickets schema's own words; the server applies that schema
 * in full (lengths, choices) and its field errors land beside the same fields. The schema is not imported
 * here: shared with the admin's help page it would become a chunk of its own, and every chunk costs the /
 * page's script budget bytes (docs/PERFORMANCE.md).
 */
function required(values: Values): FieldMessages<Field> {
  const messages: FieldMessages<Field> = {};
  if (!values.subject.trim()) messages.subject = help.t("rule.subject");
  // In characters as seen (graphemes), as the schema counts them.
  const described = [...new Intl.Segmenter().segment(values.description.trim())].length;
  if (!described) messages.description = help.t("rule.description");
  else if (described < TICKET_DESCRIPTION_MIN) messages.description = help.t("rule.descriptionShort", { min: TICKET_DESCRIPTION_MIN });
  return messages;
}
const RULES = { validate: required, showOn: "submit", ids: IDS, warnOnLeave: true } as const;

export function NewTicketPage() {
  const t = useT(notices);
  const tHelp = useT(help);
  const [, navigate] = useLocation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const create = trpc.tickets.create.useMutation();
  const form = useFormState<Values>(EMPTY, RULES);
  const { values, field } = form;

  const submit = form.handleSubmit(
    async () => {
      const { ticket } = await create.mutateAsync({ ...values, subject: values.subject.trim(), description: values.description.trim() });
      void utils.tickets.mine.invalidate();
      toast.show(t("help.new.sent", { number: ticket.ticketNumber }));
      // In place of the form: Back then leads to where the student came from, not to an empty form that
      // reads as if the question was never sent (walk 27b).
      navigate(`/${ticket.id}`, { replace: true });
    },
    {
      busy: create.isPending,
      failed: (err) => failureMessage(err, t("help.new.failed")),
      mapping: { fields: Object.keys(IDS) as Field[] },
    },
  );

  return (
    <div className="page-stack help-page">
      <BackToHelp />
      <StudentPageHeader title={t("help.new.title")} lead={t("help.new.lead")} />
      {/* No heading of its own: it said the page's h1 again (walk 30b). */}
      <section className="ui-card">
        <div className="ui-card__body">
          <form className="stack help-form" onSubmit={submit} noValidate>
            <FormFailure message={form.failure} />
            <TextInput {...field("subject")} label={tHelp("new.subject")} required maxLength={200} hint={t("help.new.subjectHint")} />
            <div className="grid grid--2 grid--sm">
              <Select
                {...field("category")}
                label={tHelp("new.category")}
                required
                options={TICKET_CATEGORIES.map((value) => ({ value, label: ticketCategoryName(value) }))}
              />
              <Select
                {...field("priority")}
                label={tHelp("new.priority")}
                required
                options={TICKET_PRIORITIES.map((value) => ({ value, label: ticketPriorityName(value) }))}
              />
            </div>
            <TextArea
              {...field("description")}
              label={tHelp("new.description")}
              required
              rows={7}
              maxLength={5000}
              hint={t("help.new.questionHint")}
            />
            <p className="text-sm text-muted">{t("help.new.after")}</p>
            <FormActions busy={create.isPending} submitLabel={t("help.new.send")} busyLabel={t("help.new.sending")}>
              <Link href="~/student/help" className={buttonClass("secondary")}>
                {t("help.new.cancel")}
              </Link>
            </FormActions>
          </form>
        </div>
      </section>
    </div>
  );
}
