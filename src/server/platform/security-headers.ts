/**
 * Security headers on every response: a strict CSP without inline script, no framing, no sniffing; and no place in
 * a search engine for what a QR code or the app alone opens (`noindex`).
 */
import { createMiddleware } from "hono/factory";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  // blob: lets the admin view an applicant's PDF inline after fetching it with the bearer token.
  "frame-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Paths no search engine should list, even from a leaked link: the API (JSON, documents, receipts) and the
 * verification pages a printed card's or admit card's QR code opens (a name, a photo, an exam centre; walk 31a:
 * only the card's REST answer said so).
 */
const NOT_FOR_SEARCH = ["/api/", "/verify/"];
/** A path as the router may match it: any case, repeated slashes as one (walk 32b: /VERIFY/… and //verify/… were shown without the header). */
const notForSearch = (path: string) => {
  const plain = `${path.toLowerCase().replace(/\/{2,}/g, "/")}/`;
  return NOT_FOR_SEARCH.some((prefix) => plain.startsWith(prefix));
};

export function securityHeaders(opts: { hsts: boolean }) {
  return createMiddleware(async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Cross-Origin-Resource-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (notForSearch(c.req.path)) h.set("X-Robots-Tag", "noindex");
    if (opts.hsts) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
}
