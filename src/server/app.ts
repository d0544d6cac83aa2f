/**
 * createApp(deps): the whole HTTP surface — security headers, logging, body limits, session resolution,
 * the documented /api REST paths, tRPC at /api/trpc, the built client and public files, the SPA fallback.
 */
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { loadAllCatalogues } from "../shared/i18n/all.ts";
import { home } from "../shared/i18n/home.ts";
import { type Locale, localeOfLanguage } from "../shared/i18n/locales.ts";
import { shell } from "../shared/i18n/shell.ts";
import { currentLocale } from "../shared/i18n/translate.ts";
import { MSG } from "../shared/messages.ts";
import { isOffice } from "../shared/roles.ts";
import { type AppDeps, publicUrl } from "./deps.ts";
import { resolveSession } from "./features/auth/auth.service.ts";
import { FEATURES } from "./features/registry.ts";
import { getSettings } from "./features/settings/settings.service.ts";
import { pageHead, seoRoutes } from "./features/site/seo.ts";
import { assertSiteOpen } from "./features/site/site.service.ts";
import { AppError, fromDatabaseError, HTTP_STATUS } from "./platform/errors.ts";
import { type AppEnv, bearerToken, requestMeta } from "./platform/http.ts";
import { alternates, localizeShell } from "./platform/page-language.ts";
import { drainUnreadBody, limitBody } from "./platform/request-body.ts";
import { requestLocale } from "./platform/request-locale.ts";
import { responseCache } from "./platform/response-cache.ts";
import { securityHeaders } from "./platform/security-headers.ts";
import { type ShellVariant, serveFiles, serveStoredFile } from "./platform/static-files.ts";
import {
  allowedBeforePasswordChange,
  BODY_LIMIT_RULES,
  bodyLimitFor,
  closedInMaintenance,
  isSharedPublicRead,
  PUBLIC_CACHE_CONTROL,
} from "./route-policies.ts";
import { appRouter } from "./router.ts";
import { runtime } from "./runtime.ts";
import { createContextInner } from "./trpc.ts";

export interface AppOptions {
  /** the built client (bun build output); defaults to runtime.distDir (./dist in the source tree) */
  distDir?: string;
  /** files served as they are; defaults to runtime.publicDir (./public in the source tree) */
  publicDir?: string;
}

