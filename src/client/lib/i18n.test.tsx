import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import * as v from "valibot";
import { memoryLocation } from "wouter/memory-location";
import hiAccount from "../../shared/i18n/hi/account.json";
import hiCommon from "../../shared/i18n/hi/common.json";
import hiHome from "../../shared/i18n/hi/home.json";
import mrCommon from "../../shared/i18n/mr/common.json";
import { namespace } from "../../shared/i18n/translate.ts";
import { MSG } from "../../shared/messages.ts";
import { newPassword } from "../../shared/schemas/common.ts";
import { App } from "../app.tsx";
import { ToastProvider } from "../ui/toast.tsx";
import { formatDate } from "./format.ts";
import { changeLocale, getLocale, initialLocale, startLocale, useT } from "./i18n.tsx";
import { fakeTrpcFetch, SITE_INFO, STUDENT, storeSession, stubSessionApi, withClientTestRules } from "./testing.tsx";

withClientTestRules();

describe("the language to start in", () => {
  test("?lang= first, then the remembered choice, then the device's languages, then English", () => {
    expect(initialLocale("?lang=mr", ["hi-IN"])).toBe("mr");
    expect(initialLocale("?lang=fr", ["hi-IN", "en"])).toBe("hi");
    expect(initialLocale("", ["en-GB", "mr"])).toBe("en");
    expect(initialLocale("", ["ta-IN", "mr-IN"])).toBe("mr");
    expect(initialLocale("", [])).toBe("en");
    localStorage.setItem("language", "hi");
    expect(initialLocale("", ["mr"])).toBe("hi");
    expect(initialLocale("?lang=en", ["mr"])).toBe("en");
  });

  test("the institute's default (the page's lang from the server) comes before the device's unless it is English", () => {
    expect(initialLocale("", ["en-GB"], "mr")).toBe("mr");
    expect(initialLocale("", ["hi-IN"], "en")).toBe("hi");
    expect(initialLocale("", [], "")).toBe("en");
    expect(initialLocale("?lang=en", ["en-GB"], "mr")).toBe("en");
    localStorage.setItem("language", "hi");
    expect(initialLocale("", ["en-GB"], "mr")).toBe("hi");
  });
});

