/**
 * A PDF's object streams (ISO 32000-1 §7.5.7), inflated, for the upload scan (platform/uploads.ts). Since
 * PDF 1.5 a file may keep its dictionaries — the catalogue's /OpenAction, a /JavaScript action — inside
 * compressed streams, which Word, LibreOffice and browsers' "Save as PDF" write routinely; the scan of the
 * file's bytes never saw them (thirteenth walk: a marksheet carrying script passed).
 *
 * Object streams are found by what they hold, not by their dictionaries (walk 13b: a comment inside an
 * object's header, or a word no dictionary has, hid one from a reading of the dictionaries): every stream
 * whose data is zlib data is inflated a little; one that opens as an object stream opens — pairs of whole
 * numbers (each object's number and place), then an object (a dictionary, an array, a string, a name…),
 * where a page's drawing has an operator after its numbers; or numbers only, or white space only, as far as the
 * look goes (comments read as white space, as a reader reads them) — is inflated whole and handed back. Data that
 * inflates to zlib data again (a stream deflated twice) is inflated again, up to three times, and handed
 * back whatever it holds. What inflates past OBJECT_STREAMS_MAX in all, or past PROBES_MAX of first looks,
 * is handed back as null (unreadable): a marksheet or certificate needs nothing that large.
 * A stream may also carry a PNG predictor (§7.4.4.4: each row tagged 0–4, its bytes written as differences),
 * which hid an object stream from that first look (stop 45): inflated data that opens with a row tag is undone
 * for each row width and bytes per pixel a reader could be told of, and handed back undone under each that opens
 * as an object stream. Its width is again found by what the data holds — every row's tag a PNG tag — not read
 * from the dictionary. An object stream whose rows cannot be told apart is handed back as null.
 * Left to uploads.ts: other filters (hex, ASCII85, LZW, run-length) and encryption, which it refuses. The TIFF
 * predictor (2) is not undone (decision 023).
 */
import { constants, inflateSync } from "node:zlib";

/** What a file's object streams hold once inflated, all together: a real one holds some hundreds of kilobytes. */
const OBJECT_STREAMS_MAX = 16 * 1024 * 1024;
/** The compressed bytes of each stream's first look, and what all first looks may inflate to together. */
const PROBE_BYTES = 512;
const PROBES_MAX = 64 * 1024 * 1024;

const STREAM = Uint8Array.from("stream", (c) => c.charCodeAt(0));
const CR = 0x0d;
const LF = 0x0a;

/** A zlib header (RFC 1950): deflate, a window of at most 32 KB, the check bits right. */
const isZlib = (b: Uint8Array, at = 0) =>
  b.length >= at + 2 && (b[at]! & 0x0f) === 8 && b[at]! >> 4 <= 7 && ((b[at]! << 8) | b[at + 1]!) % 31 === 0;

/** PDF's white space (ISO 32000-1 §7.2.2: NUL too), as a regular expression's class. */
const W = "[\\0\\t\\n\\f\\r ]";
/** The whole numbers and then the first other token at the start of `text` (a first look's inflated bytes). */
const OBJECT_STREAM_START = new RegExp(`^${W}*(\\d+${W}+\\d+${W}+)+(<<|\\[|\\(|\\/|<|true\\b|false\\b|null\\b)`);
/** Whole numbers only, as far as the look goes: a table of a hundred objects or more fills the first kilobyte. */
const OBJECT_TABLE = new RegExp(`^${W}*(\\d+${W}+){2,}\\d*$`);
/**
 * Nothing but white space, as far as the look goes; NUL not counted, so that a picture's black rows (raw or
 * predicted) are not taken for padding and inflated whole.
 */
const BLANK = /^[\t\n\f\r ]*$/;
/** A PDF comment, which a reader skips wherever it stands outside a string. */
const COMMENT = /%[^\r\n]*/g;
/**
 * How a decoding that opens as an object stream starts, in its first OPENING bytes: a digit or a comment after
 * any white space, or white space (not NUL: a black picture's rows) all through.
 */
