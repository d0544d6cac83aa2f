/**
 * The managed images as a grid of cards or a list (table). Each image has a selection checkbox; Edit and
 * Delete show on hover or keyboard focus in the grid (always on touch screens), and always in the list.
 */
import { categoryName } from "../../../shared/i18n/gallery.ts";
import { media } from "../../../shared/i18n/media.ts";
import { formatFileSize } from "../../lib/file-size.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { cx } from "../../ui/cx.ts";
import { useFocusStaysInItems } from "../../ui/focus-stays.ts";
import { IconAction } from "../../ui/list-controls.tsx";
import { Moment } from "../../ui/moment.tsx";
import { EditIcon, TrashIcon } from "../../ui/more-icons.tsx";
import { actionsColumn, Table, type TableColumn } from "../../ui/table.tsx";

export type GalleryImage = RouterOutputs["gallery"]["adminList"]["images"][number];

export interface GalleryViewProps {
  images: readonly GalleryImage[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onEdit: (image: GalleryImage) => void;
  onDelete: (image: GalleryImage) => void;
}

function SelectBox({ image, selected, onToggle }: { image: GalleryImage; selected: boolean; onToggle: (id: number) => void }) {
  return (
    <input
      type="checkbox"
      className="ui-check__input ac-select"
      aria-label={media.t("select", { title: image.title })}
      checked={selected}
      onChange={() => onToggle(image.id)}
    />
  );
}

function Actions({
  image,
  onEdit,
  onDelete,
}: {
  image: GalleryImage;
  onEdit: (i: GalleryImage) => void;
  onDelete: (i: GalleryImage) => void;
}) {
  return (
    <span className="ops-row-actions">
      <IconAction label={media.t("editOne", { title: image.title })} icon={<EditIcon size={18} />} onClick={() => onEdit(image)} />
      <IconAction label={media.t("deleteOne", { title: image.title })} icon={<TrashIcon size={18} />} onClick={() => onDelete(image)} />
    </span>
  );
}

const SIZES = "(min-width: 1280px) 20vw, (min-width: 640px) 33vw, 50vw";

export function GalleryGrid({ images, selected, onToggle, onEdit, onDelete }: GalleryViewProps) {
  // A deleted photo's card leaves with the focus: it goes to the card now in its place (ui/focus-stays.ts).
  const focus = useFocusStaysInItems<HTMLUListElement>(":scope > li", images);
  return (
    <ul className="ac-gallery-grid list-plain" aria-label={media.t("images")} {...focus}>
      {images.map((image) => {
        const isSelected = selected.has(image.id);
        return (
          <li key={image.id} className={cx("ac-gallery-card", isSelected && "is-selected", !image.isActive && "is-inactive")}>
            <div className="ac-gallery-card__media">
              <img
                src={image.thumbnailUrl}
                srcSet={image.srcset}
                sizes={SIZES}
                alt={image.title}
                width={image.width ?? undefined}
                height={image.height ?? undefined}
                loading="lazy"
                decoding="async"
                className="ac-gallery-card__img"
              />
              <span className="ac-gallery-card__select">
                <SelectBox image={image} selected={isSelected} onToggle={onToggle} />
              </span>
              <span className="ac-gallery-card__actions">
                <Actions image={image} onEdit={onEdit} onDelete={onDelete} />
              </span>
            </div>
            <div className="ac-gallery-card__body">
              <p className="ac-gallery-card__title" title={image.title}>
                {image.title}
              </p>
              <p className="ac-gallery-card__meta">
                <Badge tone="info">{categoryName(image.category)}</Badge>
                {!image.isActive ? <Badge tone="neutral">{media.t("inactive")}</Badge> : null}
              </p>
              {image.description ? <p className="ac-gallery-card__description">{image.description}</p> : null}
              <p className="text-sm text-muted">
                <Moment time={image.uploadDate} show="day" />
                {" · "}
                {formatFileSize(image.sizeBytes)}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function GalleryList({ images, selected, onToggle, onEdit, onDelete }: GalleryViewProps) {
  const columns: TableColumn<GalleryImage>[] = [
    {
      key: "select",
      header: <span className="sr-only">{media.t("col.selected")}</span>,
      label: media.t("col.select"),
      className: "ac-gallery-list__select",
      render: (image) => <SelectBox image={image} selected={selected.has(image.id)} onToggle={onToggle} />,
    },
    {
      key: "image",
      header: media.t("col.image"),
      render: (image) => (
        <span className="ac-gallery-list__image">
          <img src={image.thumbnailUrl} alt="" loading="lazy" decoding="async" className="ac-gallery-list__thumb" />
          <span className="ops-cell-stack">
            <span className="ops-cell-strong">{image.title}</span>
            {image.description ? <span className="text-sm text-muted ac-clamp-2">{image.description}</span> : null}
          </span>
        </span>
      ),
    },
    { key: "category", header: media.t("field.category"), render: (image) => <Badge tone="info">{categoryName(image.category)}</Badge> },
    {
      key: "status",
      header: media.t("col.status"),
      className: "ui-table__cell--nowrap",
      render: (image) => (
        <Badge tone={image.isActive ? "approved" : "neutral"}>{image.isActive ? media.t("active") : media.t("inactive")}</Badge>
      ),
    },
    {
      key: "uploaded",
      header: media.t("col.uploaded"),
      className: "ui-table__cell--nowrap",
      render: (image) => <Moment time={image.uploadDate} show="day" />,
    },
    {
      key: "size",
      header: media.t("col.size"),
      className: "ui-table__cell--numeric ui-table__cell--nowrap",
      render: (image) => formatFileSize(image.sizeBytes),
    },
    actionsColumn((image) => <Actions image={image} onEdit={onEdit} onDelete={onDelete} />),
  ];
  return <Table caption={media.t("images")} captionHidden columns={columns} rows={images} className="ac-gallery-list" />;
}