const MAX_TRPC_BATCH = 20;

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const distDir = options.distDir ?? runtime.distDir;
  const publicDir = options.publicDir ?? runtime.publicDir;
  const app = new Hono<AppEnv>();

  // Outermost: whatever answered, a body nobody read is read to its end first (platform/request-body.ts).
  app.use(drainUnreadBody);
  app.use(requestLocale(loadAllCatalogues(), async () => localeOfLanguage((await getSettings(deps)).language)));

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const fields = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.req.path.startsWith("/api/")) deps.logger.info("request", fields);
    else deps.logger.debug("request", fields);
  });

  // Outside the security headers, so a stored answer carries them as they were first sent.
  app.use(
    "/api/*",
    responseCache({
      db: deps.db,
      cacheable: isSharedPublicRead,
      enabled: async () => (await getSettings(deps)).system.cacheEnabled,
    }),
  );

  app.use(securityHeaders({ hsts: deps.env.PUBLIC_URL?.startsWith("https://") ?? false }));

  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("auth", null);
    c.set("passwordChangePending", false);
    await next();
  });

  // Built once per rule (route-policies.ts): a GET carries no body, so only requests that do are measured. The
  // refusal names the path's own file limit (a syllabus may be 10 MB, a photo 5 MB), or none where no file goes.
  const limiters = new Map(
    BODY_LIMIT_RULES.map((rule) => [
      rule,
      limitBody(rule.maxBytes, () => {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          rule.fileMaxBytes === null ? MSG.requestTooLarge : MSG.payloadTooLarge(String(Math.round(rule.fileMaxBytes / 1024 / 1024))),
        );
      }),
    ]),
  );
  app.use("/api/*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return limiters.get(bodyLimitFor(c.req.path))!(c, next);
  });

  app.use("/api/*", async (c, next) => {
    const session = await resolveSession(deps, bearerToken(c.req.header("authorization")));
    // Until a required password change is done, the account can do nothing else: on any other REST path its
    // session counts as none, so a public path answers as to a guest and one that needs a session refuses with
    // the reason (platform/http.ts: currentAuth; walk 15c: 24 public paths refused it). tRPC checks per procedure.
    const pending =
      session?.user.must_change_password === 1 && !c.req.path.startsWith("/api/trpc/") && !allowedBeforePasswordChange("rest", c.req.path);
    const auth = pending ? null : session;
    c.set("auth", auth);
    c.set("passwordChangePending", pending);
    c.header("Cache-Control", "no-store");
    // Maintenance mode closes the public site's paths (tRPC: sitePublicProcedure).
    if (closedInMaintenance(c.req.path, isOffice(auth?.user.role))) await assertSiteOpen(deps);
    await next();
    // The public site's data is the same for everyone: browsers and proxies may keep a guest's copy a
    // minute, unless the admin turned caching off (Settings → System → cacheEnabled). A request with
    // credentials is answered no-store like every authenticated answer.
    if (
      c.req.method === "GET" &&
      c.res.status === 200 &&
      c.req.header("authorization") === undefined &&
      isSharedPublicRead(c.req.path) &&
      (await getSettings(deps)).system.cacheEnabled
    ) {
      c.header("Cache-Control", PUBLIC_CACHE_CONTROL);
      // A guest's copy is never reused for a signed-in request of the same address (tenth walk: after
      // Settings → Save the admin's refetch was answered from the copy the login page had kept, and the
      // admin's own screens showed the old name for a minute).
      c.header("Vary", "Authorization", { append: true });
    }
    // tRPC builds its own Response, which drops the no-store set above: API answers hold personal data and
    // must never be kept by a browser or shared cache (a route that chose its own policy keeps it).
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });

  // Each feature's REST paths (features/*/*.feature.ts, listed in features/registry.ts).
  for (const feature of FEATURES) for (const [mountPath, rest] of feature.rest) app.route(mountPath, rest);

  app.use(
    "/api/trpc/*",
    trpcServer({
      router: appRouter,
      endpoint: "/api/trpc",
      maxBatchSize: MAX_TRPC_BATCH,
      // A rate-limited call says when to try again, as the REST paths do.
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map((e) => (e.cause instanceof AppError ? e.cause.retryAfter : undefined)).find((s) => s !== undefined);
        return retryAfter ? { headers: { "Retry-After": String(retryAfter) } } : {};
      },
      createContext: (_opts, c) =>
        createContextInner({
          deps,
          auth: c.get("auth"),
          ...requestMeta(c),
        }) as unknown as Record<string, unknown>,
    }),
  );

  // Photos have unguessable generated names (capability URLs) and a new name on every change.
  app.get("/api/files/photos/:file", serveStoredFile("photos", "private, max-age=86400"));
  app.all("/api/*", (c) => c.json({ success: false, message: MSG.notFound }, 404));

  // Gallery variants have unique generated names, so they never change: cache them for a year.
  app.get("/media/gallery/:file", serveStoredFile("gallery", "public, max-age=31536000, immutable"));
  app.route("/", seoRoutes);
  app.get(
    "*",
    serveFiles({
      distDir,
      publicDir,
      shell: async (c) => {
        const origin = deps.env.PUBLIC_URL ? publicUrl(deps) : new URL(c.req.url).origin;
        const variant = pageShellIn(currentLocale(), origin, c.req.path);
        // A programme's page names itself to search engines and link previews, with its structured data.
        const head = await pageHead(deps, origin, c.req.path);
        return head ? { key: `${variant.key}\0${head.key}`, apply: (html) => head.apply(variant.apply(html)) } : variant;
      },
    }),
  );

  app.onError((thrown, c) => {
    const err = fromDatabaseError(thrown) ?? thrown;
    if (err instanceof AppError) {
      if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
      return c.json(
        {
          success: false,
          message: err.message,
          ...(err.fieldErrors ? { errors: err.fieldErrors } : {}),
          ...(err.reason ? { reason: err.reason } : {}),
        },
        err.status,
      );
    }
    deps.logger.error("unhandled error", { path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    // A page asked for by a browser gets a page, not the API's JSON (twelfth walk: the database away, `/` was JSON).
    if (c.req.method === "GET" && !c.req.path.startsWith("/api/") && (c.req.header("accept") ?? "").includes("text/html"))
      return c.html(errorPage(MSG.internal, currentLocale()), HTTP_STATUS.INTERNAL);
    return c.json({ success: false, message: MSG.internal }, HTTP_STATUS.INTERNAL);
  });

  return app;
}

/**
 * The page a browser gets when a page cannot be made (the database away): plain, with nothing the CSP would
 * refuse, in the request's language.
 */
const errorPage = (message: string, lang: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${message}</title></head>
<body><main><h1>${message}</h1></main></body></html>
`;

/** The page shell in the request's language, with the page's addresses in every language (issue 16). */
function pageShellIn(locale: Locale, origin: string, pagePath: string): ShellVariant {
  const links = alternates(origin, pagePath);
  const words = { description: home.t("description", undefined, locale), noscript: shell.t("noscript", undefined, locale) };
  return { key: `${locale}\0${links}`, apply: (html) => localizeShell(html, locale, words, links) };
}