const MAY_OPEN = new RegExp(`^${W}*(\\d|%)|^[\\t\\n\\f\\r ]*$`);
const OPENING = 64;

/**
 * Whether inflated bytes open as an object stream's do, read as a reader reads them (comments as white space;
 * latin1; only their first kilobyte). What holds only white space and comments that far is looked into too: a
 * reader skips it. Until stop 45 the table had to end inside that kilobyte (a stream of 110 objects or more was
 * passed over), and padding or a comment before or inside it hid it.
 */
function opensAsObjectStream(bytes: Uint8Array) {
  const text = new TextDecoder("latin1").decode(bytes.subarray(0, 1024)).replace(COMMENT, " ");
  return BLANK.test(text) || OBJECT_STREAM_START.test(text) || OBJECT_TABLE.test(text);
}

/** The bytes per pixel a PNG predictor may work in (1–4 colour components of 8 or 16 bits). */
const PIXEL_BYTES = [1, 2, 3, 4, 6, 8];
/** What of a first look is tried under each row width: enough for an object stream's table of numbers to open. */
const PREDICTED_LOOK = 2048;
const PNG_TAG_MAX = 4;

/** PNG's Paeth predictor (RFC 2083 §6.6): the neighbour nearest to left + above − upper left. */
function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * `data` read as PNG-predicted rows of `width` bytes (each after its tag), undone, up to `limit` bytes out; null
 * when a row's tag is no PNG tag. A last row cut short is undone as far as it goes, as readers do.
 */
function undoPng(data: Uint8Array, width: number, pixel: number, limit = Number.POSITIVE_INFINITY): Uint8Array | null {
  const rows = Math.ceil(data.length / (width + 1));
  const out = new Uint8Array(Math.min(limit, data.length - rows));
  for (let row = 0, to = 0; row < rows && to < out.length; row++) {
    const from = row * (width + 1);
    const tag = data[from]!;
    if (tag > PNG_TAG_MAX) return null;
    const start = to;
    for (let i = 0; i < width && to < out.length && from + 1 + i < data.length; i++, to++) {
      const left = i >= pixel ? out[to - pixel]! : 0;
      const up = row > 0 ? out[to - width]! : 0;
      const upLeft = row > 0 && i >= pixel ? out[to - width - pixel]! : 0;
      const guess = tag === 1 ? left : tag === 2 ? up : tag === 3 ? (left + up) >> 1 : tag === 4 ? paeth(left, up, upLeft) : 0;
      out[to] = (data[from + 1 + i]! + guess) & 0xff;
    }
    if (to - start < width) break;
  }
  return out;
}

/** Whether every row of `width` bytes in `data` opens with a PNG tag. */
function tagsHold(data: Uint8Array, width: number) {
  for (let at = 0; at < data.length; at += width + 1) if (data[at]! > PNG_TAG_MAX) return false;
  return true;
}

/** Whether `data` undone as rows of `width` under `pixel` starts as an object stream may (MAY_OPEN). */
function mayOpen(data: Uint8Array, width: number, pixel: number) {
  const opening = undoPng(data, width, pixel, OPENING);
  return opening !== null && MAY_OPEN.test(String.fromCharCode(...opening));
}

/** `data` undone as rows of `width` under each of `pixels` that makes it open as an object stream. */
function* undoneAsObjectStream(data: Uint8Array, width: number, pixels: number[]): Generator<Uint8Array> {
  for (const pixel of pixels) {
    const undone = undoPng(data, width, pixel);
    if (undone && opensAsObjectStream(undone)) yield undone;
  }
}

/** The pixel sizes a row of `width` bytes may hold under which `data` may open as an object stream. */
const pixelsOpening = (data: Uint8Array, width: number) => PIXEL_BYTES.filter((pixel) => pixel <= width && mayOpen(data, width, pixel));

/**
 * The row widths under which PNG-predicted data opens as an object stream: widths with two rows or more in
 * `data`, narrowest first, then the data as one row (`oneRow`). A width of OPENING bytes or more opens as its
 * first row does, whatever it is: that opening is undone once for them all.
 */
