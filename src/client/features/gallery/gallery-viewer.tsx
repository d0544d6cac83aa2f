/**
 * The gallery's full-screen viewer (spec part 1 §2) on the design system's Dialog (native <dialog>:
 * focus stays inside, Escape closes, focus returns to the opener). Previous and next wrap around;
 * ArrowLeft/ArrowRight and a horizontal swipe (pointer events) do the same; "3 of 12" says where you are. Text in the reader's language (gallery catalogue).
 */
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { GALLERY_CATEGORIES } from "../../../shared/constants.ts";
import { gallery } from "../../../shared/i18n/gallery.ts";
import { useT } from "../../lib/i18n.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon } from "../../ui/more-icons.tsx";

export interface ViewerImage {
  id: number;
  title: string;
  category: string;
  description: string | null;
  imageUrl: string;
  srcset: string;
  width: number;
  height: number;
}

/** A stored category in the reader's language (an unknown one as stored). */
export function categoryName(category: string): string {
  return (GALLERY_CATEGORIES as readonly string[]).includes(category)
    ? gallery.t(`category.${category as (typeof GALLERY_CATEGORIES)[number]}`)
    : category;
}

/** A horizontal move of at least this many px (and more sideways than up or down) turns the page. */
export const SWIPE_MIN_PX = 50;

/** The next index, wrapping around both ends. */
export const wrapIndex = (index: number, step: number, count: number): number =>
  count === 0 ? 0 : (((index + step) % count) + count) % count;

/** What a photo that failed to load turns into (thumbnail and viewer alike). */
export function ImageMissing({ className }: { className?: string }) {
  const t = useT(gallery);
  return (
    <span className={className ? `image-missing ${className}` : "image-missing"}>
      <ImageIcon size={28} />
      <span>{t("imageNotFound")}</span>
    </span>
  );
}

export type GalleryViewerProps = {
  images: readonly ViewerImage[];
  /** The shown image; null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

export function GalleryViewer({ images, index, onIndexChange, onClose }: GalleryViewerProps) {
  const t = useT(gallery);
  const count = images.length;
  const open = index !== null && count > 0;
  const current = open ? Math.min(index, count - 1) : 0;
  const image = open ? images[current] : undefined;
  const [brokenId, setBrokenId] = useState<number | null>(null);
  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  const go = (step: number) => onIndexChange(wrapIndex(current, step, count));
  const goRef = useRef(go);
  goRef.current = go;

  // The arrow keys work wherever the focus is inside the viewer (Escape is the Dialog's).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight") {
        event.preventDefault();
        goRef.current(1);
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        goRef.current(-1);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!event.isPrimary) return;
    swipeStart.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
    // Finger moves left → the next photo comes in from the right.
    go(dx < 0 ? 1 : -1);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={image?.title ?? t("viewer.photo")}
      description={image ? categoryName(image.category) : undefined}
      size="lg"
      className="gallery-viewer"
    >
      {image ? (
        <>
          <div
            className="gallery-viewer__stage"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            {brokenId === image.id ? (
              <ImageMissing className="gallery-viewer__missing" />
            ) : (
              <img
                key={image.id}
                className="gallery-viewer__image"
                src={image.imageUrl}
                srcSet={image.srcset}
                sizes="100vw"
                width={image.width}
                height={image.height}
                alt={image.description ? `${image.title}: ${image.description}` : image.title}
                decoding="async"
                draggable={false}
                onError={() => setBrokenId(image.id)}
              />
            )}
            {count > 1 ? (
              <>
                <button
                  type="button"
                  className="gallery-viewer__nav gallery-viewer__nav--prev"
                  aria-label={t("viewer.previous")}
                  onClick={() => go(-1)}
                >
                  <ChevronLeftIcon size={28} />
                </button>
                <button
                  type="button"
                  className="gallery-viewer__nav gallery-viewer__nav--next"
                  aria-label={t("viewer.next")}
                  onClick={() => go(1)}
                >
                  <ChevronRightIcon size={28} />
                </button>
              </>
            ) : null}
          </div>
          <div className="gallery-viewer__caption">
            <p className="gallery-viewer__counter">{t("viewer.counter", { index: current + 1, count })}</p>
            <p className="sr-only" aria-live="polite" aria-atomic="true">
              {t("viewer.announce", { title: image.title, index: current + 1, count })}
            </p>
            {image.description ? <p className="gallery-viewer__description">{image.description}</p> : null}
            {count > 1 ? <p className="gallery-viewer__hint">{t("viewer.hint")}</p> : null}
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
