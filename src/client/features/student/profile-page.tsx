/**
 * /student/profile (spec part 1 §2, §4, §8): view mode and edit mode. The student changes their own
 * contact details, date of birth, gender, blood group, address and emergency contact; name, e-mail,
 * student ID and course are the administration's and are shown, not edited. Save leaves edit mode;
 * Cancel reloads from the server. Page messages vanish after 5 seconds.
 */

import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { BLOOD_GROUPS, EMERGENCY_RELATIONSHIPS, GENDERS } from "../../../shared/constants.ts";
import { common } from "../../../shared/i18n/common.ts";
import { genderLabel, person, relationshipLabel } from "../../../shared/i18n/person.ts";
import { student } from "../../../shared/i18n/student.ts";
import { failureMessage, normaliseError } from "../../lib/errors.ts";
import { changedFields, focusField, useFormState } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { EditIcon, UserIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { StudentPageHeader } from "../../ui/student-page-header.tsx";
import { ChangeEmailDialog } from "../auth/change-email-dialog.tsx";
import { Facts } from "./facts.tsx";
import { formatDate, notSpecified, shown } from "./format.ts";
import {
  checkProfile,
  EMPTY_PROFILE_FORM,
  formErrors,
  formFromProfile,
  inputFromForm,
  PROFILE_MESSAGES,
  type ProfileErrors,
  type ProfileField,
  type ProfileForm,
  type StudentProfile,
} from "./profile-form.ts";
import { ProfilePhoto } from "./profile-photo.tsx";
import { useFlash } from "./use-flash.ts";

const fieldId = (field: ProfileField) => `profile-${field}`;

/** The form's fields in reading order, for focusing the first one with an error. */
const FIELD_ORDER: ProfileField[] = [
  "gender",
  "bloodGroup",
  "mobile",
  "address",
  "city",
  "state",
  "pincode",
  "emergencyName",
  "emergencyRelationship",
  "emergencyPhone",
  "emergencyEmail",
];

/** The shared schema's rules, shown beside the fields after a save attempt. */
const PROFILE_RULES = { validate: checkProfile, showOn: "submit", warnOnLeave: true } as const;

export default function StudentProfilePage() {
  const t = useT(student);
  const tCommon = useT(common);
  useT(person); // the gender and the emergency contact's relationship, shown and chosen
  const utils = trpc.useUtils();
  const profile = trpc.student.profile.useQuery();
  const update = trpc.student.updateProfile.useMutation();
  const [editing, setEditing] = useState(false);
  const form = useFormState<ProfileForm>(EMPTY_PROFILE_FORM, PROFILE_RULES);
  const message = useFlash();
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const data = profile.data;

  // 'Failed to load profile data' (spec part 1 §8), for each failed load.
  const { show } = message;
  useEffect(() => {
    if (profile.errorUpdatedAt) show("error", PROFILE_MESSAGES.loadFailed);
  }, [profile.errorUpdatedAt, show]);

  // Focus follows the view: Edit Profile opens the form at its first field; Save and Cancel come back to
  // Edit Profile. Otherwise the button pressed is gone and focus falls to the page (sixth walk).
  const editButton = useRef<HTMLButtonElement>(null);
  const shownEditing = useRef(editing);
  useEffect(() => {
    if (shownEditing.current === editing) return;
    shownEditing.current = editing;
    if (editing) document.getElementById(fieldId(FIELD_ORDER[0]!))?.focus();
    else editButton.current?.focus();
  }, [editing]);

  // What the form was filled with: only what differs from it is sent (changedFields).
  const filledWith = useRef<ProfileForm>(EMPTY_PROFILE_FORM);
  const startEditing = () => {
    if (!data) return;
    filledWith.current = formFromProfile(data);
    form.reset(filledWith.current);
    // The last save's message is about the last edit, not this one.
    message.clear();
    setSaveProblem(null);
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    setSaveProblem(null);
    form.reset(EMPTY_PROFILE_FORM);
    // The spec's Cancel reloads the data, so the view shows what the server holds.
    void profile.refetch();
  };

  const focusFirst = (found: ProfileErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) focusField(fieldId(first));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || update.isPending) return;
    setSaveProblem(null);
    const invalid = form.attempt();
    if (Object.keys(invalid).length) {
      focusFirst(invalid);
      return;
    }
    try {
      const input = inputFromForm(form.values);
      const saved = await update.mutateAsync(changedFields(input, input, inputFromForm(filledWith.current)));
      utils.student.profile.setData(undefined, saved);
      void utils.student.dashboard.invalidate();
      void utils.student.idCard.invalidate();
      setEditing(false);
      form.reset(EMPTY_PROFILE_FORM);
      message.show("success", PROFILE_MESSAGES.updated);
    } catch (err) {
      const found = formErrors(normaliseError(err).errors);
      form.setServerMessages(found);
      focusFirst(found);
      // The spec's words above the fields the server named (the focus goes to the first); otherwise what happened
      // (offline, a refusal's reason) beside Save, where the tap was, until the next try: the page's message was
      // scrolled away on a phone and went after the spec's 5 seconds (walk 33b: offline, the tap seemed to do nothing).
      if (Object.keys(found).length) message.show("error", PROFILE_MESSAGES.updateFailed);
      else setSaveProblem(failureMessage(err, PROFILE_MESSAGES.updateFailed));
    }
  };

  const photoUploaded = (text: string, user: { photo: StudentProfile["photo"] }) => {
    utils.student.profile.setData(undefined, (old) => (old ? { ...old, photo: user.photo } : old));
    void utils.student.dashboard.invalidate();
    void utils.student.idCard.invalidate();
    message.show("success", text);
  };

  return (
    <div className="page-stack student-profile">
      <StudentPageHeader
        title={t("profile.title")}
        lead={editing ? t("profile.leadEdit") : t("profile.lead")}
        actions={
          data && !editing ? (
            <Button ref={editButton} onClick={startEditing}>
              <EditIcon size={18} /> {t("profile.edit")}
            </Button>
          ) : null
        }
      />

      {message.flash ? (
        <Alert tone={message.flash.tone} onDismiss={message.clear}>
          {message.flash.text}
        </Alert>
      ) : null}

      {data ? (
        <>
          <Card className="profile-summary">
            <ProfilePhoto name={data.name} photoUrl={data.photo?.url} onUploaded={photoUploaded}>
              <div className="stack stack--xs profile-summary__text">
                <p className="profile-summary__name">{data.name}</p>
                <p className="profile-summary__meta">
                  {data.student_id ?? t("noStudentId")} · {data.programmeName ?? t("profile.noCourse")}
                </p>
                <Badge tone={data.status === "active" ? "approved" : "rejected"}>
                  {data.status === "active" ? t("active") : t("inactive")}
                </Badge>
              </div>
            </ProfilePhoto>
          </Card>
          {editing ? (
            <EditForm
              profile={data}
              form={form.values}
              errors={form.errors}
              saving={update.isPending}
              onChange={form.onChange}
              onSubmit={save}
              onCancel={cancel}
              problem={saveProblem}
            />
          ) : (
            <ProfileView profile={data} />
          )}
        </>
      ) : profile.isError ? (
        <Card>
          <EmptyState
            icon={<UserIcon size={28} />}
            title={t("profile.loadFailedTitle")}
            description={t("tryAgain")}
            action={
              <Button variant="secondary" loading={profile.isFetching} onClick={() => void profile.refetch()}>
                {tCommon("tryAgain")}
              </Button>
            }
          />
        </Card>
      ) : (
        <ProfileLoading />
      )}
    </div>
  );
}

