/**
 * Create New Ticket (spec part 2, Help and Support): subject, category (general), priority (medium),
 * description (6 rows), all required (§5, checked with the shared schema). Cancel or closing clears the
 * form; 'Creating Ticket...' while it is sent; a failure stays inside with what was typed.
 */

import { type FormEvent, useState } from "react";
import { createTicketInput } from "../../../shared/schemas/tickets.ts";
import { checkInput } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { CATEGORY_OPTIONS, HELP_TEXT, PRIORITY_OPTIONS, type TicketCategory, type TicketPriority } from "./ticket-text.ts";

export const EMPTY_TICKET = { subject: "", category: "general" as TicketCategory, priority: "medium" as TicketPriority, description: "" };
type TicketForm = typeof EMPTY_TICKET;
type Errors = Partial<Record<keyof TicketForm, string>>;

const ID = (field: keyof TicketForm) => `new-ticket-${field}`;
const ORDER: (keyof TicketForm)[] = ["subject", "category", "priority", "description"];

export function CreateTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (ticketNumber: string) => void;
}) {
  const create = trpc.tickets.create.useMutation();
  const [form, setForm] = useState<TicketForm>(EMPTY_TICKET);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const clear = () => {
    setForm(EMPTY_TICKET);
    setErrors({});
    setFailure(null);
  };

  const close = () => {
    if (create.isPending) return;
    clear();
    onClose();
  };

  const set = <K extends keyof TicketForm>(field: K, value: TicketForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    const result = checkInput(createTicketInput, form);
    if (!result.ok) {
      const found = result.messages as Errors;
      setErrors(found);
      const first = ORDER.find((f) => found[f]);
      if (first) document.getElementById(ID(first))?.focus();
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
    <Dialog
      open={open}
      onClose={close}
      title="Create New Ticket"
      description="Describe the problem or request. Every administrator is notified."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="new-ticket-form" loading={create.isPending}>
            {create.isPending ? HELP_TEXT.creating : "Create Ticket"}
          </Button>
        </>
      }
    >
      <form id="new-ticket-form" className="stack" onSubmit={submit} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <TextInput
          id={ID("subject")}
          label="Subject"
          required
          maxLength={200}
          value={form.subject}
          error={errors.subject}
          onChange={(e) => set("subject", e.target.value)}
        />
        <div className="ops-form-grid">
          <Select
            id={ID("category")}
            label="Category"
            required
            options={CATEGORY_OPTIONS}
            value={form.category}
            error={errors.category}
            onChange={(e) => set("category", e.target.value as TicketCategory)}
          />
          <Select
            id={ID("priority")}
            label="Priority"
            required
            options={PRIORITY_OPTIONS}
            value={form.priority}
            error={errors.priority}
            onChange={(e) => set("priority", e.target.value as TicketPriority)}
          />
        </div>
        <TextArea
          id={ID("description")}
          label="Description"
          required
          rows={6}
          maxLength={5000}
          value={form.description}
          error={errors.description}
          onChange={(e) => set("description", e.target.value)}
        />
      </form>
    </Dialog>
  );
}
