import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { GALLERY_CATEGORIES } from "../../../shared/constants.ts";
import type { GalleryCategoryName as GalleryCategory } from "../../../shared/schemas/gallery.ts";
import { type Handlers, renderAdmin } from "../../layouts/admin-testing.tsx";
import { doubleClickSendsOnce } from "../../lib/one-at-a-time-testing.ts";
import { FakeXhr, TrpcFailure, withClientTestRules, withFakeXhr } from "../../lib/testing.tsx";

withClientTestRules();

const image = (id: number, title: string, overrides: Record<string, unknown> = {}) => ({
  _id: String(id),
  id,
  title,
  category: "Campus" as GalleryCategory,
  description: `${title} on a sunny morning`,
  imageUrl: `/media/gallery/k${id}-960.webp`,
  thumbnailUrl: `/media/gallery/k${id}-480.webp`,
  srcset: `/media/gallery/k${id}-480.webp 480w`,
  width: 1600,
  height: 1067,
  isActive: true,
  createdAt: "2026-02-01T10:00:00.000Z",
  image: `/media/gallery/k${id}-960.webp`,
  uploadDate: "2026-02-01T10:00:00.000Z",
  updatedAt: "2026-02-01T10:00:00.000Z",
  sizeBytes: 1536,
  uploadedBy: 1,
  ...overrides,
});

const stats = (total: number, bytes: number) => ({
  totalImages: total,
  activeImages: total,
  inactiveImages: 0,
  categoryStats: GALLERY_CATEGORIES.map((category) => ({ category, count: category === "Campus" ? total : 0 })),
  storageUsed: bytes,
});

function gallery(images: ReturnType<typeof image>[], bytes = 3 * 1024 * 1024) {
  let current = images;
  let loads = 0;
  const handlers: Handlers = {
    "gallery.adminList": () => {
      loads++;
      return {
        images: current,
        stats: stats(current.length, bytes),
        pagination: { totalItems: current.length, totalPages: current.length ? 1 : 0, currentPage: 1, limit: 60 },
      };
    },
    "gallery.bulkRemove": (input) => {
      const ids = (input as { imageIds: number[] }).imageIds;
      current = current.filter((i) => !ids.includes(i.id));
      return { message: `${ids.length} images deleted successfully`, deleted: ids.length, imageIds: ids };
    },
    "gallery.remove": (input) => {
      current = current.filter((i) => i.id !== (input as { id: number }).id);
      return { message: "Image deleted successfully" };
    },
  };
  return { handlers, loads: () => loads };
}

withFakeXhr();

/** A JPEG as its first bytes say (the dialog reads them as the server does). */
const jpeg = (name: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: "image/jpeg" });
};

