/**
 * A PDF's object streams (ISO 32000-1 §7.5.7), inflated, for the upload scan (platform/uploads.ts). Since
 * PDF 1.5 a file may keep its dictionaries — the catalogue's /OpenAction, a /JavaScript action — inside
 * compressed streams, which Word, LibreOffice and browsers' "Save as PDF" write routinely; the scan of the
 * file's bytes never saw them (thirteenth walk: a marksheet carrying script passed).
 *
 * Every `N G obj` header is read up to its `stream` keyword: a stream whose dictionary has /N and /First (what
 * a reader needs to read objects out of it; /Type /ObjStm is not required by readers) is an object stream.
 * Its data is inflated from its start to wherever the compressed data ends (a superset of what /Length
 * gives a reader). One the scan cannot read as a reader would — a filter other than Flate, decode
 * parameters, a filter named through a reference, or past OBJECT_STREAMS_MAX once inflated — is
 * reported as unreadable: a marksheet or certificate needs none of that.
 */
import { constants, inflateSync } from "node:zlib";

/**
 * What a file's object streams hold once inflated, all together: a real one holds some hundreds of
 * kilobytes; a file of many small streams that each inflate a thousandfold is refused rather than inflated.
 */
const OBJECT_STREAMS_MAX = 16 * 1024 * 1024;

const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIMITER[c.charCodeAt(0)] = 1;
const isRegular = (c: number) => WHITESPACE[c] === 0 && DELIMITER[c] === 0;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const hexValue = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;

type Token = { name: string } | { word: string } | { mark: "<<" | ">>" | "[" | "]" };
/** Words that may stand in a dictionary (numbers, references, booleans, null): anything else ends it. */
const VALUE_WORD = /^([+-]?(\d+\.?\d*|\.\d+)|R|true|false|null)$/;

/**
 * The tokens of an object from `at` (just after "obj") to its `stream` keyword (included as the last token),
 * or to the first word no dictionary holds (`endobj`, or binary data); where reading stopped.
 */
function objectTokens(b: Uint8Array, at: number): { tokens: Token[]; end: number } {
  const tokens: Token[] = [];
  const end = b.length;
  let p = at;
  while (p < end) {
    const c = b[p]!;
    if (WHITESPACE[c] === 1) p++;
    else if (c === 0x25) {
      while (p < end && b[p] !== 0x0a && b[p] !== 0x0d) p++; // a comment, to the end of its line
    } else if (c === 0x28) {
      // A string: balanced parentheses, a backslash escaping the next byte.
      let depth = 0;
      for (; p < end; p++) {
        if (b[p] === 0x5c) p++;
        else if (b[p] === 0x28) depth++;
        else if (b[p] === 0x29 && --depth === 0) break;
      }
      p++;
    } else if (c === 0x3c && b[p + 1] === 0x3c) {
      tokens.push({ mark: "<<" });
      p += 2;
    } else if (c === 0x3e && b[p + 1] === 0x3e) {
      tokens.push({ mark: ">>" });
      p += 2;
    } else if (c === 0x3c) {
      while (p < end && b[p] !== 0x3e) p++; // a hex string
      p++;
    } else if (c === 0x5b || c === 0x5d) {
      tokens.push({ mark: c === 0x5b ? "[" : "]" });
      p++;
    } else if (c === 0x2f) {
      // A name: "#" and two hex digits are one byte (§7.3.5).
      let name = "";
      for (p++; p < end && isRegular(b[p]!); p++) {
        const high = b[p] === 0x23 && p + 2 < end ? hexValue(b[p + 1]!) : -1;
        const low = high === -1 ? -1 : hexValue(b[p + 2]!);
        if (low === -1) name += String.fromCharCode(b[p]!);
        else {
          name += String.fromCharCode(high * 16 + low);
          p += 2;
        }
      }
      tokens.push({ name });
    } else {
      const start = p;
      while (p < end && isRegular(b[p]!)) p++;
      if (p === start) p++; // a stray ")", "{" or "}"
      const word = String.fromCharCode(...b.subarray(start, Math.min(p, start + 32)));
      if (word === "stream") {
        tokens.push({ word });
        return { tokens, end: p };
      }
      if (!VALUE_WORD.test(word)) return { tokens, end: p };
      tokens.push({ word });
    }
  }
  return { tokens, end: p };
}

/** The filters a stream's dictionary names, or null when they are not written out as names. */
function filtersOf(tokens: Token[]): string[] | null {
  const at = tokens.findIndex((t) => "name" in t && t.name === "Filter");
  if (at === -1) return [];
  const value = tokens[at + 1];
  if (value && "name" in value) return [value.name];
  if (!value || !("mark" in value) || value.mark !== "[") return null;
  const names: string[] = [];
  for (let i = at + 2; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ("name" in t) names.push(t.name);
    else if ("mark" in t && t.mark === "]") return names;
    else return null;
  }
  return null;
}

/** Where an "obj" keyword after a generation number is, from `from` on; -1 when there is none. */
function nextObjectHeader(b: Uint8Array, from: number): number {
  for (let o = b.indexOf(0x6f, from); o !== -1; o = b.indexOf(0x6f, o + 1)) {
    if (b[o + 1] !== 0x62 || b[o + 2] !== 0x6a || (o + 3 < b.length && isRegular(b[o + 3]!))) continue;
    let q = o - 1;
    if (q < 0 || WHITESPACE[b[q]!] === 0) continue;
    while (q >= 0 && WHITESPACE[b[q]!] === 1) q--;
    if (q >= 0 && isDigit(b[q]!)) return o + 3;
  }
  return -1;
}

/**
 * Each object stream's contents, inflated; null for one that cannot be read as a reader would read it
 * (module comment). Nothing for a file without object streams.
 */
export function* objectStreams(b: Uint8Array): Generator<Uint8Array | null> {
  let left = OBJECT_STREAMS_MAX;
  for (let at = nextObjectHeader(b, 0); at !== -1; ) {
    const { tokens, end } = objectTokens(b, at);
    at = nextObjectHeader(b, Math.max(at, end));
    const last = tokens[tokens.length - 1];
    if (!last || !("word" in last) || last.word !== "stream") continue;
    const names = new Set(tokens.flatMap((t) => ("name" in t ? [t.name] : [])));
    if (!names.has("N") || !names.has("First")) continue;
    const filters = filtersOf(tokens);
    if (filters === null || names.has("DecodeParms") || filters.some((f) => f !== "FlateDecode" && f !== "Fl")) {
      yield null;
      continue;
    }
    if (filters.length === 0) continue; // not compressed: the file's own scan has read it
    // The data starts after the keyword's end of line (CR LF or LF).
    const data = b[end] === 0x0d && b[end + 1] === 0x0a ? end + 2 : end + 1;
    let inflated: Uint8Array | null;
    try {
      // As leniently as a reader: data cut short gives what it holds.
      const options = { maxOutputLength: Math.max(1, left), finishFlush: constants.Z_SYNC_FLUSH };
      inflated = new Uint8Array(inflateSync(b.subarray(data), options));
      left -= inflated.length;
    } catch {
      inflated = null;
    }
    yield inflated;
  }
}
