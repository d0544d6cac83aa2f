import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { uploadWithProgress } from "./api.ts";
import { CLIENT_MSG } from "./errors.ts";
import { STUDENT, storeSession, withClientTestRules } from "./testing.tsx";

withClientTestRules();

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

  test("a dropped connection rejects saying nobody can tell whether it was saved (stop 48); a stalled upload is abandoned", async () => {
    const dropped = uploadWithProgress("/gallery/upload", new FormData(), () => {});
    FakeXhr.last!.failNetwork();
    await expect(dropped).rejects.toMatchObject({ message: CLIENT_MSG.unsure, status: null });
    // Sent while offline, it did not reach the server: the plain words.
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    try {
      const offline = uploadWithProgress("/gallery/upload", new FormData(), () => {});
      FakeXhr.last!.failNetwork();
      await expect(offline).rejects.toMatchObject({ message: CLIENT_MSG.network, status: null });
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }

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
