/**
 * /admin/fees?tab=settings (issue 19, administrators only): the fees settings group — the UPI ID and payee
 * name students pay to, "admit card only when fees are clear", and the days before and after a due day the
 * automatic reminders go. One schema (feeSettings) for this form and the server. Staff see nothing of it (the
 * server refuses them too).
 */
import { useMemo, useState } from "react";
import { config } from "../../../shared/i18n/config.ts";
import { feePlans } from "../../../shared/i18n/feePlans.ts";
import { feeSettings } from "../../../shared/schemas/settings.ts";
import { fieldIds, schemaRules, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { isAdministrator } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Card } from "../../ui/card.tsx";
import { Checkbox, TextInput } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { FormFailure, ListLoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { useToast } from "../../ui/toast.tsx";
import { DaysInput } from "./fee-fields.tsx";

type FeeSettings = RouterOutputs["feePlans"]["settings"]["settings"];

export function FeeSettingsTab() {
  const t = useT(feePlans);
  const { user } = useSession();
  if (!isAdministrator(user?.role)) return <Alert tone="info">{t("settings.adminOnly")}</Alert>;
  return <AdminFeeSettings />;
}

function AdminFeeSettings() {
  const t = useT(feePlans);
  // Read afresh each time the tab opens, and the form filled only from that read: a copy kept from an earlier
  // visit may be older than a colleague's save since (walk 28b: the form showed it, and its save was refused).
  const query = trpc.feePlans.settings.useQuery(undefined, { staleTime: 0 });
  if (query.isError && !query.data) return <ListLoadError message={t("settings.failed")} query={query} />;
  if (!query.data || !query.isFetchedAfterMount)
    return (
      <div aria-busy="true">
        <Skeleton lines={6} />
      </div>
    );
  // Mounted once: a save resets its values from the answer, so the field being typed in keeps the focus (a new
  // form for the new values dropped it to the page), and a refetch in the background never drops edits.
  return <FeeSettingsForm stored={query.data.settings} version={query.data.version} />;
}

const FIELDS = ["upiVpa", "upiPayeeName", "admitCardNeedsFeesClear", "remindDaysBefore", "remindDaysAfter"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const IDS = fieldIds("fee-settings", FIELDS);

/** Blank days are no number (the rule says what to type), not zero. */
const days = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));
const toInput = (v: Values) => ({
  upiVpa: v.upiVpa,
  upiPayeeName: v.upiPayeeName,
  admitCardNeedsFeesClear: v.admitCardNeedsFeesClear === "true",
  remindDaysBefore: days(v.remindDaysBefore),
  remindDaysAfter: days(v.remindDaysAfter),
});
const fromStored = (s: FeeSettings): Values => ({
  upiVpa: s.upiVpa,
  upiPayeeName: s.upiPayeeName,
  admitCardNeedsFeesClear: String(s.admitCardNeedsFeesClear),
  remindDaysBefore: String(s.remindDaysBefore),
  remindDaysAfter: String(s.remindDaysAfter),
});

function FeeSettingsForm({ stored, version: filledFrom }: { stored: FeeSettings; version: string }) {
  const t = useT(feePlans);
  // The shared schema's own messages (the UPI ID, the days) are in the config catalogue.
  useT(config);
  const toast = useToast();
  const utils = trpc.useUtils();
  const save = trpc.feePlans.saveSettings.useMutation();
  const rules = useMemo(
    () => ({
      validate: schemaRules(feeSettings, { toInput, fields: FIELDS }),
      // A message appearing as a field is left would move the Save button from under the pointer.
      showOn: "submit" as const,
      warnOnLeave: true,
      ids: IDS,
    }),
    [],
  );
  const form = useFormState<Values>(() => fromStored(stored), rules);
  const { values, field } = form;
  // The version the form was filled from (or last saved): a colleague's save since is refused, not undone.
  const [version, setVersion] = useState(filledFrom);

  const submit = form.handleSubmit(
    async () => {
      const answer = await save.mutateAsync({ ...toInput(values), version });
      utils.feePlans.settings.setData(undefined, { settings: answer.settings, version: answer.version });
      setVersion(answer.version);
      form.reset(fromStored(answer.settings));
      toast.show(answer.message);
    },
    { busy: save.isPending, failed: (err) => failureMessage(err, t("failed.save")), mapping: { fields: FIELDS } },
  );

  return (
    <form className="stack fee-settings" onSubmit={submit} noValidate aria-labelledby="fee-settings-lead">
      <p id="fee-settings-lead" className="text-muted fee-plans__lead">
        {t("settings.lead")}
      </p>
      <FormFailure message={form.failure} />
      <Card title={t("settings.upi")}>
        <div className="ops-form-grid">
          <TextInput
            {...field("upiVpa")}
            label={t("settings.upiVpa")}
            autoComplete="off"
            spellCheck={false}
            maxLength={320}
            hint={t("settings.upiVpaHint")}
          />
          <TextInput
            {...field("upiPayeeName")}
            label={t("settings.payee")}
            autoComplete="off"
            maxLength={100}
            hint={t("settings.payeeHint")}
          />
        </div>
      </Card>
      <Card title={t("settings.admit")}>
        <Checkbox
          {...form.check("admitCardNeedsFeesClear", "true", "false")}
          label={t("settings.admitCard")}
          hint={t("settings.admitCardHint")}
        />
      </Card>
      <Card title={t("settings.reminders")}>
        <div className="ops-form-grid">
          <DaysInput {...field("remindDaysBefore")} label={t("settings.before")} required hint={t("settings.beforeHint")} />
          <DaysInput {...field("remindDaysAfter")} label={t("settings.after")} required hint={t("settings.afterHint")} />
        </div>
      </Card>
      <FormActions busy={save.isPending} submitLabel={t("settings.save")} busyLabel={t("settings.saving")} />
    </form>
  );
}
