/**
 * Image work (sharp/libvips): re-encoding, one task at a time in the whole process, and memory handed back
 * afterwards. The allocator tuning is platform/glibc-memory.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import sharp from "sharp";
import { trimMemory, tuneGlibcForImages } from "./glibc-memory.ts";

/** Re-encodes an image (dropping EXIF and location data) to a square-ish web size. */
export async function reencodeImage(bytes: Uint8Array, maxSide: number): Promise<Uint8Array> {
  const out = await imageTask(() =>
    sharp(bytes, { failOn: "error" })
      .rotate()
      .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  return new Uint8Array(out);
}

// ————— image work: one at a time, memory handed back —————

/**
 * Image operations (sharp/libvips decoding and encoding) run on worker threads, but each one keeps a CPU
 * core busy for 0.1–0.7 s and holds tens of megabytes of pixels. Four 5 MB photos processed at once used
 * both cores of a small server (the event loop then waited for a CPU) and drove the resident memory from
 * ~150 to 350–540 MB. They now take turns: one image task at a time in the whole process, in arrival
 * order. A single request's files were already handled one after the other, so a batch upload is not
 * slower; concurrent uploads queue behind each other.
 */
const IMAGE_SLOTS = 1;
let running = 0;
const waiting: (() => void)[] = [];
const insideImageTask = new AsyncLocalStorage<true>();

/**
 * Runs work (which may call sharp several times) when its turn comes. A task started inside another one
 * runs at once as part of it (checkUpload's decode inside the gallery's per-file task).
 */
export async function imageTask<T>(work: () => Promise<T>): Promise<T> {
  if (insideImageTask.getStore()) return work();
  if (running < IMAGE_SLOTS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await insideImageTask.run(true, work);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else if (--running === 0) imagesIdle();
  }
}

/** Upload bytes read into memory since the last collection (see imagesIdle). */
let bytesSinceCollection = 0;
/** Called as an upload's bytes are read (platform/uploads.ts). */
export function countUploadBytes(n: number) {
  bytesSinceCollection += n;
}
/** About four 5 MB photos: one collection per round of large uploads, none for small ones. */
const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

/**
 * When no image work is left: (1) hand the memory libvips freed back to the system (glibc keeps it in its
 * arenas otherwise); (2) after large uploads, a full garbage collection, so the copies of the uploads
 * (5 MB each, plus the request bodies) are freed now rather than whenever the engine next does a full
 * collection, which is rare when they survived the younger generation. It pauses the event loop for
 * 10–30 ms, at most once per ~16 MB of uploads.
 */
function imagesIdle() {
  trimMemory();
  if (bytesSinceCollection >= COLLECT_AFTER_BYTES) {
    bytesSinceCollection = 0;
    Bun.gc(true);
  }
}

/**
 * Process-wide settings for image work; main.ts calls it once at start, before any image is processed.
 * sharp's operation cache is off (every upload is new bytes, so it never hits and only holds memory), and
 * glibc's allocator is tuned (platform/glibc-memory.ts). Returns what was applied (for the start-up log and tests).
 */
export function configureImageProcessing(): { glibc: boolean } {
  sharp.cache(false);
  return { glibc: tuneGlibcForImages() };
}
