/**
 * The release executable's payload (issue 20): the files the server needs beside it — its bundle, the
 * built client with its compressed copies, public files and native modules — packed one after another
 * and compressed together with zstd (a 119 MB executable instead of 131 MB: docs/DEPLOY.md), with a
 * manifest giving each file's place, size and hash. The launcher unpacks it under DATA_DIR/runtime.
 */
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

export const contentHash = (data: Uint8Array) => String(Bun.hash(data));

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