describe("changing the language", () => {
  test("sets <html lang>, dates, shared messages, the cookie and the remembered choice", async () => {
    expect(formatDate("2026-11-25", { style: "long" })).toBe("25 November 2026");
    await changeLocale("hi");
    expect(getLocale()).toBe("hi");
    expect(document.documentElement.lang).toBe("hi");
    expect(formatDate("2026-11-25", { style: "long" })).toBe("25 नवंबर 2026");
    expect(MSG.sessionExpired).toBe("आपका सत्र समाप्त हो गया है। कृपया फिर से लॉग इन करें।");
    expect(localStorage.getItem("language")).toBe("hi");
    expect(document.cookie).toContain("lang=hi");
    await changeLocale("mr");
    expect(formatDate("2026-11-25", { style: "long" })).toBe("25 नोव्हेंबर, 2026");
  });
  test('the toasts\' region is named in the language chosen after it was drawn (walk 22d: "Alerts" in Marathi)', async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    expect(screen.getByRole("region", { name: "Alerts" })).toBeTruthy();
    await act(() => changeLocale("mr"));
    expect(screen.getByRole("region", { name: mrCommon.toasts })).toBeTruthy();
    await act(() => changeLocale("en"));
  });

  test("two choices in a row end in the second, even when the first's catalogues arrive last (review)", async () => {
    await changeLocale("en");
    let arrive!: () => void;
    const slow = namespace(
      "slow",
      { hello: "Hello" },
      {
        hi: () => new Promise((resolve) => (arrive = () => resolve({ default: { hello: "नमस्ते" } }))),
        mr: async () => ({ default: { hello: "नमस्कार" } }),
      },
    );
    function Uses() {
      return <p>{useT(slow)("hello")}</p>;
    }
    render(<Uses />);
    const answers: boolean[] = [];
    await act(async () => {
      const first = changeLocale("hi");
      answers.push(await changeLocale("mr"));
      arrive();
      answers.push(await first);
    });
    expect(answers).toEqual([true, false]);
    expect(getLocale()).toBe("mr");
    await act(() => changeLocale("en"));
  });

  test("a screen that shows a catalogue it never loaded is reported once, and the catalogue is fetched", async () => {
    await changeLocale("hi");
    let fetched = 0;
    const late = namespace(
      "late",
      { hello: "Hello" },
      {
        hi: async () => {
          fetched += 1;
          return { default: { hello: "नमस्ते" } };
        },
        mr: async () => ({ default: { hello: "नमस्कार" } }),
      },
    );
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      expect(late.t("hello")).toBe("Hello");
      expect(late.t("hello")).toBe("Hello");
    } finally {
      console.error = original;
    }
    expect(errors).toEqual(["i18n: hi/late read before its useT"]);
    await waitFor(() => expect(late.t("hello")).toBe("नमस्ते"));
    expect(fetched).toBe(1);
    await changeLocale("en");
  });

  test("the shared schemas' messages come in the chosen language on a form without useFormState, as soon as their code arrives", async () => {
    await changeLocale("hi");
    // The student's password form checks with the schema alone (it once said "Password must be at least 8 characters long").
    const checked = v.safeParse(newPassword, "short");
    expect(checked.issues?.[0].message).toBe(hiAccount.passwordMin8);
    // A schema namespace whose code arrives later is loaded at once, without a screen's useT and without a report.
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      const arrived = namespace(
        "validation",
        { hello: "Hello" },
        { hi: async () => ({ default: { hello: "नमस्ते" } }), mr: async () => ({ default: { hello: "नमस्कार" } }) },
      );
      await waitFor(() => expect(arrived.t("hello")).toBe("नमस्ते"));
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([]);
    await changeLocale("en");
  });

  test("at the start, a remembered language puts itself back in a cookie that says another (thirteenth walk)", async () => {
    localStorage.setItem("language", "hi");
    document.cookie = "lang=en; Path=/";
    await startLocale();
    expect(getLocale()).toBe("hi");
    expect(document.cookie).toContain("lang=hi");
    await changeLocale("en");
  });

  test("a language from the address is taken, remembered, and leaves the address: a reload follows a choice made since (walk 27b)", async () => {
    history.replaceState(null, "", "/about?x=1&lang=mr#team");
    await startLocale();
    expect(getLocale()).toBe("mr");
    expect(localStorage.getItem("language")).toBe("mr");
    expect(`${location.pathname}${location.search}${location.hash}`).toBe("/about?x=1#team");
    await changeLocale("en");
    history.replaceState(null, "", "/");
  });

  test("a language that only came from the device is not remembered, but the server is told it for this session", async () => {
    document.cookie = "lang=; Path=/; Max-Age=0";
    await changeLocale("mr", { keep: false });
    expect(localStorage.getItem("language")).toBeNull();
    // So the server's answers (errors, messages) come in the language the page shows.
    expect(document.cookie).toContain("lang=mr");
  });

  test("the device's language replaces an older cookie that says another (a phone's session cookie kept since)", async () => {
    document.cookie = "lang=en; Path=/";
    await changeLocale("hi", { keep: false });
    expect(localStorage.getItem("language")).toBeNull();
    expect(document.cookie).toContain("lang=hi");
    await changeLocale("en");
  });
});

function renderSite(
  path = "/",
  sessionApi = stubSessionApi().api,
  setLanguage = async (input: unknown) => input as { language: "en" | "hi" | "mr" },
) {
  const location = memoryLocation({ path });
  const { fetch, calls } = fakeTrpcFetch({
    "site.info": () => SITE_INFO,
    "site.news": () => ({ news: [] }),
    "auth.setLanguage": setLanguage,
  });
  render(<App sessionApi={sessionApi} locationHook={location.hook} fetch={fetch} />);
  return calls;
}

