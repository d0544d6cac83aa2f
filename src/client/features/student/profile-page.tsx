/**
 * /student/profile (spec part 1 §2, §4, §8): view mode and edit mode. The student changes their own
 * contact details, date of birth, gender, blood group, address and emergency contact; name, e-mail,
 * student ID and course are the administration's and are shown, not edited. Save leaves edit mode;
 * Cancel reloads from the server. Page messages vanish after 5 seconds.
 */

import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { BLOOD_GROUPS, EMERGENCY_RELATIONSHIPS, GENDERS } from "../../../shared/constants.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useFormState } from "../../lib/form.ts";
import { usePageTitle } from "../../lib/site.ts";
import { trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Select, TextArea, TextInput } from "../../ui/field.tsx";
import { EditIcon, UserIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { CHANGE_EMAIL_TEXT, ChangeEmailDialog } from "../auth/change-email-dialog.tsx";
import { formatDate, NOT_SPECIFIED } from "./format.ts";
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
  "mobile",
  "gender",
  "bloodGroup",
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
const PROFILE_RULES = { validate: checkProfile, showOn: "submit" } as const;

export default function StudentProfilePage() {
  usePageTitle("My Profile");
  const utils = trpc.useUtils();
  const profile = trpc.student.profile.useQuery();
  const update = trpc.student.updateProfile.useMutation();
  const [editing, setEditing] = useState(false);
  const form = useFormState<ProfileForm>(EMPTY_PROFILE_FORM, PROFILE_RULES);
  const message = useFlash();
  const data = profile.data;

  // 'Failed to load profile data' (spec part 1 §8), for each failed load.
  const { show } = message;
  useEffect(() => {
    if (profile.errorUpdatedAt) show("error", PROFILE_MESSAGES.loadFailed);
  }, [profile.errorUpdatedAt, show]);

  const startEditing = () => {
    if (!data) return;
    form.reset(formFromProfile(data));
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    form.reset(EMPTY_PROFILE_FORM);
    // The spec's Cancel reloads the data, so the view shows what the server holds.
    void profile.refetch();
  };

  const focusFirst = (found: ProfileErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) queueMicrotask(() => document.getElementById(fieldId(first))?.focus());
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || update.isPending) return;
    const invalid = form.attempt();
    if (Object.keys(invalid).length) {
      focusFirst(invalid);
      return;
    }
    try {
      const saved = await update.mutateAsync(inputFromForm(form.values));
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
      message.show("error", PROFILE_MESSAGES.updateFailed);
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
      <header className="page-header student-page-header">
        <div>
          <h1>My Profile</h1>
          <p>{editing ? "Update your details, then save your changes." : "Your details as the institute holds them."}</p>
        </div>
        {data && !editing ? (
          <Button onClick={startEditing}>
            <EditIcon size={18} /> Edit Profile
          </Button>
        ) : null}
      </header>

      {message.flash ? (
        <Alert tone={message.flash.tone} onDismiss={message.clear}>
          {message.flash.text}
        </Alert>
      ) : null}

      {data ? (
        <>
          <Card className="profile-summary">
            <ProfilePhoto name={data.name} photoUrl={data.photo?.url} onUploaded={photoUploaded}>
              <div className="profile-summary__text">
                <p className="profile-summary__name">{data.name}</p>
                <p className="profile-summary__meta">
                  {data.student_id ?? "Student ID not assigned yet"} · {data.course ?? data.standard ?? "Course not assigned yet"}
                </p>
                <Badge tone={data.status === "active" ? "approved" : "rejected"}>{data.status === "active" ? "Active" : "Inactive"}</Badge>
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
            />
          ) : (
            <ProfileView profile={data} />
          )}
        </>
      ) : profile.isError ? (
        <Card>
          <EmptyState
            icon={<UserIcon size={28} />}
            title="We could not load your profile"
            description="Please check your connection and try again."
            action={
              <Button variant="secondary" loading={profile.isFetching} onClick={() => void profile.refetch()}>
                Try again
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
  return (
    <div className="page-stack" aria-busy="true">
      <span className="sr-only">Loading your profile</span>
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

const shown = (value: string | null | undefined) => (value?.trim() ? value : NOT_SPECIFIED);

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="student-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={value === NOT_SPECIFIED ? "is-missing" : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileView({ profile: p }: { profile: StudentProfile }) {
  const address = [p.address, p.city, p.state, p.pincode].filter((x) => x?.trim()).join(", ");
  const utils = trpc.useUtils();
  const [changingEmail, setChangingEmail] = useState(false);
  return (
    <div className="grid grid--2">
      <Card title="Personal details">
        <Facts
          rows={[
            ["Full name", p.name],
            ["Date of birth", formatDate(p.dateOfBirth, true) ?? NOT_SPECIFIED],
            ["Gender", shown(p.gender)],
            ["Blood group", shown(p.bloodGroup)],
          ]}
        />
      </Card>
      <Card
        title="Contact and address"
        actions={
          <Button variant="secondary" size="sm" onClick={() => setChangingEmail(true)}>
            {CHANGE_EMAIL_TEXT.open}
          </Button>
        }
      >
        <Facts
          rows={[
            ["E-mail address", p.email],
            ["Mobile", shown(p.mobile)],
            ["Address", shown(address)],
          ]}
        />
        <ChangeEmailDialog
          open={changingEmail}
          onClose={() => setChangingEmail(false)}
          onChanged={() => void utils.student.profile.invalidate()}
        />
      </Card>
      <Card title="Academic details">
        <Facts
          rows={[
            ["Student ID", p.student_id ?? "Not assigned"],
            ["Course", shown(p.course)],
            ["Class / standard", shown(p.standard)],
            ["Section", shown(p.section)],
            ["Roll number", shown(p.rollNumber)],
          ]}
        />
      </Card>
      <Card title="Emergency contact">
        <Facts
          rows={[
            ["Name", shown(p.emergencyContact.name)],
            ["Relationship", shown(p.emergencyContact.relationship)],
            ["Phone", shown(p.emergencyContact.phone)],
            ["E-mail", shown(p.emergencyContact.email)],
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
}: {
  profile: StudentProfile;
  form: ProfileForm;
  errors: ProfileErrors;
  saving: boolean;
  onChange: (field: ProfileField, value: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
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
  const select = (field: ProfileField, label: string, options: readonly string[]) => (
    <Select
      id={fieldId(field)}
      label={label}
      options={options}
      placeholder="Not specified"
      value={form[field]}
      error={errors[field]}
      disabled={saving}
      onChange={(e) => onChange(field, e.target.value)}
    />
  );

  return (
    <form className="page-stack" onSubmit={onSubmit} noValidate aria-busy={saving || undefined} aria-label="Edit profile">
      <div className="grid grid--2">
        <Card title="Personal details">
          <div className="stack">
            {select("gender", "Gender", GENDERS)}
            {select("bloodGroup", "Blood group", BLOOD_GROUPS)}
          </div>
        </Card>
        <Card title="Contact and address">
          <div className="stack">
            {text("mobile", "Mobile", { type: "tel", inputMode: "tel", autoComplete: "tel" })}
            <TextArea
              id={fieldId("address")}
              label="Address"
              rows={3}
              value={form.address}
              error={errors.address}
              disabled={saving}
              autoComplete="street-address"
              onChange={(e) => onChange("address", e.target.value)}
            />
            <div className="profile-row">
              {text("city", "City", { autoComplete: "address-level2" })}
              {text("state", "State", { autoComplete: "address-level1" })}
            </div>
            {text("pincode", "PIN code", { inputMode: "numeric", maxLength: 6, autoComplete: "postal-code", hint: "6 digits" })}
          </div>
        </Card>
        <Card title="Emergency contact">
          <div className="stack">
            {text("emergencyName", "Contact name", { autoComplete: "off" })}
            {select("emergencyRelationship", "Relationship", EMERGENCY_RELATIONSHIPS)}
            {text("emergencyPhone", "Contact phone", { type: "tel", inputMode: "tel", autoComplete: "off" })}
            {text("emergencyEmail", "Contact e-mail", { type: "email", inputMode: "email", autoComplete: "off" })}
          </div>
        </Card>
        <Card title="Managed by the institute">
          <p className="text-sm text-muted profile-readonly-note">
            Your name, date of birth and student ID are kept as the institute has them. To correct them, please open a support ticket or
            contact the administration office. Your e-mail address changes with Change e-mail.
          </p>
          <Facts
            rows={[
              ["Full name", p.name],
              ["Date of birth", formatDate(p.dateOfBirth, true) ?? NOT_SPECIFIED],
              ["E-mail address", p.email],
              ["Student ID", p.student_id ?? "Not assigned"],
              ["Course", shown(p.course)],
              ["Class / standard", shown(p.standard)],
            ]}
          />
        </Card>
      </div>
      <div className="cluster profile-actions">
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
