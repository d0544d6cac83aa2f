/** Test helpers for the public pages (tests only): the whole app at a path, with stand-in procedures. */
import { render } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../app.tsx";
import type { SessionApi } from "../../lib/session.tsx";
import { fakeTrpcFetch, SITE_INFO, stubSessionApi } from "../../lib/testing.tsx";
import type { GalleryImage } from "../gallery/gallery-page.tsx";

type Handlers = Parameters<typeof fakeTrpcFetch>[0];

export const INFO = {
  ...SITE_INFO,
  phones: ["+91 20 1234 5678", "+91 22 8765 4321"],
  offices: [
    { name: "Pune office", address: "1 Test Road, Shivaji Nagar, Pune 411005" },
    { name: "Mumbai office", address: "Office 14, Andheri East, Mumbai 400069" },
  ],
  address: "1 Test Road, Shivaji Nagar, Pune 411005",
  maintenance: false,
};

export function galleryImage(id: number, category: GalleryImage["category"], title = `Photo ${id}`): GalleryImage {
  const key = `/media/gallery/img${id}`;
  return {
    _id: String(id),
    id,
    title,
    category,
    description: `About ${title}`,
    imageUrl: `${key}-960.webp`,
    thumbnailUrl: `${key}-480.webp`,
    srcset: `${key}-480.webp 480w, ${key}-960.webp 960w, ${key}-1600.webp 1600w`,
    width: 1600,
    height: 1067,
    isActive: true,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

/** One photo per category, like the demo data. */
export const PHOTOS: GalleryImage[] = [
  galleryImage(1, "Campus", "Main campus entrance"),
  galleryImage(2, "Facilities", "Reading room"),
  galleryImage(3, "Sports", "Annual sports day"),
  galleryImage(4, "Events", "Convocation ceremony"),
  galleryImage(5, "Students", "Study group"),
  galleryImage(6, "Faculty", "Faculty orientation"),
];

/** gallery.publicList over `images`: the category and page it is asked for, `limit` a page (24 as the server). */
export const galleryHandler =
  (images: GalleryImage[], limit = 24) =>
  (input: unknown) => {
    const { category, page = 1 } = (input ?? {}) as { category?: string; page?: number };
    const matching = !category || category === "all" ? images : images.filter((image) => image.category === category);
    return {
      images: matching.slice((page - 1) * limit, page * limit),
      pagination: { totalItems: matching.length, totalPages: Math.ceil(matching.length / limit), currentPage: page, limit },
      stats: { total: images.length, categories: new Set(images.map((image) => image.category)).size },
    };
  };

/** Renders the app at `path` (memory location) with site.info answered unless a handler replaces it. */
export function renderSite(path: string, handlers: Handlers = {}, sessionApi: SessionApi = stubSessionApi().api) {
  const location = memoryLocation({ path, record: true });
  const fake = fakeTrpcFetch({ "site.info": () => INFO, ...handlers });
  render(<App sessionApi={sessionApi} locationHook={location.hook} fetch={fake.fetch} />);
  return { calls: fake.calls, path: () => location.history!.at(-1), navigate: location.navigate };
}