function predictedWidths(data: Uint8Array): { width: number; oneRow: boolean }[] {
  if (data.length < 2 || data[0]! > PNG_TAG_MAX) return [];
  const wide = pixelsOpening(data, OPENING);
  const found = [];
  for (let width = 1; 2 * (width + 1) <= data.length; width++) {
    if (!tagsHold(data, width)) continue;
    const pixels = width >= OPENING ? wide.filter((pixel) => pixel <= width) : pixelsOpening(data, width);
    if (!undoneAsObjectStream(data, width, pixels).next().done) found.push({ width, oneRow: false });
  }
  const one = data.length - 1;
  if (!undoneAsObjectStream(data, one, pixelsOpening(data, one)).next().done) found.push({ width: one, oneRow: true });
  return found;
}

/** Each stream's data: where it starts, after the keyword "stream" and its end of line (not "endstream"). */
function* streamData(b: Uint8Array): Generator<number> {
  for (let s = b.indexOf(STREAM[0]!); s !== -1; s = b.indexOf(STREAM[0]!, s + 1)) {
    let same = true;
    for (let i = 1; i < STREAM.length && same; i++) same = b[s + i] === STREAM[i];
    if (!same || (s >= 3 && b[s - 3] === 0x65 && b[s - 2] === 0x6e && b[s - 1] === 0x64)) continue;
    const after = s + STREAM.length;
    if (b[after] === CR && b[after + 1] === LF) yield after + 2;
    else if (b[after] === LF || b[after] === CR) yield after + 1;
  }
}

/**
 * Each object stream's contents, inflated; null once something could not be read within the limits (module
 * comment). Nothing for a file without compressed streams.
 */
export function* objectStreams(b: Uint8Array): Generator<Uint8Array | null> {
  let left = OBJECT_STREAMS_MAX;
  let probesLeft = PROBES_MAX;
  /** All of `data` inflated, as leniently as a reader (data cut short gives what it holds); null past the limit. */
  const inflate = (data: Uint8Array): Uint8Array | null => {
    try {
      const out = inflateSync(data, { maxOutputLength: Math.max(1, left), finishFlush: constants.Z_SYNC_FLUSH });
      left -= out.length;
      return new Uint8Array(out);
    } catch {
      return null;
    }
  };
  for (const start of streamData(b)) {
    if (!isZlib(b, start)) continue;
    let look: Uint8Array;
    try {
      look = new Uint8Array(inflateSync(b.subarray(start, start + PROBE_BYTES), { finishFlush: constants.Z_SYNC_FLUSH }));
    } catch {
      continue; // not deflate data after all (an image's own coding)
    }
    probesLeft -= look.length;
    if (probesLeft < 0) {
      yield null;
      return;
    }
    const twice = isZlib(look);
    // A row tag is also white space or a control byte: data that opens plainly as an object stream may be
    // predicted all the same (a first row tagged 0 reads as its own text), and is read both ways.
    const widths = twice ? [] : predictedWidths(look.subarray(0, PREDICTED_LOOK));
    const plain = twice || opensAsObjectStream(look);
    if (!plain && widths.length === 0) continue;
    let contents = inflate(b.subarray(start));
    if (contents === null) {
      yield null;
      return;
    }
    if (widths.length > 0) {
      // A width the first look found must hold for the whole stream; a look read as one row says nothing of the
      // rest, unless the stream is that one row. Otherwise its rows cannot be told apart, and it is not read.
      // The pixel size is not known either: each under which it opens as an object stream is handed back.
      const rows = contents;
      const width = widths.find((w) => (!w.oneRow || rows.length <= w.width + 1) && tagsHold(rows, w.width));
      if (width) yield* undoneAsObjectStream(rows, width.width, pixelsOpening(rows, width.width));
      else if (!plain) {
        yield null;
        return;
      }
      if (!plain) continue;
    }
    for (let level = 1; twice && contents !== null && isZlib(contents) && level <= 3; level++) contents = inflate(contents);
    yield contents !== null && isZlib(contents) ? null : contents;
    if (contents === null) return;
  }
}
