/**
 * Settings → Profile: the admin's own name, e-mail address and mobile number (auth.updateProfile: only
 * non-blank values are sent). The photo picker takes images only and shows a preview; there is no photo
 * upload for admin accounts yet, so the screen says so instead of pretending to save it.
 */
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../ui/button.tsx";
import { TextInput } from "../../../ui/field.tsx";
import { UserIcon } from "../../../ui/icons.tsx";
import { type FieldErrorMap, type ProfileForm, SETTINGS_TEXT } from "./settings-form.ts";

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
  return (
    <div className="stack stack--lg">
      <PhotoPicker key={resetKey} currentUrl={currentPhotoUrl} />
      <div className="ac-settings-grid">
        <TextInput
          id={profileFieldId("name")}
          label="Full name"
          autoComplete="name"
          value={value.name}
          error={errors.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <TextInput
          id={profileFieldId("email")}
          label="Email address"
          type="email"
          autoComplete="email"
          value={value.email}
          error={errors.email}
          hint="You sign in with this address."
          onChange={(e) => onChange({ email: e.target.value })}
        />
        <TextInput
          id={profileFieldId("mobile")}
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          value={value.mobile}
          error={errors.mobile}
          hint="Leave blank to keep the number on file."
          onChange={(e) => onChange({ mobile: e.target.value })}
        />
      </div>
    </div>
  );
}

function PhotoPicker({ currentUrl }: { currentUrl: string | null }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setError(SETTINGS_TEXT.photoNotImage);
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
  };

  const shown = preview ?? currentUrl;
  return (
    <div className="ac-photo">
      <span className="ac-photo__frame">
        {shown ? <img src={shown} alt={preview ? "Preview of the chosen photo" : "Your profile photo"} className="ac-photo__img" /> : <UserIcon size={36} />}
      </span>
      <div className="stack stack--sm">
        <p id={`${inputId}-label`} className="ui-field__label">
          Profile photo
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
            Choose photo
          </Button>
          {preview ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setPreview(null);
                if (inputRef.current) inputRef.current.value = "";
              }}
            >
              Remove preview
            </Button>
          ) : null}
        </div>
        {error ? (
          <p className="ui-field__error" role="alert">
            {error}
          </p>
        ) : null}
        <p id={`${inputId}-note`} className="text-sm text-muted">
          {SETTINGS_TEXT.photoComingSoon}
        </p>
      </div>
    </div>
  );
}
