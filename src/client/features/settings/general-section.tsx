/** Settings → General: the institute's name and contact details, the time zone and the language. */
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { type FieldErrorMap, LANGUAGE_OPTIONS, type SettingsForms, TIME_ZONE_OPTIONS } from "./settings-form.ts";

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
  return (
    <div className="ac-settings-grid">
      <TextInput
        id={generalFieldId("siteName")}
        label="Site name"
        required
        autoComplete="organization"
        value={value.siteName}
        error={errors.siteName}
        hint="Shown in the site's header, page titles and e-mails."
        onChange={(e) => onChange({ siteName: e.target.value })}
      />
      <TextInput
        id={generalFieldId("adminEmail")}
        label="Admin email"
        type="email"
        required
        autoComplete="email"
        value={value.adminEmail}
        error={errors.adminEmail}
        hint="Where system messages for the administration are sent."
        onChange={(e) => onChange({ adminEmail: e.target.value })}
      />
      <TextInput
        id={generalFieldId("contactPhone")}
        label="Contact phone"
        type="tel"
        autoComplete="tel"
        value={value.contactPhone ?? ""}
        error={errors.contactPhone}
        onChange={(e) => onChange({ contactPhone: e.target.value })}
      />
      <Select
        id={generalFieldId("timeZone")}
        label="Time zone"
        options={TIME_ZONE_OPTIONS}
        value={value.timeZone}
        error={errors.timeZone}
        hint="Months and days in reports and dashboards follow this time zone."
        onChange={(e) => onChange({ timeZone: e.target.value as General["timeZone"] })}
      />
      <TextArea
        id={generalFieldId("siteDescription")}
        label="Site description"
        rows={3}
        fieldClassName="ac-settings-grid__wide"
        value={value.siteDescription ?? ""}
        error={errors.siteDescription}
        hint="A sentence or two about the institute, used by search engines and link previews."
        onChange={(e) => onChange({ siteDescription: e.target.value })}
      />
      <TextArea
        id={generalFieldId("address")}
        label="Institution address"
        rows={3}
        fieldClassName="ac-settings-grid__wide"
        autoComplete="street-address"
        value={value.address ?? ""}
        error={errors.address}
        onChange={(e) => onChange({ address: e.target.value })}
      />
      <Select
        id={generalFieldId("language")}
        label="Language"
        options={LANGUAGE_OPTIONS}
        value={value.language}
        hint="Stored as the institute's default. Hindi and Marathi translations are on the way; until then the site is in English."
        onChange={(e) => onChange({ language: e.target.value as General["language"] })}
      />
    </div>
  );
}
