/**
 * The server speaks the request's language (issue 16): messages of API answers follow the `lang` cookie,
 * page shells follow `?lang=` or the cookie (lang attribute, description, the no-JavaScript words, hreflang), and a signed-in
 * person's chosen language is stored with the account and returned with the session.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { native } from "../../../tests/setup/happy-dom.ts";
import { temporaryDir } from "../../../tests/setup/temp-dirs.ts";
import { ACCOUNT_MSG } from "../../shared/account-messages.ts";
import enShell from "../../shared/i18n/en/shell.json";
import hiMessages from "../../shared/i18n/hi/account.json";
import hiHome from "../../shared/i18n/hi/home.json";
import hiShell from "../../shared/i18n/hi/shell.json";
import mrMessages from "../../shared/i18n/mr/account.json";
import { loginStudent, resolveSession } from "../features/auth/auth.service.ts";
import { saveSettingsGroup } from "../features/settings/settings.service.ts";
import { updateStudentSettings } from "../features/student/preferences.service.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, testApp } from "../testing.ts";

const dir = temporaryDir("institute-locale");
const distDir = path.join(dir, "dist");
const publicDir = path.join(dir, "public");
beforeAll(() => {
  mkdirSync(distDir);
  mkdirSync(publicDir);
  writeFileSync(
    path.join(distDir, "index.html"),
    `<!doctype html><html lang="en"><head><title>Institute</title><meta name="description" content="English description" /><meta property="og:description" content="English" /></head><body><noscript>${enShell.noscript}</noscript><div id=root></div>${"<!-- padding -->".repeat(100)}</body></html>`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bun's own Request: happy-dom's drops the Cookie and Accept-Encoding headers, as a browser page's would. */
const request = (app: ReturnType<typeof testApp>, path: string, init: RequestInit = {}) =>
  app.fetch(new native.Request(`http://localhost${path}`, init));

const login = (app: ReturnType<typeof testApp>, cookie?: string) =>
  request(app, "/api/auth/student/login", {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ studentId: "STU9999", password: "Wrong-pass1" }),
  });

describe("the request's language", () => {
  test("an API error speaks the language of the lang cookie, and English without one", async () => {
    const app = testApp(await createTestDeps(), { distDir, publicDir });
    expect(((await (await login(app)).json()) as { message: string }).message).toBe("Invalid credentials");
    expect(((await (await login(app, "lang=hi")).json()) as { message: string }).message).toBe(hiMessages.invalidCredentials);
    expect(((await (await login(app, "lang=mr")).json()) as { message: string }).message).toBe(mrMessages.invalidCredentials);
    expect(((await (await login(app, "lang=xx")).json()) as { message: string }).message).toBe("Invalid credentials");
    // Outside a request nothing leaks: shared texts are English again.
    expect(ACCOUNT_MSG.invalidCredentials).toBe("Invalid credentials");
  });

  test("two requests at once each keep their own language", async () => {
    const app = testApp(await createTestDeps(), { distDir, publicDir });
    const answers = await Promise.all([login(app, "lang=hi"), login(app), login(app, "lang=mr"), login(app, "lang=hi")]);
    const texts = await Promise.all(answers.map(async (r) => ((await r.json()) as { message: string }).message));
    expect(texts).toEqual([
      hiMessages.invalidCredentials,
      "Invalid credentials",
      mrMessages.invalidCredentials,
      hiMessages.invalidCredentials,
    ]);
  });

  test("a page shell in Hindi: lang attribute, the (site's) description in Hindi, and every language's address", async () => {
    const app = testApp(await createTestDeps({ PUBLIC_URL: "https://institute.example" }), { distDir, publicDir });
    const res = await request(app, "/admission?lang=hi", { headers: { "accept-encoding": "identity" } });
    const html = await res.text();
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain(`<meta name="description" content="${hiHome.description}"`);
    // What a browser without JavaScript shows (walk 25: English on a Marathi page).
    expect(html).toContain(`<noscript>${hiShell.noscript}</noscript>`);
    expect(html).toContain('<link rel="alternate" hreflang="mr" href="https://institute.example/admission?lang=mr">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://institute.example/admission">');
    expect(res.headers.get("vary")).toContain("Cookie");

    const english = await (await app.request("/admission")).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain("English description");
    expect(english).toContain(`<noscript>${enShell.noscript}</noscript>`);
    // The shipped index.html says it in the English the catalogue has, so the server finds it to replace.
    expect(readFileSync(path.join(import.meta.dir, "../../../index.html"), "utf8")).toContain(`<noscript>${enShell.noscript}</noscript>`);
    expect(english).toContain('hreflang="hi" href="https://institute.example/admission?lang=hi"');

    const byCookie = await request(app, "/gallery", { headers: { cookie: "lang=mr", "accept-encoding": "gzip" } });
    expect(byCookie.headers.get("content-encoding")).toBe("gzip");
    const unzipped = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await byCookie.arrayBuffer())));
    expect(unzipped).toContain('<html lang="mr"');
    // Portal pages are not offered to search engines.
    expect(await (await app.request("/student/dashboard")).text()).not.toContain("hreflang");
  });

  test("a page asked for without a language is in the institute's default; the API stays English", async () => {
    const deps = await createTestDeps();
    const app = testApp(deps, { distDir, publicDir });
    expect(await (await request(app, "/about")).text()).toContain('<html lang="en"');
    await saveSettingsGroup(deps, "language", "marathi");
    expect(await (await request(app, "/about")).text()).toContain('<html lang="mr"');
    // A visitor's own choice still wins, and API answers without a cookie keep the specification's English.
    expect(await (await request(app, "/about", { headers: { cookie: "lang=en" } })).text()).toContain('<html lang="en"');
    expect(((await (await login(app)).json()) as { message: string }).message).toBe("Invalid credentials");
  });

  test("a signed-in person's language is stored with the account and comes back with the session", async () => {
    const deps = await createTestDeps();
    await createUser(deps, { role: "student", email: "asha@example.test", student_id: "STU0007" });
    const first = await signedIn(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD }));
    expect(first.user.language).toBeNull();
    const caller = callerFor(deps, await resolveSession(deps, first.token));
    expect(await caller.auth.setLanguage({ language: "mr" })).toEqual({ language: "mr" });
    // The next request reads the account afresh.
    expect((await callerFor(deps, await resolveSession(deps, first.token)).auth.me()).user.language).toBe("mr");
    const again = await signedIn(loginStudent(deps, { email: "asha@example.test", studentId: "", password: TEST_PASSWORD }));
    expect(again.user.language).toBe("mr");
    await expect(caller.auth.setLanguage({ language: "fr" as "mr" })).rejects.toThrow();
  });

  test("the stored default language is not a choice; changing it in the student settings is", async () => {
    const deps = await createTestDeps();
    const student = await createUser(deps, { role: "student", email: "ravi@example.test", student_id: "STU0008" });
    const login = () => signedIn(loginStudent(deps, { email: "ravi@example.test", studentId: "", password: TEST_PASSWORD }));
    await updateStudentSettings(deps, student.id, { emailNotifications: false, language: "english" });
    expect((await login()).user.language).toBeNull();
    await updateStudentSettings(deps, student.id, { language: "hindi" });
    expect((await login()).user.language).toBe("hi");
  });
});
