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
 * Deflated XML (an XFA form's packets) is handed back too, for the scan's markup check. Data is inflated raw,
 * as readers do (a wrong checksum or window field is not held against it: walk 14b).
 * A stream may also carry a PNG predictor (§7.4.4.4: each row tagged 0–4, its bytes written as differences),
 * which hid an object stream from that first look (stop 45): data that opens with a row tag is undone for each
 * row width and pixel size (1–64 bytes) under which it opens as an object stream — its width found by what the
 * data holds, every row's tag a PNG tag, not read from the dictionary — and handed back undone under each that
 * holds for the whole stream; one whose rows cannot be told apart is handed back as null. That work has its own
 * budgets (PREDICTOR_*; walk 14b: 30 s for a 46 KB file of tiny streams before it had one).
 * Left to uploads.ts: other filters (hex, ASCII85, LZW, run-length) and encryption, which it refuses. What is not
 * covered is in decision 023 (the TIFF predictor, a gap before an object stream's first object, …).
 */
import { constants, inflateRawSync } from "node:zlib";

/** What a file's object streams hold once inflated, all together: a real one holds some hundreds of kilobytes. */
const OBJECT_STREAMS_MAX = 16 * 1024 * 1024;
/** The compressed bytes of each stream's first look, and what all first looks may inflate to together. */
const PROBE_BYTES = 512;
const PROBES_MAX = 64 * 1024 * 1024;

const STREAM = Uint8Array.from("stream", (c) => c.charCodeAt(0));
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;
const PERCENT = 0x25;
const PLUS = 0x2b;
const MINUS = 0x2d;
const DOT = 0x2e;

/**
 * A zlib header (RFC 1950): deflate, the check bits right. The window field is not held against it: readers
 * do not (walk 14b: poppler reads 8 and 15).
 */
const isZlib = (b: Uint8Array, at = 0) => b.length >= at + 2 && (b[at]! & 0x0f) === 8 && ((b[at]! << 8) | b[at + 1]!) % 31 === 0;

/** PDF's white space (ISO 32000-1 §7.2.2: NUL too), as a regular expression's class and as a table of bytes. */
const W = "[\\0\\t\\n\\f\\r ]";
const PDF_SPACE = new Uint8Array(256);
for (const byte of [0, 9, 10, 12, 13, 32]) PDF_SPACE[byte] = 1;
const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;
/**
 * Past PDF white space and comments from `from`, up to `end`; `seen.nul` is set when that white space held a NUL
 * (the scan of a file's filters, platform/uploads.ts, reads past them too).
 */
export function pastSpace(b: Uint8Array, from: number, end = b.length, seen?: { nul: boolean }): number {
  let at = from;
  for (;;) {
    for (; at < end && PDF_SPACE[b[at]!]; at++) if (b[at] === 0 && seen) seen.nul = true;
    if (at >= end || b[at] !== PERCENT) return at;
    while (at < end && b[at] !== LF && b[at] !== CR) at++;
  }
}
/** The bytes that may open an object (a dictionary, an array, a string, a name) right after a number. */
const OPENS_OBJECT = new Set([0x3c, 0x5b, 0x28, 0x2f]);
const KEYWORDS = ["true", "false", "null"].map((word) => Uint8Array.from(word, (c) => c.charCodeAt(0)));

/**
 * Whether inflated bytes open as an object stream's do, read as a reader reads them, one pass over their first
 * kilobyte (walk 14c: the regular expressions before it backtracked, 0.5 ms a stream): white space and comments
 * skipped; two whole numbers or more (signed or not: a reader takes "+5"), then any numbers (a first object may
 * be one), up to what opens an object — "<<", "[", "(", "/", "<", true, false, null, even touching the last number
 * ("160<<") — or to the end of what was read (a table of a hundred objects fills it). `blank`: white space alone
 * (NUL not counted: a picture's black rows) counts too, as padding a reader skips.
 */
function opensAsTable(bytes: Uint8Array, blank: boolean): boolean {
  const end = Math.min(bytes.length, 1024);
  const seen = { nul: false };
  let at = pastSpace(bytes, 0, end, seen);
  if (at >= end) return blank && !seen.nul;
  let integers = 0;
  let numbers = 0;
  // A table's numbers are not all one value (walk 14c: a picture's flat "3" band read as "3 3 3 3…").
  let first = -1;
  let differs = false;
  for (;;) {
    const start = at;
    if (bytes[at] === PLUS || bytes[at] === MINUS) at++;
    let digits = 0;
    let dot = false;
    let value = 0;
    for (; at < end; at++) {
      if (isDigit(bytes[at]!)) {
        digits++;
        value = (value * 10 + bytes[at]! - 0x30) % 1_000_000_007;
      } else if (bytes[at] === DOT && !dot) dot = true;
      else break;
    }
    if (digits === 0) {
      at = start;
      break;
    }
    numbers++;
    if (!dot && integers === numbers - 1) integers++;
    if (first === -1) first = value;
    else differs ||= value !== first;
    if (at >= end) return integers >= 2 && differs;
    if (!PDF_SPACE[bytes[at]!] && bytes[at] !== PERCENT) break;
    at = pastSpace(bytes, at, end);
    if (at >= end) return integers >= 2 && differs;
  }
  if (integers < 2 || !differs) return false;
  if (OPENS_OBJECT.has(bytes[at]!)) return true;
  return KEYWORDS.some((word) => word.every((c, i) => bytes[at + i] === c));
}

/** Whether inflated bytes open as an object stream's do, or as white space only (module comment). */
const opensAsObjectStream = (bytes: Uint8Array) => opensAsTable(bytes, true);

/**
 * XML, as an XFA form's packets are (walk 14b: a deflated XFA `<script>`): handed back too, for the scan's
 * markup check. XMP metadata opens so as well, and holds no markup of that kind.
 */
const MARKUP_START = new RegExp(`^${W}*<[?!A-Za-z]`);
const opensAsMarkup = (bytes: Uint8Array) => MARKUP_START.test(new TextDecoder("latin1").decode(bytes.subarray(0, 64)));
/** The bytes of a predicted stream's start undone first, to see whether it may open as an object stream. */
const OPENING = 64;

/** Pixel sizes a PNG predictor is undone in: 1–64 bytes (poppler's limit: 32 colour components of 16 bits). */
const PIXEL_MAX = 64;
/** What of a stream's start is tried under each row width: enough for an object stream's table to open. */
const PREDICTED_LOOK = 2048;
const PNG_TAG_MAX = 4;
/** What undoing predicted streams whole may write in all, per file; past it the file is not read (null). */
const PREDICTOR_WORK_MAX = 4 * 1024 * 1024;
/**
 * What looking for a predictor's readings may undo: in one stream (past it, the readings found so far stand: a
 * picture's flat band opens as "3 3 3…" under hundreds of them, walk 14c), and in the whole file (past it, the
 * file is not read: many streams made to be looked at).
 */
const PREDICTOR_STREAM_LOOK_MAX = 64 * 1024;
const PREDICTOR_LOOKS_MAX = 8 * 1024 * 1024;

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
function undoPng(data: Uint8Array, width: number, pixel: number, limit: number, stop?: (byte: number) => boolean): Uint8Array | null {
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
      if (stop?.(out[to]!)) return out.subarray(0, to + 1);
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

type Reading = { width: number; pixel: number; oneRow: boolean };

/**
 * The file's work of undoing predictors, within PREDICTOR_WORK_MAX: `undo` gives null once it is spent (and
 * `spent` says so), and `readings` lists how a stream's start (`head`) undone opens as an object stream.
 */
function predictorWork() {
  /** What undoing whole streams may still write. */
  let left = PREDICTOR_WORK_MAX;
  /** What looking for readings may still undo, in the whole file and in this stream (`readings`). */
  let lookLeft = PREDICTOR_LOOKS_MAX;
  let streamLeft = PREDICTOR_STREAM_LOOK_MAX;
  const charge = (bytes: number) => {
    lookLeft -= bytes;
    streamLeft -= bytes;
  };
  const undo = (data: Uint8Array, width: number, pixel: number, limit = Number.POSITIVE_INFINITY) => {
    left -= Math.min(limit, data.length);
    return left < 0 ? null : undoPng(data, width, pixel, limit);
  };
  /**
   * Whether `data` undone opens as an object stream's table does — two whole numbers, or a comment, after any
   * white space — read a byte at a time and stopped at the first that cannot (a picture's rows: at once). White
   * space alone is not enough: a picture's flat dark rows undo to spaces (walk 14b: a #202020 band was refused).
   */
  const opens = (data: Uint8Array, width: number, pixel: number) => {
    let step = 0;
    let verdict = false;
    let comment = false;
    const decided = (answer: boolean) => {
      verdict = answer;
      return true;
    };
    const next = (byte: number): boolean => {
      // A comment may stand anywhere between the numbers (walk 14c: "1%c" hid a table): white space to its line's end.
      if (comment) {
        comment = byte !== LF && byte !== CR;
        return false;
      }
      if (byte === PERCENT) {
        comment = true;
        if (step === 1 || step === 3) step++;
        if (step === 4) return decided(true);
        return false;
      }
      const space = PDF_SPACE[byte] === 1;
      const digit = isDigit(byte);
      if (step === 0 || step === 2) {
        if (space) return false;
        if (!digit && byte !== PLUS && byte !== MINUS) return decided(false);
        step++;
        return false;
      }
      if (digit) return false;
      if (!space) return decided(false);
      if (step === 3) return decided(true);
      step = 2;
      return false;
    };
    const undone = undoPng(data, width, pixel, OPENING, next);
    charge(undone?.length ?? 1);
    return verdict;
  };
  /**
   * Row widths with a second row begun in `head` whose rows all open with a PNG tag, narrowest first, then `head`
   * as one row (`oneRow`); under each, every pixel size whose undoing opens as an object stream. A width of
   * OPENING bytes or more opens as its first row does: that opening is undone once for them all.
   */
  const readings = (head: Uint8Array): Reading[] => {
    streamLeft = PREDICTOR_STREAM_LOOK_MAX;
    const looking = () => lookLeft >= 0 && streamLeft >= 0;
    if (head.length < 2 || head[0]! > PNG_TAG_MAX) return [];
    // Data whose first bytes are all tags or near nothing (a picture's black rows) undoes to NULs and control
    // bytes under any reading: no opening to try.
    if (head.subarray(0, 2 * OPENING).every((byte) => byte <= PNG_TAG_MAX)) return [];
    const wide: number[] = [];
    for (let pixel = 1; pixel <= PIXEL_MAX && looking(); pixel++) if (opens(head, OPENING, pixel)) wide.push(pixel);
    const widths: number[] = [];
    for (let width = 1; width + 2 <= head.length; width++) if (tagsHold(head, width)) widths.push(width);
    widths.push(head.length - 1);
    const found: Reading[] = [];
    for (const width of widths) {
      const pixels =
        width >= OPENING
          ? wide
          : Array.from({ length: PIXEL_MAX }, (_, i) => i + 1).filter((pixel) => looking() && opens(head, width, pixel));
      for (const pixel of pixels) {
        if (pixel > width || !looking()) continue;
        charge(Math.min(1024, head.length));
        const undone = undoPng(head, width, pixel, 1024);
        if (undone && opensAsTable(undone, false)) found.push({ width, pixel, oneRow: width === head.length - 1 });
      }
    }
    return found;
  };
  /** Whether every row of `width` in `data` opens with a PNG tag, its reading charged as one byte a row. */
  const holds = (data: Uint8Array, width: number) => {
    left -= Math.ceil(data.length / (width + 1));
    return left >= 0 && tagsHold(data, width);
  };
  return { undo, readings, holds, spent: () => left < 0 || lookLeft < 0 };
}

/**
 * Each stream's data: where it starts, after the keyword "stream", any spaces or tabs a reader passes over
 * (walk 14b), and its end of line (not "endstream").
 */
function* streamData(b: Uint8Array): Generator<number> {
  for (let s = b.indexOf(STREAM[0]!); s !== -1; s = b.indexOf(STREAM[0]!, s + 1)) {
    let same = true;
    for (let i = 1; i < STREAM.length && same; i++) same = b[s + i] === STREAM[i];
    if (!same || (s >= 3 && b[s - 3] === 0x65 && b[s - 2] === 0x6e && b[s - 1] === 0x64)) continue;
    let after = s + STREAM.length;
    while (b[after] === SPACE || b[after] === TAB) after++;
    if (b[after] === CR && b[after + 1] === LF) yield after + 2;
    else if (b[after] === LF || b[after] === CR) yield after + 1;
  }
}

/**
 * Zlib data inflated as a reader does: its checksum and window field not held against it (walk 14b: poppler reads
 * a wrong Adler-32 and a window field of 8 or more), data cut short giving what it holds, and data that goes wrong
 * part of the way giving what came before (walk 14c: a reserved block type after an object stream's data) — the
 * longest start that inflates; null if none does, or if it would inflate past `max`.
 */
function inflateLeniently(data: Uint8Array, max: number): Uint8Array | null {
  const options = { maxOutputLength: Math.max(1, max), finishFlush: constants.Z_SYNC_FLUSH };
  const attempt = (end: number): Uint8Array | "too large" | null => {
    try {
      return new Uint8Array(inflateRawSync(data.subarray(2, end), options));
    } catch (error) {
      return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "too large" : null;
    }
  };
  const whole = attempt(data.length);
  if (whole !== null) return whole === "too large" ? null : whole;
  let good: Uint8Array | null = null;
  for (let low = 2, high = data.length; high - low > 1; ) {
    const middle = (low + high) >> 1;
    const out = attempt(middle);
    if (out === "too large") return null;
    if (out === null) high = middle;
    else {
      good = out;
      low = middle;
    }
  }
  return good;
}

/**
 * Each object stream's contents, and each deflated XML stream's, inflated (and undone, under a predictor); null
 * once something could not be read within the limits (module comment). Nothing for a file without compressed
 * streams.
 */
export function* objectStreams(b: Uint8Array): Generator<Uint8Array | null> {
  let left = OBJECT_STREAMS_MAX;
  let probesLeft = PROBES_MAX;
  const predictor = predictorWork();
  /** All of `data` inflated; null past the limit. */
  const inflate = (data: Uint8Array): Uint8Array | null => {
    const out = inflateLeniently(data, left);
    if (out) left -= out.length;
    return out === null || left <= 0 ? null : out;
  };
  for (const start of streamData(b)) {
    if (!isZlib(b, start)) continue;
    const look = inflateLeniently(b.subarray(start, start + PROBE_BYTES), PROBES_MAX);
    if (look === null) continue; // not deflate data after all (an image's own coding)
    probesLeft -= look.length;
    const twice = isZlib(look);
    const candidate =
      twice || opensAsObjectStream(look) || opensAsMarkup(look) || predictor.readings(look.subarray(0, PREDICTED_LOOK)).length > 0;
    if (probesLeft < 0 || predictor.spent()) {
      yield null;
      return;
    }
    if (!candidate) continue;
    let contents = inflate(b.subarray(start));
    for (let level = 1; twice && contents !== null && isZlib(contents) && level <= 3; level++) contents = inflate(contents);
    if (contents === null || isZlib(contents)) {
      yield null;
      return;
    }
    // Read as it is when it opens so (a table after NULs, say), and undone under each reading of a predictor
    // (walk 14b: a predictor inside two deflations, or behind a first look left empty, was never undone).
    const plain = twice || opensAsObjectStream(contents) || opensAsMarkup(contents);
    if (plain) yield contents;
    const whole = contents;
    const readings = predictor.readings(whole.subarray(0, PREDICTED_LOOK));
    // A reading must hold for the whole stream; one of the start as a single row only if the stream is that row.
    let held = false;
    const widths = new Map<number, boolean>();
    for (const r of readings) {
      if (!widths.has(r.width)) widths.set(r.width, (!r.oneRow || whole.length <= r.width + 1) && predictor.holds(whole, r.width));
      if (!widths.get(r.width)) continue;
      held = true;
      const undone = predictor.undo(whole, r.width, r.pixel);
      if (undone === null) break;
      yield undone;
    }
    // Predicted with rows wider than the start read, which cannot be told apart (walk 14b: a first row tagged 0
    // reads as text as it is, the rest not), or past the work allowed: not read. A narrower reading that fails on
    // the whole stream was never one (walk 14c: a picture's flat "3333" band read as a table, then refused).
    if (predictor.spent() || (!held && readings.some((r) => r.oneRow))) {
      yield null;
      return;
    }
  }
}
