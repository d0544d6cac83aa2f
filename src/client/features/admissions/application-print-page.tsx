/**
 * /admin/admissions/:id/print (issue 17): one application on A4 for the file — the institute's name, the
 * application number and status, the photo, every field, the documents received, and lines for the
 * applicant's and the institute's signatures. The office's internal notes are not printed. The portal's
 * bars and this page's buttons are left out of the printout (layouts/portal.css, .no-print).
 */
import { admin } from "../../../shared/i18n/admin.ts";
import { admission } from "../../../shared/i18n/admission.ts";
import { genderLabel, person } from "../../../shared/i18n/person.ts";
import { useT } from "../../lib/i18n.tsx";
import { useInstituteName, usePageTitle } from "../../lib/site.ts";
import { Button } from "../../ui/button.tsx";
import { Fact } from "../../ui/fact.tsx";
import { ACADEMIC_SECTIONS, FIELD_LABELS, type FieldName, type FieldSection, PERSONAL_SECTIONS } from "./application-form.ts";
import { formatBirthDate, formatDateTime, statusLabel } from "./format.ts";
import { BackToApplications, type OfficeApplication, WithOfficeApplication } from "./office-application.tsx";
import { useAuthorizedObjectUrl } from "./use-authorized-object-url.ts";

/** The wizard's two steps of fields, in the wizard's order. */
const fieldsOf = (sections: readonly FieldSection[]) => sections.flatMap((s) => s.fields.map((f) => f.name));
const PERSONAL = fieldsOf(PERSONAL_SECTIONS);
const ACADEMIC = fieldsOf(ACADEMIC_SECTIONS);
/** The wizard's full-width fields of free text (address, school, activities, health): a row of their own. */
const WIDE = new Set<FieldName>(
  [...PERSONAL_SECTIONS, ...ACADEMIC_SECTIONS].flatMap((s) => s.fields.filter((f) => f.full && f.kind !== "select").map((f) => f.name)),
);

export default function ApplicationPrintPage() {
  return <WithOfficeApplication>{(a) => <PrintView a={a} />}</WithOfficeApplication>;
}

function PrintView({ a }: { a: OfficeApplication }) {
  const t = useT(admin);
  useT(admission); // the field labels
  useT(person); // the gender
  usePageTitle(`${t("print.title")} ${a.applicationNumber}`);
  const institute = useInstituteName();
  const photo = useAuthorizedObjectUrl(a.photo?.url);

  const value = (field: FieldName) => {
    const v = a[field];
    if (v === null || v === "") return "—";
    if (field === "dateOfBirth") return formatBirthDate(v); // like every other date, not the raw YYYY-MM-DD
    return field === "previousPercentage" ? `${v}%` : field === "gender" ? genderLabel(v) : v;
  };
  const facts = (fields: readonly FieldName[]) => (
    <dl className="application-print__facts">
      {fields.map((f) => (
        <Fact key={f} label={FIELD_LABELS[f]} itemClassName={WIDE.has(f) ? "application-print__wide" : undefined}>
          {value(f)}
        </Fact>
      ))}
    </dl>
  );

  return (
    <article className="application-print stack stack--lg" aria-labelledby="print-title">
      <div className="cluster cluster--between no-print">
        <BackToApplications />
        <Button onClick={() => window.print()}>{t("print.button")}</Button>
      </div>
      <header className="application-print__head">
        <div className="stack stack--xs">
          <p className="text-sm text-muted">{institute}</p>
          <h1 id="print-title">{t("print.title")}</h1>
          <p>
            <strong>{a.applicationNumber}</strong> · {statusLabel(a.status)}
            {a.student_id ? ` · ${a.student_id}` : ""}
          </p>
          <p className="text-sm text-muted">{t("det.submitted", { time: formatDateTime(a.submittedAt) })}</p>
        </div>
        {photo.state === "ready" ? <img className="application-print__photo" src={photo.url} alt="" /> : null}
      </header>
      <section className="stack stack--sm">
        <h2>{t("det.personal")}</h2>
        {facts(PERSONAL)}
      </section>
      <section className="stack stack--sm">
        <h2>{t("det.academic")}</h2>
        {facts(ACADEMIC)}
      </section>
      <section className="stack stack--sm">
        <h2>{t("print.documents")}</h2>
        {a.documents.length ? (
          <ul>
            {a.documents.map((d) => (
              <li key={d.type}>
                {d.label}: {d.name}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("det.noDocuments")}</p>
        )}
      </section>
      <div className="application-print__signatures">
        <p>{t("print.signApplicant")}</p>
        <p>{t("print.signOffice")}</p>
      </div>
      <p className="text-sm text-muted">{t("print.printedOn", { date: formatDateTime(new Date().toISOString()) })}</p>
    </article>
  );
}
