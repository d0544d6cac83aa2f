/**
 * /admin/gallery — Gallery Management (spec part 2): stat cards, a search over title and description and a
 * category filter (both on the server, DECISIONS 13; with page and view in the URL), grid or list view,
 * selection with Select All over the images shown and Delete Selected (n), a drop zone and browse button
 * opening Upload Images (per-file results), Edit Image and the delete confirmations. The list reloads
 * after every change; the selection clears after a bulk delete.
 */

import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { GALLERY_CATEGORIES } from "../../../shared/constants.ts";
import { categoryName, gallery } from "../../../shared/i18n/gallery.ts";
import { media } from "../../../shared/i18n/media.ts";
import { GALLERY_ADMIN_PAGE_SIZE, GALLERY_MESSAGES } from "../../../shared/schemas/gallery.ts";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useAddressWithQuery, usePagedList } from "../../lib/use-list-params.ts";
import { FolderIcon, GridIcon, HardDriveIcon, ListIcon } from "../../ui/admin-icons.tsx";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { cx } from "../../ui/cx.ts";
import { CheckCircleIcon } from "../../ui/icons.tsx";
import { ConfirmDialog, failureMessage } from "../../ui/list-controls.tsx";
import { ListEmpty, ListPage, listFilter, listWords, pageWords } from "../../ui/list-page.tsx";
import { ImageIcon, TrashIcon, UploadIcon } from "../../ui/more-icons.tsx";
import { Skeleton, Spinner } from "../../ui/spinner.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useConfirmed } from "../../ui/use-confirmed.ts";
import { DropZone } from "./drop-zone.tsx";
import { EditImageDialog, type ImageChanges } from "./edit-dialog.tsx";
import { formatBytes } from "./format-bytes.ts";
import { GalleryGrid, type GalleryImage, GalleryList } from "./gallery-views.tsx";
import { type IncomingFiles, UploadDialog } from "./upload-dialog.tsx";

const CATEGORY_VALUES = ["all", ...GALLERY_CATEGORIES] as const;
type CategoryFilter = (typeof CATEGORY_VALUES)[number];
const CATEGORY_FILTER = { key: "category", values: CATEGORY_VALUES };

/** The two ways to see the images, in the toggle's order. */
const VIEWS = [
  { id: "grid", Icon: GridIcon },
  { id: "list", Icon: ListIcon },
] as const;
type View = (typeof VIEWS)[number]["id"];

type Deleting = { kind: "one"; image: GalleryImage } | { kind: "many"; ids: number[] };

