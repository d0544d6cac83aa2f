/**
 * /admission-status (spec part 1 §2, §5, §8; DECISIONS 7): look an application up by e-mail address and
 * see only its number, status, dates, the student ID once approved and the reason once rejected. The full
 * application (View Details) and Edit Application (pending only) open after the e-mailed 6-digit code.
 */

import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { account } from "../../../shared/i18n/account.ts";
import { status as statusNs } from "../../../shared/i18n/status.ts";
import { MSG } from "../../../shared/messages.ts";
import { statusLookupInput } from "../../../shared/schemas/admission.ts";
import { normaliseError } from "../../lib/errors.ts";
import { checkOrShow } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge, statusTone } from "../../ui/badge.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Fact } from "../../ui/fact.tsx";
import { EmailInput } from "../../ui/field.tsx";
import { EditIcon, EyeIcon, SearchIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { AccessCodeDialog, type AccessGrant, forgetGrant, isGrantLive, restoreGrant, saveGrant } from "./access-code-dialog.tsx";
import { ApplicationDetailsDialog, useApplication } from "./application-details-dialog.tsx";
import { ApplicationEditor } from "./application-editor.tsx";
import { formatDateTime, statusLabel, statusMessage } from "./status-format.ts";

type StatusResult = RouterOutputs["admissions"]["status"];
/** what the code unlocks: the details, the edit view, or carrying on with an edit whose access ran out */
type Intent = "details" | "edit" | "resume";

export default function AdmissionStatusPage() {
  const t = useT(statusNs);
  // The lookup's and the access code's checks (shared schemas) answer from the account catalogue.
  useT(account);
  usePageTitle(t("title"));
  const utils = trpc.useUtils();
  const [query, setQuery] = useState("");
  const [queryError, setQueryError] = useState<string | null>(null);
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  const [result, setResult] = useState<StatusResult | null>(null);
  const [lookupFailure, setLookupFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const [grant, setGrant] = useState<AccessGrant | null>(() => restoreGrant());
  const [codeFor, setCodeFor] = useState<Intent | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  /** A new lookup: the last one's answer goes (a refused address has none). */
  const lookup = async (raw: string) => {
    setLookupFailure(null);
    setNotice(null);
    const parsed = checkOrShow(statusLookupInput, { query: raw }, (m) => setQueryError(m.query ?? m._form ?? null), {
      query: "status-query",
    });
    if (!parsed) return setResult(null);
    const q = parsed.query;
    setSearching(true);
    try {
      const found = await utils.admissions.status.fetch({ query: q }, { staleTime: 0 });
      // Another application (or e-mail address) needs its own code.
      if (grant && grant.applicationId !== found.id) {
        setGrant(null);
        forgetGrant();
      }
      setResult(found);
      setLookedUp(q);
      requestAnimationFrame(() => resultHeading.current?.focus());
    } catch (err) {
      const failure = normaliseError(err);
      setResult(null);
      // A 404 says what was not found (an e-mail address or an application number) in the server's words.
      setLookupFailure(failure.message === MSG.genericError ? t("notFound") : failure.message);
    } finally {
      setSearching(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!searching) void lookup(query);
  };

  /** View Details and Edit Application: straight in while a grant lasts, else ask for the code first. */
  const open = (intent: Exclude<Intent, "resume">) => {
    if (isGrantLive(grant)) return intent === "details" ? setDetailsOpen(true) : setEditing(true);
    setCodeFor(intent);
  };

  const onVerified = (next: AccessGrant) => {
    setGrant(next);
    saveGrant(next, lookedUp ?? query);
    const intent = codeFor;
    setCodeFor(null);
    if (intent === "details") setDetailsOpen(true);
    if (intent === "edit") setEditing(true);
  };

  // Kept (for the failed query's key) but no longer live: the next attempt asks for a fresh code.
  const expireGrant = () => {
    forgetGrant();
    setGrant((g) => (g && g.expiresAt > 0 ? { ...g, expiresAt: 0 } : g));
  };

  // After a reload within the grant's 30 minutes: the same lookup again, with the code still accepted.
  useEffect(() => {
    const stored = restoreGrant();
    if (!stored) return;
    setQuery(stored.query);
    void lookup(stored.query);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const editQuery = useApplication(grant, editing);
  const editFailure = editQuery.error ? normaliseError(editQuery.error) : null;
  useEffect(() => {
    if (editFailure?.status === 403) expireGrant();
  }, [editFailure?.status]);

  const lookupEmail = lookedUp?.includes("@") ? lookedUp : null;

  const dialogs = (
    <>
      <AccessCodeDialog open={codeFor !== null} email={lookupEmail} onClose={() => setCodeFor(null)} onVerified={onVerified} />
      <ApplicationDetailsDialog
        open={detailsOpen}
        grant={grant}
        onClose={() => setDetailsOpen(false)}
        onRefused={expireGrant}
        onEdit={() => {
          setDetailsOpen(false);
          setEditing(true);
        }}
      />
    </>
  );

  if (editing && result) {
    return (
      <div className="container container--narrow page-section status-page">
        <h1 className="page-title">{t("title")}</h1>
        {editQuery.data && grant ? (
          <ApplicationEditor
            application={editQuery.data}
            grant={grant}
            onCancel={() => {
              setEditing(false);
              // Read again: a refused save may have met a decision or someone else's change (eleventh walk).
              if (lookedUp) void lookup(lookedUp);
            }}
            onAccessExpired={() => {
              expireGrant();
              setCodeFor("resume");
            }}
            onSaved={(updated) => {
              setEditing(false);
              utils.admissions.application.setData({ id: updated.id, accessToken: grant.token }, updated);
              const email = updated.email ?? lookedUp ?? query;
              setQuery(email);
              void lookup(email).then(() => setNotice(t("saved")));
            }}
          />
        ) : editFailure ? (
          <div className="stack">
            <Alert tone="error" title={t("loadForEditFailed")}>
              {editFailure.message}
            </Alert>
            <div>
              <Button variant="secondary" onClick={() => setEditing(false)}>
                {t("back")}
              </Button>
            </div>
          </div>
        ) : (
          <div className="ui-card" aria-busy="true">
            <div className="ui-card__body stack">
              <Skeleton lines={3} />
              <Skeleton lines={5} />
              <span className="sr-only" role="status">
                {t("loading")}
              </span>
            </div>
          </div>
        )}
        {dialogs}
      </div>
    );
  }

  return (
    <div className="container container--narrow page-section status-page">
      <header>
        <h1 className="page-title">{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </header>

      <form className="ui-card status-lookup" onSubmit={onSubmit} noValidate role="search" aria-label={t("search")}>
        <div className="ui-card__body status-lookup__body">
          <EmailInput
            id="status-query"
            label={t("email")}
            hint={t("emailHint")}
            value={query}
            error={queryError}
            fieldClassName="status-lookup__field"
            onChange={(e) => {
              setQuery(e.target.value);
              // "No application found" was about the address before this change.
              setLookupFailure(null);
            }}
          />
          <Button type="submit" loading={searching} className="status-lookup__button">
            <SearchIcon size={18} />
            {t("check")}
          </Button>
        </div>
      </form>

      {lookupFailure ? <Alert tone="error">{lookupFailure}</Alert> : null}
      {notice ? (
        <Alert tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}

      {result ? <StatusCard result={result} headingRef={resultHeading} onOpen={open} /> : null}

      {!result && !lookupFailure ? (
        <p className="text-muted status-page__help">
          {t("notApplied")} <Link href="/admission">{t("start")}</Link>
        </p>
      ) : null}

      {dialogs}
    </div>
  );
}

function StatusCard({
  result,
  headingRef,
  onOpen,
}: {
  result: StatusResult;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onOpen: (intent: Exclude<Intent, "resume">) => void;
}) {
  const t = useT(statusNs);
  const tone = statusTone(result.status);
  return (
    <section className={`ui-card status-card status-card--${tone}`} aria-labelledby="status-card-title">
      <div className="ui-card__body stack">
        <div className="cluster cluster--between">
          <h2 id="status-card-title" ref={headingRef} tabIndex={-1} className="status-card__title">
            {t("card.title")}
          </h2>
          <Badge tone={tone}>{statusLabel(result.status)}</Badge>
        </div>
        <p>{statusMessage(result.status)}</p>
        <dl className="grid grid--2 facts">
          <Fact label={t("fact.number")} className="tabular" itemClassName="facts__item">
            {result.applicationNumber}
          </Fact>
          <Fact label={t("fact.course")} itemClassName="facts__item">
            {result.course}
          </Fact>
          <Fact label={t("fact.submitted")} itemClassName="facts__item">
            {formatDateTime(result.submittedAt)}
          </Fact>
          {result.processedAt ? (
            <Fact label={t("fact.processed")} itemClassName="facts__item">
              {formatDateTime(result.processedAt)}
            </Fact>
          ) : null}
          {result.status === "approved" && result.student_id ? (
            <Fact label={t("fact.studentId")} className="status-card__student-id" itemClassName="facts__item">
              {result.student_id}
            </Fact>
          ) : null}
        </dl>

        {result.status === "approved" ? (
          <Alert tone="success" title={t("approved.title")}>
            {result.student_id ? t("approved.textId", { id: result.student_id }) : t("approved.text")}{" "}
            <Link href="/login">{t("goToLogin")}</Link>
          </Alert>
        ) : null}

        {result.status === "rejected" && result.rejectionReason ? (
          <div className="status-card__reason">
            <h3 className="status-card__reason-title">{t("reason.title")}</h3>
            <blockquote>{result.rejectionReason}</blockquote>
            <p className="text-sm text-muted">{t("reason.contact")}</p>
          </div>
        ) : null}

        <div className="cluster">
          <Button variant="secondary" onClick={() => onOpen("details")}>
            <EyeIcon size={18} />
            {t("viewDetails")}
          </Button>
          {result.status === "pending" ? (
            <Button variant="secondary" onClick={() => onOpen("edit")}>
              <EditIcon size={18} />
              {t("edit")}
            </Button>
          ) : null}
          {result.status === "approved" ? (
            <Link href="/login" className={buttonClass("primary")}>
              {t("signIn")}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