describe("Gallery Management", () => {
  test("the stat cards: totals, the six categories and the storage used", async () => {
    renderAdmin("/admin/gallery", gallery([image(1, "Main gate"), image(2, "Library hall")]).handlers);
    await screen.findByRole("heading", { level: 1, name: "Gallery Management" });
    await waitFor(() => expect(within(screen.getByRole("group", { name: "Total Images" })).getByText("2")).toBeTruthy());
    expect(within(screen.getByRole("group", { name: "Active Images" })).getByText("2")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Categories" })).getByText("6")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Storage Used" })).getByText("3.00 MB")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Main gate" })).toBeTruthy();
  });

  test("empty: 'No images found / Upload your first images to get started'", async () => {
    renderAdmin("/admin/gallery", gallery([], 0).handlers);
    expect(await screen.findByText("No images found")).toBeTruthy();
    expect(screen.getByText("Upload your first images to get started")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Storage Used" })).getByText("0 Bytes")).toBeTruthy();
  });

  test("a failed load shows 'Failed to fetch gallery images' in a banner that can be dismissed", async () => {
    renderAdmin("/admin/gallery", {
      "gallery.adminList": () => {
        throw new TrpcFailure("boom", 500);
      },
    });
    const banner = await screen.findByRole("alert", {}, { timeout: 4000 });
    expect(banner.textContent).toContain("Failed to fetch gallery images");
    fireEvent.click(within(banner).getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByText("Failed to fetch gallery images")).toBeNull());
  });

  test("selection: per image, Select All, 'Delete Selected (n)' and the bulk confirmation; the selection clears after the delete", async () => {
    const g = gallery([image(1, "Main gate"), image(2, "Library hall"), image(3, "Sports day")]);
    const { sent } = renderAdmin("/admin/gallery", g.handlers);
    const first = await screen.findByRole("checkbox", { name: "Select Main gate" });
    expect(screen.queryByRole("button", { name: /Delete Selected/ })).toBeNull();
    fireEvent.click(first);
    expect(screen.getByRole("button", { name: "Delete Selected (1)" })).toBeTruthy();
    const selectAll = screen.getByRole("checkbox", { name: "Select All" }) as HTMLInputElement;
    expect(selectAll.indeterminate).toBe(true);
    fireEvent.click(selectAll);
    expect(screen.getByRole("button", { name: "Delete Selected (3)" })).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Sports day" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete Selected (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Delete" });
    expect(dialog.textContent).toContain("Are you sure you want to delete 2 selected images? This action cannot be undone.");
    const loadsBefore = g.loads();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent("gallery.bulkRemove")).toEqual([{ imageIds: [1, 2] }]));
    await waitFor(() => expect(g.loads()).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(screen.queryByRole("checkbox", { name: "Select Main gate" })).toBeNull());
    expect(g.loads()).toBeGreaterThan(loadsBefore);
    expect(screen.queryByRole("button", { name: /Delete Selected/ })).toBeNull();
    expect((screen.getByRole("checkbox", { name: "Select Sports day" }) as HTMLInputElement).checked).toBe(false);
  });

  test("deleting one image asks with its title", async () => {
    const { sent } = renderAdmin("/admin/gallery?view=list", gallery([image(1, "Main gate")]).handlers);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Main gate" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Delete" });
    expect(dialog.textContent).toContain('Are you sure you want to delete "Main gate"? This action cannot be undone.');
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent("gallery.remove")).toEqual([{ id: 1 }]));
    expect(await screen.findByText("No images found")).toBeTruthy();
  });

  test("in the grid, a deleted photo's card leaves the focus on the card now in its place, not on the page", async () => {
    const { sent } = renderAdmin("/admin/gallery", gallery([image(1, "Main gate"), image(2, "Library hall")]).handlers);
    const remove = await screen.findByRole("button", { name: "Delete Main gate" });
    remove.focus();
    fireEvent.click(remove);
    const dialog = await screen.findByRole("dialog", { name: "Confirm Delete" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent("gallery.remove")).toEqual([{ id: 1 }]));
    await screen.findByText("Image deleted successfully");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Main gate" })).toBeNull());
    // Its first control (selecting it), never the Delete standing where the gone one was (eighth walk).
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: /Library hall/ }));
  });

  test("a failed bulk delete says 'Failed to delete images' and keeps the selection", async () => {
    renderAdmin("/admin/gallery", {
      ...gallery([image(1, "Main gate"), image(2, "Library hall")]).handlers,
      "gallery.bulkRemove": () => {
        throw new TrpcFailure("boom", 500);
      },
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select All" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete Selected (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Delete" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Failed to delete images");
    expect(screen.getByRole("button", { name: "Delete Selected (2)" })).toBeTruthy();
  });

  test("choosing files opens Upload Images: a row per image, title from the file name, category Campus; non-images left out", async () => {
    renderAdmin("/admin/gallery", gallery([]).handlers);
    await screen.findByText("No images found");
    const input = screen.getAllByLabelText("Choose images to upload")[0] as HTMLInputElement;
    expect(input.accept).toBe("image/*");
    expect(input.multiple).toBe(true);
    fireEvent.change(input, {
      target: {
        files: [jpeg("Annual Day.2026.jpg"), new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }), jpeg("hostel.jpeg")],
      },
    });
    const dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    const rows = within(dialog)
      .getAllByRole("listitem")
      .filter((li) => li.classList.contains("ac-upload-row"));
    expect(rows).toHaveLength(2);
    expect((within(dialog).getByLabelText(/^Title of image 1/) as HTMLInputElement).value).toBe("Annual Day");
    expect((within(dialog).getByLabelText(/^Title of image 2/) as HTMLInputElement).value).toBe("hostel");
    expect((within(dialog).getByLabelText("Category of image 1") as HTMLSelectElement).value).toBe("Campus");
    expect((within(dialog).getByLabelText("Description of image 2 (optional)") as HTMLTextAreaElement).value).toBe("");
    expect(within(dialog).getByText("setup.exe is not an image.")).toBeTruthy();
  });

  test("a file too large, a GIF and a text file named .jpg say what is wrong beside their rows at once, before Upload (walk 19a)", async () => {
    renderAdmin("/admin/gallery", gallery([]).handlers);
    await screen.findByText("No images found");
    const input = screen.getAllByLabelText("Choose images to upload")[0] as HTMLInputElement;
    const gif = new File([new TextEncoder().encode("GIF89a......")], "wave.gif", { type: "image/gif" });
    const text = new File([new TextEncoder().encode("just some notes")], "notes.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [jpeg("big.jpg", 5 * 1024 * 1024 + 1), gif, text, jpeg("fine.jpg")] } });
    const dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    const rowOf = (name: string) =>
      within(dialog)
        .getAllByRole("listitem")
        .find((li) => li.classList.contains("ac-upload-row") && li.textContent?.includes(name))!;
    // Its size is rounded up: a byte over 5 MB does not read as 5 MB (walk 21).
    expect(within(rowOf("big.jpg")).getByText("This file is 5.1 MB; images must be at most 5 MB.")).toBeTruthy();
    const notAllowed = "This is not a JPG, PNG or WebP picture: the gallery takes those only.";
    expect(await within(rowOf("wave.gif")).findByText(notAllowed)).toBeTruthy();
    expect(await within(rowOf("notes.jpg")).findByText(notAllowed)).toBeTruthy();
    expect(within(rowOf("fine.jpg")).queryByText(notAllowed)).toBeNull();
    // Upload sends nothing while they are there.
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload Images" }));
    expect(FakeXhr.sent).toHaveLength(0);
    // The focus goes to the first refused row's Remove, which its message describes.
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Remove big.jpg");
    // Without them, the rest goes.
    for (const name of ["big.jpg", "wave.gif", "notes.jpg"])
      fireEvent.click(within(rowOf(name)).getByRole("button", { name: `Remove ${name}` }));
    await waitFor(() => expect(within(dialog).queryByText(notAllowed)).toBeNull());
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload Images" }));
    expect(FakeXhr.sent).toHaveLength(1);
  });

  test("Remove on an image's row hands the focus to the row now in its place, not the page (tenth walk)", async () => {
    renderAdmin("/admin/gallery", gallery([]).handlers);
    await screen.findByText("No images found");
    const input = screen.getAllByLabelText("Choose images to upload")[0] as HTMLInputElement;
    fireEvent.change(input, { target: { files: [jpeg("Gate.jpg"), jpeg("Library.jpg")] } });
    const dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    const remove = within(dialog).getByRole("button", { name: /Remove Gate\.jpg/ });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(remove.isConnected).toBe(false));
    const next = within(dialog).getByLabelText(/^Title of image 1/) as HTMLInputElement;
    expect(next.value).toBe("Library");
    await waitFor(() => expect(document.activeElement?.closest("li") === next.closest("li")).toBe(true));
  });

  test("files chosen from the empty dialog: the first image's title takes the focus, and Enter in it uploads (eighth walk)", async () => {
    renderAdmin("/admin/gallery", gallery([]).handlers);
    await screen.findByText("No images found");
    fireEvent.click(screen.getAllByRole("button", { name: "Upload Images" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    const browse = within(dialog).getByRole("button", { name: /Browse/ });
    browse.focus();
    fireEvent.change(within(dialog).getByLabelText("Choose images to upload"), { target: { files: [jpeg("Gate.jpg")] } });
    // The big drop zone gave way to the rows: the focus is on the title, not the page.
    const title = await within(dialog).findByLabelText(/^Title of image 1/);
    await waitFor(() => expect(document.activeElement).toBe(title));
    fireEvent.submit((title as HTMLInputElement).form!);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  test("a slow upload is cancelled from the footer: the request stops, the pictures stay, Upload has the focus (walk 33b)", async () => {
    renderAdmin("/admin/gallery", gallery([]).handlers);
    await screen.findByText("No images found");
    fireEvent.change(screen.getAllByLabelText("Choose images to upload")[0]!, { target: { files: [jpeg("Gate.jpg")] } });
    const dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload Images" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel upload" }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(
      await within(dialog).findByText("Upload cancelled: nothing was added to the gallery. Your pictures are still here."),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Title of image 1/) as HTMLInputElement).value).toBe("Gate");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Upload Images" }));
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  test("Upload Images: a progress bar while sending, then the stored images and each refused file with its reason", async () => {
    const g = gallery([]);
    renderAdmin("/admin/gallery", g.handlers);
    await screen.findByText("No images found");
    fireEvent.change(screen.getAllByLabelText("Choose images to upload")[0]!, { target: { files: [jpeg("Gate.jpg"), jpeg("virus.jpg")] } });
    const dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    fireEvent.change(within(dialog).getByLabelText("Category of image 1"), { target: { value: "Events" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload Images" }));

    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/gallery/upload");
    const body = xhr.body as FormData;
    expect(body.getAll("images")).toHaveLength(2);
    expect(JSON.parse(String(body.get("imageDetails")))).toEqual([
      { title: "Gate", category: "Events", description: "" },
      { title: "virus", category: "Campus", description: "" },
    ]);
    act(() => xhr.progress(50, 100));
    const bar = await within(dialog).findByRole("progressbar", { name: "Uploading 2 images" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("50"));

    const loadsBefore = g.loads();
    await act(async () =>
      xhr.respond(201, {
        success: true,
        data: {
          message: "1 image uploaded successfully",
          uploaded: [image(7, "Gate")],
          rejected: [{ index: 1, name: "virus.jpg", message: "This file is not a JPG, PNG or WebP image" }],
        },
      }),
    );
    await within(dialog).findByText("1 image uploaded successfully");
    const refused = within(dialog).getByRole("list", { name: "Files not uploaded" });
    expect(refused.textContent).toBe("virus.jpg: This file is not a JPG, PNG or WebP image");
    await waitFor(() => expect(g.loads()).toBeGreaterThan(loadsBefore));
  });

  test("a double click on Upload Images sends the images once", async () => {
    const g = gallery([]);
    renderAdmin("/admin/gallery", g.handlers);
    await screen.findByText("No images found");
    fireEvent.change(screen.getAllByLabelText("Choose images to upload")[0]!, { target: { files: [jpeg("Gate.jpg")] } });
    const dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    const upload = within(dialog).getByRole("button", { name: "Upload Images" });
    await doubleClickSendsOnce(upload, () => FakeXhr.sent);
  });

  test("an upload refused as a whole lists every file's reason; a failure without reasons says 'Failed to upload images'", async () => {
    renderAdmin("/admin/gallery", gallery([]).handlers);
    await screen.findByText("No images found");
    fireEvent.change(screen.getAllByLabelText("Choose images to upload")[0]!, { target: { files: [jpeg("a.jpg")] } });
    let dialog = await screen.findByRole("dialog", { name: "Upload Images" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload Images" }));
    await act(async () => FakeXhr.sent[0]!.respond(500, { success: false, message: "An error occurred" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Failed to upload images");

    fireEvent.click(within(dialog).getByRole("button", { name: "Upload Images" }));
    await act(async () =>
      FakeXhr.sent[1]!.respond(400, {
        success: false,
        message: "a.jpg: This file is not a JPG, PNG or WebP image",
        errors: { "images.0": ["a.jpg: This file is not a JPG, PNG or WebP image"] },
      }),
    );
    dialog = screen.getByRole("dialog", { name: "Upload Images" });
    const refused = await within(dialog).findByRole("list", { name: "Files not uploaded" });
    expect(refused.textContent).toBe("a.jpg: This file is not a JPG, PNG or WebP image");
    expect(within(dialog).getByText("None of the images could be uploaded")).toBeTruthy();
  });
});
