import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { MSG } from "../../shared/messages.ts";
import { api, apiRequest, uploadWithProgress } from "./api.ts";
import { ApiError, CLIENT_MSG, onUnauthorized } from "./errors.ts";
import { STUDENT, storeSession, withClientTestRules } from "./testing.tsx";
import type { FetchLike } from "./trpc.ts";

withClientTestRules();

function recordingFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit; headers: Headers }[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    calls.push({ url: String(input), init, headers: new Headers(init.headers) });
    return respond(String(input), init);
  };
  return { fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("apiRequest", () => {
  test("calls /api{path} with the bearer token and a JSON body, and resolves with the body", async () => {
    storeSession(STUDENT, "tok-9");
    const { fetch, calls } = recordingFetch(() => json({ success: true, data: { saved: true } }));
    const body = await apiRequest<{ success: boolean; data: { saved: boolean } }>("/student/profile", {
      method: "PUT",
      body: { mobile: "98765 43210" },
      fetch,
    });
    expect(body).toEqual({ success: true, data: { saved: true } });
    expect(calls[0]?.url).toBe("/api/student/profile");
    expect(calls[0]?.init.method).toBe("PUT");
    expect(calls[0]?.init.body).toBe(JSON.stringify({ mobile: "98765 43210" }));
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer tok-9");
    expect(calls[0]?.headers.get("content-type")).toBe("application/json");
  });

  test("a GET without a session sends no Authorization header and no body", async () => {
    const { fetch, calls } = recordingFetch(() => json({ success: true, data: [] }));
    await api.get("/public/gallery", { fetch });
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.headers.get("authorization")).toBeNull();
  });

  test("the server's failure envelope becomes { message, status, errors }", async () => {
    const { fetch } = recordingFetch(() =>
      json({ success: false, message: "Please correct the highlighted fields", errors: { email: ["Email is required"] } }, 400),
    );
    const error = await apiRequest("/public/contact", { body: {}, fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "Please correct the highlighted fields",
      status: 400,
      errors: { email: ["Email is required"] },
    });
  });

  test("a failure without a JSON body reads 'An error occurred' with the status", async () => {
    const { fetch } = recordingFetch(() => new Response("Bad gateway", { status: 502 }));
    await expect(api.get("/health", { fetch })).rejects.toMatchObject({ message: MSG.genericError, status: 502 });
  });

  test("no network gives the client's message; a 401 tells the session listeners", async () => {
    const offline: FetchLike = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(api.get("/auth/me", { fetch: offline })).rejects.toMatchObject({ message: CLIENT_MSG.network, status: null });

    const heard: number[] = [];
    const stop = onUnauthorized((e) => heard.push(e.status ?? 0));
    const { fetch } = recordingFetch(() => json({ success: false, message: MSG.notAuthenticated }, 401));
    await expect(api.get("/auth/me", { fetch })).rejects.toMatchObject({ status: 401 });
    stop();
    expect(heard).toEqual([401]);
  });

  test("gives up after the timeout", async () => {
    const hanging: FetchLike = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    await expect(apiRequest("/auth/me", { fetch: hanging, timeoutMs: 20 })).rejects.toMatchObject({ message: CLIENT_MSG.timeout });
  });
});

/** A scripted XMLHttpRequest: the test decides what progress and which answer it reports. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  aborted = false;
  private listeners: Record<string, ((e: unknown) => void)[]> = {};
  private uploadListeners: Record<string, ((e: unknown) => void)[]> = {};
  upload = {
    addEventListener: (type: string, fn: (e: unknown) => void) => (this.uploadListeners[type] ??= []).push(fn),
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  progress(loaded: number, total: number) {
    for (const fn of this.uploadListeners.progress ?? []) fn({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const fn of this.listeners.load ?? []) fn({});
  }
  failNetwork() {
    for (const fn of this.listeners.error ?? []) fn({});
  }
}

describe("uploadWithProgress", () => {
  const original = globalThis.XMLHttpRequest;
  beforeEach(() => {
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });

  test("sends the form with the bearer token, reports whole percentages, and resolves with the body", async () => {
    storeSession(STUDENT, "tok-u");
    const form = new FormData();
    form.append("title", "Campus");
    const seen: number[] = [];
    const pending = uploadWithProgress<{ success: boolean }>("/gallery/upload", form, (p) => seen.push(p));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/gallery/upload");
    expect(xhr.headers.Authorization).toBe("Bearer tok-u");
    expect(xhr.body).toBe(form);
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.answer(201, { success: true });
    expect(await pending).toEqual({ success: true });
    expect(seen).toEqual([33, 100, 100]);
  });

  test("uses PUT when asked and rejects with the server's message and field errors", async () => {
    const pending = uploadWithProgress("/api/student/profile/photo", new FormData(), () => {}, { method: "PUT" });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("PUT");
    expect(xhr.url).toBe("/api/student/profile/photo");
    xhr.answer(400, {
      success: false,
      message: "Please select a valid image file",
      errors: { photo: ["Please select a valid image file"] },
    });
    await expect(pending).rejects.toMatchObject({
      message: "Please select a valid image file",
      status: 400,
      errors: { photo: ["Please select a valid image file"] },
    });
  });

  test("a dropped connection rejects with the network message; a stalled upload is abandoned", async () => {
    const dropped = uploadWithProgress("/gallery/upload", new FormData(), () => {});
    FakeXhr.last!.failNetwork();
    await expect(dropped).rejects.toMatchObject({ message: CLIENT_MSG.network, status: null });

    const stalled = uploadWithProgress("/gallery/upload", new FormData(), () => {}, { stallTimeoutMs: 20 });
    const xhr = FakeXhr.last!;
    await expect(stalled).rejects.toMatchObject({ message: CLIENT_MSG.timeout });
    expect(xhr.aborted).toBe(true);
  });

  test("the caller can cancel", async () => {
    const controller = new AbortController();
    const pending = uploadWithProgress("/gallery/upload", new FormData(), () => {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ message: CLIENT_MSG.aborted });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
