/**
 * /gallery (spec part 1 §2, §8, §9): category tabs kept in the URL (`?category=Sports`, so a reload or a
 * shared link keeps them), a stats strip, a responsive grid of the active photos and the full-screen
 * viewer. Thumbnails load lazily in the size the screen needs (srcset/sizes) and reserve their space
 * (width/height), so nothing jumps while they arrive on a slow connection. Photos come 24 at a time
 * ("Show more photos"), so a gallery of thousands costs a phone no more than its first screenful.
 */

import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { GALLERY_CATEGORIES } from "../../../shared/constants.ts";
import { common } from "../../../shared/i18n/common.ts";
import { gallery } from "../../../shared/i18n/gallery.ts";
import { MSG } from "../../../shared/messages.ts";
import { normaliseError } from "../../lib/errors.ts";
import { formatNumber } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Fact } from "../../ui/fact.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { ImageIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { PageHero } from "../site/page-hero.tsx";
import { publicRetry } from "../site/site-status.ts";
import { useMetaDescription } from "../site/use-meta-description.ts";
import { categoryName, GalleryViewer, ImageMissing } from "./gallery-viewer.tsx";

export type GalleryImage = RouterOutputs["gallery"]["publicList"]["images"][number];
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];
export type GalleryFilter = "all" | GalleryCategory;

const FILTERS: readonly GalleryFilter[] = ["all", ...GALLERY_CATEGORIES];

/** The hard-coded figures of the stats strip (spec part 1 §9). */
const FIXED_STATS = [
  { value: "15+", key: "events" },
  { value: "50+", key: "facilities" },
] as const;

/** The width a thumbnail takes in the grid below, so the browser picks the smallest fitting variant. */
const THUMB_SIZES = "(min-width: 1232px) 290px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

/** `?category=` as a filter; anything unknown (or nothing) means all photos. */
export function readCategory(value: string | null): GalleryFilter {
  const match = GALLERY_CATEGORIES.find((category) => category.toLowerCase() === value?.trim().toLowerCase());
  return match ?? "all";
}

const TAB_PREFIX = "gallery";

