/**
 * Where uploaded files live (issue 21): a folder — DATA_DIR/uploads by default, or any folder several
 * servers share (`STORAGE_URL=file:///srv/institute-uploads`) — or an S3-compatible bucket
 * (`STORAGE_URL=s3://bucket/prefix`, with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY),
 * through Bun's own S3 client. Every upload, download, preview, sweep and `check` goes through this one
 * interface; only names the server generated are ever stored, read or removed.
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { S3Client } from "bun";
import type { Env } from "../env.ts";
import { dataPaths } from "./storage.ts";

/** The three kinds of stored file, each a folder (or key prefix) of its own. */
export const FILE_AREAS = ["documents", "photos", "gallery"] as const;
export type FileArea = (typeof FILE_AREAS)[number];

/** A stored file found by `open`: streamed to the client, never read whole. */
export interface OpenedFile {
  size: number;
  type: string;
  stream(): ReadableStream<Uint8Array>;
}

export interface ListedFile {
  name: string;
  /** when it was written (the sweep leaves recent files alone: another process may be about to record them) */
  modifiedAt: Date;
}

export interface FileStore {
  /** "uploads under <folder>" or "s3://bucket/prefix", for logs and `check` */
  readonly location: string;
  /** the folder when files are on this machine's file system (backups pack it); null for a bucket */
  readonly folder: string | null;
  write(area: FileArea, name: string, bytes: Uint8Array): Promise<void>;
  /** the file, or null when there is none */
  open(area: FileArea, name: string): Promise<OpenedFile | null>;
  /** the whole file, or null when there is none */
  read(area: FileArea, name: string): Promise<Uint8Array | null>;
  /** removes the named files; names that are not there are fine */
  remove(area: FileArea, names: readonly (string | null | undefined)[]): Promise<void>;
  list(area: FileArea): Promise<ListedFile[]>;
}

/** Names the server makes: no separators, no leading dot. Anything else is refused before it reaches a path or key. */
const SAFE_NAME = /^[a-z0-9][a-z0-9_.-]{0,200}$/i;
/** Whether a name is one the server could have made (anything else in a folder is not an upload). */
export const isStoredName = (name: string) => SAFE_NAME.test(name) && !name.includes("..");
function checkedName(name: string): string {
  if (!isStoredName(name)) throw new Error(`not a stored file name: ${JSON.stringify(name)}`);
  return name;
}

const TYPES: Record<string, string> = { pdf: "application/pdf", jpg: "image/jpeg", png: "image/png", webp: "image/webp" };
/** The content type of a stored name (the server chose its extension from the file's checked content). */
export const storedType = (name: string) => TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** Files in a folder: <root>/<area>/<name>. */
export function folderStore(root: string): FileStore {
  const at = (area: FileArea, name: string) => path.join(root, area, checkedName(name));
  return {
    location: `uploads under ${root}`,
    folder: root,
    async write(area, name, bytes) {
      await Bun.write(at(area, name), bytes);
    },
    async open(area, name) {
      const file = Bun.file(at(area, name));
      try {
        const s = await file.stat();
        if (!s.isFile()) return null;
        return { size: s.size, type: storedType(name), stream: () => file.stream() };
      } catch {
        return null;
      }
    },
    async read(area, name) {
      const file = Bun.file(at(area, name));
      return (await file.exists()) ? new Uint8Array(await file.arrayBuffer()) : null;
    },
    async remove(area, names) {
      await Promise.all(names.filter((n): n is string => !!n).map((n) => rm(at(area, n), { force: true })));
    },
    async list(area) {
      const dir = path.join(root, area);
      const names = await readdir(dir).catch(() => [] as string[]);
      const listed = await Promise.all(
        names.map(async (name) => {
          const s = await stat(path.join(dir, name)).catch(() => null);
          return s?.isFile() ? { name, modifiedAt: s.mtime } : null;
        }),
      );
      return listed.filter((f): f is ListedFile => f !== null);
    },
  };
}

const missing = (err: unknown) => (err as { code?: string } | null)?.code === "NoSuchKey";

/** A bucket: keys are "<prefix><area>/<name>". `pageSize` is S3's 1000 keys per listing; tests make it small. */
export function s3Store(client: S3Client, opts: { bucket: string; prefix: string; pageSize?: number }): FileStore {
  const prefix = opts.prefix ? `${opts.prefix.replace(/^\/+|\/+$/g, "")}/` : "";
  const key = (area: FileArea, name: string) => `${prefix}${area}/${checkedName(name)}`;
  return {
    location: `s3://${opts.bucket}/${prefix}`,
    folder: null,
    async write(area, name, bytes) {
      await client.write(key(area, name), bytes, { type: storedType(name) });
    },
    async open(area, name) {
      const file = client.file(key(area, name));
      try {
        const s = await file.stat();
        return { size: s.size, type: storedType(name), stream: () => file.stream() };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(area, name) {
      try {
        return new Uint8Array(await client.file(key(area, name)).arrayBuffer());
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(area, names) {
      await Promise.all(names.filter((n): n is string => !!n).map((n) => client.delete(key(area, n))));
    },
    async list(area) {
      const files: ListedFile[] = [];
      const under = `${prefix}${area}/`;
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ prefix: under, maxKeys: opts.pageSize ?? 1000, continuationToken });
        for (const object of page.contents ?? []) {
          const name = object.key.slice(under.length);
          if (name && !name.includes("/")) files.push({ name, modifiedAt: new Date(object.lastModified ?? 0) });
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
      return files;
    },
  };
}

type StorageEnv = Pick<Env, "dataDir" | "STORAGE_URL" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">;

/** The store STORAGE_URL names (default: DATA_DIR/uploads). */
export function openFileStore(env: StorageEnv): FileStore {
  const url = env.STORAGE_URL ? new URL(env.STORAGE_URL) : null;
  if (!url) return folderStore(dataPaths(env.dataDir).uploads);
  if (url.protocol === "file:") return folderStore(path.resolve(decodeURIComponent(url.pathname)));
  const bucket = url.hostname;
  const client = new S3Client({
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
  return s3Store(client, { bucket, prefix: decodeURIComponent(url.pathname) });
}

/** One store per environment (the server's, or a test's). */
const stores = new WeakMap<object, FileStore>();
export function fileStore(env: StorageEnv): FileStore {
  let store = stores.get(env);
  if (!store) {
    store = openFileStore(env);
    stores.set(env, store);
  }
  return store;
}

/** Makes the folder store's area folders (a bucket needs none). */
export async function ensureStoreFolders(store: FileStore): Promise<void> {
  if (store.folder) for (const area of FILE_AREAS) await mkdir(path.join(store.folder, area), { recursive: true });
}