export default function AdminGalleryPage() {
  const t = useT(media);
  useT(gallery); // the category names
  const toast = useToast();
  const utils = trpc.useUtils();
  const { list, query } = usePagedList(trpc.gallery.adminList, (page, { filter }) => ({ ...page, category: filter as CategoryFilter }), {
    filter: CATEGORY_FILTER,
    limit: GALLERY_ADMIN_PAGE_SIZE,
  });
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useAddressWithQuery();
  const view: View = new URLSearchParams(search).get("view") === "list" ? "list" : "grid";
  const images = useMemo(() => query.data?.images ?? [], [query.data]);

  const [banner, setBanner] = useState<string | null>(null);
  const [picked, setSelected] = useState<Set<number>>(() => new Set());
  // What counts as selected is only ever what is shown (the filtered view): a search or another page
  // cannot leave hidden images selected for deletion.
  const selected = useMemo(() => new Set(images.map((i) => i.id).filter((id) => picked.has(id))), [images, picked]);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [incoming, setIncoming] = useState<IncomingFiles | null>(null);
  const batch = useRef(0);
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const update = trpc.gallery.update.useMutation();
  const remove = trpc.gallery.remove.useMutation();
  const bulkRemove = trpc.gallery.bulkRemove.useMutation();

  // A failed load shows in the dismissible banner (the server's reason, else the spec's text).
  useEffect(() => {
    if (query.isError) setBanner(failureMessage(query.error, GALLERY_MESSAGES.loadFailed));
  }, [query.isError, query.error]);

  /** After any change: this list, the public gallery and the figures elsewhere ask the server again. */
  const reload = () => Promise.all([utils.gallery.invalidate(), utils.dashboard.stats.invalidate()]);

  const setView = (next: View) => {
    const params = new URLSearchParams(search);
    if (next === "list") params.set("view", "list");
    else params.delete("view");
    const qs = params.toString();
    navigate(address(qs), { replace: true });
  };

  const chooseFiles = (files: File[]) => {
    batch.current += 1;
    setIncoming({ id: batch.current, files });
    setUploadOpen(true);
  };

  const toggle = (id: number) =>
    setSelected(() => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const allSelected = images.length > 0 && images.every((i) => selected.has(i.id));
  const someSelected = selected.size > 0 && !allSelected;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const saveEdit = (changes: ImageChanges) => {
    setEditError(null);
    update.mutate(changes, {
      onSuccess: ({ message }) => {
        setEditing(null);
        toast.show(message);
        void reload();
      },
      onError: (err) => setEditError(failureMessage(err, GALLERY_MESSAGES.updateFailed)),
    });
  };

  const deleting = useConfirmed<Deleting>(
    (target, { done, failed }) => {
      if (target.kind === "one") {
        remove.mutate(
          { id: target.image.id },
          {
            onSuccess: ({ message }) => {
              setSelected((current) => {
                const next = new Set(current);
                next.delete(target.image.id);
                return next;
              });
              done(message);
            },
            onError: failed,
          },
        );
      } else {
        bulkRemove.mutate(
          { imageIds: target.ids },
          {
            onSuccess: ({ message }) => {
              setSelected(new Set());
              done(message);
            },
            onError: failed,
          },
        );
      }
    },
    {
      reload,
      failed: (target) => (target.kind === "one" ? GALLERY_MESSAGES.deleteFailed : GALLERY_MESSAGES.bulkDeleteFailed),
    },
  );

  const stats = query.data?.stats;
  const stat = (value: string | number | undefined) => (stats ? value : <Skeleton width="4ch" />);
  const inUse = stats?.categoryStats.filter((c) => c.count > 0).length ?? 0;
  const pagination = query.data?.pagination;
  const viewProps = {
    images,
    selected,
    onToggle: toggle,
    onEdit: (image: GalleryImage) => {
      setEditError(null);
      setEditing(image);
    },
    onDelete: (image: GalleryImage) => deleting.ask({ kind: "one", image }),
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="ac-gallery-loading">
        <Spinner size="lg" label={t("loading")} />
      </div>
    );
  } else if (images.length === 0) {
    body = query.isError ? null : (
      <Card>
        <ListEmpty
          icon={<ImageIcon size={28} />}
          none={{ title: t("empty.title"), description: t("empty.text") }}
          action={
            <Button onClick={() => setUploadOpen(true)}>
              <UploadIcon size={18} /> {t("upload")}
            </Button>
          }
          noMatch={{ title: t("empty.title"), description: t("noMatch") }}
          showAll={t("showAll")}
        />
      </Card>
    );
  } else if (view === "grid") {
    body = <GalleryGrid {...viewProps} />;
  } else {
    body = (
      <Card flush>
        <GalleryList {...viewProps} />
      </Card>
    );
  }

  return (
    <ListPage
      name="gallery"
      className="ac-gallery"
      {...pageWords(t, "")}
      actions={
        <Button onClick={() => setUploadOpen(true)}>
          <UploadIcon size={18} /> {t("upload")}
        </Button>
      }
      notice={
        banner ? (
          <Alert tone="error" onDismiss={() => setBanner(null)}>
            <p>{banner}</p>
            {query.isError ? (
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                {t("tryAgain")}
              </Button>
            ) : null}
          </Alert>
        ) : null
      }
      stats={
        <>
          <StatCard label={t("stat.total")} value={stat(stats?.totalImages)} icon={<ImageIcon />} />
          <StatCard
            label={t("stat.active")}
            value={stat(stats?.activeImages)}
            hint={stats && stats.inactiveImages > 0 ? t("stat.inactive", { count: stats.inactiveImages }) : undefined}
            icon={<CheckCircleIcon />}
            tone="approved"
          />
          <StatCard
            label={t("stat.categories")}
            value={GALLERY_CATEGORIES.length}
            hint={stats ? t("stat.inUse", { count: inUse }) : undefined}
            icon={<FolderIcon />}
            tone="info"
          />
          <StatCard
            label={t("stat.storage")}
            value={stat(stats ? formatBytes(stats.storageUsed) : undefined)}
            icon={<HardDriveIcon />}
            tone="neutral"
          />
        </>
      }
      beforeToolbar={<DropZone onFiles={chooseFiles} />}
      list={list}
      {...listWords(t, "")}
      filter={listFilter(CATEGORY_FILTER, t("filter"), (value) => (value === "all" ? t("filter.all") : categoryName(value)))}
      toolbarExtra={
        <div className="ac-view-toggle" role="group" aria-label={t("view")}>
          {VIEWS.map(({ id, Icon }) => (
            <Button
              key={id}
              variant="ghost"
              size="sm"
              aria-pressed={view === id}
              className={cx(view === id && "is-on")}
              onClick={() => setView(id)}
            >
              <Icon size={18} /> {t(`view.${id}`)}
            </Button>
          ))}
        </div>
      }
      // The range and the pages show once there is more than one page (the selection bar counts the images).
      pagination={pagination && pagination.totalPages > 1 ? pagination : undefined}
      after={
        <>
          <UploadDialog
            open={uploadOpen}
            incoming={incoming}
            onClose={() => setUploadOpen(false)}
            // The dialog itself reports what was stored and what was refused.
            onUploaded={() => void reload()}
          />

          <EditImageDialog image={editing} busy={update.isPending} error={editError} onSave={saveEdit} onClose={() => setEditing(null)} />

          <ConfirmDialog
            {...deleting.dialog}
            title={t("confirm.title")}
            confirmLabel={t("confirm.button")}
            busyLabel={t("confirm.busy")}
            busy={remove.isPending || bulkRemove.isPending}
          >
            <p>
              {deleting.row?.kind === "one"
                ? t("confirm.one", { title: deleting.row.image.title })
                : deleting.row
                  ? t("confirm.many", { count: deleting.row.ids.length })
                  : null}
            </p>
          </ConfirmDialog>
        </>
      }
    >
      {images.length > 0 ? (
        <div className="ac-selection-bar cluster">
          <label className="ac-select-all">
            <input
              ref={selectAllRef}
              type="checkbox"
              className="ui-check__input"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(images.map((i) => i.id)))}
            />
            <span>{t("selectAll")}</span>
          </label>
          <span className="text-sm text-muted" aria-live="polite">
            {selected.size > 0 ? t("selected", { count: selected.size }) : t("shown", { count: images.length })}
          </span>
          {selected.size > 0 ? (
            <Button
              variant="danger"
              size="sm"
              className="ac-selection-bar__delete"
              onClick={() => deleting.ask({ kind: "many", ids: [...selected] })}
            >
              <TrashIcon size={16} /> {t("deleteSelected", { count: selected.size })}
            </Button>
          ) : null}
        </div>
      ) : null}

      {/* While another search or page loads, the previous images stay, dimmed. */}
      <div aria-busy={query.isFetching || undefined} className={cx(query.isPlaceholderData && "ac-is-stale")}>
        {body}
      </div>
    </ListPage>
  );
}