describe("the language switcher", () => {
  test("a visitor switches the public site to Hindi and back; the header and the page follow", async () => {
    renderSite();
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const select = within(nav).getByRole("combobox", { name: "Language" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["English", "हिन्दी", "मराठी"]);

    fireEvent.change(select, { target: { value: "hi" } });
    await screen.findByRole("navigation", { name: hiCommon["nav.main"] });
    expect(
      within(screen.getByRole("navigation", { name: hiCommon["nav.main"] })).getByRole("link", { name: hiCommon["nav.about"] }),
    ).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: hiHome["why.title"] })).toBeTruthy();
    expect(document.documentElement.lang).toBe("hi");

    fireEvent.change(screen.getByRole("combobox", { name: hiCommon.language }), { target: { value: "mr" } });
    await screen.findByRole("link", { name: mrCommon["footer.login"] });
    fireEvent.change(screen.getByRole("combobox", { name: mrCommon.language }), { target: { value: "en" } });
    await screen.findByRole("link", { name: "Apply Now" });
  });

  test("a signed-in person's choice is stored with their account", async () => {
    storeSession(STUDENT);
    const calls = renderSite("/", stubSessionApi({ me: async () => ({ user: STUDENT }) }).api);
    const select = await screen.findByRole("combobox", { name: "Language" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy());
    fireEvent.change(select, { target: { value: "mr" } });
    await waitFor(() => expect(calls.find((c) => c.path === "auth.setLanguage")?.input).toEqual({ language: "mr" }));
  });

  test("the account takes a signed-in person's choice before the screen does, and the session kept on the device says it (walk 22d: a reload at once took it back)", async () => {
    storeSession(STUDENT);
    const { promise: answered, resolve: answer } = Promise.withResolvers<void>();
    const calls = renderSite("/", stubSessionApi({ me: async () => ({ user: STUDENT }) }).api, async (input) => {
      await answered;
      return input as { language: "hi" };
    });
    const select = await screen.findByRole("combobox", { name: "Language" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy());
    fireEvent.change(select, { target: { value: "hi" } });
    await waitFor(() => expect(calls.some((c) => c.path === "auth.setLanguage")).toBe(true));
    // Not yet stored with the account: the screen and what a reload starts in stay English.
    expect(getLocale()).toBe("en");
    expect(localStorage.getItem("language")).not.toBe("hi");
    answer();
    await screen.findByRole("button", { name: hiCommon.signOut });
    expect(localStorage.getItem("language")).toBe("hi");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").language).toBe("hi");
    await act(() => changeLocale("en"));
  });

  test("arrowing through the languages makes only the one it settles on, and the select keeps the focus (tenth walk)", async () => {
    storeSession(STUDENT);
    const calls = renderSite("/", stubSessionApi({ me: async () => ({ user: STUDENT }) }).api);
    const select = await screen.findByRole("combobox", { name: "Language" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy());
    select.focus();
    fireEvent.change(select, { target: { value: "hi" } });
    fireEvent.change(select, { target: { value: "mr" } });
    expect((select as HTMLSelectElement).disabled).toBe(false);
    expect(document.documentElement.lang).toBe("en");
    await screen.findByRole("link", { name: mrCommon["footer.login"] });
    const saved = calls.filter((c) => c.path === "auth.setLanguage").map((c) => c.input);
    expect(saved).toEqual([{ language: "mr" }]);
    expect(document.activeElement).toBe(screen.getByRole("combobox", { name: mrCommon.language }));
  });

  test("a signed-in person's stored language applies when they arrive", async () => {
    const user = { ...STUDENT, language: "hi" as const };
    storeSession(user);
    renderSite("/", stubSessionApi({ me: async () => ({ user }) }).api);
    await screen.findByRole("button", { name: hiCommon.signOut });
    expect(getLocale()).toBe("hi");
  });
});