function ProfileLoading() {
  const t = useT(student);
  return (
    <div className="page-stack" aria-busy="true">
      <span className="sr-only">{t("profile.loading")}</span>
      <div className="ui-card profile-loading">
        <Skeleton width="6rem" height="6rem" />
        <Skeleton lines={3} />
      </div>
      <div className="grid grid--2">
        {[0, 1].map((i) => (
          <div key={i} className="ui-card profile-loading">
            <Skeleton lines={5} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A stored choice (gender, relationship) in the reader's language; anything else as stored. */
const choice = (kind: "gender" | "relationship", value: string | null | undefined) => {
  if (!value?.trim()) return notSpecified();
  return kind === "gender" ? genderLabel(value) : relationshipLabel(value);
};

function ProfileView({ profile: p }: { profile: StudentProfile }) {
  const address = [p.address, p.city, p.state, p.pincode].filter((x) => x?.trim()).join(", ");
  const utils = trpc.useUtils();
  const [changingEmail, setChangingEmail] = useState(false);
  const t = useT(student);
  return (
    <div className="grid grid--2">
      <Card title={t("profile.personal")}>
        <Facts
          rows={[
            [t("label.fullName"), p.name],
            [t("label.dateOfBirth"), formatDate(p.dateOfBirth, true) ?? notSpecified()],
            [t("label.gender"), choice("gender", p.gender)],
            [t("label.bloodGroup"), shown(p.bloodGroup)],
          ]}
        />
      </Card>
      <Card
        title={t("profile.contact")}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setChangingEmail(true)}>
            {t("email.open")}
          </Button>
        }
      >
        <Facts
          rows={[
            [t("label.email"), p.email],
            [t("label.mobile"), shown(p.mobile)],
            [t("label.address"), shown(address)],
          ]}
        />
        <ChangeEmailDialog
          open={changingEmail}
          onClose={() => setChangingEmail(false)}
          onChanged={() => void utils.student.profile.invalidate()}
        />
      </Card>
      <Card title={t("profile.academic")}>
        <Facts
          rows={[
            [t("label.studentId"), p.student_id ?? t("notAssigned")],
            [
              t("label.programme"),
              p.programme ? (
                <Link key="programme" href={`~/programmes/${p.programme.slug}`}>
                  {p.programme.name}
                </Link>
              ) : (
                // an archived programme (no public page) or none in the catalogue: still its one name
                shown(p.programmeName)
              ),
            ],
            // the course the application was admitted to (history: a later rename leaves it), beside the Programme (decision 023)
            [t("label.admittedTo"), shown(p.course)],
            [t("label.standard"), shown(p.standard)],
            [t("label.section"), shown(p.section)],
            [t("label.rollNumber"), shown(p.rollNumber)],
          ]}
        />
      </Card>
      <Card title={t("profile.emergency")}>
        <Facts
          rows={[
            [t("label.name"), shown(p.emergencyContact.name)],
            [t("label.relationship"), choice("relationship", p.emergencyContact.relationship)],
            [t("label.phone"), shown(p.emergencyContact.phone)],
            [t("label.emailShort"), shown(p.emergencyContact.email)],
          ]}
        />
      </Card>
    </div>
  );
}

function EditForm({
  profile: p,
  form,
  errors,
  saving,
  onChange,
  onSubmit,
  onCancel,
  problem,
}: {
  profile: StudentProfile;
  form: ProfileForm;
  errors: ProfileErrors;
  saving: boolean;
  onChange: (field: ProfileField, value: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** a failed save's words not tied to a field, shown beside the buttons */
  problem: string | null;
}) {
  const t = useT(student);
  const text = (field: ProfileField, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      id={fieldId(field)}
      label={label}
      value={form[field]}
      error={errors[field]}
      disabled={saving}
      onChange={(e) => onChange(field, e.target.value)}
      {...extra}
    />
  );
  const select = (field: ProfileField, label: string, options: readonly { value: string; label: string }[]) => (
    <Select
      id={fieldId(field)}
      label={label}
      options={options}
      placeholder={notSpecified()}
      value={form[field]}
      error={errors[field]}
      disabled={saving}
      onChange={(e) => onChange(field, e.target.value)}
    />
  );

  return (
    <form className="page-stack" onSubmit={onSubmit} noValidate aria-busy={saving || undefined} aria-label={t("profile.editLabel")}>
      <div className="grid grid--2">
        <Card title={t("profile.personal")}>
          <div className="stack">
            {select(
              "gender",
              t("label.gender"),
              GENDERS.map((g) => ({ value: g, label: genderLabel(g) })),
            )}
            {select(
              "bloodGroup",
              t("label.bloodGroup"),
              BLOOD_GROUPS.map((b) => ({ value: b, label: b })),
            )}
          </div>
        </Card>
        <Card title={t("profile.contact")}>
          <div className="stack">
            {text("mobile", t("label.mobile"), { type: "tel", inputMode: "tel", autoComplete: "tel" })}
            <TextArea
              id={fieldId("address")}
              label={t("label.address")}
              rows={3}
              value={form.address}
              error={errors.address}
              disabled={saving}
              autoComplete="street-address"
              onChange={(e) => onChange("address", e.target.value)}
            />
            <div className="profile-row">
              {text("city", t("label.city"), { autoComplete: "address-level2" })}
              {text("state", t("label.state"), { autoComplete: "address-level1" })}
            </div>
            {text("pincode", t("label.pincode"), {
              inputMode: "numeric",
              // Seven: a PIN written as on letters, "411 001" (stored as its six digits), as the application's field.
              maxLength: 7,
              autoComplete: "postal-code",
              hint: t("label.pincodeHint"),
            })}
          </div>
        </Card>
        <Card title={t("profile.emergency")}>
          <div className="stack">
            {text("emergencyName", t("label.contactName"), { autoComplete: "off" })}
            {select(
              "emergencyRelationship",
              t("label.relationship"),
              EMERGENCY_RELATIONSHIPS.map((r) => ({ value: r, label: relationshipLabel(r) })),
            )}
            {text("emergencyPhone", t("label.contactPhone"), { type: "tel", inputMode: "tel", autoComplete: "off" })}
            {text("emergencyEmail", t("label.contactEmail"), { type: "email", inputMode: "email", autoComplete: "off" })}
          </div>
        </Card>
        <Card title={t("profile.managed")}>
          <p className="text-sm text-muted profile-readonly-note">{t("profile.managedText")}</p>
          <Facts
            rows={[
              [t("label.fullName"), p.name],
              [t("label.dateOfBirth"), formatDate(p.dateOfBirth, true) ?? notSpecified()],
              [t("label.email"), p.email],
              [t("label.studentId"), p.student_id ?? t("notAssigned")],
              [t("label.admittedTo"), shown(p.course)],
              [t("label.standard"), shown(p.standard)],
            ]}
          />
        </Card>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="cluster profile-actions">
        <Button type="submit" loading={saving}>
          {t("profile.save")}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t("profile.cancel")}
        </Button>
      </div>
    </form>
  );
}
