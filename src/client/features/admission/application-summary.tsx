/** The application read back: every field by section (review step, details dialog). */
import type { ReactNode } from "react";
import { type AdmissionValues, FIELD_LABELS, type FieldSection } from "./application-form.ts";

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A date-only value (YYYY-MM-DD) as "5 March 1990"; anything else as it is. */
export function formatDateOnly(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(t) ? value : dateFormat.format(new Date(t));
}

export function SummarySection({
  title,
  sections,
  values,
  action,
}: {
  title: string;
  sections: readonly FieldSection[];
  values: AdmissionValues;
  action?: ReactNode;
}) {
  return (
    <section className="summary">
      <div className="summary__header">
        <h3 className="summary__title">{title}</h3>
        {action}
      </div>
      {sections.map((section) => (
        <div key={section.title} className="summary__group">
          <h4 className="summary__group-title">{section.title}</h4>
          <dl className="summary__list">
            {section.fields.map(({ name }) => {
              const value = values[name].trim();
              return (
                <div key={name} className="summary__item">
                  <dt>{FIELD_LABELS[name]}</dt>
                  <dd className={value ? undefined : "summary__empty"}>
                    {value ? (name === "dateOfBirth" ? formatDateOnly(value) : value) : "Not provided"}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </section>
  );
}
