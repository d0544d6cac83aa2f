/**
 * Create New Ticket (spec part 2, Help and Support): subject, category (general), priority (medium),
 * description (6 rows), all required (§5, checked with the shared schema). Cancel or closing clears the
 * form; 'Creating Ticket...' while it is sent; a failure stays inside with what was typed.
 */

import * as v from "valibot";
import { help } from "../../../shared/i18n/help.ts";
import { createTicketInput } from "../../../shared/schemas/tickets.ts";
import { fieldIds, schemaRules, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/dialog.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { categoryOptions, HELP_TEXT, priorityOptions } from "./ticket-text.ts";

export const EMPTY_TICKET = { subject: "", category: "general", priority: "medium", description: "" };
type TicketForm = typeof EMPTY_TICKET;

const IDS = fieldIds("new-ticket", Object.keys(EMPTY_TICKET) as (keyof TicketForm)[]);
/** The shared schema's rules, shown beside the fields after a send attempt. */
const RULES = {
  validate: schemaRules<TicketForm>(createTicketInput),
  showOn: "submit",
  ids: IDS,
} as const;

/** Shown only while wanted (the page mounts it): each opening starts from an empty form. */
export function CreateTicketDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (ticketNumber: string) => void }) {
  const t = useT(help);
  const create = trpc.tickets.create.useMutation();
  const form = useFormState<TicketForm>(EMPTY_TICKET, RULES);
  const { values, field } = form;

  const submission = form.submission(
    async () => {
      // The rules passed: what is sent is the shared schema's reading of the form.
      const { ticket } = await create.mutateAsync(v.parse(createTicketInput, values));
      onCreated(ticket.ticketNumber);
    },
    { busy: create.isPending, failed: (err) => failureMessage(err, HELP_TEXT.createFailed) },
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t("new.title")}
      description={t("new.lead")}
      size="lg"
      formId="new-ticket-form"
      form={submission}
      cancelLabel={t("new.cancel")}
      submitLabel={t("new.create")}
      busyLabel={HELP_TEXT.creating}
    >
      <TextInput {...field("subject")} label={t("new.subject")} required maxLength={200} />
      <div className="ops-form-grid">
        <Select {...field("category")} label={t("new.category")} required options={categoryOptions()} />
        <Select {...field("priority")} label={t("new.priority")} required options={priorityOptions()} />
      </div>
      <TextArea {...field("description")} label={t("new.description")} required rows={6} maxLength={5000} />
    </FormDialog>
  );
}
