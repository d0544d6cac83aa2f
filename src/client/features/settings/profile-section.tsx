/**
 * Settings → Profile: the admin's own name and mobile number (auth.updateProfile: only non-blank values are
 * sent; the e-mail address changes through Change e-mail, with a code sent to the new address), and the photo: images only, previewed, then uploaded with a progress bar
 * (PUT /api/auth/profile/photo, re-encoded on the server) and shown in the top bar at once.
 */

import { useEffect, useId, useRef, useState } from "react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { UPLOAD_MAX_BYTES } from "../../../shared/constants.ts";
import { config } from "../../../shared/i18n/config.ts";
import { student } from "../../../shared/i18n/student.ts";
import { uploadWithProgress } from "../../lib/api.ts";
import { normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { Button } from "../../ui/button.tsx";
import { TextInput } from "../../ui/field.tsx";
import { UserIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { CHANGE_EMAIL_TEXT, ChangeEmailDialog } from "../auth/change-email-dialog.tsx";
import { bindFields } from "./section-fields.tsx";
import type { FieldErrorMap, ProfileForm } from "./settings-form.ts";

export const profileFieldId = (field: string) => `settings-profile-${field}`;

export function ProfileSection({
  value,
  errors,
  currentPhotoUrl,
  onChange,
  resetKey = 0,
}: {
  /** a new value drops the photo preview (Reset Changes) */
  resetKey?: number;
  value: ProfileForm;
  errors: FieldErrorMap;
  currentPhotoUrl: string | null;
  onChange: (patch: Partial<ProfileForm>) => void;
}) {
  const t = useT(config);
  useT(student); // the Change e-mail button's words
  const [changingEmail, setChangingEmail] = useState(false);
  const field = bindFields(profileFieldId, value, errors, onChange);
  return (
    <div className="stack stack--lg">
      <PhotoPicker key={resetKey} currentUrl={currentPhotoUrl} />
      <div className="ac-settings-grid">
        <TextInput {...field("name")} label={t("profile.name")} autoComplete="name" />
        <div className="stack stack--sm">
          <TextInput
            {...field("email")}
            label={t("profile.email")}
            type="email"
            autoComplete="email"
            readOnly
            hint={t("profile.email.hint")}
          />
          <div>
            <Button variant="secondary" size="sm" onClick={() => setChangingEmail(true)}>
              {CHANGE_EMAIL_TEXT.open}
            </Button>
          </div>
          <ChangeEmailDialog open={changingEmail} onClose={() => setChangingEmail(false)} onChanged={(email) => onChange({ email })} />
        </div>
        <TextInput {...field("mobile")} label={t("profile.mobile")} type="tel" autoComplete="tel" hint={t("profile.mobile.hint")} />
      </div>
    </div>
  );
}

function PhotoPicker({ currentUrl }: { currentUrl: string | null }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { updateUser } = useSession();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = "";
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setSaved(false);
    if (!file.type.startsWith("image/")) {
      setError(ACCOUNT_MSG.photoNotImage);
      clearInput();
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setError(ACCOUNT_MSG.photoTooLarge);
      clearInput();
      return;
    }
    setError(null);
    setChosen({ file, preview: URL.createObjectURL(file) });
  };

  const save = async () => {
    if (!chosen) return;
    setProgress(0);
    try {
      const form = new FormData();
      form.append("photo", chosen.file);
      const body = await uploadWithProgress<{ data: { user: { photo: { url: string } | null } } }>(
        "/auth/profile/photo",
        form,
        setProgress,
        {
          method: "PUT",
        },
      );
      updateUser({ photo: body.data.user.photo });
      setChosen(null);
      clearInput();
      setSaved(true);
    } catch (err) {
      setError(normaliseError(err).message || ACCOUNT_MSG.photoNotImage);
    } finally {
      setProgress(null);
    }
  };

  const shown = chosen?.preview ?? currentUrl;
  return (
    <div className="ac-photo cluster">
      <span className="ac-photo__frame">
        {shown ? (
          <img src={shown} alt={chosen ? config.t("photo.preview") : config.t("photo.yours")} className="ac-photo__img" />
        ) : (
          <UserIcon size={36} />
        )}
      </span>
      <div className="stack stack--sm">
        <p id={`${inputId}-label`} className="ui-field__label">
          {config.t("photo.label")}
        </p>
        {/* The button is the control people use; the input stays out of the tab order. */}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${inputId}-label`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <div className="cluster cluster--sm">
          <Button size="sm" variant="secondary" aria-describedby={`${inputId}-note`} onClick={() => inputRef.current?.click()}>
            {config.t("photo.choose")}
          </Button>
          {chosen ? (
            <>
              <Button size="sm" loading={progress !== null} onClick={() => void save()}>
                {config.t("photo.save")}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={progress !== null}
                onClick={() => {
                  setChosen(null);
                  clearInput();
                }}
              >
                {config.t("photo.remove")}
              </Button>
            </>
          ) : null}
        </div>
        {progress !== null ? <ProgressBar value={progress} label={config.t("photo.uploading")} /> : null}
        {error ? (
          <p className="ui-field__error" role="alert">
            {error}
          </p>
        ) : null}
        {saved ? (
          <p className="text-sm text-success" role="status">
            {config.t("photo.saved")}
          </p>
        ) : null}
        <p id={`${inputId}-note`} className="text-sm text-muted">
          {config.t("photo.note")}
        </p>
      </div>
    </div>
  );
}
