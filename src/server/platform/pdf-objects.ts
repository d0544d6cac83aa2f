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
 * where a page's drawing has an operator after its numbers — is inflated whole and handed back. Data that
 * inflates to zlib data again (a stream deflated twice) is inflated again, up to three times, and handed
 * back whatever it holds. What inflates past OBJECT_STREAMS_MAX in all, or past PROBES_MAX of first looks,
 * is handed back as null (unreadable): a marksheet or certificate needs nothing that large.
 * Left to uploads.ts: other filters (hex, ASCII85, LZW, run-length) and encryption, which it refuses.
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

/** The whole numbers and then the first other token at the start of `text` (a first look's inflated bytes). */
const OBJECT_STREAM_START = /^\s*(\d+\s+\d+\s+)+(<<|\[|\(|\/|<|true\b|false\b|null\b)/;

/** Whether inflated bytes open as an object stream's do (read as latin1: only their first kilobyte). */
const opensAsObjectStream = (bytes: Uint8Array) => OBJECT_STREAM_START.test(new TextDecoder("latin1").decode(bytes.subarray(0, 1024)));

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
    if (!twice && !opensAsObjectStream(look)) continue;
    let contents = inflate(b.subarray(start));
    for (let level = 1; twice && contents !== null && isZlib(contents) && level <= 3; level++) contents = inflate(contents);
    yield contents !== null && isZlib(contents) ? null : contents;
    if (contents === null) return;
  }
}
