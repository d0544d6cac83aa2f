/**
 * /admission (spec part 1 §2, §4, §5): a four-step wizard that moves freely back and forth, shows each
 * field's rule as it is filled in, keeps a draft on the device, checks once at submit, uploads with
 * progress and ends on a success or failure screen. Nothing typed is lost on the way.
 */

import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { admission } from "../../../shared/i18n/admission.ts";
import { validation } from "../../../shared/i18n/validation.ts";
import type { AdmissionSubmitResult } from "../../../shared/schemas/admission.ts";
import { uploadWithProgress, useUploadAbort } from "../../lib/api.ts";
import { type ApiError, normaliseError } from "../../lib/errors.ts";
import { formatDayAndTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { richText } from "../../lib/rich-text.tsx";
import { useSession } from "../../lib/session.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { CheckCircleIcon } from "../../ui/icons.tsx";
import { ChevronLeftIcon, ChevronRightIcon, EditIcon, UploadIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { FieldSections, useOpenCourses } from "./application-fields.tsx";
import {
  ACADEMIC_SECTIONS,
  type AdmissionValues,
  appendFields,
  DOCUMENTS_STEP,
  documentNames,
  emptyValues,
  type FieldName,
  PERSONAL_SECTIONS,
  REVIEW_STEP,
  STEPS,
  type StepIndex,
  stepOfField,
  stepTitle,
  whatToFix,
} from "./application-form.ts";
import { SummarySection } from "./application-summary.tsx";
import { DocumentPicker, DocumentThumb, useObjectUrls } from "./document-picker.tsx";
import {
  appendDocuments,
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  type DocumentFiles,
  type DocumentKind,
  formatBytes,
  REQUIRED_DOCUMENTS,
} from "./documents.ts";
import { type AdmissionDraft, clearDraft, isEmptyDraft, loadDraft, onOwnDraftTaken, saveDraft } from "./draft.ts";
import { useStepsInHistory } from "./steps-in-history.ts";
import { answerDomId, showRefusal, useApplicationForm, useDocumentFiles } from "./use-application-form.ts";
import { WizardSteps } from "./wizard-steps.tsx";

type SubmitResult = AdmissionSubmitResult;

type Phase =
  | { name: "form" }
  | { name: "uploading"; percent: number }
  | { name: "success"; result: SubmitResult; email: string; firstName: string }
  | { name: "failure"; error: ApiError };

const ID_PREFIX = "admission";

export default function AdmissionPage() {
  const t = useT(admission);
  usePageTitle(t("title"));
  // An administrator or staff member filling the form at the counter for a walk-in applicant (issue 17).
  const { user } = useSession();
  const walkIn = user !== null && user.role !== "student";
  // A walk-in's answers are never kept on the counter's computer: the next applicant would find them (walk 31a).
  // Once a walk-in, this page stays one after a sign-out, here or in another tab (walk 32b: the sign-out made it an
  // applicant's page, which saved the walk-in's answers as its draft for the next person to be offered).
  const atCounter = useRef(false);
  if (walkIn) atCounter.current = true;
  const [restored, setRestored] = useState<AdmissionDraft | null>(() => (walkIn ? null : loadDraft()));
  // "Apply for this programme" (/programmes/<slug>) arrives with ?course=<its name> (issue 17): the programme
  // just chosen, also over a saved draft's (the rest of the draft stays).
  const form = useApplicationForm(() => {
    const chosen = new URLSearchParams(location.search).get("course");
    const start = restored?.values ?? emptyValues();
    return chosen ? { ...start, course: chosen } : start;
  });
  const { values, errors, attempted, setAttempted, onChange, onBlur } = form;
  // A course no longer open (an old link's ?course=, a draft kept since) is not sent to be refused after the
  // upload: it is taken off once the open courses are known, and the field says why (tenth walk).
  const openCourses = useOpenCourses();
  useEffect(() => {
    if (!openCourses?.length || !values.course || openCourses.includes(values.course)) return;
    const closed = values.course;
    onChange("course", "");
    form.setServerErrors({ course: t("msg.courseClosed", { course: closed }) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openCourses]);
  const [step, setStep] = useState<StepIndex>(() => restored?.step ?? 0);
  const documents = useDocumentFiles();
  const { files, fileErrors } = documents;
  const [needsReattach, setNeedsReattach] = useState<DocumentKind[]>(() => restored?.attached ?? []);
  // An alert: its text, and whether it is the cancelled upload's warning (not an error); or "check", what a
  // submit found to fix, which follows the form as it changes (and goes once nothing is left).
  const [alert, setAlertState] = useState<{ text: string; warning: boolean } | "check" | null>(null);
  const setAlert = (text: string | null, warning = false) => setAlertState(text === null ? null : { text, warning });
  const [phase, setPhase] = useState<Phase>({ name: "form" });
  // The draft keeps what is typed, not the files chosen: a move away with files chosen asks first (stop 45); at the
  // counter, with no draft, a move away with anything typed asks too.
  useLeaveWarning(
    phase.name !== "success" &&
      (Object.keys(documents.files).length > 0 || (atCounter.current && !isEmptyDraft({ values: form.values, attached: [] }))),
  );
  const [confirmReset, setConfirmReset] = useState(false);
  const previews = useObjectUrls(files);

  // ——— focus: the step heading after a step change, or a field after a failed check ———
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: string; n: number } | null>(null);
  const requestFocus = (target: string) => setFocusRequest((r) => ({ target, n: (r?.n ?? 0) + 1 }));
  useEffect(() => {
    if (!focusRequest) return;
    const el = focusRequest.target === "heading" ? headingRef.current : document.getElementById(focusRequest.target);
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: focusRequest.target === "heading" ? "start" : "center" });
  }, [focusRequest]);

  const goToStep = useCallback((next: StepIndex, focusTarget = "heading") => {
    setStep(next);
    requestFocus(focusTarget);
  }, []);
  useStepsInHistory(step, goToStep);

  // ——— the draft: saved on every change until the application is sent; written again if a new tab takes it ———
  const draft = useRef<Parameters<typeof saveDraft>[0] | null>(null);
  useEffect(() => {
    if (phase.name === "success" || atCounter.current) {
      draft.current = null;
      return;
    }
    const attached = DOCUMENT_KINDS.filter((k) => files[k] || needsReattach.includes(k));
    draft.current = { values, step, attached };
    saveDraft(draft.current);
  }, [values, step, files, needsReattach, phase.name, walkIn]);
  useEffect(() => onOwnDraftTaken(() => draft.current && saveDraft(draft.current)), []);

  // ——— an upload in flight is cancelled when the page goes away ———
  const upload = useUploadAbort();

  // ——— documents ———
  const onPick = useCallback(
    async (kind: DocumentKind, file: File) => {
      if (await documents.pick(kind, file)) setNeedsReattach((prev) => prev.filter((k) => k !== kind));
    },
    [documents.pick],
  );

  const onRemove = useCallback(
    (kind: DocumentKind) => {
      documents.remove(kind);
      setNeedsReattach((prev) => prev.filter((k) => k !== kind));
    },
    [documents.remove],
  );

  const documentError = (kind: DocumentKind) =>
    fileErrors[kind] ??
    (attempted && REQUIRED_DOCUMENTS.includes(kind) && !files[kind]
      ? validation.t("required", { label: DOCUMENT_LABELS[kind] })
      : undefined);

  // ——— reset ———
  const reset = () => {
    setConfirmReset(false);
    // At the counter this tab's draft can only be an applicant's own from before the office signed in: it stays.
    if (!atCounter.current) clearDraft();
    setRestored(null);
    form.reset(emptyValues());
    documents.clear();
    setNeedsReattach([]);
    setAlert(null);
    goToStep(0);
  };

  // The office signed out (here or in another tab): the walk-in's answers go from the screen too, not left for the
  // next person at the counter, and the page says so; during an upload or on its failure screen, as soon as the
  // form is back. Once a sign-out.
  const clearedAfterSignOut = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on the session's and the phase's changes only
  useEffect(() => {
    if (user !== null) clearedAfterSignOut.current = false;
    if (!atCounter.current || user !== null || phase.name !== "form" || clearedAfterSignOut.current) return;
    clearedAfterSignOut.current = true;
    const typed = !isEmptyDraft({ values: form.values, attached: Object.keys(documents.files) as DocumentKind[] });
    reset();
    if (typed) setAlert(t("walkIn.cleared"), true);
  }, [user, phase.name]);

  // ——— submit: the spec's required check (fields and documents), then formats, then the upload ———
  const jumpTo = (field: FieldName | DocumentKind) => goToStep(stepOfField(field), answerDomId(ID_PREFIX, field));
  const toFix = () =>
    whatToFix(
      values,
      REQUIRED_DOCUMENTS.filter((k) => !files[k]),
    );

  // One application at a time (lib/one-at-a-time.ts): a double click's second click (or a second Enter)
  // comes before the upload screen replaces the form.
  const sending = useOneAtATime();
  const submit = () => {
    if (phase.name === "uploading") return;
    setAttempted(true);
    const problem = toFix();
    if (problem) {
      setAlertState("check");
      return jumpTo(problem.first);
    }
    void sending.run(send);
  };
  const problemNow = alert === "check" ? toFix() : null;
  const shownAlert =
    alert === "check"
      ? problemNow && { lines: problemNow.lines, warning: false }
      : alert && { lines: [alert.text], warning: alert.warning };

  const send = async () => {
    const signal = upload.start();
    setAlert(null);
    setPhase({ name: "uploading", percent: 0 });
    requestFocus("phase-heading");
    const form = appendDocuments(appendFields(new FormData(), values), files);
    try {
      const body = await uploadWithProgress<{ data: SubmitResult }>(
        "/admission/submit",
        form,
        (percent) => setPhase((p) => (p.name === "uploading" ? { ...p, percent } : p)),
        { signal },
      );
      if (!atCounter.current) clearDraft(values);
      setPhase({ name: "success", result: body.data, email: values.email.trim(), firstName: values.firstName.trim() });
    } catch (err) {
      const error = normaliseError(err);
      if (upload.stopped(signal, err)) {
        setPhase({ name: "form" });
        setAlert(t("cancelled"), true);
        return requestFocus("heading");
      }
      setPhase({ name: "failure", error });
    } finally {
      upload.stopped(signal);
    }
    requestFocus("phase-heading");
  };

  const tryAgain = (error: ApiError) => {
    const first = showRefusal(error, form, documents);
    setAlert(error.message);
    setPhase({ name: "form" });
    if (first) jumpTo(first);
    else requestFocus("heading");
  };

  // No course open: no form to fill, nor its lead's promise of four steps (walk 30a).
  const closed = phase.name === "form" && openCourses?.length === 0;
  return (
    <div className="container container--narrow page-section admission-page">
      <header className="admission-page__header">
        <h1 className="page-title">{t("heading")}</h1>
        {closed ? null : <p className="lead">{t("lead")}</p>}
      </header>

      {phase.name === "success" ? (
        <SuccessScreen phase={phase} />
      ) : phase.name === "failure" ? (
        <FailureScreen error={phase.error} onTryAgain={() => tryAgain(phase.error)} />
      ) : phase.name === "uploading" ? (
        <div className="ui-card wizard">
          <div className="ui-card__body wizard__status">
            <h2 id="phase-heading" tabIndex={-1} className="wizard__title">
              {t("sending.title")}
            </h2>
            <ProgressBar value={phase.percent} label={phase.percent < 100 ? t("sending.uploading") : t("sending.checking")} />
            <p className="text-muted">{t("sending.keepOpen")}</p>
            <div className="cluster">
              <Button variant="secondary" onClick={upload.cancel}>
                {t("sending.cancel")}
              </Button>
            </div>
          </div>
        </div>
      ) : closed ? (
        <AdmissionsClosed />
      ) : (
        <form
          className="ui-card wizard"
          noValidate
          aria-labelledby="wizard-step-title"
          onSubmit={(e) => {
            e.preventDefault();
            // Enter in a field (or Next) goes on to the next step, as the step's checks allow; on Review it sends.
            if (step === REVIEW_STEP) submit();
            else goToStep((step + 1) as StepIndex);
          }}
        >
          <div className="ui-card__body wizard__body">
            <div className="wizard__top">
              <WizardSteps current={step} onSelect={(s) => goToStep(s)} />
              <button type="button" className="link-button wizard__reset" onClick={() => setConfirmReset(true)}>
                {t("reset")}
              </button>
            </div>

            {walkIn ? (
              <Alert tone="info" title={t("walkIn.title")}>
                {t("walkIn.text")}
              </Alert>
            ) : null}

            {restored ? (
              <Alert tone="info" title={t("restored.title")} onDismiss={() => setRestored(null)}>
                {t("restored.text", { time: formatDayAndTime(restored.savedAt) })}
                {needsReattach.length ? t("restored.reattach", { documents: documentNames(needsReattach) }) : null}
              </Alert>
            ) : null}

            {shownAlert ? (
              <Alert tone={shownAlert.warning ? "warning" : "error"} onDismiss={() => setAlert(null)}>
                {shownAlert.lines.length === 1 ? shownAlert.lines[0] : shownAlert.lines.map((line) => <p key={line}>{line}</p>)}
              </Alert>
            ) : null}

            <div className="wizard__step">
              <p className="wizard__step-count">{t("stepCount", { step: step + 1, count: STEPS.length })}</p>
              <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
                {stepTitle(step)}
              </h2>

              {step === 0 || step === 1 ? (
                <FieldSections
                  sections={step === 0 ? PERSONAL_SECTIONS : ACADEMIC_SECTIONS}
                  values={values}
                  errors={errors}
                  idPrefix={ID_PREFIX}
                  onChange={onChange}
                  onBlur={onBlur}
                />
              ) : step === DOCUMENTS_STEP ? (
                <div className="stack">
                  <p className="text-muted">{t("doc.intro")}</p>
                  {DOCUMENT_KINDS.map((kind) => (
                    <DocumentPicker
                      key={kind}
                      kind={kind}
                      idPrefix={ID_PREFIX}
                      file={files[kind]}
                      previewUrl={previews[kind]}
                      required={REQUIRED_DOCUMENTS.includes(kind)}
                      error={documentError(kind)}
                      note={needsReattach.includes(kind) && !files[kind] ? t("doc.reattach") : undefined}
                      noteTone="warning"
                      onPick={(k, f) => void onPick(k, f)}
                      onRemove={onRemove}
                    />
                  ))}
                </div>
              ) : (
                <Review values={values} files={files} previews={previews} missingDocs={attempted} onEdit={(s) => goToStep(s)} />
              )}
            </div>

            <div className="wizard__nav cluster cluster--between">
              <Button variant="secondary" disabled={step === 0} onClick={() => goToStep((step - 1) as StepIndex)}>
                <ChevronLeftIcon size={18} />
                {t("previous")}
              </Button>
              {/* Distinct keys: React must not turn the clicked Next button into the submit button mid-click
                  (the browser would then submit the form as that click's default action). */}
              {step < REVIEW_STEP ? (
                <Button key="next" type="submit">
                  {t("next")}
                  <ChevronRightIcon size={18} />
                </Button>
              ) : (
                <Button key="submit" type="submit" variant="accent" size="lg">
                  {t("submit")}
                </Button>
              )}
            </div>
          </div>
        </form>
      )}

      <Dialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t("reset.title")}
        size="sm"
        footer={
          <div className="cluster cluster--end">
            <Button variant="secondary" onClick={() => setConfirmReset(false)}>
              {t("reset.keep")}
            </Button>
            <Button variant="danger" onClick={reset}>
              {t("reset")}
            </Button>
          </div>
        }
      >
        <p>{t("reset.text")}</p>
      </Dialog>
    </div>
  );
}

