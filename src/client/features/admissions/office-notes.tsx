/**
 * The office's own part of an application (issue 17), inside its details dialog: the follow-up date and
 * the internal notes, newest first, with a box to add one. The applicant never sees any of it (the server
 * keeps it out of their view); both forms are checked with the shared schemas the server uses.
 */
import type { FormEvent } from "react";
import { admin } from "../../../shared/i18n/admin.ts";
import { admissionFollowUpInput, admissionNoteInput, NOTE_MAX } from "../../../shared/schemas/admission-office.ts";
import { checkInput, focusField, useTextField } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLeaveWarning } from "../../lib/leave-warning.ts";
import { useOneAtATime } from "../../lib/one-at-a-time.ts";
import { trpc } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { TextArea, TextInput } from "../../ui/field.tsx";
import { failureMessage, formatDateTime } from "../../ui/list-controls.tsx";
import { useToast } from "../../ui/toast.tsx";
import type { AdmissionDetails } from "./admission-details-dialog.tsx";

export function OfficeNotes({ application }: { application: AdmissionDetails }) {
  const t = useT(admin);
  const toast = useToast();
  const utils = trpc.useUtils();
  const addNote = trpc.admissions.addNote.useMutation();
  const setFollowUp = trpc.admissions.setFollowUp.useMutation();
  const date = useTextField(application.followUpOn ?? "");
  const note = useTextField("", { warnOnLeave: true });
  // A date typed and not saved asks before a move away; the date saved (shown in the field) does not.
  useLeaveWarning(date.value !== (application.followUpOn ?? ""));

  const applied = (answer: { message: string; application: AdmissionDetails }) => {
    utils.admissions.adminGet.setData({ id: application.id }, answer.application);
    void utils.admissions.adminList.invalidate();
    toast.show(answer.message);
  };

  const saveDate = (value: string) => {
    const checked = checkInput(admissionFollowUpInput, { id: application.id, followUpOn: value });
    if (!checked.ok) {
      date.setError(checked.messages.followUpOn ?? null);
      // The date to fix takes the focus, as the note does (it stayed on Save date).
      focusField("office-follow-up");
      return;
    }
    date.setError(null);
    setFollowUp.mutate(checked.value, {
      onSuccess: (answer) => {
        date.setValue(answer.application.followUpOn ?? "");
        applied(answer);
      },
      onError: (err) => {
        date.setError(failureMessage(err, t("adm.note.failed")));
        focusField("office-follow-up");
      },
    });
  };

  // One note at a time (lib/one-at-a-time.ts): a double click's second click comes before busy shows.
  const sending = useOneAtATime();
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInput(admissionNoteInput, { id: application.id, body: note.value });
    if (!checked.ok) {
      note.setError(checked.messages.body ?? null);
      focusField("office-note");
      return;
    }
    note.setError(null);
    if (!sending.start()) return;
    addNote.mutate(checked.value, {
      onSuccess: (answer) => {
        note.setValue("");
        applied(answer);
      },
      onError: (err) => note.setError(failureMessage(err, t("adm.note.failed"))),
      onSettled: sending.settled,
    });
  };

  return (
    <section className="summary office-notes" aria-labelledby="office-notes-title" data-own-guard>
      <div className="summary__header">
        <h3 id="office-notes-title" className="summary__title">
          {t("adm.office")}
        </h3>
        <p className="text-sm text-muted">{t("adm.office.private")}</p>
      </div>
      <div className="office-notes__body stack">
        {application.walkIn ? <p className="text-sm">{t("adm.walkIn", { name: application.enteredByName ?? "—" })}</p> : null}
        {/* A form, so Enter in the date saves it as the button does (tenth walk: Enter did nothing). */}
        <form
          className="office-notes__date cluster cluster--sm cluster--bottom"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            saveDate(date.value);
          }}
        >
          <TextInput id="office-follow-up" type="date" label={t("adm.followUp")} {...date.bind} />
          <Button type="submit" size="sm" variant="secondary" loading={setFollowUp.isPending}>
            {t("adm.followUp.save")}
          </Button>
          {application.followUpOn ? (
            <Button size="sm" variant="ghost" disabled={setFollowUp.isPending} onClick={() => saveDate("")}>
              {t("adm.followUp.clear")}
            </Button>
          ) : null}
        </form>
        <form className="stack stack--sm" onSubmit={submitNote} noValidate>
          <TextArea id="office-note" label={t("adm.note.label")} rows={3} maxLength={NOTE_MAX} {...note.bind} />
          <div>
            <Button type="submit" size="sm" loading={addNote.isPending}>
              {t("adm.note.add")}
            </Button>
          </div>
        </form>
        {application.notes.length ? (
          <ol className="office-notes__list list-plain">
            {application.notes.map((n) => (
              <li key={n.id} className="office-notes__note">
                <p className="office-notes__text">{n.body}</p>
                <p className="text-sm text-muted">
                  {n.authorName} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted">{t("adm.note.none")}</p>
        )}
      </div>
    </section>
  );
}
