/**
 * The profile photo: the picture (or the name's initial) and a button to choose a new one. The spec's
 * checks run first (part 1 §5), then the upload shows its progress; the answer's photo goes into the
 * session at once, so the sidebar and the top bar show it without a reload.
 */
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { student } from "../../../shared/i18n/student.ts";
import { uploadWithProgress, useUploadAbort } from "../../lib/api.ts";
import { failureMessage, normaliseError } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import type { SessionUser } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { AlertCircleIcon } from "../../ui/icons.tsx";
import { UploadIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { initialOf } from "./format.ts";
import { PHOTO_TYPES, PROFILE_MESSAGES, photoProblem } from "./profile-form.ts";
import { useFlash } from "./use-flash.ts";

export const PHOTO_PATH = "/student/profile/photo";

interface PhotoAnswer {
  data: { message: string; user: SessionUser };
}

export function ProfilePhoto({
  name,
  photoUrl,
  onUploaded,
  children,
}: {
  name: string;
  /** who this is (name, student ID …), shown beside the picture above the button */
  children?: ReactNode;
  photoUrl: string | null | undefined;
  /** after a successful upload, with the server's message and the new user */
  onUploaded: (message: string, user: SessionUser) => void;
}) {
  const t = useT(student);
  const { updateUser } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  // A picture that failed to load while the line was down is tried again when it is back (walk 33b: the initial
  // stayed until a reload).
  useEffect(() => {
    const again = () => setBroken(null);
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, []);
  // Beside the button for the spec's 5 seconds: a refusal, a failure, or a cancelled upload (walk 33b: a slow upload
  // could not be stopped).
  const said = useFlash();
  const upload = useUploadAbort();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const uploading = progress !== null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again after a failure must fire change again.
    event.target.value = "";
    if (!file) return;
    const invalid = photoProblem(file);
    if (invalid) {
      said.show("error", invalid);
      return;
    }
    said.clear();
    setProgress(0);
    const form = new FormData();
    form.append("photo", file);
    const signal = upload.start();
    try {
      const answer = await uploadWithProgress<PhotoAnswer>(PHOTO_PATH, form, setProgress, { method: "PUT", signal });
      updateUser({ photo: answer.data.user.photo });
      onUploaded(answer.data.message || PROFILE_MESSAGES.photoUpdated, answer.data.user);
    } catch (err) {
      if (upload.stopped(signal, err)) {
        said.show("info", t("photo.cancelled"));
        chooseButton.current?.focus();
        return;
      }
      said.show("error", normaliseError(err).errors?.photo?.[0] ?? failureMessage(err, PROFILE_MESSAGES.updateFailed));
    } finally {
      upload.stopped(signal);
      setProgress(null);
    }
  };

  const showImage = photoUrl && broken !== photoUrl;
  return (
    <div className="profile-photo cluster cluster--top">
      {showImage ? (
        <img className="profile-photo__image" src={photoUrl} alt={t("card.photoOf", { name })} onError={() => setBroken(photoUrl)} />
      ) : (
        <span className="profile-photo__image profile-photo__initial" aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      <div className="stack profile-photo__side">
        {children}
        <div className="stack stack--sm profile-photo__controls">
          <div className="cluster">
            <Button
              ref={chooseButton}
              variant="secondary"
              size="sm"
              loading={uploading}
              aria-describedby={said.flash ? `${errorId} ${hintId}` : hintId}
              onClick={() => input.current?.click()}
            >
              <UploadIcon size={18} /> {photoUrl ? t("photo.change") : t("photo.add")}
            </Button>
            {uploading ? (
              <Button variant="secondary" size="sm" onClick={upload.cancel}>
                {t("photo.cancel")}
              </Button>
            ) : null}
          </div>
          <input
            ref={input}
            type="file"
            accept={PHOTO_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label={t("photo.file")}
            onChange={(e) => void choose(e)}
          />
          <p id={hintId} className="text-sm text-muted">
            {t("photo.hint")}
          </p>
          {uploading ? <ProgressBar value={progress} label={t("photo.uploading")} /> : null}
          {said.flash?.tone === "error" ? (
            <p id={errorId} className="ui-field__error" role="alert">
              <AlertCircleIcon size={16} />
              <span>{said.flash.text}</span>
            </p>
          ) : said.flash ? (
            <p id={errorId} className="text-sm" role="status">
              {said.flash.text}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
