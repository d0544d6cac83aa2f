/**
 * Invite a staff member (issue 17): name, e-mail, role (administrator or staff, each with what it may do) and
 * the language they are written to in (stop 47: the institute's unless chosen), checked with the shared schema
 * the server uses. A refused address (already an account) shows beside
 * its field; what was typed stays until the invitation is sent or the dialog is cancelled.
 */

import * as v from "valibot";
import { LOCALE_NAMES, localeOfLanguage } from "../../../shared/i18n/locales.ts";
import { roster } from "../../../shared/i18n/roster.ts";
import { OFFICE_ROLES } from "../../../shared/roles.ts";
import { INVITE_LANGUAGES, staffInviteInput } from "../../../shared/schemas/staff.ts";
import { schemaRules, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/dialog.tsx";
import { ChoiceCards, Select, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";

const EMPTY = { name: "", email: "", role: "staff", language: "institute" };
type InviteForm = typeof EMPTY;
const IDS = { name: "invite-name", email: "invite-email", role: "invite-role-staff", language: "invite-language" } as const;
const RULES = {
  validate: schemaRules<InviteForm>(staffInviteInput),
  ids: IDS,
} as const;

/** Shown only while wanted (the page mounts it): each opening starts from an empty form. */
export function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (message: string) => void }) {
  const t = useT(roster);
  const invite = trpc.staff.invite.useMutation();
  const form = useFormState<InviteForm>(EMPTY, RULES);
  const { values, field } = form;

  const submission = form.submission(
    async () => {
      // The rules passed: what is sent is the shared schema's reading of the form.
      const answer = await invite.mutateAsync(v.parse(staffInviteInput, values));
      onInvited(answer.message);
    },
    { busy: invite.isPending, failed: (err) => failureMessage(err, t("team.failed.invite")) },
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t("team.dialog.title")}
      description={t("team.dialog.text")}
      formId="invite-form"
      form={submission}
      cancelLabel={t("team.cancel")}
      submitLabel={t("team.send")}
      busyLabel={t("team.sending")}
    >
      <TextInput {...field("name")} label={t("team.field.name")} required autoComplete="off" maxLength={120} />
      <TextInput {...field("email")} type="email" label={t("team.field.email")} required autoComplete="off" maxLength={254} />
      <ChoiceCards
        id="invite-role"
        legend={t("team.field.role")}
        options={OFFICE_ROLES.map((role) => ({ value: role, label: t(`team.role.${role}`), hint: t(`team.roleHint.${role}`) }))}
        {...form.choice("role")}
        className="staff-roles"
        optionClassName="staff-role"
      />
      <Select
        {...field("language")}
        label={t("team.field.language")}
        hint={t("team.languageHint")}
        options={INVITE_LANGUAGES.map((l) => ({
          value: l,
          label: l === "institute" ? t("team.language.institute") : LOCALE_NAMES[localeOfLanguage(l)],
        }))}
      />
    </FormDialog>
  );
}
