/**
 * The cross-cutting rules of the HTTP surface in one table (issue 15): how large a request body may be,
 * which paths maintenance mode closes, what an account may still call before its required password change,
 * and which reads are the same for every visitor (shared caching). app.ts and trpc.ts read this table; no
 * feature adapter repeats these rules.
 */
import { UPLOAD_MAX_BYTES } from "../shared/constants.ts";
import { BROCHURE_MAX_BYTES } from "../shared/schemas/content.ts";
import { SCREENSHOT_MAX_BYTES } from "../shared/schemas/fees.ts";
import { GALLERY_UPLOAD_MAX_FILES } from "../shared/schemas/gallery.ts";
import { ERESOURCE_MAX_BYTES } from "../shared/schemas/library.ts";
import { SYLLABUS_MAX_BYTES } from "../shared/schemas/programmes.ts";
import { MATERIAL_MAX_BYTES, SUBMISSION_MAX_BYTES } from "../shared/schemas/studies.ts";

const MB = 1024 * 1024;

/** A request body's limit, and the largest file it may carry (named in the refusal; none on JSON paths). */
export interface BodyLimit {
  maxBytes: number;
  fileMaxBytes: number | null;
}

/** Body limits: requests carrying files get more (their largest file and 1 MB for the fields); everything else stays at JSON_BODY_LIMIT. */
export const JSON_BODY_LIMIT = 1 * MB;
const JSON_LIMIT: BodyLimit = { maxBytes: JSON_BODY_LIMIT, fileMaxBytes: null };
const fileLimit = (files: number, fileMaxBytes: number): BodyLimit => ({ maxBytes: files * fileMaxBytes + MB, fileMaxBytes });
const BODY_LIMITS: readonly { path: RegExp; limit: BodyLimit; why: string }[] = [
  { path: /^\/api\/gallery\/upload$/, limit: fileLimit(GALLERY_UPLOAD_MAX_FILES, UPLOAD_MAX_BYTES), why: "a batch of gallery images" },
  {
    path: /^\/api\/admission\/(submit|update\/)/,
    limit: fileLimit(4, UPLOAD_MAX_BYTES),
    why: "four documents of at most 5 MB each, plus the fields",
  },
  { path: /^\/api\/(student|auth)\/profile\/photo$/, limit: fileLimit(4, UPLOAD_MAX_BYTES), why: "a profile photo" },
  { path: /^\/api\/admin\/programmes\/\d+\/syllabus$/, limit: fileLimit(1, SYLLABUS_MAX_BYTES), why: "a programme's syllabus PDF" },
  { path: /^\/api\/admin\/content\/brochure$/, limit: fileLimit(1, BROCHURE_MAX_BYTES), why: "the institute's brochure PDF" },
  { path: /^\/api\/studies\/materials$/, limit: fileLimit(1, MATERIAL_MAX_BYTES), why: "a study material's PDF" },
  { path: /^\/api\/studies\/assignments\/\d+\/submission$/, limit: fileLimit(1, SUBMISSION_MAX_BYTES), why: "a student's assignment PDF" },
  { path: /^\/api\/library\/eresources(\/\d+\/file)?$/, limit: fileLimit(1, ERESOURCE_MAX_BYTES), why: "an e-resource's PDF" },
  { path: /^\/api\/fees\/instalments\/\d+\/upi$/, limit: fileLimit(1, SCREENSHOT_MAX_BYTES), why: "a UPI payment's screenshot" },
];

export function bodyLimitFor(path: string): BodyLimit {
  return BODY_LIMITS.find((l) => l.path.test(path))?.limit ?? JSON_LIMIT;
}

/** Every limit, so the app can build one limiter for each at start. */
export const BODY_LIMIT_RULES: readonly BodyLimit[] = [JSON_LIMIT, ...BODY_LIMITS.map((l) => l.limit)];

/**
 * Maintenance mode (Settings → System) closes the public site's REST paths; the admin area keeps working.
 * "guests" closes a path for everyone but the signed-in office (administrators and staff open applicants'
 * documents there).
 * tRPC: the public site's procedures are `sitePublicProcedure` (trpc.ts), closed the same way.
 */
const CLOSED_IN_MAINTENANCE: readonly { path: RegExp; for: "everyone" | "guests" }[] = [
  // /api/public/admin/contacts is the admin's; an ID card's public check (/api/public/verify) keeps working.
  { path: /^\/api\/public(\/(?!admin\/|verify\/)|$)/, for: "everyone" },
  // Only the public list: /api/gallery/* are the admin's paths.
  { path: /^\/api\/gallery\/?$/, for: "everyone" },
  { path: /^\/api\/admission(\/|$)/, for: "guests" },
];

export function closedInMaintenance(path: string, signedInOffice: boolean): boolean {
  const rule = CLOSED_IN_MAINTENANCE.find((r) => r.path.test(path));
  return rule !== undefined && (rule.for === "everyone" || !signedInOffice);
}

/** What an account that must change its password may still do (docs/decisions/004): REST paths and tRPC procedures. */
const BEFORE_PASSWORD_CHANGE = {
  rest: new Set(["/api/auth/me", "/api/auth/logout", "/api/auth/logout-all", "/api/auth/change-password"]),
  trpc: new Set(["auth.me", "auth.logout", "auth.logoutAll", "auth.changePassword"]),
};

export const allowedBeforePasswordChange = (kind: "rest" | "trpc", pathOrProcedure: string) =>
  BEFORE_PASSWORD_CHANGE[kind].has(pathOrProcedure);

/** Reads answered the same to every visitor (issue 9): kept by the response cache and by browsers for a minute. */
const SHARED_READS = {
  rest: new Set(["/api/public/gallery", "/api/public/institute-info", "/api/public/news", "/api/gallery", "/api/gallery/"]),
  trpc: new Set(["site.info", "site.news", "gallery.publicList"]),
};
export const PUBLIC_CACHE_CONTROL = "public, max-age=60";
const TRPC_PREFIX = "/api/trpc/";

/** A GET path whose answer is the same for every visitor (a tRPC batch is shared if all its calls are). */
export function isSharedPublicRead(path: string): boolean {
  if (SHARED_READS.rest.has(path)) return true;
  return (
    path.startsWith(TRPC_PREFIX) &&
    path
      .slice(TRPC_PREFIX.length)
      .split(",")
      .every((name) => SHARED_READS.trpc.has(name))
  );
}
