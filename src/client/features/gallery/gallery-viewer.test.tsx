import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { gallery } from "../../../shared/i18n/gallery.ts";
import { withClientTestRules } from "../../lib/testing.tsx";
import { galleryImage } from "../site/testing.tsx";
import { GalleryViewer, wrapIndex } from "./gallery-viewer.tsx";

withClientTestRules();

const IMAGES = [galleryImage(1, "Campus", "Entrance"), galleryImage(2, "Sports", "Sports day"), galleryImage(3, "Events", "Convocation")];

function Harness({ start = 0, onClose }: { start?: number; onClose?: () => void }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setIndex(start)}>
        Open photo
      </button>
      <GalleryViewer
        images={IMAGES}
        index={index}
        onIndexChange={setIndex}
        onClose={() => {
          onClose?.();
          setIndex(null);
        }}
      />
    </>
  );
}

const dialog = () => document.querySelector("dialog") as HTMLDialogElement;
const counter = () => document.querySelector(".gallery-viewer__counter")?.textContent;
const title = () => dialog().querySelector("h2")?.textContent;

function open(start = 0, onClose?: () => void) {
  render(<Harness start={start} onClose={onClose} />);
  const opener = screen.getByRole("button", { name: "Open photo" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe("wrapIndex and the counter", () => {
  test("wrap around both ends", () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
    expect(gallery.t("viewer.counter", { index: 3, count: 12 })).toBe("3 of 12");
  });
});

describe("GalleryViewer", () => {
  test("opens as a modal dialog named by the photo, with the counter and the description", () => {
    open(1);
    expect(dialog().open).toBe(true);
    expect(title()).toBe("Sports day");
    expect(counter()).toBe("2 of 3");
    expect(screen.getByText("About Sports day")).toBeTruthy();
    const img = dialog().querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/media/gallery/img2-960.webp");
    expect(img.getAttribute("srcset")).toContain("1600w");
    expect(img.getAttribute("width")).toBe("1600");
    expect(img.getAttribute("height")).toBe("1067");
  });

  test("Next and Previous wrap around in both directions", () => {
    open(2);
    expect(counter()).toBe("3 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Next photo" }));
    expect(counter()).toBe("1 of 3");
    expect(title()).toBe("Entrance");
    fireEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    expect(counter()).toBe("3 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    expect(counter()).toBe("2 of 3");
  });

  test("ArrowRight and ArrowLeft move (wrapping), wherever the focus is in the viewer", () => {
    open(0);
    fireEvent.keyDown(screen.getByRole("button", { name: "Close" }), { key: "ArrowLeft" });
    expect(counter()).toBe("3 of 3");
    fireEvent.keyDown(dialog(), { key: "ArrowRight" });
    expect(counter()).toBe("1 of 3");
    fireEvent.keyDown(document, { key: "ArrowRight" });
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(counter()).toBe("3 of 3");
    // A screen reader's own shortcuts (with a modifier) are left alone.
    fireEvent.keyDown(document, { key: "ArrowRight", altKey: true });
    expect(counter()).toBe("3 of 3");
  });

  test("Escape closes it and the focus returns to the opener", () => {
    const onClose = mock();
    const opener = open(1, onClose);
    expect(dialog().contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog(), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(false);
    expect(counter()).toBeUndefined();
    expect(document.activeElement).toBe(opener);
  });

  test("the close button closes it; the arrow keys do nothing once it is closed", () => {
    open(0);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog().open).toBe(false);
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(counter()).toBeUndefined();
  });

  test("a sideways swipe turns the page; a short or vertical move does not", () => {
    open(0);
    const stage = document.querySelector(".gallery-viewer__stage")!;
    const swipe = (fromX: number, toX: number, fromY = 200, toY = 200) => {
      fireEvent.pointerDown(stage, { clientX: fromX, clientY: fromY, pointerId: 1, isPrimary: true });
      fireEvent.pointerUp(stage, { clientX: toX, clientY: toY, pointerId: 1, isPrimary: true });
    };
    swipe(300, 100); // finger moves left: next
    expect(counter()).toBe("2 of 3");
    swipe(100, 300); // right: previous
    expect(counter()).toBe("1 of 3");
    swipe(100, 300); // wraps to the last
    expect(counter()).toBe("3 of 3");
    swipe(200, 170); // too short
    swipe(200, 120, 100, 400); // mostly vertical
    expect(counter()).toBe("3 of 3");
  });

  test("a photo that fails to load shows 'Image not found'; the next one loads normally", () => {
    open(0);
    fireEvent.error(dialog().querySelector("img")!);
    expect(screen.getByText(gallery.t("imageNotFound"))).toBeTruthy();
    expect(dialog().querySelector("img")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next photo" }));
    expect(screen.queryByText(gallery.t("imageNotFound"))).toBeNull();
    expect(dialog().querySelector("img")?.getAttribute("src")).toBe("/media/gallery/img2-960.webp");
  });
});
