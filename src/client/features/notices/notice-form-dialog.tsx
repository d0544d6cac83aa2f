/**
 * Publish a notice or an event (issue 18, the office): what it is, its words, who gets it (every student or
 * one programme's, with how many that is), its priority, an event's day, time and venue, and whether it is
 * also e-mailed. Checked with the shared schema the server uses; what was typed stays when publishing fails.
 */

import * as v from "valibot";
import { notices } from "../../../shared/i18n/notices.ts";
import {
  NOTICE_BODY_MAX,
  NOTICE_KINDS,
  NOTICE_PRIORITIES,
  NOTICE_TITLE_MAX,
  type NoticeKind,
  noticeForm,
} from "../../../shared/schemas/notices.ts";
import { schemaRules, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { Checkbox, ChoiceCards, Select, TextArea, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";

const FIELDS = ["kind", "title", "body", "programmeId", "priority", "eventDate", "eventTime", "venue", "email"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = {
  kind: "notice",
  title: "",
  body: "",
  programmeId: "all",
  priority: "medium",
  eventDate: "",
  eventTime: "",
  venue: "",
  email: "",
};

const toInput = (values: Values) => ({ ...values, email: values.email === "yes" });
const IDS = Object.fromEntries(FIELDS.map((f) => [f, f === "kind" ? "notice-kind-notice" : `notice-${f}`])) as Record<Field, string>;
const RULES = {
  /** Every field's message at once: an event's missing day shows with a missing title, not after it is fixed. */
  validate: schemaRules(noticeForm, { toInput, abortPipeEarly: false }),
  showOn: "submit",
  ids: IDS,
} as const;

/** Today on this device, YYYY-MM-DD (the server checks the institute's own day). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

export function NoticeFormDialog({
  open,
  onClose,
  onPublished,
}: {
  open: boolean;
  onClose: () => void;
  onPublished: (message: string) => void;
}) {
  const t = useT(notices);
  const audiences = trpc.notices.audiences.useQuery(undefined, { enabled: open, staleTime: 60_000 });
  const publish = trpc.notices.publish.useMutation();
  const form = useFormState<Values>(EMPTY, RULES);
  const { values, field } = form;
  const isEvent = values.kind === "event";

  const submission = form.submission(
    async () => {
      // The rules passed: what is sent is the shared schema's reading of the form.
      const answer = await publish.mutateAsync(v.parse(noticeForm, toInput(values)));
      onPublished(answer.message);
    },
    { busy: publish.isPending, failed: (err) => failureMessage(err, t("admin.failed.publish")), mapping: { fields: FIELDS } },
  );

  const data = audiences.data;
  const reach = !data
    ? null
    : values.programmeId === "all"
      ? data.everyone
      : (data.programmes.find((p) => String(p.id) === values.programmeId)?.students ?? 0);
  const audienceOptions = [
    // "all", not "": a required select whose chosen value is empty reads as unanswered to assistive technology.
    { value: "all", label: data ? t("form.everyone", { count: data.everyone }) : t("form.everyoneShort") },
    ...(data?.programmes ?? []).map((p) => ({
      value: String(p.id),
      label: t("form.programmeOption", { name: p.name, count: p.students }),
    })),
  ];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={t("admin.publishTitle")}
      description={t("admin.publishLead")}
      formId="notice-form"
      form={submission}
      cancelLabel={t("admin.cancel")}
      submitLabel={isEvent ? t("admin.publishEvent") : t("admin.publishNotice")}
      busyLabel={t("admin.publishing")}
    >
      <ChoiceCards
        id="notice-kind"
        legend={t("form.kind")}
        options={NOTICE_KINDS.map((kind: NoticeKind) => ({ value: kind, label: t(`kind.${kind}`), hint: t(`kindHint.${kind}`) }))}
        {...form.choice("kind")}
        className="notices-kinds"
        optionClassName="notices-kind"
      />
      <TextInput {...field("title")} label={t("form.title")} required maxLength={NOTICE_TITLE_MAX} />
      <TextArea {...field("body")} label={t("form.body")} required rows={5} maxLength={NOTICE_BODY_MAX} hint={t("form.bodyHint")} />
      {isEvent ? (
        <div className="ops-form-grid">
          <TextInput {...field("eventDate")} type="date" min={today()} label={t("form.eventDate")} required />
          <TextInput {...field("eventTime")} type="time" label={t("form.eventTime")} hint={t("form.eventTimeHint")} />
          <TextInput
            {...field("venue")}
            label={t("form.venue")}
            maxLength={200}
            hint={t("form.venueHint")}
            fieldClassName="notices-venue"
          />
        </div>
      ) : null}
      <div className="ops-form-grid">
        <Select
          {...field("programmeId")}
          label={t("form.audience")}
          required
          options={audienceOptions}
          disabled={audiences.isPending}
          hint={reach === null ? undefined : t("form.reach", { count: reach })}
        />
        <Select
          {...field("priority")}
          label={t("form.priority")}
          required
          options={NOTICE_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        />
      </div>
      {audiences.isError ? <Alert tone="warning">{t("admin.failed.audiences")}</Alert> : null}
      <Checkbox {...form.check("email")} label={t("form.email")} hint={t("form.emailHint")} />
      {reach === 0 ? <Alert tone="warning">{t("form.nobody")}</Alert> : null}
    </FormDialog>
  );
}