export default function GalleryPage() {
  const tCommon = useT(common);
  const t = useT(gallery);
  usePageTitle(t("title"));
  useMetaDescription(t("description"));
  const tabs = FILTERS.map((id) => ({ id, label: t(`category.${id}`) }));
  const [params, setParams] = useSearchParams();
  const category = readCategory(params.get("category"));

  // Pages shown for this category; another category starts again at one page.
  const [shown, setShown] = useState({ category, pages: 1 });
  const pages = shown.category === category ? shown.pages : 1;
  const queries = trpc.useQueries((t) =>
    Array.from({ length: pages }, (_, i) => t.gallery.publicList({ category, page: i + 1 }, { retry: publicRetry })),
  );
  const list = queries[0]!;
  const next = queries[pages - 1]!;
  // The pages answered so far, in order (a later page never shows before an earlier one).
  const images: GalleryImage[] = [];
  for (const q of queries) {
    if (!q.data) break;
    images.push(...q.data.images);
  }
  const total = list.data?.pagination.totalItems ?? 0;
  const stats = list.data?.stats;
  // A counted figure waits for the list; if the list cannot load, it shows a dash instead of waiting for ever.
  const counted = (value: string | number | undefined) =>
    value !== undefined ? value : list.isError ? "–" : <Skeleton width="2.5rem" height="2rem" />;
  const showMore = () => setShown({ category, pages: pages + 1 });

  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const openedId = useRef<number | null>(null);

  // Another category closes the viewer (its index would point into the old list).
  useEffect(() => setViewerIndex(null), [category]);

  // Back on the page, focus returns to the photo that opened the viewer (also where a click does not
  // focus the button, e.g. Safari).
  useEffect(() => {
    if (viewerIndex !== null || openedId.current === null) return;
    const id = openedId.current;
    openedId.current = null;
    document.querySelector<HTMLElement>(`[data-gallery-id="${id}"]`)?.focus();
  }, [viewerIndex]);

  const selectCategory = (id: string) => {
    const next = readCategory(id);
    setParams(next === "all" ? {} : { category: next }, { replace: true });
  };

  const openViewer = (index: number) => {
    openedId.current = images[index]?.id ?? null;
    setViewerIndex(index);
  };

  let content: ReactNode;
  if (list.isPending) {
    content = (
      // Its own key: the photos' list replaces it whole instead of reusing (and so moving) these items,
      // which counted as a layout shift.
      <ul key="loading" className="gallery-grid" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="gallery-tile gallery-tile--loading">
            <span className="gallery-tile__frame">
              <Skeleton className="gallery-tile__skeleton" />
            </span>
            <span className="gallery-tile__caption">
              <Skeleton width="70%" />
              <Skeleton width="40%" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (list.isError) {
    const { message } = normaliseError(list.error);
    content = (
      <ListLoadError
        title={t("loadFailed")}
        message={message === MSG.genericError ? t("checkConnection") : message}
        query={list}
        busy={list.isFetching}
      />
    );
  } else if (images.length === 0) {
    content = (
      <EmptyState
        icon={<ImageIcon size={28} />}
        title={t("empty")}
        description={category === "all" ? t("empty.all") : t("empty.category", { category: t(`category.${category}`) })}
        action={
          category === "all" ? (
            <Link href="/contact" className={buttonClass("secondary")}>
              {t("empty.contact")}
            </Link>
          ) : (
            <Button variant="secondary" onClick={() => selectCategory("all")}>
              {t("empty.showAll")}
            </Button>
          )
        }
      />
    );
  } else {
    content = (
      <>
        <ul
          key="photos"
          className="gallery-grid"
          aria-label={category === "all" ? t("list.all") : t("list.category", { category: t(`category.${category}`) })}
        >
          {images.map((image, index) => (
            <li key={image.id}>
              <GalleryTile image={image} onOpen={() => openViewer(index)} />
            </li>
          ))}
        </ul>
        <div className="gallery__more">
          <p className="gallery__count" aria-live="polite">
            {t("count", { count: total, shown: images.length, total })}
          </p>
          {next.isError ? (
            <Alert tone="error" title={t("moreFailed")}>
              <Button variant="secondary" size="sm" onClick={() => void next.refetch()} loading={next.isFetching}>
                {tCommon("tryAgain")}
              </Button>
            </Alert>
          ) : images.length < total ? (
            <Button variant="secondary" onClick={showMore} loading={next.isPending}>
              {t("showMore")}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHero eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <section className="section gallery" aria-label={t("photos")}>
        <div className="container">
          <dl className="gallery-stats">
            <Fact label={t("stats.photos")} itemClassName="gallery-stats__item">
              {counted(stats && formatNumber(stats.total))}
            </Fact>
            <Fact label={t("stats.categories")} itemClassName="gallery-stats__item">
              {counted(stats?.categories)}
            </Fact>
            {FIXED_STATS.map((stat) => (
              <Fact key={stat.key} label={t(`stats.${stat.key}`)} itemClassName="gallery-stats__item">
                {stat.value}
              </Fact>
            ))}
          </dl>

          <Tabs tabs={tabs} value={category} onChange={selectCategory} idPrefix={TAB_PREFIX} label={t("categories")} />
          <TabPanel idPrefix={TAB_PREFIX} id={category} value={category} className="gallery__panel">
            <div aria-busy={list.isPending || undefined}>{content}</div>
          </TabPanel>
        </div>
      </section>
      <GalleryViewer images={images} index={viewerIndex} onIndexChange={setViewerIndex} onClose={() => setViewerIndex(null)} />
    </>
  );
}

/** One photo in the grid: a button that opens the viewer, with the title and category under it. */
function GalleryTile({ image, onOpen }: { image: GalleryImage; onOpen: () => void }) {
  const [broken, setBroken] = useState(false);
  return (
    <button type="button" className="gallery-tile" data-gallery-id={image.id} aria-haspopup="dialog" onClick={onOpen}>
      <span className="gallery-tile__frame">
        {broken ? (
          <ImageMissing />
        ) : (
          <img
            className="gallery-tile__image"
            src={image.thumbnailUrl}
            srcSet={image.srcset}
            sizes={THUMB_SIZES}
            width={image.width}
            height={image.height}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
          />
        )}
      </span>
      <span className="gallery-tile__caption">
        <span className="gallery-tile__title">{image.title}</span>
        <span className="gallery-tile__category">{categoryName(image.category)}</span>
      </span>
    </button>
  );
}
