/**
 * /admin/content — Site content (issue 17, administrators): what the public site and the e-mails say about
 * the institute — tagline, public e-mail, phones, offices with their map links, hours, registration and the
 * founding year (the home page's "years of experience") — and the brochure PDF (the About page's Download
 * Brochure); and the site's news and FAQs (tabs, news-faqs.tsx). Checked with the shared schema the server
 * uses; saved changes show on the site at once.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { config } from "../../../shared/i18n/config.ts";
import { instituteContentInput } from "../../../shared/schemas/settings.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkInput, focusFirstMarked } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { TextArea, TextInput } from "../../ui/field.tsx";
import { failureMessage } from "../../ui/list-controls.tsx";
import { PageFrame } from "../../ui/list-page.tsx";
import { FormFailure, ListLoadError } from "../../ui/load-error.tsx";
import { LoadingBlock } from "../../ui/loading-block.tsx";
import { PdfUpload } from "../../ui/pdf-upload.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { useToast } from "../../ui/toast.tsx";
import { FaqTab, NewsTab } from "./news-faqs.tsx";

type Institute = RouterOutputs["content"]["institute"]["institute"];
interface OfficeRow {
  name: string;
  address: string;
  mapUrl: string;
}
interface Form {
  tagline: string;
  email: string;
  phones: string;
  hours: string;
  registration: string;
  foundedYear: string;
  offices: OfficeRow[];
}

const formOf = (i: Institute): Form => ({
  tagline: i.tagline ?? "",
  email: i.email,
  phones: i.phones.join("\n"),
  hours: i.hours ?? "",
  registration: i.registration ?? "",
  foundedYear: i.foundedYear ? String(i.foundedYear) : "",
  offices: i.offices.map((o) => ({ name: o.name, address: o.address, mapUrl: o.mapUrl ?? "" })),
});

/** The form as the shared schema takes it: phones one per line, the year a number, blank optional fields left out. */
const inputOf = (f: Form) => ({
  tagline: f.tagline,
  email: f.email,
  phones: f.phones
    .split("\n")
    .map((p) => p.trim())
    .filter(Boolean),
  hours: f.hours,
  registration: f.registration,
  ...(f.foundedYear.trim() ? { foundedYear: Number(f.foundedYear.trim()) } : {}),
  offices: f.offices.map((o) => ({ name: o.name, address: o.address, ...(o.mapUrl.trim() ? { mapUrl: o.mapUrl } : {}) })),
});

