/**
 * Helpers for the client's tests only (nothing in the app imports this file): a stand-in for the tRPC
 * endpoint, a stub of the session's server calls, and the rule that console.error fails a test.
 */

import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { timeoutManager } from "@tanstack/react-query";
import { withComponentTestSetup } from "../ui/testing.ts";
import { ApiError } from "./errors.ts";
import { changeLocale } from "./i18n.tsx";
import type { SessionApi } from "./session.tsx";
import { STORAGE_KEYS } from "./storage.ts";
import type { FetchLike, RouterInputs, RouterOutputs, SessionUser } from "./trpc.ts";

/**
 * React Query waits before it retries a query that failed with a server error or no answer: 1 s, then 2 s
 * (lib/query-client.ts allows two retries). In the client's tests those waits pass at once, so a test of a
 * failure does not sit 3 s: the retries still happen, in the same order. Longer timers (a query's freshness,
 * 5 s and up, and its 5 minutes in the cache) keep their time. Set once, before any query of this process.
 */
const LONGEST_RETRY_WAIT = 2_000;
timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => setTimeout(callback, delay !== undefined && delay <= LONGEST_RETRY_WAIT ? 0 : delay),
  clearTimeout: (id) => clearTimeout(id),
  setInterval: (callback, delay) => setInterval(callback, delay),
  clearInterval: (id) => clearInterval(id),
});

/** The design system's rules (cleanup, console.error fails the test) plus fresh storage and theme. */
export function withClientTestRules() {
  withComponentTestSetup();
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.classList.remove("dark");
    // Every test starts in English, whatever language the last one chose.
    document.cookie = "lang=; Max-Age=0; Path=/";
    await changeLocale("en", { keep: false });
  });
  // Nor does the next file start in it: files without these rules (plain functions' tests) run after in the same process.
  afterAll(() => changeLocale("en", { keep: false }));
}

/**
 * The file's tests run on a device in `zone` (the test machine may be anywhere): a screen that must show the
 * institute's clock is checked from outside India. The device's own zone comes back after the file.
 */
/** Whether leaving the page now would ask first (a cancelable beforeunload, as the browser sends it: lib/leave-warning.ts). */
export function leavingAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  globalThis.dispatchEvent(event);
  return event.defaultPrevented;
}

export function onDeviceTimeZone(zone: string) {
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });
}

export const STUDENT: SessionUser = {
  id: 2,
  role: "student",
  name: "Priya Sharma",
  email: "priya@example.com",
  student_id: "STU0001",
  photo: null,
  mustChangePassword: false,
  signedInBefore: true,
  language: null,
};

export const ADMIN: SessionUser = {
  id: 1,
  role: "admin",
  name: "Asha Admin",
  email: "admin@example.com",
  student_id: null,
  photo: null,
  mustChangePassword: false,
  signedInBefore: true,
  language: null,
};

/** A staff member (counsellor, issue 17): the admin area without the administrators' pages. */
export const STAFF: SessionUser = { ...ADMIN, id: 2, role: "staff", name: "Meera Staff", email: "meera@example.com" };

export function storeSession(user: SessionUser, token = "stored-token") {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** A procedure's failure as the server's error formatter shapes it (src/server/trpc.ts). */
export class TrpcFailure {
  constructor(
    readonly message: string,
    readonly httpStatus: number,
    readonly fieldErrors: Record<string, string[]> | null = null,
    /** the server's reason word, e.g. "link_expired" */
    readonly reason: string | null = null,
  ) {}
}

/** Thrown or returned by a handler: the request never reached the server (offline); the fetch rejects as a browser's does. */
export class NoConnection {}

const CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
};

export interface RecordedCall {
  path: string;
  input: unknown;
  headers: Headers;
}

/** Every procedure of the AppRouter as "feature.procedure" (all of them are two levels deep). */
export type ProcedurePath = {
  [F in keyof RouterOutputs & string]: { [P in keyof RouterOutputs[F] & string]: `${F}.${P}` }[keyof RouterOutputs[F] & string];
}[keyof RouterOutputs & string];
type OutputOf<Path> = Path extends `${infer F extends keyof RouterOutputs}.${infer P}`
  ? P extends keyof RouterOutputs[F]
    ? RouterOutputs[F][P]
    : never
  : never;
type InputOf<Path> = Path extends `${infer F extends keyof RouterInputs}.${infer P}`
  ? P extends keyof RouterInputs[F]
    ? RouterInputs[F][P]
    : never
  : never;

/**
 * Fake procedures typed from the AppRouter (issue 15): a name the server does not have, an input it does not
 * take, or an answer whose shape drifts from the server's fails `tsc`. A handler may throw or return a
 * TrpcFailure.
 */
export type TypedTrpcHandlers = {
  [P in ProcedurePath]?: (
    input: InputOf<P>,
  ) => OutputOf<P> | TrpcFailure | NoConnection | Promise<OutputOf<P> | TrpcFailure | NoConnection>;
};
type Handler = (input: unknown) => unknown;

