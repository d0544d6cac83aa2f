/** Settings → General: the institute's name and contact details, the time zone and the language. */
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { bindFields } from "./section-fields.tsx";
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
  const field = bindFields(generalFieldId, value, errors, onChange);
  return (
    <div className="ac-settings-grid">
      <TextInput
        {...field("siteName")}
        label="Site name"
        required
        autoComplete="organization"
        hint="Shown in the site's header, page titles and e-mails."
      />
      <TextInput
        {...field("adminEmail")}
        label="Admin email"
        type="email"
        required
        autoComplete="email"
        hint="Where system messages for the administration are sent."
      />
      <TextInput {...field("contactPhone")} label="Contact phone" type="tel" autoComplete="tel" />
      <Select
        {...field("timeZone")}
        label="Time zone"
        options={TIME_ZONE_OPTIONS}
        hint="Months and days in reports and dashboards follow this time zone."
      />
      <TextArea
        {...field("siteDescription")}
        label="Site description"
        rows={3}
        fieldClassName="ac-settings-grid__wide"
        hint="A sentence or two about the institute, used by search engines and link previews."
      />
      <TextArea
        {...field("address")}
        label="Institution address"
        rows={3}
        fieldClassName="ac-settings-grid__wide"
        autoComplete="street-address"
      />
      <Select
        {...field("language")}
        label="Language"
        options={LANGUAGE_OPTIONS}
        hint="Stored as the institute's default. Hindi and Marathi translations are on the way; until then the site is in English."
      />
    </div>
  );
}
