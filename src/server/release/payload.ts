/**
 * The release executable's payload (issue 20): the files the server needs beside it — its bundle, the
 * built client with its compressed copies, public files and native modules — packed one after another
 * and compressed together with zstd (a 118.7 MB executable instead of 136 MB: docs/DEPLOY.md), with a
 * manifest giving each file's place, size and hash. The launcher unpacks it under DATA_DIR/runtime.
 */
import { closeSync, openSync, readSync } from "node:fs";
export interface PayloadFile {
  path: string;
  offset: number;
  size: number;
  /** Bun.hash (wyhash) of the content, as a decimal string: checks the unpacked copy at every start */
  hash: string;
  mode: number;
}

export interface Manifest {
  /** names the unpacked folder: the version and a hash of the whole payload */
  buildId: string;
  version: string;
  commit: string;
  builtAt: string;
  /** the unpacked payload's size in bytes */
  size: number;
  files: PayloadFile[];
}

/** Hashed a megabyte at a time, each piece seeded with the hash so far, so a file can be checked in pieces. */
const HASH_PIECE = 1 << 20;

/** Bun.hash (wyhash) of a file's content, as a decimal string. */
export function contentHash(data: Uint8Array): string {
  let hash = 0n;
  for (let at = 0; at < data.length || at === 0; at += HASH_PIECE) hash = BigInt(Bun.hash(data.subarray(at, at + HASH_PIECE), hash));
  return String(hash);
}

/**
 * contentHash of the file at `file`, read a megabyte at a time into one buffer (checking the unpacked
 * 27 MB at every start must not grow the heap by as much: the server's memory is a budget). null when
 * the file is not there.
 */
export function fileHash(file: string, buffer = new Uint8Array(HASH_PIECE)): { size: number; hash: string } | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return null;
  }
  try {
    let hash = 0n;
    let size = 0;
    for (;;) {
      let filled = 0;
      while (filled < HASH_PIECE) {
        const read = readSync(fd, buffer, filled, HASH_PIECE - filled, null);
        if (read === 0) break;
        filled += read;
      }
      if (filled > 0 || size === 0) hash = BigInt(Bun.hash(buffer.subarray(0, filled), hash));
      size += filled;
      if (filled < HASH_PIECE) break;
    }
    return { size, hash: String(hash) };
  } finally {
    closeSync(fd);
  }
}

/** Packs files (path → content) into one buffer and the list of where each is. */
export function pack(files: { path: string; data: Uint8Array; mode: number }[]): { data: Uint8Array; files: PayloadFile[] } {
  const size = files.reduce((sum, f) => sum + f.data.length, 0);
  const data = new Uint8Array(size);
  const listed: PayloadFile[] = [];
  let offset = 0;
  for (const f of files) {
    data.set(f.data, offset);
    listed.push({ path: f.path, offset, size: f.data.length, hash: contentHash(f.data), mode: f.mode });
    offset += f.data.length;
  }
  return { data, files: listed };
}
