/**
 * Create New Ticket (spec part 2, Help and Support): subject, category (general), priority (medium),
 * description (6 rows), all required (§5, checked with the shared schema). Cancel or closing clears the
 * form; 'Creating Ticket...' while it is sent; a failure stays inside with what was typed.
 */

import { type FormEvent, useState } from "react";
import { help } from "../../../shared/i18n/help.ts";
import { createTicketInput } from "../../../shared/schemas/tickets.ts";
import { checkInput, focusFirstInvalid, schemaRules, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/dialog.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { categoryOptions, HELP_TEXT, priorityOptions } from "./ticket-text.ts";

export const EMPTY_TICKET = { subject: "", category: "general", priority: "medium", description: "" };
type TicketForm = typeof EMPTY_TICKET;

const ID = (field: keyof TicketForm) => `new-ticket-${field}`;
const IDS = Object.fromEntries((Object.keys(EMPTY_TICKET) as (keyof TicketForm)[]).map((f) => [f, ID(f)]));
/** The shared schema's rules, shown beside the fields after a send attempt. */
const RULES = {
  validate: schemaRules<TicketForm>(createTicketInput),
  showOn: "submit",
  ids: IDS,
} as const;

export function CreateTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (ticketNumber: string) => void;
}) {
  const t = useT(help);
  const create = trpc.tickets.create.useMutation();
  const form = useFormState<TicketForm>(EMPTY_TICKET, RULES);
  const { values, field } = form;
  const [failure, setFailure] = useState<string | null>(null);

  const clear = () => {
    form.reset(EMPTY_TICKET);
    setFailure(null);
  };

  const close = () => {
    if (create.isPending) return;
    clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    form.attempt();
    const result = checkInput(createTicketInput, values);
    if (!result.ok) {
      focusFirstInvalid(result.messages, IDS);
      return;
    }
    try {
      const { ticket } = await create.mutateAsync(result.value);
      clear();
      onCreated(ticket.ticketNumber);
    } catch (err) {
      setFailure(failureMessage(err, HELP_TEXT.createFailed));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t("new.title")}
      description={t("new.lead")}
      size="lg"
      formId="new-ticket-form"
      onSubmit={submit}
      busy={create.isPending}
      cancelLabel={t("new.cancel")}
      submitLabel={t("new.create")}
      busyLabel={HELP_TEXT.creating}
      failure={failure}
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
