import { describe, expect, test } from "bun:test";
import { deflateRawSync, deflateSync, inflateSync } from "node:zlib";
import fc from "fast-check";
import { configureImageProcessing, imageTask } from "./images.ts";
import { cleanFileName, contentRefusal, type FileKind, hasActiveContent, uploadBytes, withKindExtension } from "./uploads.ts";

/**
 * The markers as they were first written: regular expressions over the bytes decoded as latin1. The byte
 * scan in uploads.ts must find exactly what these find.
 */
const MARKUP_MARKERS = /<script|<html|<iframe|<object|<embed|<!doctype html|<svg\s+(xmlns|on)|<\?xml-stylesheet|javascript:/i;
/** The same tags behind a namespace prefix, and a meta tag's http-equiv, bare or prefixed (walk 31a). */
const PREFIXED_MARKERS =
  /<[a-z_\x80-\xff][\w.\x2d\x80-\xff]*:(script|html|iframe|object|embed|!doctype html|svg\s+(xmlns|on)|\?xml-stylesheet)/i;
const META_HTTP_EQUIV = /<([a-z_\x80-\xff][\w.\x2d\x80-\xff]*:)?meta[\s\S]*?http-equiv/i;
const EVENT_HANDLER = /<[a-z][\t\n\f\r\x20-\x3d\x3f-\x7e]*?[\t\n\f\r /"']on[a-z]{3,}[\t\n\f\r ]*=/i;
/** A PDF name: "/" and what follows up to whitespace or a delimiter, "#xx" read as one byte. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is whitespace in a PDF
const PDF_NAME = /\/((?:#[0-9A-Fa-f]{2}|[^\x00\t\n\f\r ()<>[\]{}/%])*)/g;
const PDF_ACTIVE =
  /^(JavaScript|Launch|EmbeddedFiles?|FileAttachment|RichMedia|SubmitForm|ImportData|GoToR|GoToE|Rendition)(?![A-Za-z0-9_])/;
function reference(bytes: Uint8Array, kind: FileKind): boolean {
  const text = new TextDecoder("latin1").decode(bytes);
  const pdfNames = () =>
    [...text.matchAll(PDF_NAME)].some((m) =>
      PDF_ACTIVE.test(m[1]!.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))),
    );
  return (
    MARKUP_MARKERS.test(text) ||
    PREFIXED_MARKERS.test(text) ||
    META_HTTP_EQUIV.test(text) ||
    EVENT_HANDLER.test(text) ||
    (kind === "pdf" && pdfNames())
  );
}

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** Bytes like compressed image data, without any "<", "/" or ":" (so they cannot complete a marker). */
const filler = (n: number, seed = 1) => {
  const b = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    let c = s >>> 24;
    if (c === 0x3c || c === 0x2f || c === 0x3a) c = 0x41;
    b[i] = c;
  }
  return b;
};
const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

const MARKUP = [
  "<script",
  "<html",
  "<iframe",
  "<object",
  "<embed",
  "<!doctype html",
  "<svg xmlns",
  "<svg on",
  "<?xml-stylesheet",
  "javascript:",
  // walk 31a: an XHTML script behind a namespace prefix, and a meta refresh
  "<a:script",
  "<xhtml:svg on",
  "<meta http-equiv",
  "<h:meta\nhttp-equiv",
  // walk 32b: "_", a long prefix, a prefix in another script; ">" and other bytes before http-equiv
  "<_:script",
  `<${"a".repeat(40)}:script`,
  "<\u00e9:script",
  '<meta content="0;url=https://evil/?a>b" http-equiv',
  '<meta content="\u00e9\u0000" http-equiv',
  // the review: a long attribute before http-equiv
  `<meta content="${"x".repeat(1100)}" http-equiv`,
];
const PDF_NAMES = [
  "/JavaScript",
  "/Launch",
  "/EmbeddedFile",
  "/EmbeddedFiles",
  "/FileAttachment",
  "/RichMedia",
  "/SubmitForm",
  "/ImportData",
  "/GoToR",
  "/GoToE",
  "/Rendition",
];
const upper = (s: string) => s.toUpperCase();
const mixed = (s: string) => [...s].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("");