function Review({
  values,
  files,
  previews,
  missingDocs,
  onEdit,
}: {
  values: AdmissionValues;
  files: DocumentFiles;
  previews: Partial<Record<DocumentKind, string>>;
  missingDocs: boolean;
  onEdit: (step: StepIndex) => void;
}) {
  const t = useT(admission);
  const editButton = (step: StepIndex, title: string) => (
    <button type="button" className="ui-button ui-button--ghost ui-button--sm" onClick={() => onEdit(step)}>
      <EditIcon size={16} />
      {t("review.edit")}
      <span className="sr-only"> {title}</span>
    </button>
  );
  return (
    <div className="stack stack--lg">
      <p className="text-muted">{t("review.intro")}</p>
      <SummarySection title={stepTitle(0)} sections={PERSONAL_SECTIONS} values={values} action={editButton(0, stepTitle(0))} />
      <SummarySection title={stepTitle(1)} sections={ACADEMIC_SECTIONS} values={values} action={editButton(1, stepTitle(1))} />
      <section className="summary">
        <div className="summary__header">
          <h3 className="summary__title">{t("review.documents")}</h3>
          {editButton(DOCUMENTS_STEP, t("review.documents"))}
        </div>
        <ul className="doc-list stack stack--md list-plain">
          {DOCUMENT_KINDS.map((kind) => {
            const file = files[kind];
            const required = REQUIRED_DOCUMENTS.includes(kind);
            return (
              <li key={kind} className="doc-list__item cluster">
                {file ? (
                  <DocumentThumb src={previews[kind]} label={DOCUMENT_LABELS[kind]} />
                ) : (
                  <span className="doc-thumb doc-thumb--missing" aria-hidden="true">
                    <UploadIcon size={22} />
                  </span>
                )}
                <div className="doc-list__text">
                  <p className="doc-list__label">{DOCUMENT_LABELS[kind]}</p>
                  {file ? (
                    <p className="doc-list__meta">
                      {file.name} · {formatBytes(file.size)}
                    </p>
                  ) : (
                    <p className={required && missingDocs ? "doc-list__meta text-danger" : "doc-list__meta"}>
                      {required ? t("review.missingRequired") : t("review.missingOptional")}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** The wizard's last screen: what happened, and where to go next. */
function OutcomeScreen({ icon, title, children, actions }: { icon?: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  const t = useT(admission);
  return (
    <div className="ui-card wizard">
      <div className="ui-card__body wizard__status wizard__status--center">
        {icon}
        <h2 id="phase-heading" tabIndex={-1} className="wizard__title">
          {title}
        </h2>
        {children}
        <div className="cluster cluster--center">
          {actions}
          <Link href="/" className={buttonClass("secondary")}>
            {t("home")}
          </Link>
        </div>
      </div>
    </div>
  );
}

function SuccessScreen({ phase }: { phase: Extract<Phase, { name: "success" }> }) {
  const { result, email, firstName } = phase;
  const t = useT(admission);
  const { user } = useSession();
  const walkIn = user !== null && user.role !== "student";
  return (
    <OutcomeScreen
      icon={
        <span className="wizard__status-icon wizard__status-icon--success" aria-hidden="true">
          <CheckCircleIcon size={40} />
        </span>
      }
      title={t("success.title")}
      actions={
        walkIn ? (
          <Link href="/admin/admissions" className={buttonClass("primary")}>
            {t("walkIn.back")}
          </Link>
        ) : (
          <Link href="/admission-status" className={buttonClass("primary")}>
            {t("success.status")}
          </Link>
        )
      }
    >
      <p>{firstName ? t("success.thanksName", { name: firstName }) : t("success.thanks")}</p>
      <p className="app-number" data-testid="application-number">
        {result.applicationNumber}
      </p>
      <p className="text-muted">{t("success.keep", { email })}</p>
      <p>{richText(t("success.review"), { days: <strong>{t("success.days")}</strong> })}</p>
    </OutcomeScreen>
  );
}

function FailureScreen({ error, onTryAgain }: { error: ApiError; onTryAgain: () => void }) {
  const t = useT(admission);
  // An application already under review for the address (409): trying again cannot help, so no "error, try
  // again"; its status page comes first, and the form stays for another address (walk 18).
  if (error.status === 409) {
    return (
      <OutcomeScreen
        title={t("duplicate.title")}
        actions={
          <>
            <Link href="/admission-status" className={buttonClass("primary")}>
              {t("failure.statusPage")}
            </Link>
            <Button variant="secondary" onClick={onTryAgain}>
              {t("duplicate.back")}
            </Button>
          </>
        }
      >
        <Alert tone="info" className="wizard__failure-detail">
          {error.message}
        </Alert>
        <p className="text-muted">{t("failure.kept")}</p>
      </OutcomeScreen>
    );
  }
  return (
    <OutcomeScreen title={t("failure.title")} actions={<Button onClick={onTryAgain}>{t("failure.tryAgain")}</Button>}>
      <p>{t("failure.text")}</p>
      <Alert tone="error" className="wizard__failure-detail">
        {error.message}
      </Alert>
      <p className="text-muted">{t("failure.kept")}</p>
    </OutcomeScreen>
  );
}

/**
 * No course open for applications (the catalogue emptied, or every programme closed): said at once, with the way to
 * ask, instead of four steps that could only be refused at the end (walk 30a). A draft kept on the device stays.
 */
function AdmissionsClosed() {
  const t = useT(admission);
  return (
    <div className="ui-card wizard">
      <div className="ui-card__body wizard__status">
        <h2 className="wizard__title">{t("closed.title")}</h2>
        <p>{t("closed.text")}</p>
        <div className="cluster">
          <Link href="/contact" className={buttonClass("primary")}>
            {t("closed.contact")}
          </Link>
        </div>
      </div>
    </div>
  );
}
