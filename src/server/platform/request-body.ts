/**
 * Request bodies the server does not want are still read to their end before the answer goes (walk 19b). A proxy
 * that streams uploads to the server (nginx with `proxy_request_buffering off`, docs/DEPLOY.md) cannot finish
 * writing a body the server stopped reading: it answered the browser with its own "502 Bad Gateway" instead of the
 * server's 413 (or 401, 429, 503), and took the server for a failed one, so two such requests marked both servers
 * of a pair down and the whole site answered 502 for 10 seconds. Reading is bounded: past `DRAIN_MAX` (above
 * DEPLOY's 110 MB `client_max_body_size`, at Bun's own `maxRequestBodySize`) the connection is simply closed.
 */
import type { MiddlewareHandler } from "hono";

const DRAIN_MAX = 128 * 1024 * 1024;

/** Reads what is left of a body and throws it away, up to `budget` bytes; then lets the rest go. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  try {
    for (let read = 0; read <= budget; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nothing is left to read
  }
}

/** The declared length of a body sent whole (not chunked), or null. */
function declaredLength(request: Request): number | null {
  if (request.headers.has("transfer-encoding")) return null;
  const length = request.headers.get("content-length");
  return length === null ? null : Number(length);
}

/**
 * Refuses a body over `maxBytes` with `refuse` (which throws the 413), after reading it to its end. A body without
 * a declared length is read here, counted, and handed on as read.
 */
export function limitBody(maxBytes: number, refuse: () => never): MiddlewareHandler {
  return async (c, next) => {
    // A body within its declared length goes on untouched, streamed to whoever reads it.
    const declared = declaredLength(c.req.raw);
    if (declared !== null && declared <= maxBytes) return next();
    const body = c.req.raw.body;
    if (!body) return next();
    if (declared !== null) {
      if (declared <= DRAIN_MAX) await drain(body.getReader(), DRAIN_MAX);
      return refuse();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await drain(reader, DRAIN_MAX - size);
        return refuse();
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

/**
 * After the answer is made: a body nobody read (a 401, 429 or 503 given before an upload was looked at) is read
 * to its end before the answer goes.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.raw.bodyUsed) return;
  const body = c.req.raw.body;
  if (!body || body.locked) return;
  const declared = declaredLength(c.req.raw);
  if (declared === null || declared <= DRAIN_MAX) await drain(body.getReader(), DRAIN_MAX);
};
