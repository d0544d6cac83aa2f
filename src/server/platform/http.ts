/** Helpers the REST adapters share: the response envelope, JSON bodies, bearer tokens, role guards. */
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/bun";
import { createMiddleware } from "hono/factory";
import type * as v from "valibot";
import type { Role, User } from "../../../db/schema.ts";
import { ACCOUNT_MSG } from "../../shared/account-messages.ts";
import { validation } from "../../shared/i18n/validation.ts";
import { isOffice } from "../../shared/roles.ts";
import type { AppDeps } from "../deps.ts";
import { AppError, badRequest, forbidden, unauthorized } from "./errors.ts";
import { type FileArea, fileStore } from "./file-store.ts";
import { asObject } from "./json.ts";
import { isRemembered } from "./read-cache.ts";
import { parseInput } from "./validation.ts";

/** The signed-in user of a request and their session (resolved by the auth feature). */
export interface Authenticated {
  user: User;
  sessionId: number;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    auth: Authenticated | null;
    /**
     * The request came with a session that must change its password first, on a path that is not for that
     * change: it counts as no session (a public path answers as to a guest), and a path that needs one refuses
     * with the reason (docs/decisions/004).
     */
    passwordChangePending: boolean;
  };
}

export type AppContext = Context<AppEnv>;

const serialized = new WeakMap<object, string>();

/**
 * `{ success: true, data }` — the spec's envelope. An answer the read cache remembers is the same object
 * for every request until the next write, so its JSON is made once (issue 9: serializing a page of ten
 * applications was a third of a list request).
 */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200): Response {
  if (!isRemembered(data)) return c.json({ success: true as const, data }, status);
  let body = serialized.get(data as object);
  if (body === undefined) {
    body = JSON.stringify({ success: true, data });
    serialized.set(data as object, body);
  }
  return c.body(body, status, { "Content-Type": "application/json" });
}

/** The JSON body, an object: anything else (no body, broken JSON, `null`, an array, a bare value) is 400 in the request's language. */
export async function readJson(c: Context): Promise<unknown> {
  const body = await c.req.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest(validation.t("invalidJson"));
  return body;
}

/**
 * The JSON body with the path's `:id` added (the path wins), for one schema that takes both. `optional`: no body
 * at all reads as {} (a PATCH the spec sends bare).
 */
export async function jsonWithPathId(c: Context, { optional = false } = {}): Promise<Record<string, unknown>> {
  const body = optional && (await c.req.text()).trim() === "" ? {} : await readJson(c);
  return { ...asObject(body), id: c.req.param("id") };
}

export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Requires a signed-in user, optionally of one role; 401 without a session, 403 for the wrong role. */
/** Signed in, and (when given) of that role — or, for "office", an administrator or a staff member. */
export function requireRole(role?: Role | "office"): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = currentAuth(c);
    if (role === "office" ? !isOffice(auth.user.role) : role && auth.user.role !== role) throw forbidden();
    await next();
  });
}

/** The signed-in user of a request already behind requireRole. */
export function currentAuth(c: AppContext): Authenticated {
  const auth = c.get("auth");
  if (auth) return auth;
  throw c.get("passwordChangePending") ? new AppError("FORBIDDEN", ACCOUNT_MSG.mustChangePassword) : unauthorized();
}

/** One file part of a multipart body; anything else (JSON, no part, a broken body) reads as no file. */
export async function multipartFile(c: Context, name: string): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("multipart/form-data")) return undefined;
  try {
    return (await c.req.parseBody())[name];
  } catch {
    return undefined;
  }
}

/**
 * A form's fields and files (multipart or URL-encoded); a body that cannot be read (no boundary, cut off) is
 * the sender's fault: 400 in the request's language, never a 500. A JSON body gives its object.
 */
export async function readForm(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    let fields: Record<string, unknown>;
    try {
      fields = (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      throw badRequest(validation.t("form.unreadable"));
    }
    // A form sends a typed line break as CRLF (HTML's form encodings), JSON as it was typed: a line break is one
    // character either way, so a length limit means the same on every path (walk 15b: a note of 1,000
    // characters with line breaks was refused as too long).
    for (const [name, value] of Object.entries(fields)) if (typeof value === "string") fields[name] = value.replaceAll("\r\n", "\n");
    return fields;
  }
  const json = await readJson(c);
  return json && typeof json === "object" ? (json as Record<string, unknown>) : {};
}

export interface StoredFileOptions {
  /** "inline" opens in the browser (default), "attachment" saves */
  disposition?: "inline" | "attachment";
  /** default "private, no-store": a file the service let one reader have */
  cacheControl?: string;
}

/**
 * A stored file (a PDF, an applicant's document) sent under its own name; a row whose file is missing on
 * disk answers 404 like any unknown document. Who may have it is the service's decision, made before.
 */
export async function sendStoredFile(
  c: AppContext,
  doc: { area: FileArea; file: string; name: string; mimeType?: string },
  { disposition = "inline", cacheControl = "private, no-store" }: StoredFileOptions = {},
): Promise<Response> {
  const file = await fileStore(c.get("deps").env).open(doc.area, doc.file);
  if (!file) return c.json({ success: false, message: validation.t("file.gone") }, 404);
  return c.body(file.stream(), 200, {
    "Content-Type": doc.mimeType ?? "application/pdf",
    "Content-Length": String(file.size),
    "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * A CSV file the office downloads (a list, a report), saved under the service's name and never cached;
 * gzip-compressed as it goes when the browser accepts it (a spreadsheet's text shrinks five- to tenfold:
 * 100,000 applications were 19 MB sent as they were, thirteenth walk).
 */
export function csvDownload(c: Context, file: { filename: string; csv: string | ReadableStream<Uint8Array> }): Response {
  const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  const text = typeof file.csv === "string" ? new Blob([file.csv]).stream() : file.csv;
  // (DOM's typings give CompressionStream a BufferSource side; bytes are what it takes.)
  const gzipped = () => text.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  return c.body(gzip ? gzipped() : text, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    Vary: "Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
}

/** The request as the services take it: the client's address (rate limits, the activity log) and browser (sessions). */
export const requestMeta = (c: AppContext) => ({ ip: requestIp(c), userAgent: c.req.header("user-agent") ?? null });

/** A handler for a JSON body: checked with `schema` and handed, with the request, to `service`; its answer in the envelope. */
export function jsonRequest<S extends v.GenericSchema, R>(
  schema: S,
  service: (deps: AppDeps, input: v.InferOutput<S>, meta: ReturnType<typeof requestMeta>) => Promise<R>,
) {
  return async (c: AppContext) => ok(c, await service(c.get("deps"), parseInput(schema, await readJson(c)), requestMeta(c)));
}

/**
 * The client's address for rate limits, audit entries and sessions, worked out only when a handler asks
 * (issue 9: most requests never need it). Behind one reverse proxy (TRUST_PROXY=true) it is the last
 * address the proxy appended to X-Forwarded-For; otherwise the header is ignored, because anyone can send it.
 */
export function requestIp(c: AppContext): string | null {
  if (c.get("deps").env.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket
    return null;
  }
}