describe("hasActiveContent", () => {
  const both = (bytes: Uint8Array, kind: FileKind) => {
    const found = hasActiveContent(bytes, kind);
    expect(found).toBe(reference(bytes, kind));
    return found;
  };

  test("every markup marker, in lower, upper and mixed case, at the start, in the middle and at the very end", () => {
    for (const marker of MARKUP) {
      for (const variant of [marker, upper(marker), mixed(marker)]) {
        const m = latin1(variant);
        for (const bytes of [
          concat(m, filler(500)),
          concat(JPEG_START, filler(3000), m, filler(3000)),
          concat(JPEG_START, filler(3000), m),
        ]) {
          for (const kind of ["jpeg", "png", "webp", "pdf"] as const)
            expect({ variant, kind, found: both(bytes, kind) }).toEqual({ variant, kind, found: true });
        }
      }
    }
  });

  test("a marker cut short by the end of the file, or broken by one byte, is not a marker", () => {
    for (const marker of [...MARKUP, ...PDF_NAMES]) {
      for (let cut = 1; cut < marker.length; cut++) {
        if (PDF_NAMES.includes(marker.slice(0, cut))) continue; // "/EmbeddedFiles" cut to "/EmbeddedFile"
        expect(both(concat(JPEG_START, filler(100), latin1(marker.slice(0, cut))), "pdf")).toBe(false);
      }
      // "<scr\0pt", "<svg xm\0ns" …
      const broken = latin1(marker);
      broken[broken.length - 2] = 0;
      expect(both(concat(filler(100), broken, filler(100)), "pdf")).toBe(false);
    }
  });

  test("<svg needs whitespace (\\s: tab, LF, VT, FF, CR, space, no-break space) and then xmlns or on", () => {
    for (const space of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0]) {
      expect(both(concat(filler(10), latin1("<svg"), new Uint8Array([space, space, space]), latin1("ONload")), "png")).toBe(true);
      expect(both(concat(filler(10), latin1("<SVG"), new Uint8Array([space]), latin1("xmlns")), "png")).toBe(true);
    }
    for (const notSpace of [0x00, 0x08, 0x0e, 0x1f, 0x85, 0x9f, 0xa1, 0xff, 0x41]) {
      expect(both(concat(filler(10), latin1("<svg"), new Uint8Array([notSpace]), latin1("xmlns")), "png")).toBe(false);
    }
    expect(both(latin1("<svgxmlns"), "png")).toBe(false);
    expect(both(latin1("<svg  "), "png")).toBe(false);
    expect(both(latin1("<svg \t x"), "png")).toBe(false);
    expect(both(latin1("<svg \t o"), "png")).toBe(false);
    expect(both(latin1("<svg width"), "png")).toBe(false);
  });

  test("only ASCII letters fold: latin1 look-alikes are not markers", () => {
    // 0x8a/0x9a are Š/š in windows-1252 (TextDecoder's latin1), 0xd3 is Ó.
    for (const bytes of [
      concat(latin1("<"), new Uint8Array([0x8a]), latin1("cript")),
      concat(latin1("<"), new Uint8Array([0x9a]), latin1("cript")),
      concat(latin1("<"), new Uint8Array([0xd3]), latin1("bject")),
    ]) {
      expect(both(bytes, "jpeg")).toBe(false);
    }
    expect(both(latin1("<!DOCTYPE  html"), "jpeg")).toBe(false); // two spaces
    expect(both(latin1("<!DOCTYPE HTML"), "jpeg")).toBe(true);
  });

  test("PDF names: exact case, not followed by a word character, only in PDFs", () => {
    for (const name of PDF_NAMES) {
      expect(both(concat(latin1("%PDF-1.4 "), latin1(name), latin1(" ")), "pdf")).toBe(true);
      expect(both(concat(latin1("%PDF-1.4 "), latin1(name)), "pdf")).toBe(true); // at the very end
      expect(both(concat(latin1("%PDF-1.4 "), latin1(name), latin1("/")), "pdf")).toBe(true);
      expect(both(concat(latin1("%PDF-1.4 "), latin1(name), new Uint8Array([0xe9])), "pdf")).toBe(true); // é is no word character
      for (const word of ["s", "X", "0", "_"]) {
        if (`${name}${word}` === "/EmbeddedFiles") continue; // a name of its own (walk 14b)
        expect(both(concat(latin1("%PDF-1.4 "), latin1(name + word)), "pdf")).toBe(false);
      }
      expect(both(concat(latin1("%PDF-1.4 "), latin1(name.toLowerCase()), latin1(" ")), "pdf")).toBe(false);
      expect(both(concat(latin1("%PDF-1.4 "), latin1(name), latin1(" ")), "jpeg")).toBe(false);
    }
    // Attachments listed without their /Type (walk 14b: pdfdetach lists them): refused by their tree or annotation.
    expect(both(latin1("%PDF-1.4 /EmbeddedFiles 2 0 R"), "pdf")).toBe(true);
    expect(both(latin1("%PDF-1.4 /Subtype /FileAttachment"), "pdf")).toBe(true);
    // Not /JS alone (three bytes: compressed data holds it by chance, about once in 20 MB); /Rendition instead.
    expect(both(latin1("%PDF-1.4 /S /Rendition /JS (app.alert(1))"), "pdf")).toBe(true);
  });

  describe("object streams (thirteenth walk: a /JavaScript action compressed out of sight)", () => {
    /**
     * A PDF 1.5 whose catalogue, pages and `extra` objects sit in one object stream with `dict`, written by
     * `encode` (as it is: no predictor), then deflated `deflations` times, under the object header `header`.
     */
    const withObjectStream = (
      extra: string[],
      dict = "/Type /ObjStm /N {n} /First {first} /Filter /FlateDecode",
      deflations = 1,
      header = "9 0 obj",
      encode = (plain: Uint8Array) => plain,
    ) => {
      const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>", ...extra];
      let body = "";
      const offsets = objects.map((o) => {
        const at = body.length;
        body += `${o}\n`;
        return at;
      });
      const numbers = `${offsets.map((at, i) => `${i + 1} ${at}`).join(" ")}\n`;
      let data = encode(latin1(numbers + body));
      for (let i = 0; i < deflations; i++) data = new Uint8Array(deflateSync(data));
      const head = `%PDF-1.5\n${header}\n<< ${dict.replace("{n}", String(objects.length)).replace("{first}", String(numbers.length))} /Length ${data.length} >>\nstream\n`;
      return concat(latin1(head), data, latin1("\nendstream\nendobj\nstartxref\n0\n%%EOF\n"));
    };
    const action = "<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>";
    const page = ["<< /Type /Page /MediaBox [0 0 200 200] >>"];

    test("a script action inside a deflated object stream is found; the same stream without one is not", () => {
      expect(contentRefusal(withObjectStream([action]), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream(page), "pdf")).toBeNull();
      expect(contentRefusal(withObjectStream(["<< /S /GoToR /F (\\\\evil\\share\\x.pdf) >>"]), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream(["<< /S /J#61vaScript >>"]), "pdf")).toBe("active");
    });

    test("found by what it holds, whatever its dictionary or header says (walk 13b: three ways past a reading of the dictionaries)", () => {
      expect(contentRefusal(withObjectStream([action], "/N {n} /First {first} /Filter /FlateDecode"), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream([action], "/#4E {n} /F#69rst {first} /Fil#74er /Fl"), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream([action], "/N {n} /T (endobj 1 0 obj) /First {first} /Filter [/FlateDecode]"), "pdf")).toBe(
        "active",
      );
      // A comment between the generation number and "obj"; a word no dictionary holds; a filter by reference.
      expect(contentRefusal(withObjectStream([action], undefined, 1, "9 0 %hidden\nobj"), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream([action], "/N {n} /First {first} /Producer abc /Filter /FlateDecode"), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream([action], "/N {n} /First {first} /Filter 7 0 R"), "pdf")).toBe("active");
      // Deflated twice (and three times); not deflated at all (the file's own scan reads it).
      expect(contentRefusal(withObjectStream([action], "/N {n} /First {first} /Filter [/FlateDecode /FlateDecode]", 2), "pdf")).toBe(
        "active",
      );
      expect(contentRefusal(withObjectStream([action], undefined, 3), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream(page, undefined, 2), "pdf")).toBeNull();
      expect(contentRefusal(withObjectStream([action], "/N {n} /First {first}", 0), "pdf")).toBe("active");
      // Behind a long table of numbers (stop 45: 200 objects before it, past the first kilobyte the look read).
      const notes = Array.from({ length: 200 }, (_, i) => `<< /Type /Annot /Contents (note ${i}) >>`);
      expect(contentRefusal(withObjectStream([...notes, action]), "pdf")).toBe("active");
      expect(contentRefusal(withObjectStream(notes), "pdf")).toBeNull();
      // White space or comments before the table, a comment or a NUL inside it: a reader skips them all.
      const padded = (before: string, between = " ") => {
        const file = withObjectStream([action]);
        const text = new TextDecoder("latin1").decode(file);
        const start = text.indexOf("stream\n") + "stream\n".length;
        const end = text.indexOf("\nendstream");
        const inner = new TextDecoder("latin1").decode(inflateSync(file.subarray(start, end))).replace(" ", between);
        const data = new Uint8Array(deflateSync(latin1(before + inner)));
        return concat(
          latin1(`%PDF-1.5\n9 0 obj\n<< /N 3 /First 12 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
          data,
          latin1("\nendstream\nendobj\n%%EOF\n"),
        );
      };
      expect(contentRefusal(padded(" ".repeat(4000)), "pdf")).toBe("active");
      expect(contentRefusal(padded(`${"%".repeat(3000)}\n\r\n`), "pdf")).toBe("active");
      expect(contentRefusal(padded("", " %x\n "), "pdf")).toBe("active");
      expect(contentRefusal(padded("\0\0", "\0"), "pdf")).toBe("active");
      // A picture's black rows are no padding: a raw picture starting black is passed over, not inflated whole.
      const black = concat(
        new Uint8Array(4096),
        Uint8Array.from({ length: 60_000 }, (_, i) => (i * 2_654_435_761) >>> 24),
      );
      expect(
        contentRefusal(
          concat(
            latin1("%PDF-1.5\n4 0 obj\n<< /Filter /FlateDecode >>\nstream\n"),
            deflateSync(concat(black, latin1(action))),
            latin1("\nendstream\n"),
          ),
          "pdf",
        ),
      ).toBeNull();
    });

    /** `data` written as PNG-predicted rows of `width` bytes, the rows' tags taken in turn from `tags` (an encoder). */
    const predict = (data: Uint8Array, width: number, pixel: number, tags: number[]) => {
      const rows = Math.ceil(data.length / width);
      const out = new Uint8Array(data.length + rows);
      const at = (i: number) => (i >= 0 ? data[i]! : 0);
      for (let row = 0; row < rows; row++) {
        const tag = tags[row % tags.length]!;
        out[row * (width + 1)] = tag;
        for (let i = 0; i < width && row * width + i < data.length; i++) {
          const here = row * width + i;
          const left = i >= pixel ? at(here - pixel) : 0;
          const up = row > 0 ? at(here - width) : 0;
          const upLeft = row > 0 && i >= pixel ? at(here - width - pixel) : 0;
          const p = left + up - upLeft;
          const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
          const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
          const guess = [0, left, up, (left + up) >> 1, paeth][tag]!;
          out[row * (width + 1) + 1 + i] = (data[here]! - guess) & 0xff;
        }
      }
      return out;
    };
    /** A PDF with one object stream holding `extra`, PNG-predicted, then deflated. */
    const withPredictedObjectStream = (extra: string[], width: number, pixel: number, tags: number[]) =>
      withObjectStream(
        extra,
        `/Type /ObjStm /N {n} /First {first} /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns ${width} >>`,
        1,
        undefined,
        (plain) => predict(plain, width, pixel, tags),
      );

    test("walk 14b's ways past the predictor and the stream's start are closed", () => {
      const filler = Array.from({ length: 200 }, (_, i) => `<< /Type /Annot /Contents (note ${i}) >>`);
      const text = (b: Uint8Array) => new TextDecoder("latin1").decode(b);
      // Pixel sizes of 5, 7 and 10 bytes (five or seven colour components); rows wider than the first look whose
      // first row reads as text: not to be told apart, so not read.
      for (const pixel of [5, 7, 10])
        expect(contentRefusal(withPredictedObjectStream([action], pixel * 9, pixel, [1]), "pdf")).toBe("active");
      expect(contentRefusal(withPredictedObjectStream([...filler, action], 3000, 1, [0, 2]), "pdf")).toBe("unchecked");
      // A predictor inside two deflations.
      const twice = withObjectStream([action], "/N {n} /First {first} /Filter [/FlateDecode /FlateDecode]", 2, undefined, (plain) =>
        predict(plain, 12, 1, [2]),
      );
      expect(contentRefusal(twice, "pdf")).toBe("active");
      // A first look left empty by a hundred empty stored blocks, before the predicted data.
      const predicted = predict(latin1(`1 0 2 40\n${action}\n`), 12, 1, [2]);
      const empties = concat(...Array.from({ length: 103 }, () => Uint8Array.from([0, 0, 0, 0xff, 0xff])));
      const stored = concat(Uint8Array.from([0x78, 0x9c]), empties, new Uint8Array(deflateRawSync(predicted)));
      expect(
        contentRefusal(
          concat(latin1("%PDF-1.5\n5 0 obj\n<< /Filter /FlateDecode >>\nstream\n"), stored, latin1("\nendstream\n%%EOF\n")),
          "pdf",
        ),
      ).toBe("active");
      // "stream" followed by spaces or a tab before its end of line; a wrong checksum; a window field of 8.
      const plain = withObjectStream([action]);
      const at = text(plain).indexOf("stream\n") + "stream\n".length;
      expect(contentRefusal(concat(plain.subarray(0, at - 1), latin1(" \t\r\n"), plain.subarray(at)), "pdf")).toBe("active");
      const end = text(plain).indexOf("\nendstream");
      const badSum = Uint8Array.from(plain);
      badSum[end - 1]! ^= 0xff;
      expect(contentRefusal(badSum, "pdf")).toBe("active");
      const wideWindow = Uint8Array.from(plain);
      wideWindow[at] = 0x88;
      wideWindow[at + 1] = 31 - ((0x88 * 256) % 31);
      expect(contentRefusal(wideWindow, "pdf")).toBe("active");
      // Numbers written with a sign; a filter named inside an object stream; a deflated XFA script.
      expect(
        contentRefusal(
          withObjectStream([action], undefined, 1, undefined, (p) => latin1(`+${text(p)}`)),
          "pdf",
        ),
      ).toBe("active");
      expect(contentRefusal(withObjectStream(["[/AHx]"]), "pdf")).toBe("unchecked");
      const xfa = deflateSync(latin1("<xdp:xdp><template><script>app.alert(1)</script></template></xdp:xdp>"));
      expect(
        contentRefusal(
          concat(latin1("%PDF-1.5\n7 0 obj\n<< /Filter /FlateDecode >>\nstream\n"), xfa, latin1("\nendstream\n%%EOF\n")),
          "pdf",
        ),
      ).toBe("active");
    });

    test("walk 14c's ways past the fixes are closed, and a picture's flat band is no table", () => {
      const text = (b: Uint8Array) => new TextDecoder("latin1").decode(b);
      // A "stream" keyword in a comment or a string does not hide the dictionary that names a hex filter.
      const hexStream = (before: string) =>
        latin1(
          `%PDF-1.5\n6 0 obj\n${before}\nendobj\n5 0 obj\n<< /Filter /ASCIIHexDecode /Length 5 >>\nstream\nabcd>\nendstream\nendobj\n%%EOF\n`,
        );
      expect(contentRefusal(hexStream("<< /Producer (x) >> %stream"), "pdf")).toBe("unchecked");
      expect(contentRefusal(hexStream("<< /Producer (upstream\n) >>"), "pdf")).toBe("unchecked");
      // A pixel size of 34 bytes; a comment right after the table's first number, under a predictor.
      expect(contentRefusal(withPredictedObjectStream([action], 34 * 3, 34, [1]), "pdf")).toBe("active");
      const commented = withObjectStream([action], undefined, 1, undefined, (plain) =>
        predict(latin1(text(plain).replace(/^1 /, "1%c\n")), 12, 1, [2]),
      );
      expect(contentRefusal(commented, "pdf")).toBe("active");
      // The table's last number touching the first object.
      expect(
        contentRefusal(
          withObjectStream([action], undefined, 1, undefined, (plain) => latin1(text(plain).replace("\n<<", "<<"))),
          "pdf",
        ),
      ).toBe("active");
      // Deflated data that goes wrong after the object stream (a reserved block type): what came before is read.
      const table = latin1(`1 0 2 40\n${action}\n`);
      const broken = concat(
        Uint8Array.from([0x78, 0x9c]),
        new Uint8Array(deflateRawSync(table, { finishFlush: 2 })),
        Uint8Array.from([0x07, 0, 0]),
      );
      expect(
        contentRefusal(
          concat(latin1("%PDF-1.5\n5 0 obj\n<< /Filter /FlateDecode >>\nstream\n"), broken, latin1("\nendstream\n%%EOF\n")),
          "pdf",
        ),
      ).toBe("active");
      // A predicted picture 240 px wide whose top rows are a flat "3" (#333333): "3 3 3…" is no table.
      const rows: number[] = [];
      for (let y = 0; y < 60; y++) {
        rows.push(1);
        for (let x = 0; x < 240; x++) rows.push(y < 20 ? (x === 0 ? 0x33 : 0) : (x * 7 + y * 13) & 0xff);
      }
      const picture = concat(
        latin1(
          "%PDF-1.5\n5 0 obj\n<< /Subtype /Image /Width 240 /Height 60 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns 240 >> >>\nstream\n",
        ),
        new Uint8Array(deflateSync(Uint8Array.from(rows))),
        latin1("\nendstream\n%%EOF\n"),
      );
      expect(contentRefusal(picture, "pdf")).toBeNull();
    });

    test("an object stream under a PNG predictor is undone, whatever its row width, pixel size and row tags (stop 45)", () => {
      for (const [width, pixel, tags] of [
        [12, 1, [2]],
        [40, 3, [1, 4, 3]],
        [56, 8, [0, 1, 2, 3, 4]],
        [200, 1, [4]],
        [1, 1, [0]],
        [5000, 1, [2]],
      ] as [number, number, number[]][]) {
        const found = contentRefusal(withPredictedObjectStream([action], width, pixel, tags), "pdf");
        expect({ width, pixel, tags, found }).toEqual({ width, pixel, tags, found: "active" });
        expect(contentRefusal(withPredictedObjectStream(page, width, pixel, tags), "pdf")).toBeNull();
      }
      // The rows cannot be told apart (wider than the first look, and more than one): not read, so refused as such.
      const filler = Array.from({ length: 200 }, (_, i) => `<< /Type /Annot /Contents (note ${i}) >>`);
      expect(contentRefusal(withPredictedObjectStream([...filler, action], 3000, 1, [2]), "pdf")).toBe("unchecked");
      // A picture or a cross-reference stream under a predictor is no object stream: passed over.
      const picture = (bytes: Uint8Array) =>
        concat(
          latin1(
            "%PDF-1.5\n4 0 obj\n<< /Type /XObject /Subtype /Image /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns 300 /Colors 3 >> >>\nstream\n",
          ),
          new Uint8Array(deflateSync(bytes)),
          latin1("\nendstream\nendobj\n%%EOF\n"),
        );
      const noise = Uint8Array.from({ length: 90_000 }, (_, i) => (i * 2_654_435_761) >>> 24);
      expect(contentRefusal(picture(predict(noise, 900, 3, [1, 2, 4])), "pdf")).toBeNull();
      expect(contentRefusal(picture(predict(new Uint8Array(90_000), 900, 3, [2])), "pdf")).toBeNull();
      const xref = Uint8Array.from({ length: 600 }, (_, i) => [1, 0, i >> 2, 0][i % 4]!);
      expect(contentRefusal(picture(predict(xref, 4, 1, [2])), "pdf")).toBeNull();
    });

    test("a filter's name is read where filters are named, not inside a stream's data (walk 14b: a scan's JPEG refused)", () => {
      // A picture's data holds "/RL " by chance about once in 20 MB: it was read as the run-length filter.
      const picture = (data: string) =>
        latin1(`%PDF-1.4\n1 0 obj\n<< /Subtype /Image /Filter /DCTDecode >>\nstream\n\xff\xd8${data}\xff\xd9\nendstream\nendobj\n%%EOF\n`);
      expect(contentRefusal(picture("\x93/RL \x01/AHx>\x80/Crypt "), "pdf")).toBeNull();
      expect(contentRefusal(latin1("%PDF-1.4\n1 0 obj\n<< /Filter /RL >>\nstream\nabc\nendstream\nendobj\n%%EOF\n"), "pdf")).toBe(
        "unchecked",
      );
      // An active name is refused wherever it stands, inside data too (six bytes and more: never by chance).
      expect(contentRefusal(picture("/JavaScript "), "pdf")).toBe("active");
    });

    test("what the scan cannot read is refused as such, not as script: other codings, encrypted object streams, too much to inflate", () => {
      expect(contentRefusal(withObjectStream(page, "/N {n} /First {first} /Filter [/ASCIIHexDecode /FlateDecode]"), "pdf")).toBe(
        "unchecked",
      );
      expect(contentRefusal(withObjectStream(page, "/N {n} /First {first} /Filter /LZ#57Decode", 0), "pdf")).toBe("unchecked");
      // Encrypted with object streams (walk 13b: a "secured" marksheet was called script); encrypted without is read as before.
      const encrypted = (file: Uint8Array) => concat(file, latin1("trailer\n<< /Encrypt 12 0 R /Root 1 0 R >>\n"));
      expect(contentRefusal(encrypted(withObjectStream(page)), "pdf")).toBe("unchecked");
      expect(contentRefusal(encrypted(latin1("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")), "pdf")).toBeNull();
      // Object streams that inflate a thousandfold: past 16 MB in all the file is refused, not inflated further.
      const bomb = deflateSync(concat(latin1("1 0 << "), new Uint8Array(6_000_000).fill(0x20), latin1(">>")));
      const streams = [1, 2, 3].map((n) =>
        concat(latin1(`${n} 0 obj\n<< /N 1 /First 4 /Filter /FlateDecode >>\nstream\n`), bomb, latin1("\nendstream\nendobj\n")),
      );
      expect(contentRefusal(concat(latin1("%PDF-1.5\n"), ...streams.slice(0, 2), latin1("%%EOF\n")), "pdf")).toBeNull();
      expect(contentRefusal(concat(latin1("%PDF-1.5\n"), ...streams, latin1("%%EOF\n")), "pdf")).toBe("unchecked");
      // A page's drawing (numbers, then operators) and a picture's own coding are no object streams: left as they are.
      const drawing = deflateSync(latin1(`1 0 0 1 72 720 cm /F1 12 Tf (x) Tj ${"0 0 m 10 10 l S ".repeat(50_000)}`));
      expect(
        contentRefusal(concat(latin1("%PDF-1.5\n4 0 obj\n<< /Filter /FlateDecode >>\nstream\n"), drawing, latin1("\nendstream\n")), "pdf"),
      ).toBeNull();
      expect(contentRefusal(withObjectStream(page, "/Length1 5 /Filter /DCTDecode", 0), "pdf")).toBeNull();
    });
  });

  test("an event handler inside a tag is markup, in any case; outside a tag or without printable tag characters it is not", () => {
    for (const text of [
      "<img src=x onerror=alert(1)>",
      "<body onload=alert(document.domain)>",
      "<BODY ONLOAD = alert(1)>",
      "<a/onclick='x'>",
      '<div class="x"onmouseover="y">',
      "<svg\tonload\n=1",
      "<details open ontoggle=alert(1)>",
    ]) {
      expect({ text, found: both(concat(JPEG_START, filler(200), latin1(text), filler(200)), "jpeg") }).toEqual({ text, found: true });
    }
    for (const text of [
      "<p>onion=3</p>", // after the tag's end
      "<img src=x one=1>", // "on" and one letter
      "<img src=x onerror>", // no "="
      "<imgonerror=1", // no space before it
      "< img onerror=1", // no letter after "<"
      "x onerror=1", // no tag
    ]) {
      expect({ text, found: both(concat(JPEG_START, filler(200), latin1(text), filler(200)), "jpeg") }).toEqual({ text, found: false });
    }
    // A byte outside the tag's characters between the tag's name and the handler ends the tag.
    expect(both(concat(latin1("<img "), new Uint8Array([0x80]), latin1(" onerror=1")), "png")).toBe(false);
    expect(both(concat(latin1("<img "), new Uint8Array([0x7f]), latin1(" onerror=1")), "png")).toBe(false);
  });

  // These two keep a time limit of their own (the suite's is a guard against hangs, 20 s): read once, a megabyte takes
  // about 0.1 s even on a busy machine; read again at each tag it would take minutes.
  test("a megabyte of unclosed tags is read once (linear), and holds no handler", { timeout: 5000 }, () => {
    const bytes = latin1("<a b".repeat(256 * 1024));
    expect(hasActiveContent(bytes, "pdf")).toBe(false);
    bytes.set(latin1(" onload="), bytes.length - 8);
    expect(hasActiveContent(bytes, "pdf")).toBe(true);
  });

  test("a megabyte of meta tags, bare and behind a prefix, is read once (linear), and holds no http-equiv (walk 31a)", {
    timeout: 5000,
  }, () => {
    for (const tag of ["<meta ", "<x:meta "]) {
      const bytes = latin1(tag.repeat(Math.floor((1024 * 1024) / tag.length)));
      expect(hasActiveContent(bytes, "pdf")).toBe(false);
      bytes.set(latin1("http-equiv"), bytes.length - 10);
      expect(hasActiveContent(bytes, "pdf")).toBe(true);
    }
  });

  test("PDF names are read as a PDF reader reads them: #xx is one byte", () => {
    for (const name of [
      "/J#61vaScript",
      "/#4Aava#53cript",
      "/#4a#61#76#61#53#63#72#69#70#74",
      "/L#61unch",
      "/Embedded#46ile",
      "/JavaScript#20",
      "/JavaScript#2F",
    ]) {
      expect({ name, found: both(concat(latin1("%PDF-1.4 /S "), latin1(name), latin1(" /JS(app.alert(1))")), "pdf") }).toEqual({
        name,
        found: true,
      });
    }
    for (const name of ["/JavaScrip#74s", "/Java#zzScript", "/J#6", "/Ja#76#61", "/#4Aava Script"]) {
      expect({ name, found: both(concat(latin1("%PDF-1.4 /S "), latin1(name), latin1(" 1 0 R")), "pdf") }).toEqual({ name, found: false });
    }
    expect(both(latin1("/J#61vaScript "), "jpeg")).toBe(false); // only in PDFs
  });

  test("a marker across a 64 KiB boundary and at the end of a 5 MB file is found", () => {
    const big = filler(5 * 1024 * 1024, 7);
    for (const at of [65536 - 3, 1024 * 1024 - 1, big.length - "javascript:".length]) {
      const bytes = big.slice();
      bytes.set(latin1("JavaScript:"), at);
      expect(hasActiveContent(bytes, "jpeg")).toBe(true);
    }
    expect(hasActiveContent(big, "pdf")).toBe(false);
  });

  test("agrees with the regular expressions on random bytes salted with marker pieces", () => {
    const piece = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc
        .constantFrom(
          ...MARKUP,
          ...PDF_NAMES,
          "<",
          "/",
          ":",
          "j",
          "J",
          "<svg",
          "<svg ",
          "<svg\u00a0",
          " ",
          "xmlns",
          "on",
          "javascript",
          "<!doctype",
          "/Launche",
          "/RichMedia_",
          "#61",
          "#4A",
          "#2F",
          "#",
          "/J#61vaScript",
          "<img ",
          "<b/",
          " onload",
          "onerror",
          "=",
          '"',
          ">",
          "<meta",
          "meta",
          "http-equiv",
          "<a",
          "<x1.y-z:",
          "script",
          "a".repeat(31),
          "\t",
          "_",
          "\u00e9",
          "\u00ff\u0080",
          ">",
          "a".repeat(300),
        )
        .chain((s) =>
          fc
            .tuple(fc.constant(s), fc.nat({ max: s.length }))
            .chain(([text, cut]) =>
              fc.oneof(fc.constant(text), fc.constant(text.slice(0, cut)), fc.constant(upper(text)), fc.constant(mixed(text))).map(latin1),
            ),
        ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom<FileKind>("pdf", "jpeg"), (parts, kind) => {
        const bytes = concat(...parts);
        return hasActiveContent(bytes, kind) === reference(bytes, kind);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("the name a file is shown and downloaded under", () => {
  test("loses paths, control characters, invisible format characters and separators (thirteenth walk)", () => {
    expect(cleanFileName("../../etc/\u202Egnp.exe\u0000..pdf", "f")).toBe("gnp.exe..pdf");
    expect(cleanFileName("a\u200Fb\u2028c\u2029d\u200Be\uFEFF\u0085.pdf", "f")).toBe("abcde.pdf");
    expect(cleanFileName("प्रमाणपत्र (मूळ).pdf", "f")).toBe("प्रमाणपत्र (मूळ).pdf");
    expect(cleanFileName("\u202E\u202C", "marksheet")).toBe("marksheet");
  });

  test("ends in the extension of what the file is, whatever it was called", () => {
    expect(withKindExtension("report.html", "pdf")).toBe("report.pdf");
    expect(withKindExtension("Scan.PDF", "pdf")).toBe("Scan.PDF");
    expect(withKindExtension("photo.jpeg", "jpeg")).toBe("photo.jpeg");
    expect(withKindExtension("photo.png", "jpeg")).toBe("photo.jpg");
    expect(withKindExtension("marksheet", "pdf")).toBe("marksheet.pdf");
    expect(withKindExtension("Mr. A. Sharma", "png")).toBe("Mr. A. Sharma.png");
    expect(withKindExtension("gnp.exe..pdf", "pdf")).toBe("gnp.exe..pdf");
  });
});

describe("uploadBytes", () => {
  test("reads a file once however often it is asked for", async () => {
    const blob = new Blob([latin1("hello")]);
    const first = uploadBytes(blob);
    expect(uploadBytes(blob)).toBe(first);
    expect(new TextDecoder().decode(await first)).toBe("hello");
    expect(await uploadBytes(new Blob([latin1("other")]))).not.toBe(await first);
  });
});

describe("imageTask", () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  test("one task at a time in arrival order; a failed task frees its turn", async () => {
    const log: string[] = [];
    let active = 0;
    let most = 0;
    const gates = [deferred(), deferred(), deferred()];
    const task = (i: number, fail = false) =>
      imageTask(async () => {
        active++;
        most = Math.max(most, active);
        log.push(`start ${i}`);
        await gates[i]!.promise;
        active--;
        log.push(`end ${i}`);
        if (fail) throw new Error(`task ${i} failed`);
        return i;
      });
    const results = [task(0), task(1, true), task(2)];
    await Bun.sleep(5);
    expect(log).toEqual(["start 0"]);
    gates[2]!.resolve();
    gates[1]!.resolve();
    await Bun.sleep(5);
    expect(log).toEqual(["start 0"]);
    gates[0]!.resolve();
    expect(await results[0]).toBe(0);
    await expect(results[1]!).rejects.toThrow("task 1 failed");
    expect(await results[2]).toBe(2);
    expect(log).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]);
    expect(most).toBe(1);
  });

  test("a task started inside another runs as part of it instead of waiting for it", async () => {
    const order: string[] = [];
    const outer = imageTask(async () => {
      order.push("outer");
      const inner = await imageTask(async () => {
        order.push("inner");
        return 2;
      });
      return inner + 1;
    });
    const next = imageTask(async () => order.push("next"));
    expect(await outer).toBe(3);
    await next;
    expect(order).toEqual(["outer", "inner", "next"]);
  });
});

describe("configureImageProcessing", () => {
  test("applies the allocator settings on glibc Linux and is harmless to repeat", () => {
    const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
    const glibc = process.platform === "linux" && !!report?.header?.glibcVersionRuntime;
    const first = configureImageProcessing();
    expect(configureImageProcessing()).toEqual(first);
    if (glibc) expect(first.glibc).toBe(true);
  });
});
