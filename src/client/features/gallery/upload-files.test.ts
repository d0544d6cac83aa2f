import { describe, expect, test } from "bun:test";
import { rejectionsFromErrors, rowProblems, rowsForFiles, titleFromFileName, uploadFormData } from "./upload-files.ts";

const file = (name: string, type = "image/jpeg", size = 10) => new File([new Uint8Array(size)], name, { type });

describe("upload rows", () => {
  test("the title is the file name before the first dot", () => {
    expect(titleFromFileName("Sports Day.jpg")).toBe("Sports Day");
    expect(titleFromFileName("annual-day.final.v2.png")).toBe("annual-day");
    expect(titleFromFileName("library")).toBe("library");
    expect(titleFromFileName(".hidden.jpg")).toBe("hidden");
    expect(titleFromFileName("C:\\photos\\Convocation 2026.jpeg")).toBe("Convocation 2026");
  });

  test("each image gets a row with the default category Campus and no description; other files are left out with a reason", () => {
    const { rows, skipped } = rowsForFiles([file("Campus gate.jpg"), file("fees.pdf", "application/pdf"), file("Lab.webp", "image/webp")]);
    expect(rows.map((r) => [r.title, r.category, r.description])).toEqual([
      ["Campus gate", "Campus", ""],
      ["Lab", "Campus", ""],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
    expect(skipped).toEqual(["fees.pdf is not an image."]);
    // No type from the browser: the extension decides.
    expect(rowsForFiles([file("scan.PNG", "")]).rows).toHaveLength(1);
    expect(rowsForFiles([file("notes.txt", "")]).rows).toHaveLength(0);
  });

  test("at most 20 images in one upload", () => {
    const many = Array.from({ length: 5 }, (_, i) => file(`p${i}.jpg`));
    const { rows, skipped } = rowsForFiles(many, 17);
    expect(rows).toHaveLength(3);
    expect(skipped[0]).toContain("You can upload at most 20 images at a time");
    expect(skipped[0]).toContain("2 more were left out");
  });

  test("a blank title or a file over 5 MB is caught before sending", () => {
    const [row] = rowsForFiles([file("big.jpg", "image/jpeg", 6 * 1024 * 1024)]).rows;
    expect(rowProblems({ ...row!, title: "  " })).toEqual({
      title: "Please enter a title for the image",
      file: "This file is 6 MB; images must be at most 5 MB.",
    });
  });

  test("the request carries repeated images and imageDetails as one JSON array in the same order", () => {
    const { rows } = rowsForFiles([file("a.jpg"), file("b.png", "image/png")]);
    rows[1] = { ...rows[1]!, title: " Hostel ", category: "Facilities", description: " Rooms " };
    const form = uploadFormData(rows);
    expect(form.getAll("images").map((f) => (f as File).name)).toEqual(["a.jpg", "b.png"]);
    expect(JSON.parse(String(form.get("imageDetails")))).toEqual([
      { title: "a", category: "Campus", description: "" },
      { title: "Hostel", category: "Facilities", description: "Rooms" },
    ]);
  });

  test("a refused upload's field errors become one reason per file", () => {
    const { rows } = rowsForFiles([file("good.jpg"), file("bad.jpg")]);
    expect(
      rejectionsFromErrors(
        { "images.1": ["bad.jpg: This file is not a JPG, PNG or WebP image"], "images.0": ["good.jpg: Too big"], other: ["x"] },
        rows,
      ),
    ).toEqual([
      { index: 0, name: "good.jpg", message: "Too big" },
      { index: 1, name: "bad.jpg", message: "This file is not a JPG, PNG or WebP image" },
    ]);
  });
});
