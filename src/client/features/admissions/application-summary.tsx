/** The application read back: every field by section (review step, details dialog). */

import type { ReactNode } from "react";
import { admission } from "../../../shared/i18n/admission.ts";
import { genderLabel, person } from "../../../shared/i18n/person.ts";
import { formatDate } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { Fact } from "../../ui/fact.tsx";
import { type AdmissionValues, FIELD_LABELS, type FieldName, type FieldSection } from "./application-form.ts";

/** A date-only value (YYYY-MM-DD) as "5 March 1990"; anything else as it is. */
export const formatDateOnly = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, { style: "long", empty: value }) : value;

/** A filled-in answer as read back: a date in words, a gender in the reader's language, the rest as typed. */
const readBack = (name: FieldName, value: string) =>
  name === "dateOfBirth" ? formatDateOnly(value) : name === "gender" ? genderLabel(value) : value;

/** One answer read back; an empty one says so (`emptyText`, set apart by its class). */
export function SummaryItem({ label, value, emptyText }: { label: string; value: ReactNode; emptyText: string }) {
  const empty = value === null || value === "";
  return (
    <Fact label={label} itemClassName="summary__item" className={empty ? "summary__empty" : undefined}>
      {empty ? emptyText : value}
    </Fact>
  );
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
  const t = useT(admission);
  useT(person); // the gender
  return (
    <section className="summary">
      <div className="summary__header">
        <h3 className="summary__title">{title}</h3>
        {action}
      </div>
      {sections.map((section) => (
        <div key={section.title} className="summary__group">
          <h4 className="summary__group-title">{section.title}</h4>
          <dl className="grid grid--2 summary__list">
            {section.fields.map(({ name }) => {
              const value = values[name].trim();
              return (
                <SummaryItem
                  key={name}
                  label={FIELD_LABELS[name]}
                  value={value && readBack(name, value)}
                  emptyText={t("review.notProvided")}
                />
              );
            })}
          </dl>
        </div>
      ))}
    </section>
  );
}
