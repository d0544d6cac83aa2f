/**
 * /admission (spec part 1 §2, §4, §5): a four-step wizard that moves freely back and forth, shows each
 * field's rule as it is filled in, keeps a draft on the device, checks once at submit, uploads with
 * progress and ends on a success or failure screen. Nothing typed is lost on the way.
 */

import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { AdmissionSubmitResult } from "../../../shared/schemas/admission.ts";
import { uploadWithProgress } from "../../lib/api.ts";
import { type ApiError, CLIENT_MSG, firstFieldErrors, normaliseError } from "../../lib/errors.ts";
import { formatDayAndTime } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/site.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { CheckCircleIcon } from "../../ui/icons.tsx";
import { ChevronLeftIcon, ChevronRightIcon, EditIcon, UploadIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { FieldSections } from "./application-fields.tsx";
import {
  ACADEMIC_SECTIONS,
  type AdmissionValues,
  appendFields,
  DOCUMENTS_STEP,
  emptyValues,
  FIELD_NAMES,
  type FieldName,
  fieldDomId,
  invalidFieldsMessage,
  missingRequiredFields,
  missingRequiredMessage,
  PERSONAL_SECTIONS,
  REVIEW_STEP,
  STEPS,
  type StepIndex,
  stepOfField,
  validateAll,
} from "./application-form.ts";
import { SummarySection } from "./application-summary.tsx";
import { DocumentPicker, DocumentThumb, useObjectUrls } from "./document-picker.tsx";
import {
  appendDocuments,
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  type DocumentFiles,
  type DocumentKind,
  documentDomId,
  formatBytes,
  REQUIRED_DOCUMENTS,
} from "./documents.ts";
import { type AdmissionDraft, clearDraft, loadDraft, saveDraft } from "./draft.ts";
import { splitServerErrors, useApplicationForm, useDocumentFiles } from "./use-application-form.ts";
import { WizardSteps } from "./wizard-steps.tsx";

type SubmitResult = AdmissionSubmitResult;

type Phase =
  | { name: "form" }
  | { name: "uploading"; percent: number }
  | { name: "success"; result: SubmitResult; email: string; firstName: string }
  | { name: "failure"; error: ApiError };

const ID_PREFIX = "admission";
const CANCELLED = "Upload cancelled. Everything you entered is still here.";
const labelList = (kinds: readonly DocumentKind[]) => kinds.map((k) => DOCUMENT_LABELS[k]).join(", ");

export default function AdmissionPage() {
  usePageTitle("Admission");
  const [restored, setRestored] = useState<AdmissionDraft | null>(() => loadDraft());
  const form = useApplicationForm(() => restored?.values ?? emptyValues());
  const { values, errors, attempted, setAttempted, setServerErrors, onChange, onBlur } = form;
  const [step, setStep] = useState<StepIndex>(() => restored?.step ?? 0);
  const documents = useDocumentFiles();
  const { files, fileErrors } = documents;
  const [needsReattach, setNeedsReattach] = useState<DocumentKind[]>(() => restored?.attached ?? []);
  const [alert, setAlert] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: "form" });
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

  // ——— the draft: saved on every change until the application is sent ———
  useEffect(() => {
    if (phase.name === "success") return;
    const attached = DOCUMENT_KINDS.filter((k) => files[k] || needsReattach.includes(k));
    saveDraft({ values, step, attached });
  }, [values, step, files, needsReattach, phase.name]);

  // ——— an upload in flight is cancelled when the page goes away ———
  const uploadAbort = useRef<AbortController | null>(null);
  useEffect(() => () => uploadAbort.current?.abort(), []);

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
    (attempted && REQUIRED_DOCUMENTS.includes(kind) && !files[kind] ? `${DOCUMENT_LABELS[kind]} is required` : undefined);

  // ——— reset ———
  const reset = () => {
    setConfirmReset(false);
    clearDraft();
    setRestored(null);
    form.reset(emptyValues());
    documents.clear();
    setNeedsReattach([]);
    setAlert(null);
    goToStep(0);
  };

  // ——— submit: the spec's required check, then documents and formats, then the upload ———
  const jumpTo = (field: FieldName | DocumentKind) => {
    const isDocument = (DOCUMENT_KINDS as readonly string[]).includes(field);
    goToStep(stepOfField(field), isDocument ? documentDomId(ID_PREFIX, field as DocumentKind) : fieldDomId(ID_PREFIX, field));
  };

  const submit = () => {
    if (phase.name === "uploading") return;
    setAttempted(true);
    const missing = missingRequiredFields(values);
    if (missing.length) {
      setAlert(missingRequiredMessage(values));
      return jumpTo(missing[0]!);
    }
    const missingDocuments = REQUIRED_DOCUMENTS.filter((k) => !files[k]);
    if (missingDocuments.length) {
      setAlert(`Please upload the following required documents: ${labelList(missingDocuments)}`);
      return jumpTo(missingDocuments[0]!);
    }
    const invalid = Object.keys(validateAll(values)) as FieldName[];
    if (invalid.length) {
      setAlert(invalidFieldsMessage(invalid));
      return jumpTo(invalid[0]!);
    }
    void send();
  };

  const send = async () => {
    const controller = new AbortController();
    uploadAbort.current = controller;
    setAlert(null);
    setPhase({ name: "uploading", percent: 0 });
    requestFocus("phase-heading");
    const form = appendDocuments(appendFields(new FormData(), values), files);
    try {
      const body = await uploadWithProgress<{ data: SubmitResult }>(
        "/admission/submit",
        form,
        (percent) => setPhase((p) => (p.name === "uploading" ? { ...p, percent } : p)),
        { signal: controller.signal },
      );
      clearDraft();
      setPhase({ name: "success", result: body.data, email: values.email.trim(), firstName: values.firstName.trim() });
    } catch (err) {
      const error = normaliseError(err);
      if (controller.signal.aborted || error.message === CLIENT_MSG.aborted) {
        setPhase({ name: "form" });
        setAlert(CANCELLED);
        return requestFocus("heading");
      }
      setPhase({ name: "failure", error });
    } finally {
      if (uploadAbort.current === controller) uploadAbort.current = null;
    }
    requestFocus("phase-heading");
  };

  const tryAgain = (error: ApiError) => {
    const { fields: fieldMessages, documents: documentMessages } = splitServerErrors(firstFieldErrors(error.errors));
    setServerErrors(fieldMessages);
    // A refused file is taken off, so the same bytes are not sent again over a slow connection.
    documents.refuse(documentMessages);
    setAlert(error.message);
    setPhase({ name: "form" });
    const first = FIELD_NAMES.find((n) => fieldMessages[n]) ?? DOCUMENT_KINDS.find((k) => documentMessages[k]);
    if (first) jumpTo(first);
    else requestFocus("heading");
  };

  return (
    <div className="container container--narrow page-section admission-page">
      <header className="admission-page__header">
        <h1 className="page-title">Apply for Admission</h1>
        <p className="lead">Four short steps. What you type is kept on this device until you submit, so you can stop and finish later.</p>
      </header>

      {phase.name === "success" ? (
        <SuccessScreen phase={phase} />
      ) : phase.name === "failure" ? (
        <FailureScreen error={phase.error} onTryAgain={() => tryAgain(phase.error)} />
      ) : phase.name === "uploading" ? (
        <div className="ui-card wizard">
          <div className="ui-card__body wizard__status">
            <h2 id="phase-heading" tabIndex={-1} className="wizard__title">
              Sending your application
            </h2>
            <ProgressBar value={phase.percent} label={phase.percent < 100 ? "Uploading your application…" : "Checking your documents…"} />
            <p className="text-muted">Please keep this page open. On a slow connection this can take a minute or two.</p>
            <div className="cluster">
              <Button variant="secondary" onClick={() => uploadAbort.current?.abort()}>
                Cancel upload
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <form
          className="ui-card wizard"
          noValidate
          aria-labelledby="wizard-step-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (step === REVIEW_STEP) submit();
          }}
        >
          <div className="ui-card__body wizard__body">
            <div className="wizard__top">
              <WizardSteps current={step} onSelect={(s) => goToStep(s)} />
              <button type="button" className="link-button wizard__reset" onClick={() => setConfirmReset(true)}>
                Reset Form
              </button>
            </div>

            {restored ? (
              <Alert tone="info" title="Welcome back" onDismiss={() => setRestored(null)}>
                We restored what you typed on this device ({formatDayAndTime(new Date(restored.savedAt))}).
                {needsReattach.length
                  ? ` Files cannot be kept after the page is closed, so please attach these again: ${labelList(needsReattach)}.`
                  : null}
              </Alert>
            ) : null}

            {alert ? (
              <Alert tone={alert === CANCELLED ? "warning" : "error"} onDismiss={() => setAlert(null)}>
                {alert}
              </Alert>
            ) : null}

            <div className="wizard__step">
              <p className="wizard__step-count">
                Step {step + 1} of {STEPS.length}
              </p>
              <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
                {STEPS[step].title}
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
                  <p className="text-muted">
                    Clear photos or scans are fine. Your photo and marksheet are required; the certificates are optional. You can also add
                    them later by editing your application.
                  </p>
                  {DOCUMENT_KINDS.map((kind) => (
                    <DocumentPicker
                      key={kind}
                      kind={kind}
                      idPrefix={ID_PREFIX}
                      file={files[kind]}
                      previewUrl={previews[kind]}
                      required={REQUIRED_DOCUMENTS.includes(kind)}
                      error={documentError(kind)}
                      note={
                        needsReattach.includes(kind) && !files[kind]
                          ? "Please attach this file again: files are not kept when the page is reloaded."
                          : undefined
                      }
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

            <div className="wizard__nav">
              <Button variant="secondary" disabled={step === 0} onClick={() => goToStep((step - 1) as StepIndex)}>
                <ChevronLeftIcon size={18} />
                Previous
              </Button>
              {/* Distinct keys: React must not turn the clicked Next button into the submit button mid-click
                  (the browser would then submit the form as that click's default action). */}
              {step < REVIEW_STEP ? (
                <Button key="next" onClick={() => goToStep((step + 1) as StepIndex)}>
                  Next Step
                  <ChevronRightIcon size={18} />
                </Button>
              ) : (
                <Button key="submit" type="submit" variant="accent" size="lg">
                  Submit Application
                </Button>
              )}
            </div>
          </div>
        </form>
      )}

      <Dialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Reset the form?"
        size="sm"
        footer={
          <div className="cluster cluster--end">
            <Button variant="secondary" onClick={() => setConfirmReset(false)}>
              Keep my answers
            </Button>
            <Button variant="danger" onClick={reset}>
              Reset Form
            </Button>
          </div>
        }
      >
        <p>This clears everything you have entered and attached, on this device too. It cannot be undone.</p>
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
  const editButton = (step: StepIndex, title: string) => (
    <button type="button" className="ui-button ui-button--ghost ui-button--sm" onClick={() => onEdit(step)}>
      <EditIcon size={16} />
      Edit<span className="sr-only"> {title}</span>
    </button>
  );
  return (
    <div className="stack stack--lg">
      <p className="text-muted">Please check everything once more. You can go back to any step to change it.</p>
      <SummarySection title="Personal Details" sections={PERSONAL_SECTIONS} values={values} action={editButton(0, "Personal Details")} />
      <SummarySection
        title="Academic Information"
        sections={ACADEMIC_SECTIONS}
        values={values}
        action={editButton(1, "Academic Information")}
      />
      <section className="summary">
        <div className="summary__header">
          <h3 className="summary__title">Documents</h3>
          {editButton(DOCUMENTS_STEP, "Documents")}
        </div>
        <ul className="doc-list">
          {DOCUMENT_KINDS.map((kind) => {
            const file = files[kind];
            const required = REQUIRED_DOCUMENTS.includes(kind);
            return (
              <li key={kind} className="doc-list__item">
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
                      {required ? "Not attached yet (required)" : "Not attached (optional)"}
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
            Return to Home
          </Link>
        </div>
      </div>
    </div>
  );
}

function SuccessScreen({ phase }: { phase: Extract<Phase, { name: "success" }> }) {
  const { result, email, firstName } = phase;
  return (
    <OutcomeScreen
      icon={
        <span className="wizard__status-icon wizard__status-icon--success" aria-hidden="true">
          <CheckCircleIcon size={40} />
        </span>
      }
      title="Application submitted successfully!"
      actions={
        <Link href="/admission-status" className={buttonClass("primary")}>
          Check Application Status
        </Link>
      }
    >
      <p>Thank you{firstName ? `, ${firstName}` : ""}. Your application number is</p>
      <p className="app-number" data-testid="application-number">
        {result.applicationNumber}
      </p>
      <p className="text-muted">Please keep it for your records. We have sent a confirmation to {email}.</p>
      <p>
        Our admissions team reviews every application within <strong>2–3 business days</strong>. You can check the status at any time, and
        edit your application while it is pending.
      </p>
    </OutcomeScreen>
  );
}

function FailureScreen({ error, onTryAgain }: { error: ApiError; onTryAgain: () => void }) {
  return (
    <OutcomeScreen title="Submission Failed" actions={<Button onClick={onTryAgain}>Try Again</Button>}>
      <p>We encountered an error while processing your application. Please try again.</p>
      <Alert tone="error" className="wizard__failure-detail">
        {error.message}
        {error.status === 409 ? (
          <>
            {" "}
            <Link href="/admission-status">Go to the Application Status page</Link>
          </>
        ) : null}
      </Alert>
      <p className="text-muted">Everything you entered is still here.</p>
    </OutcomeScreen>
  );
}