/**
 * Answers httpBatchLink requests like /api/trpc/a.b,c.d?batch=1&input=… from plain handlers; a handler
 * that throws (or returns) a TrpcFailure answers with that error. Unknown procedures answer 404.
 */
export function fakeTrpcFetch(typedHandlers: TypedTrpcHandlers) {
  const handlers = typedHandlers as Record<string, Handler | undefined>;
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const url = new URL(String(input), "http://localhost");
    const paths = decodeURIComponent(url.pathname.replace(/^\/api\/trpc\//, "")).split(",");
    const rawInput = init.method === "POST" ? String(init.body ?? "{}") : (url.searchParams.get("input") ?? "{}");
    const inputs = JSON.parse(rawInput) as Record<string, unknown>;
    const headers = new Headers(init.headers);
    const results = await Promise.all(
      paths.map(async (path, i) => {
        calls.push({ path, input: inputs[i], headers });
        const handler = handlers[path];
        let value: unknown;
        try {
          value = handler ? await handler(inputs[i]) : new TrpcFailure(`No procedure ${path}`, 404);
        } catch (err) {
          value = err;
        }
        if (value instanceof NoConnection) throw new TypeError("Failed to fetch");
        if (value instanceof TrpcFailure) {
          return {
            error: {
              message: value.message,
              code: -32000,
              data: {
                code: CODES[value.httpStatus] ?? "BAD_REQUEST",
                httpStatus: value.httpStatus,
                fieldErrors: value.fieldErrors,
                reason: value.reason,
              },
            },
          };
        }
        return { result: { data: value } };
      }),
    );
    const failed = results.length === 1 ? results[0]?.error : undefined;
    return new Response(JSON.stringify(results), {
      status: failed ? failed.data.httpStatus : 200,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { fetch, calls };
}

export const SITE_INFO: RouterOutputs["site"]["info"] = {
  name: "Test Institute",
  tagline: "Learn anywhere.",
  description: "Distance education for working people.",
  email: "info@test.example",
  phones: ["+91 20 1234 5678"],
  offices: [{ name: "Pune office", address: "1 Test Road, Pune" }],
  hours: "Mon–Sat",
  registration: "Registered society",
  streams: ["BBA", "MBA"],
  programmes: [
    { slug: "bba", name: "BBA" },
    { slug: "mba", name: "MBA" },
  ],
  address: "1 Test Road, Pune",
  figures: { students: 1234, programmes: 12, universities: 3, offices: 1, years: 14 },
  brochureUrl: null,
  maintenance: false,
  // The machine's own zone (whichever it is, though the settings offer four): the screens' tests read times as the
  // device writes them; format.test covers an institute clock apart from the device's.
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone as RouterOutputs["site"]["info"]["timeZone"],
};

/** A session API whose answers the test sets; records what was sent. */
export function stubSessionApi(overrides: Partial<SessionApi> = {}) {
  const sent: { procedure: string; input?: unknown }[] = [];
  const api: SessionApi = {
    me: async () => {
      sent.push({ procedure: "me" });
      throw new ApiError("Please log in to continue", 401);
    },
    logout: async () => {
      sent.push({ procedure: "logout" });
      return { loggedOut: true };
    },
    ...overrides,
  };
  return { api, sent };
}

/** Stands in for XMLHttpRequest (uploads with progress): records each request; the test reports progress and answers. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload = new EventTarget();
  private events = new EventTarget();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
  }
  /** `loaded` of `total` (a percentage when `total` is left out) */
  progress(loaded: number, total = 100) {
    this.upload.dispatchEvent(Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
}

/** Uploads go to `FakeXhr` from now until the test ends (`withFakeXhr` restores the real one after each test). */
export function useFakeXhr() {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
}

/** Every test of the file sends its uploads to `FakeXhr` (call at the top of the file); the real one after each. */
export function withFakeXhr() {
  const real = globalThis.XMLHttpRequest;
  beforeEach(useFakeXhr);
  afterEach(() => {
    globalThis.XMLHttpRequest = real;
  });
}

/** A request a test's caught download made: its address and the headers that matter to a download. */
export interface CaughtRequest {
  url: string;
  auth: string | null;
  accept: string | null;
}

/**
 * Downloads caught for a test: `fetch` answers `body` with `headers` (the server's type and file name), each
 * request is kept (`requests`), and the file the page saves (the link it clicks) is recorded in `saved`
 * instead of happening. `restore()` puts fetch and the link's click back.
 */
export function catchDownloads(body: string, headers: Record<string, string>) {
  const requests: CaughtRequest[] = [];
  const saved: string[] = [];
  const realFetch = globalThis.fetch;
  const click = HTMLAnchorElement.prototype.click;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const sent = new Headers(init?.headers);
    requests.push({ url: String(input), auth: sent.get("Authorization"), accept: sent.get("Accept") });
    return new Response(body, { headers });
  }) as typeof fetch;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  return {
    requests,
    saved,
    restore() {
      globalThis.fetch = realFetch;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}

/**
 * A text matcher for what the page writes in parts (a receipt number with its break points: fees' ReceiptNumber):
 * the innermost element that reads the text whole.
 */
export const wholeText = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
