/**
 * Edit Image (spec part 2, Gallery Management): title, category, description and whether the image is
 * shown in the public gallery; Cancel and Save Changes. A failure stays inside with what was typed.
 */
import { type FormEvent, useEffect, useState } from "react";
import { GALLERY_CATEGORIES } from "../../../shared/constants.ts";
import { categoryOptions } from "../../../shared/i18n/gallery.ts";
import { media } from "../../../shared/i18n/media.ts";
import {
  GALLERY_DESCRIPTION_MAX,
  GALLERY_TITLE_MAX,
  type GalleryCategoryName,
  galleryUpdateInput,
} from "../../../shared/schemas/gallery.ts";
import { checkOrShow, useTextField } from "../../lib/form.ts";
import { useT } from "../../lib/i18n.tsx";
import { FormDialog } from "../../ui/dialog.tsx";
import { Checkbox, Select, TextArea, TextInput } from "../../ui/field.tsx";

export interface EditableImage {
  id: number;
  title: string;
  category: string;
  description: string | null;
  isActive: boolean;
  thumbnailUrl: string;
}

export interface ImageChanges {
  id: number;
  title: string;
  category: GalleryCategoryName;
  description: string;
  isActive: boolean;
}

export function EditImageDialog({
  image,
  busy,
  error,
  onSave,
  onClose,
}: {
  image: EditableImage | null;
  busy: boolean;
  error: string | null;
  onSave: (changes: ImageChanges) => void;
  onClose: () => void;
}) {
  const t = useT(media);
  const title = useTextField();
  const { setValue: setTitle, setError: setTitleError } = title;
  const [category, setCategory] = useState<GalleryCategoryName>("Campus");
  const [description, setDescription] = useState("");
  const [isActive, setIsActive] = useState(true);

  useEffect(() => {
    if (!image) return;
    setTitle(image.title);
    setCategory((GALLERY_CATEGORIES as readonly string[]).includes(image.category) ? (image.category as GalleryCategoryName) : "Campus");
    setDescription(image.description ?? "");
    setIsActive(image.isActive);
    setTitleError(null);
  }, [image, setTitle, setTitleError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!image || busy) return;
    const checked = checkOrShow(
      galleryUpdateInput,
      { id: image.id, title: title.value, category, description, isActive },
      (messages) => setTitleError(messages.title ?? null),
      { title: "edit-image-title" },
    );
    if (!checked) return;
    onSave({ id: image.id, title: checked.title ?? title.value.trim(), category, description: checked.description ?? "", isActive });
  };

  return (
    <FormDialog
      open={image !== null}
      onClose={onClose}
      title={t("edit.title")}
      formId="edit-image-form"
      onSubmit={submit}
      busy={busy}
      cancelLabel={t("cancel")}
      submitLabel={t("save")}
      busyLabel={t("saving")}
      failure={error}
    >
      {image ? (
        <>
          <img src={image.thumbnailUrl} alt="" className="ac-edit-preview" />
          <TextInput id="edit-image-title" label={t("field.title")} required maxLength={GALLERY_TITLE_MAX} {...title.bind} />
          <Select
            id="edit-image-category"
            label={t("field.category")}
            options={categoryOptions()}
            value={category}
            onChange={(e) => setCategory(e.target.value as GalleryCategoryName)}
          />
          <TextArea
            id="edit-image-description"
            label={t("field.description")}
            rows={3}
            maxLength={GALLERY_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <Checkbox
            id="edit-image-active"
            label={t("field.active")}
            hint={t("field.activeHint")}
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
          />
        </>
      ) : null}
    </FormDialog>
  );
}
