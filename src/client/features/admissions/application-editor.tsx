/**
 * Edit Application (pending only): the wizard's fields filled in from the stored application, optional
 * replacement files, Save with upload progress, and Cancel Edit. The server refuses once processed (409).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { status as statusNs } from "../../../shared/i18n/status.ts";
import { MSG } from "../../../shared/messages.ts";
import { uploadWithProgress, useUploadAbort } from "../../lib/api.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import type { AccessGrant } from "./access-code-dialog.tsx";
import type { Application } from "./application-details-dialog.tsx";
import { FieldSections } from "./application-fields.tsx";
import { ACADEMIC_SECTIONS, appendFields, fieldDomId, PERSONAL_SECTIONS, stepTitle, valuesFrom, whatToFix } from "./application-form.ts";
import { DocumentPicker, useObjectUrls } from "./document-picker.tsx";
import { appendDocuments, DOCUMENT_KINDS } from "./documents.ts";
import { answerDomId, showRefusal, useApplicationForm, useDocumentFiles } from "./use-application-form.ts";

const ID_PREFIX = "edit";

const PARTS = [
  [0, PERSONAL_SECTIONS],
  [1, ACADEMIC_SECTIONS],
] as const;

export function ApplicationEditor({
  application,
  grant,
  onCancel,
  onSaved,
  onAccessExpired,
  title,
}: {
  application: Application;
  /** the applicant's access grant; null for the office (its signed-in session is the access, issue 17) */
  grant: AccessGrant | null;
  onCancel: () => void;
  /** the 30 minutes ran out: the page asks for a new code while everything typed stays here */
  onAccessExpired?: () => void;
  /**
   * the heading, when the editor is a page of its own (the office's edit page names it its own way): then it
   * is the page's h1 (thirteenth walk: the page had none); inside the applicant's status page it is an h2
   */
  title?: string;
  onSaved: (updated: Application) => void;
}) {
  const t = useT(statusNs);
  const form = useApplicationForm(() => valuesFrom(application));
  // The version of what the fields were filled from (a reload of the application later does not refill them).
  const [filledFrom] = useState(application.version);
  const { values, errors, setAttempted, onChange, onBlur } = form;
  const documents = useDocumentFiles();
  const previews = useObjectUrls(documents.files);
  // Fields changed or files chosen and not yet saved: a move away asks first (stop 45: a link dropped them).
  const [filledWith] = useState(() => JSON.stringify(valuesFrom(application)));
  useLeaveWarning(JSON.stringify(values) !== filledWith || Object.keys(documents.files).length > 0);
  // What failed, or "check": what Save found to fix, which follows the form as it changes (and goes once fixed).
  const [alert, setAlert] = useState<{ title?: string; text: string; tone?: "info" } | "check" | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const upload = useUploadAbort();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const focus = (id: string) => {
    const el = document.getElementById(id);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: "center" });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    setAttempted(true);
    const problem = whatToFix(values);
    if (problem) {
      setAlert("check");
      return focus(fieldDomId(ID_PREFIX, problem.first));
    }
    setAlert(null);
    setProgress(0);
    const signal = upload.start();
    try {
      const sent = appendDocuments(appendFields(new FormData(), values), documents.files);
      // The version filled from: a change someone else saved since is refused (409), not undone by this save.
      sent.append("version", filledFrom);
      const body = await uploadWithProgress<{ data: Application }>(
        `/admission/update/${application.id}`,
        sent,
        setProgress,
        // The grant travels in a header, so it stays out of URLs and logs.
        { method: "PUT", signal, headers: grant ? { "X-Application-Access": grant.token } : {} },
      );
      onSaved(body.data);
    } catch (err) {
      // Stopped by its Cancel (walk 33b: a slow upload had no way out), or the page went: nothing saved, all kept.
      if (upload.stopped(signal, err)) {
        setProgress(null);
        setAlert({ text: t("editor.cancelled"), tone: "info" });
        // To the top where that is said, off the button that is Cancel Edit again.
        headingRef.current?.focus();
        return;
      }
      const error = normaliseError(err);
      const first = showRefusal(error, form, documents);
      setAlert(error.message === MSG.genericError ? { text: t("editor.failed") } : { title: t("editor.failed"), text: error.message });
      setProgress(null);
      if (error.status === 403 && grant && onAccessExpired) {
        setAlert({ title: t("editor.failed"), text: t("editor.expired") });
        return onAccessExpired();
      }
      if (first) focus(answerDomId(ID_PREFIX, first));
    }
  };

  // Its parts one level below (walk 13b: an h1 over h3s skipped a level).
  const Heading = title === undefined ? "h2" : "h1";
  const Part = title === undefined ? "h3" : "h2";
  const problemNow = alert === "check" ? whatToFix(values) : null;
  const shownAlert = alert === "check" ? problemNow && { text: problemNow.lines.join(" ") } : alert;
  const stored = new Map(application.documents.map((d) => [d.type, d]));
  const saving = progress !== null;

  return (
    <form className="ui-card edit-view" onSubmit={save} noValidate aria-labelledby="edit-title">
      <div className="ui-card__body stack stack--lg">
        <div>
          <Heading id="edit-title" ref={headingRef} tabIndex={-1} className="wizard__title">
            {title ?? t("editor.title", { number: application.applicationNumber })}
          </Heading>
          <p className="text-muted">{t("editor.intro")}</p>
        </div>

        {shownAlert ? (
          <Alert tone={"tone" in shownAlert && shownAlert.tone ? shownAlert.tone : "error"} title={shownAlert.title}>
            {shownAlert.text}
          </Alert>
        ) : null}

        {PARTS.map(([step, sections]) => (
          <div key={step} className="stack">
            <Part className="edit-view__part">{stepTitle(step)}</Part>
            <FieldSections sections={sections} values={values} errors={errors} idPrefix={ID_PREFIX} onChange={onChange} onBlur={onBlur} />
          </div>
        ))}
        <div className="stack">
          <Part className="edit-view__part">{t("editor.documents")}</Part>
          <p className="text-muted">{t("editor.replaceHint")}</p>
          {DOCUMENT_KINDS.map((kind) => {
            const current = stored.get(kind);
            return (
              <DocumentPicker
                key={kind}
                kind={kind}
                idPrefix={ID_PREFIX}
                file={documents.files[kind]}
                previewUrl={previews[kind]}
                error={documents.fileErrors[kind]}
                note={current ? t("editor.current", { name: current.name }) : t("editor.notAttached")}
                onPick={(k, f) => void documents.pick(k, f)}
                onRemove={documents.remove}
              />
            );
          })}
        </div>

        {saving ? <ProgressBar value={progress} label={progress < 100 ? t("editor.uploading") : t("editor.saving")} /> : null}

        <div className="wizard__nav cluster cluster--between">
          <Button variant="secondary" onClick={saving ? upload.cancel : onCancel}>
            {saving ? t("editor.cancelUpload") : t("editor.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t("editor.save")}
          </Button>
        </div>
      </div>
    </form>
  );
}
