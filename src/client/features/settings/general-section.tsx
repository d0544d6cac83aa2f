/** Settings → General: the institute's name and contact details, the time zone, the academic year's first month and the language. */

import { config } from "../../../shared/i18n/config.ts";
import { useT } from "../../lib/i18n.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { bindFields } from "./section-fields.tsx";
import { type FieldErrorMap, languageOptions, monthOptions, type SettingsForms, timeZoneOptions } from "./settings-form.ts";

type General = SettingsForms["general"];

export const generalFieldId = (field: string) => `settings-general-${field}`;

export function GeneralSection({
  value,
  errors,
  onChange,
}: {
  value: General;
  errors: FieldErrorMap;
  onChange: (patch: Partial<General>) => void;
}) {
  const t = useT(config);
  const field = bindFields(generalFieldId, value, errors, onChange);
  return (
    <div className="ac-settings-grid">
      <TextInput
        {...field("siteName")}
        label={t("general.siteName")}
        required
        autoComplete="organization"
        hint={t("general.siteName.hint")}
      />
      <TextInput
        {...field("adminEmail")}
        label={t("general.adminEmail")}
        type="email"
        required
        autoComplete="email"
        hint={t("general.adminEmail.hint")}
      />
      <TextInput {...field("contactPhone")} label={t("general.contactPhone")} type="tel" autoComplete="tel" />
      <Select {...field("timeZone")} label={t("general.timeZone")} options={timeZoneOptions()} hint={t("general.timeZone.hint")} />
      <Select
        {...field("academicYearStart")}
        label={t("general.academicYearStart")}
        options={monthOptions()}
        hint={t("general.academicYearStart.hint")}
      />
      <TextArea
        {...field("siteDescription")}
        label={t("general.siteDescription")}
        rows={3}
        fieldClassName="ac-settings-grid__wide"
        hint={t("general.siteDescription.hint")}
      />
      <TextArea
        {...field("address")}
        label={t("general.address")}
        rows={3}
        fieldClassName="ac-settings-grid__wide"
        autoComplete="street-address"
        // Where the site shows it (walk 33a: a Nashik address appeared under "Pune office", said only on Site content).
        hint={t("general.address.hint")}
      />
      <Select {...field("language")} label={t("general.language")} options={languageOptions()} hint={t("general.language.hint")} />
    </div>
  );
}
