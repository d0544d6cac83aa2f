/** tRPC: context, error formatter (field errors in `data`), and the public / student / admin procedures. */

import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { initTRPC, TRPCError } from "@trpc/server";
import { ACCOUNT_MSG } from "../shared/account-messages.ts";
import { MSG } from "../shared/messages.ts";
import { isOffice } from "../shared/roles.ts";
import type { FieldErrors } from "../shared/schemas/common.ts";
import type { AppDeps } from "./deps.ts";
import type { Authenticated, SessionMeta } from "./features/auth/auth.service.ts";
import { assertSiteOpen } from "./features/site/site.service.ts";
import { AppError, type AppErrorCode, fromDatabaseError } from "./platform/errors.ts";
import { allowedBeforePasswordChange } from "./route-policies.ts";

export interface Context {
  deps: AppDeps;
  auth: Authenticated | null;
  ip: string | null;
  userAgent: string | null;
}

/** Pure: tests build a context directly and call `appRouter.createCaller(ctx)`. */
export function createContextInner(input: Partial<Context> & { deps: AppDeps }): Context {
  return { auth: null, ip: null, userAgent: null, ...input };
}

const TRPC_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_SERVER_ERROR",
};

interface IssueLike {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

/** Field errors from a failed Standard Schema (valibot) input check. */
function fieldErrorsFromIssues(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(typeof p === "object" ? p.key : p)).join(".") || "_form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause as unknown;
    let fieldErrors: FieldErrors | undefined;
    let reason: string | null = null;
    let message = shape.message;
    if (cause instanceof AppError) {
      fieldErrors = cause.fieldErrors;
      reason = cause.reason ?? null;
    } else if (cause && typeof cause === "object" && Array.isArray((cause as { issues?: unknown }).issues)) {
      const issues = (cause as { issues: IssueLike[] }).issues;
      fieldErrors = fieldErrorsFromIssues(issues);
      message = issues[0]?.message ?? MSG.invalidInput;
    }
    if (error.code === "INTERNAL_SERVER_ERROR") message = MSG.internal;
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors: fieldErrors ?? null, reason },
    };
  },
});

/** Turns the services' AppError into the matching tRPC error; anything else is logged and hidden. */
const errorMapping = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = fromDatabaseError(result.error.cause) ?? result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      ctx.deps.logger.error("trpc procedure failed", { path, error: String(cause ?? result.error) });
    }
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping);

/** Public-site procedures: closed (503) while maintenance mode is on. */
export const sitePublicProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await assertSiteOpen(ctx.deps);
  return next();
});

const signedIn = publicProcedure.use(({ ctx, next, path }) => {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: MSG.notAuthenticated });
  if (ctx.auth.user.must_change_password === 1 && !allowedBeforePasswordChange("trpc", path)) {
    throw new TRPCError({ code: "FORBIDDEN", message: ACCOUNT_MSG.mustChangePassword });
  }
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

/** Any signed-in user (student or admin). */
export const authedProcedure = signedIn;

export const studentProcedure = signedIn.use(({ ctx, next }) => {
  if (ctx.auth.user.role !== "student") throw new TRPCError({ code: "FORBIDDEN", message: MSG.forbidden });
  return next();
});

/** Administrators only: settings, backups, staff, the gallery, analytics, the audit log, deletions. */
export const adminProcedure = signedIn.use(({ ctx, next }) => {
  if (ctx.auth.user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: MSG.forbidden });
  return next();
});

/** Administrators and staff (issue 17): admissions, students, inquiries and tickets. */
export const officeProcedure = signedIn.use(({ ctx, next }) => {
  if (!isOffice(ctx.auth.user.role)) throw new TRPCError({ code: "FORBIDDEN", message: MSG.forbidden });
  return next();
});

/** The context of a signed-in person's procedure. */
type SignedInContext = Context & { auth: Authenticated };

/** A service that changes something on a signed-in person's behalf: who acts goes to the audit log, the request's address too. */
type ActorService<I, R> = (deps: AppDeps, actorId: number, input: I, meta: SessionMeta) => R;

/** A procedure's resolver that hands its service the deps, the checked input and the request (its address and browser). */
export function byRequest<I, R>(service: (deps: AppDeps, input: I, meta: SessionMeta) => R) {
  return ({ ctx, input }: { ctx: Context; input: I }) => service(ctx.deps, input, ctx);
}

/** A procedure's resolver that hands its service the deps, who acts, the checked input and the request. */
export function byActor<I, R>(service: ActorService<I, R>) {
  return ({ ctx, input }: { ctx: SignedInContext; input: I }) => service(ctx.deps, ctx.auth.user.id, input, ctx);
}

/** The same for a change of one record named by its id (`{ id }`). */
export function byActorOnId<R>(service: ActorService<number, R>) {
  return ({ ctx, input }: { ctx: SignedInContext; input: { id: number } }) => service(ctx.deps, ctx.auth.user.id, input.id, ctx);
}
