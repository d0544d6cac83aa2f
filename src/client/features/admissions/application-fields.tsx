/** The application's text fields, drawn from the section lists; used by the wizard and the edit view. */
import type { ComponentProps } from "react";
import { admission } from "../../../shared/i18n/admission.ts";
import { genderLabel, person } from "../../../shared/i18n/person.ts";
import { latestBirthDate } from "../../../shared/schemas/common.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { cx } from "../../ui/cx.ts";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import {
  type AdmissionValues,
  FIELD_LABELS,
  type FieldConfig,
  type FieldName,
  type FieldSection,
  fieldDomId,
  isRequiredField,
} from "./application-form.ts";

export interface FieldHandlers {
  onChange: (name: FieldName, value: string) => void;
  onBlur?: (name: FieldName) => void;
}

interface FieldSectionsProps extends FieldHandlers {
  sections: readonly FieldSection[];
  values: AdmissionValues;
  errors: Partial<Record<FieldName, string>>;
  /** Prefix of every control's id (one per form on the page). */
  idPrefix: string;
}

function ApplicationField({
  field,
  value,
  error,
  idPrefix,
  onChange,
  onBlur,
}: { field: FieldConfig; value: string; error?: string; idPrefix: string } & FieldHandlers) {
  const t = useT(admission);
  const id = fieldDomId(idPrefix, field.name);
  const common = {
    id,
    name: field.name,
    label: FIELD_LABELS[field.name],
    required: isRequiredField(field.name),
    error,
    hint: field.hint ? t(`hint.${field.name}` as `hint.${"email"}`) : undefined,
    fieldClassName: cx("form-grid__item", field.full && "form-grid__item--full"),
    onBlur: () => onBlur?.(field.name),
  };
  if (field.kind === "select") {
    return <SelectField field={field} value={value} common={common} onChange={onChange} />;
  }
  if (field.kind === "textarea") {
    return (
      <TextArea
        {...common}
        rows={3}
        autoComplete={field.autoComplete}
        maxLength={field.maxLength}
        value={value}
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    );
  }
  const type = field.kind === "email" || field.kind === "tel" || field.kind === "date" ? field.kind : "text";
  const inputMode = field.kind === "numeric" ? "numeric" : field.kind === "decimal" ? "decimal" : field.kind === "tel" ? "tel" : undefined;
  return (
    <TextInput
      {...common}
      type={type}
      inputMode={inputMode}
      autoComplete={field.autoComplete}
      autoCapitalize={field.kind === "email" ? "none" : undefined}
      spellCheck={field.kind === "email" ? false : undefined}
      maxLength={field.maxLength}
      // The one date is the date of birth: the picker stops where the rule does (at least 10 years ago).
      max={field.kind === "date" ? latestBirthDate() : undefined}
      value={value}
      onChange={(e) => onChange(field.name, e.target.value)}
    />
  );
}

/** The courses open for applications (the live catalog); undefined while they load or if they cannot be read. */
export function useOpenCourses(): readonly string[] | undefined {
  return trpc.admissions.courses.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: 1 }).data?.courses;
}

/**
 * Courses come from the live catalog; the seed list stands in only while it loads or if it cannot be read. An empty
 * catalog offers none (walk 30a: the seed's eight courses were offered, each refused once the form was sent).
 */
function useCourseOptions(fallback: readonly string[]) {
  return useOpenCourses() ?? fallback;
}

function SelectField({
  field,
  value,
  common,
  onChange,
}: {
  field: FieldConfig;
  value: string;
  common: Omit<ComponentProps<typeof Select>, "options">;
  onChange: FieldHandlers["onChange"];
}) {
  const t = useT(admission);
  useT(person); // the genders offered
  const catalog = useCourseOptions(field.options ?? []);
  const offered = field.name === "course" ? catalog : (field.options ?? []);
  // A stored value that is no longer offered (a course the catalog has since dropped) stays visible.
  const options = value && !offered.includes(value) ? [...offered, value] : offered;
  return (
    <Select
      {...common}
      options={field.name === "gender" ? options.map((o) => ({ value: o, label: genderLabel(o) })) : options}
      placeholder={field.placeholder ? t(`placeholder.${field.placeholder}`) : undefined}
      value={value}
      onChange={(e) => onChange(field.name, e.target.value)}
    />
  );
}

export function FieldSections({ sections, values, errors, idPrefix, onChange, onBlur }: FieldSectionsProps) {
  return (
    <>
      {sections.map((section) => (
        <fieldset key={section.title} className="form-section">
          <legend className="form-section__title">{section.title}</legend>
          <div className="grid grid--2 form-grid">
            {section.fields.map((field) => (
              <ApplicationField
                key={field.name}
                field={field}
                value={values[field.name]}
                error={errors[field.name]}
                idPrefix={idPrefix}
                onChange={onChange}
                onBlur={onBlur}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