export default function ContentPage() {
  const t = useT(config);
  // The open tab is in the address (?tab=news), so a reload or a shared link keeps it.
  const asked = new URLSearchParams(useSearch()).get("tab");
  const tab = asked === "news" || asked === "faqs" ? asked : "institute";
  const [, navigate] = useLocation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const stored = trpc.content.institute.useQuery(undefined, { staleTime: 0 });
  const save = trpc.content.saveInstitute.useMutation();
  const [form, setForm] = useState<Form | null>(null);
  // What was loaded or last saved: a form that differs holds unsaved edits (stop 45: a link dropped them).
  const [baseline, setBaseline] = useState<Form | null>(null);
  useLeaveWarning(form !== null && JSON.stringify(form) !== JSON.stringify(baseline), undefined, { keepsOnThisPage: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [brochureName, setBrochureName] = useState<string | null>(null);
  // The version the form was filled from (or last saved): a colleague's save since is refused, not undone.
  const [version, setVersion] = useState<string | undefined>(undefined);

  // Filled from a read made as the page opens: a copy kept from an earlier visit may be older than a colleague's
  // save since (walk 28b).
  useEffect(() => {
    if (stored.data && stored.isFetchedAfterMount && form === null) {
      setForm(formOf(stored.data.institute));
      setBaseline(formOf(stored.data.institute));
      setVersion(stored.data.version);
      setBrochureName(stored.data.brochureName);
    }
  }, [stored.data, stored.isFetchedAfterMount, form]);

  const edit = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const editOffice = (index: number, patch: Partial<OfficeRow>) =>
    setForm((f) => (f ? { ...f, offices: f.offices.map((o, i) => (i === index ? { ...o, ...patch } : o)) } : f));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    if (!form || save.isPending) return;
    setFailure(null);
    const checked = checkInput(instituteContentInput, inputOf(form));
    if (!checked.ok) {
      setErrors(checked.messages as Record<string, string>);
      focusFirstMarked(formElement);
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync({ ...checked.value, version });
      setForm(formOf(answer.institute));
      setBaseline(formOf(answer.institute));
      setVersion(answer.version);
      // A brochure a colleague uploaded meanwhile is named (the save kept it).
      setBrochureName(answer.brochureName);
      toast.show(answer.message);
      void utils.site.info.invalidate();
    } catch (err) {
      const fields = normaliseError(err).errors ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0] ?? ""])));
      focusFirstMarked(formElement);
      setFailure(failureMessage(err, t("content.failed")));
    }
  };

  let body: React.ReactNode;
  if (stored.isError && !form) body = <ListLoadError message={t("content.loadFailed")} query={stored} />;
  else if (!form) body = <LoadingBlock label={t("content.title")} groups={[3, 4]} />;
  else {
    /** A detail's value, message and change handler. */
    const field = (key: Exclude<keyof Form, "offices">) => ({
      value: form[key],
      error: errors[key],
      onChange: (e: { target: { value: string } }) => edit({ [key]: e.target.value }),
    });
    /** An office's detail: its value, message (by the schema's path) and change handler. */
    const officeField = (office: OfficeRow, i: number, key: keyof OfficeRow) => ({
      value: office[key],
      error: errors[`offices.${i}.${key}`],
      onChange: (e: { target: { value: string } }) => editOffice(i, { [key]: e.target.value }),
    });
    body = (
      <div className="stack stack--lg">
        <Card title={t("content.details")}>
          <form className="stack" onSubmit={submit} noValidate>
            <p className="text-sm text-muted">{t("content.detailsNote")}</p>
            <FormFailure message={failure} />
            <TextInput id="content-tagline" label={t("content.field.tagline")} {...field("tagline")} maxLength={200} />
            <div className="ops-form-grid">
              <TextInput id="content-email" type="email" label={t("content.field.email")} required {...field("email")} />
              <TextInput id="content-founded" label={t("content.field.foundedYear")} inputMode="numeric" {...field("foundedYear")} />
            </div>
            <TextArea
              id="content-phones"
              label={t("content.field.phones")}
              hint={t("content.field.phones.hint")}
              rows={3}
              {...field("phones")}
              error={errors.phones ?? errors["phones.0"]}
            />
            <div className="ops-form-grid">
              <TextInput id="content-hours" label={t("content.field.hours")} {...field("hours")} maxLength={200} />
              <TextInput id="content-registration" label={t("content.field.registration")} {...field("registration")} maxLength={300} />
            </div>
            <fieldset className="ops-fieldset stack">
              <legend>{t("content.field.offices")}</legend>
              {form.offices.map((office, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
                <fieldset key={i} className="content-office">
                  <legend>{t("content.office.legend", { n: i + 1 })}</legend>
                  <div className="ops-form-grid">
                    <TextInput
                      id={`content-office-${i}-name`}
                      label={t("content.office.name")}
                      required
                      {...officeField(office, i, "name")}
                    />
                    <TextInput
                      id={`content-office-${i}-map`}
                      label={t("content.office.mapUrl")}
                      type="url"
                      {...officeField(office, i, "mapUrl")}
                    />
                  </div>
                  <TextArea
                    id={`content-office-${i}-address`}
                    label={t("content.office.address")}
                    hint={i === 0 ? t("content.office.addressFirst") : undefined}
                    required
                    rows={2}
                    {...officeField(office, i, "address")}
                  />
                  <div>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${t("content.office.remove")}: ${t("content.office.legend", { n: i + 1 })}`}
                      onClick={() => edit({ offices: form.offices.filter((_, j) => j !== i) })}
                    >
                      {t("content.office.remove")}
                    </Button>
                  </div>
                </fieldset>
              ))}
              <div>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => edit({ offices: [...form.offices, { name: "", address: "", mapUrl: "" }] })}
                >
                  {t("content.office.add")}
                </Button>
              </div>
            </fieldset>
            <div>
              <Button type="submit" loading={save.isPending}>
                {save.isPending ? t("content.saving") : t("content.save")}
              </Button>
            </div>
          </form>
        </Card>
        <Card>
          <PdfUpload<{ message: string; brochureName: string }>
            id="content-brochure"
            title={t("content.brochure")}
            status={brochureName ? t("content.brochureNow", { file: brochureName }) : t("content.brochureNone")}
            path="/admin/content/brochure"
            field="brochure"
            buttonLabel={t("content.upload")}
            uploadingLabel={t("content.uploading")}
            failedText={t("content.uploadFailed")}
            onUploaded={(data) => {
              setBrochureName(data.brochureName);
              toast.show(data.message);
              void utils.site.info.invalidate();
            }}
          />
        </Card>
      </div>
    );
  }

  const TABS = [
    { id: "institute", label: t("institute.tab") },
    { id: "news", label: t("news.tab") },
    { id: "faqs", label: t("faq.tab") },
  ];
  return (
    <PageFrame name="content" title={t("content.title")} description={t("content.lead")}>
      <Tabs
        tabs={TABS}
        value={tab}
        onChange={(id) => navigate(id === "institute" ? "/content" : `/content?tab=${id}`)}
        idPrefix="content"
        label={t("tabs")}
      />
      <TabPanel idPrefix="content" id="institute" value={tab}>
        {body}
      </TabPanel>
      <TabPanel idPrefix="content" id="news" value={tab}>
        <NewsTab />
      </TabPanel>
      <TabPanel idPrefix="content" id="faqs" value={tab}>
        <FaqTab />
      </TabPanel>
    </PageFrame>
  );
}
