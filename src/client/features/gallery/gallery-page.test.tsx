import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { gallery } from "../../../shared/i18n/gallery.ts";
import { TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import { galleryHandler, galleryImage, PHOTOS, renderSite } from "../site/testing.tsx";
import { readCategory } from "./gallery-page.tsx";

withClientTestRules();

const tiles = () => screen.getAllByRole("button").filter((b) => b.classList.contains("gallery-tile"));
const tileTitles = () => tiles().map((t) => t.querySelector(".gallery-tile__title")?.textContent);
const stat = (label: string) => screen.getByText(label, { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

describe("readCategory", () => {
  test("known categories (any case) or all", () => {
    expect(readCategory("Sports")).toBe("Sports");
    expect(readCategory("sports")).toBe("Sports");
    expect(readCategory("Cricket")).toBe("all");
    expect(readCategory(null)).toBe("all");
  });
});

describe("gallery page", () => {
  test("shows the photos as lazy, sized thumbnails, the stats strip and the page's title and description", async () => {
    renderSite("/gallery", { "gallery.publicList": galleryHandler(PHOTOS) });
    await screen.findByText("Reading room");
    expect(screen.getByRole("heading", { level: 1, name: "Gallery" })).toBeTruthy();
    expect(tiles()).toHaveLength(6);
    const img = tiles()[0]!.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.getAttribute("src")).toBe("/media/gallery/img1-480.webp");
    expect(img.getAttribute("srcset")).toContain("480w");
    expect(img.getAttribute("sizes")).toBeTruthy();
    expect(img.getAttribute("width")).toBe("1600");
    expect(img.getAttribute("height")).toBe("1067");
    expect(stat("Photos")).toBe("6");
    expect(stat("Categories")).toBe("6");
    expect(stat("Events")).toBe("15+");
    expect(stat("Facilities")).toBe("50+");
    await waitFor(() => expect(document.title).toBe("Gallery – Test Institute"));
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(gallery.t("description"));
  });

  test("photos come 24 at a time: the count says how many are shown, and Show more photos adds the next ones", async () => {
    const many = Array.from({ length: 30 }, (_, i) => galleryImage(i + 1, "Campus", `Photo number ${i + 1}`));
    renderSite("/gallery", { "gallery.publicList": galleryHandler(many) });
    await screen.findByText("Photo number 1");
    expect(tiles()).toHaveLength(24);
    expect(screen.getByText("Showing 24 of 30 photos")).toBeTruthy();
    expect(stat("Photos")).toBe("30");
    fireEvent.click(screen.getByRole("button", { name: "Show more photos" }));
    await screen.findByText("Photo number 30");
    expect(tiles()).toHaveLength(30);
    expect(tileTitles().slice(23, 25)).toEqual(["Photo number 24", "Photo number 25"]);
    expect(screen.getByText("Showing 30 of 30 photos")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more photos" })).toBeNull();
  });

  test("the category tabs filter the photos and keep the category in the URL", async () => {
    const { path, calls } = renderSite("/gallery", { "gallery.publicList": galleryHandler(PHOTOS) });
    await screen.findByText("Reading room");
    const tablist = screen.getByRole("tablist", { name: "Photo categories" });
    expect(
      within(tablist)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["All", "Campus", "Facilities", "Sports", "Events", "Students", "Faculty"]);
    fireEvent.click(within(tablist).getByRole("tab", { name: "Sports" }));
    expect(path()).toBe("/gallery?category=Sports");
    expect(within(tablist).getByRole("tab", { name: "Sports" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(tileTitles()).toEqual(["Annual sports day"]));
    await waitFor(() => expect(calls.some((c) => (c.input as { category?: string } | undefined)?.category === "Sports")).toBe(true));
    // The stats still describe the whole gallery.
    expect(stat("Photos")).toBe("6");

    fireEvent.click(within(tablist).getByRole("tab", { name: "All" }));
    expect(path()).toBe("/gallery");
    await waitFor(() => expect(tiles()).toHaveLength(6));
  });

  test("a shared link with ?category= opens on that category", async () => {
    renderSite("/gallery?category=Events", { "gallery.publicList": galleryHandler(PHOTOS) });
    await waitFor(() => expect(tileTitles()).toEqual(["Convocation ceremony"]));
    expect(screen.getByRole("tab", { name: "Events" }).getAttribute("aria-selected")).toBe("true");
  });

  test("a thumbnail that fails to load shows the 'Image not found' placeholder", async () => {
    renderSite("/gallery", { "gallery.publicList": galleryHandler(PHOTOS) });
    await screen.findByText("Reading room");
    fireEvent.error(tiles()[1]!.querySelector("img")!);
    expect(within(tiles()[1]!).getByText(gallery.t("imageNotFound"))).toBeTruthy();
    expect(tiles()[1]!.querySelector("img")).toBeNull();
    expect(tiles()[0]!.querySelector("img")).not.toBeNull();
  });

  test("a photo opens the viewer at its place; Escape closes it and the focus returns to the photo", async () => {
    renderSite("/gallery", { "gallery.publicList": galleryHandler(PHOTOS) });
    await screen.findByText("Reading room");
    const tile = tiles()[1]!;
    tile.focus();
    fireEvent.click(tile);
    const dialog = document.querySelector("dialog")!;
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector(".gallery-viewer__counter")?.textContent).toBe("2 of 6");
    fireEvent.keyDown(document, { key: "ArrowLeft" });
    fireEvent.keyDown(document, { key: "ArrowLeft" });
    expect(dialog.querySelector(".gallery-viewer__counter")?.textContent).toBe("6 of 6");
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(dialog.open).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(tile));
  });

  test("an empty gallery says so", async () => {
    renderSite("/gallery", { "gallery.publicList": galleryHandler([]) });
    await screen.findByText(gallery.t("empty"));
    expect(stat("Photos")).toBe("0");
  });

  test("an empty category says so and offers all photos", async () => {
    renderSite("/gallery?category=Faculty", { "gallery.publicList": galleryHandler([galleryImage(1, "Campus")]) });
    await screen.findByText(gallery.t("empty"));
    fireEvent.click(screen.getByRole("button", { name: "Show all photos" }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
  });

  test("a load failure shows the red banner with the server's message, and Try again reloads", async () => {
    let fail = true;
    renderSite("/gallery", {
      "gallery.publicList": (input) => {
        if (fail) throw new TrpcFailure("The gallery is resting", 400);
        return galleryHandler(PHOTOS)(input);
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(gallery.t("loadFailed"));
    expect(alert.textContent).toContain("The gallery is resting");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByText("Reading room");
  });

  test("skeletons stand in while the photos load", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderSite("/gallery", {
      "gallery.publicList": async (input) => {
        await gate;
        return galleryHandler(PHOTOS)(input);
      },
    });
    await waitFor(() => expect(document.querySelectorAll(".gallery-tile--loading").length).toBeGreaterThan(0));
    expect(document.querySelector(".gallery__panel [aria-busy='true']")).not.toBeNull();
    release();
    await screen.findByText("Reading room");
    expect(document.querySelectorAll(".gallery-tile--loading")).toHaveLength(0);
  });
});
