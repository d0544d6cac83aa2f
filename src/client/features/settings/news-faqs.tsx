/**
 * Site content → News and FAQs (issue 17): each a server-paginated list with Add, Edit and Delete (asked
 * first), the form checked with the shared schema the server uses. News has a publish date (a later one
 * publishes on that day) and a published switch; a FAQ has a topic, a position and a shown switch.
 */
import { type FormEvent, type ReactNode, useState } from "react";
import type * as v from "valibot";
import { config } from "../../../shared/i18n/config.ts";
import { faqInput, newsInput } from "../../../shared/schemas/content.ts";
import { normaliseError } from "../../lib/errors.ts";
import { addOrUpdate, checkInput, focusFirstMarked, messagesByField } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { type RouterInputs, type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { Checkbox, TextArea, TextInput } from "../../ui/field.tsx";
import { ConfirmDialog, failureMessage, formatDateTime } from "../../ui/list-controls.tsx";
import { CardTable } from "../../ui/list-page.tsx";
import { PlusIcon } from "../../ui/more-icons.tsx";
import { Pagination, useScreenPages } from "../../ui/pagination.tsx";
import { actionsColumn, type TableColumn } from "../../ui/table.tsx";
import { useToast } from "../../ui/toast.tsx";

type News = RouterOutputs["content"]["news"]["news"][number];
type Faq = RouterOutputs["content"]["faqs"]["faqs"][number];

interface Field {
  key: string;
  label: string;
  kind: "text" | "area" | "moment" | "check";
  required?: boolean;
  maxLength?: number;
}

/** One add/edit dialog for either list: its fields, the shared schema, and where it sends. */
function ItemDialog({
  title,
  fields,
  initial,
  schema,
  onSave,
  onClose,
}: {
  title: string;
  fields: readonly Field[];
  initial: Record<string, string | boolean>;
  schema: v.GenericSchema;
  onSave: (input: Record<string, unknown>) => Promise<{ message: string }>;
  onClose: () => void;
}) {
  const t = useT(config);
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // One save at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkInput(schema, values);
    const formElement = event.currentTarget as HTMLFormElement;
    if (!checked.ok) {
      setErrors(checked.messages as Record<string, string>);
      focusFirstMarked(formElement);
      return;
    }
    void sending.run(async () => {
      setErrors({});
      setFailure(null);
      setBusy(true);
      try {
        const answer = await onSave(values);
        toast.show(answer.message);
        onClose();
      } catch (err) {
        setErrors(messagesByField(normaliseError(err).errors) as Record<string, string>);
        setFailure(failureMessage(err, t("content.failed")));
        focusFirstMarked(formElement);
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      title={title}
      formId="content-item-form"
      onSubmit={submit}
      busy={busy}
      cancelLabel={t("cancel")}
      submitLabel={t("item.save")}
      failure={failure}
    >
      {fields.map((f) => {
        const id = `content-item-${f.key}`;
        const set = (value: string | boolean) => setValues((all) => ({ ...all, [f.key]: value }));
        if (f.kind === "check")
          return <Checkbox key={f.key} id={id} label={f.label} checked={values[f.key] === true} onChange={(e) => set(e.target.checked)} />;
        const common = { id, label: f.label, required: f.required, error: errors[f.key], value: String(values[f.key] ?? "") };
        if (f.kind === "area")
          return <TextArea key={f.key} {...common} rows={5} maxLength={f.maxLength} onChange={(e) => set(e.target.value)} />;
        return (
          <TextInput
            key={f.key}
            {...common}
            type={f.kind === "moment" ? "datetime-local" : "text"}
            maxLength={f.maxLength}
            onChange={(e) => set(e.target.value)}
          />
        );
      })}
    </FormDialog>
  );
}

/**
 * A tab's list: its table (each row with Edit and Delete), pages and Add; the add/edit dialog; Delete, asked
 * first. The tab gives its rows, columns and fields, and how an item is saved and deleted; its words are the
 * catalogue's under its `kind` (news.add, news.none, news.dialogAdd …; the caption list.caption.news).
 */
function ContentList<Row extends { id: number }>({
  kind,
  list,
  columns,
  titleOf,
  form,
  save,
  remove,
  refresh,
  confirmText,
}: {
  kind: "news" | "faq";
  list: { rows: Row[]; pagination?: { totalPages: number }; loading: boolean; page: number; setPage: (p: number) => void };
  /** the columns before Edit and Delete */
  columns: TableColumn<Row>[];
  /** the row's title, which names its buttons */
  titleOf: (row: Row) => string;
  form: {
    fields: readonly Field[];
    schema: v.GenericSchema;
    empty: Record<string, string | boolean>;
    valuesOf: (row: Row) => Record<string, string | boolean>;
  };
  /** adds an item (row null) or saves the row's changes */
  save: (input: Record<string, unknown>, row: Row | null) => Promise<{ message: string }>;
  remove: (row: Row) => Promise<{ message: string }>;
  /** fetches the lists again after a change */
  refresh: () => Promise<unknown>;
  /** what Delete's question says of the row */
  confirmText: (row: Row) => string;
}) {
  const t = useT(config);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const { pagination, page, setPage } = list;
  return (
    <>
      <div className="stack">
        <div>
          <Button onClick={() => setEditing("new")}>
            <PlusIcon size={18} /> {t(`${kind}.add`)}
          </Button>
        </div>
        <CardTable
          caption={t(`list.caption.${kind}`)}
          className="ops-table"
          columns={[...columns, editDeleteColumn<Row>(t, titleOf, setEditing, setDeleting)]}
          rows={list.rows}
          rowKey={(r) => r.id}
          loading={list.loading}
          empty={<p className="text-muted content-empty">{t(`${kind}.none`)}</p>}
        />
        {pagination && pagination.totalPages > 1 ? <Pagination page={page} totalPages={pagination.totalPages} onChange={setPage} /> : null}
      </div>
      {editing ? (
        <ItemDialog
          title={editing === "new" ? t(`${kind}.dialogAdd`) : t(`${kind}.dialogEdit`)}
          fields={form.fields}
          schema={form.schema}
          initial={editing === "new" ? form.empty : form.valuesOf(editing)}
          onSave={async (values) => {
            const answer = await save(values, editing === "new" ? null : editing);
            void refresh();
            return answer;
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteDialog
        title={t(`${kind}.confirmDelete`)}
        text={deleting ? confirmText(deleting) : null}
        onDelete={() => remove(deleting!)}
        onDone={() => void refresh()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** Delete, asked first: `text` names the item (null: the dialog is closed); the server's answer is the toast. */
function DeleteDialog({
  title,
  text,
  onDelete,
  onDone,
  onClose,
}: {
  title: string;
  text: string | null;
  onDelete: () => Promise<{ message: string }>;
  onDone: () => void;
  onClose: () => void;
}) {
  const t = useT(config);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // One delete at a time: a double click's second click comes before the dialog shows itself busy.
  const sending = useOneAtATime();
  const confirm = () =>
    sending.run(async () => {
      setBusy(true);
      try {
        toast.show((await onDelete()).message);
        onClose();
        onDone();
      } catch (err) {
        toast.failed(err, t("content.failed"));
      } finally {
        setBusy(false);
      }
    });
  return (
    <ConfirmDialog
      open={text !== null}
      title={title}
      confirmLabel={t("delete")}
      tone="danger"
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}

const action = (label: string, name: string, onClick: () => void, t: (k: "news.for", p: Record<string, string>) => string): ReactNode => (
  <Button size="sm" variant="secondary" onClick={onClick}>
    <span aria-hidden="true">{label}</span>
    <span className="sr-only">{t("news.for", { action: label, title: name })}</span>
  </Button>
);

/** The Edit and Delete buttons of a row, each named for screen readers with the row's title. */
function editDeleteColumn<Row>(
  t: (key: "news.edit" | "news.delete" | "news.for", params?: Record<string, string>) => string,
  titleOf: (row: Row) => string,
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
): TableColumn<Row> {
  return actionsColumn((row) => (
    <span className="ops-row-buttons">
      {action(t("news.edit"), titleOf(row), () => onEdit(row), t)}
      {action(t("news.delete"), titleOf(row), () => onDelete(row), t)}
    </span>
  ));
}

export function NewsTab() {
  const t = useT(config);
  const utils = trpc.useUtils();
  const { page, setPage, query } = useScreenPages(trpc.content.news, (page) => ({ page, limit: 10 }));
  const saving = addOrUpdate(trpc.content.addNews.useMutation(), trpc.content.updateNews.useMutation());
  const remove = trpc.content.removeNews.useMutation();
  const FIELDS: Field[] = [
    { key: "title", label: t("news.field.title"), kind: "text", required: true, maxLength: 200 },
    { key: "body", label: t("news.field.body"), kind: "area", required: true, maxLength: 5000 },
    { key: "publishedAt", label: t("news.field.publishedAt"), kind: "moment" },
    { key: "isPublished", label: t("news.field.isPublished"), kind: "check" },
  ];
  const columns: TableColumn<News>[] = [
    { key: "item", header: t("col.item"), render: (n) => <span className="ops-strong">{n.title}</span> },
    {
      key: "status",
      header: t("col.status"),
      className: "ui-table__cell--nowrap",
      render: (n) => (
        <Badge tone={n.status === "live" ? "approved" : n.status === "scheduled" ? "info" : "neutral"}>
          {t(`news.status.${n.status}`)}
        </Badge>
      ),
    },
    { key: "date", header: t("col.date"), className: "ui-table__cell--nowrap", render: (n) => formatDateTime(n.publishedAt) },
  ];
  return (
    <ContentList<News>
      kind="news"
      list={{ rows: query.data?.news ?? [], pagination: query.data?.pagination, loading: query.isPending, page, setPage }}
      columns={columns}
      titleOf={(n) => n.title}
      form={{
        fields: FIELDS,
        schema: newsInput,
        empty: { title: "", body: "", publishedAt: "", isPublished: true },
        valuesOf: (n) => ({ title: n.title, body: n.body, publishedAt: n.publishedAtLocal, isPublished: n.isPublished }),
      }}
      save={(values, n) => saving.save(n?.id, values as RouterInputs["content"]["addNews"])}
      remove={(n) => remove.mutateAsync({ id: n.id })}
      refresh={() => Promise.all([utils.content.news.invalidate(), utils.site.news.invalidate()])}
      confirmText={(n) => t("news.confirmText", { title: n.title })}
    />
  );
}

export function FaqTab() {
  const t = useT(config);
  const utils = trpc.useUtils();
  const { page, setPage, query } = useScreenPages(trpc.content.faqs, (page) => ({ page, limit: 10 }));
  const saving = addOrUpdate(trpc.content.addFaq.useMutation(), trpc.content.updateFaq.useMutation());
  const remove = trpc.content.removeFaq.useMutation();
  const FIELDS: Field[] = [
    { key: "question", label: t("faq.field.question"), kind: "text", required: true, maxLength: 300 },
    { key: "answer", label: t("faq.field.answer"), kind: "area", required: true, maxLength: 5000 },
    { key: "category", label: t("faq.field.category"), kind: "text", maxLength: 60 },
    { key: "sortOrder", label: t("faq.field.sortOrder"), kind: "text" },
    { key: "isPublished", label: t("faq.field.isPublished"), kind: "check" },
  ];
  const columns: TableColumn<Faq>[] = [
    { key: "item", header: t("col.item"), render: (f) => <span className="ops-strong">{f.question}</span> },
    {
      key: "status",
      header: t("col.status"),
      className: "ui-table__cell--nowrap",
      render: (f) => <Badge tone={f.isPublished ? "approved" : "neutral"}>{f.isPublished ? t("faq.shown") : t("faq.hidden")}</Badge>,
    },
  ];
  return (
    <ContentList<Faq>
      kind="faq"
      list={{ rows: query.data?.faqs ?? [], pagination: query.data?.pagination, loading: query.isPending, page, setPage }}
      columns={columns}
      titleOf={(f) => f.question}
      form={{
        fields: FIELDS,
        schema: faqInput,
        empty: { question: "", answer: "", category: "", sortOrder: "", isPublished: true },
        valuesOf: (f) => ({
          question: f.question,
          answer: f.answer,
          category: f.category ?? "",
          sortOrder: String(f.sortOrder),
          isPublished: f.isPublished,
        }),
      }}
      save={(values, f) => saving.save(f?.id, values as RouterInputs["content"]["addFaq"])}
      remove={(f) => remove.mutateAsync({ id: f.id })}
      refresh={() => Promise.all([utils.content.faqs.invalidate(), utils.content.publicFaqs.invalidate()])}
      confirmText={(f) => f.question}
    />
  );
}
