/**
 * Large text on a phone (stop 52, walk 23b): the browser's text size at 200% (32 px, as Chrome's "Very large"
 * or a phone's largest font) on a 360 px screen, and on 320 px (WCAG's reflow width). Every page of the public
 * site and both portals keeps to the screen's width, in English and in Marathi (longer words); the portal's top
 * bar wraps its actions and scrolls away with the page. At the normal text size nothing of it applies.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, PHONE, type RunningServer, settle, signIn, startServer, visit } from "./harness.ts";

let server: RunningServer;
let browser: Browser;
const HEAVY_MS = 240_000;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PUBLIC = ["/", "/about", "/programmes", "/gallery", "/faq", "/contact", "/admission", "/admission-status", "/login"];
const STUDENT = [
  "/student/dashboard",
  "/student/courses",
  "/student/exams",
  "/student/fees",
  "/student/library",
  "/student/notifications",
  "/student/help",
  "/student/profile",
  "/student/id-card",
  "/student/settings?tab=security",
];
const ADMIN = [
  "/admin/dashboard",
  "/admin/admissions",
  "/admin/students",
  "/admin/analytics",
  "/admin/activity",
  "/admin/programmes",
  "/admin/staff",
  "/admin/fees?tab=plans",
  "/admin/library",
  "/admin/exams",
  "/admin/notices",
];

/**
 * A page in the browser with its text size set as a person sets it (the default font size, which `rem` follows),
 * signed in first when asked (in English, as the harness signs in), then in the language.
 */
async function largeTextPage(
  width: number,
  language: "en" | "mr",
  { textPx = 32, as }: { textPx?: number; as?: "student" | "admin" } = {},
) {
  const opened = await newPage(browser, server, { width, height: PHONE.height });
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: textPx, fixed: Math.round(textPx * 0.8125) } });
  if (as) await signIn(opened.page, server, as);
  await opened.page.addInitScript((lang) => localStorage.setItem("language", lang), language);
  // The walk moves inside the app (harness `visit`), and the app takes the language as a page loads.
  if (as) await opened.page.reload();
  return opened;
}

/** What reaches past the screen's right edge on this page: empty when it fits. */
async function pastTheEdge(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  return page.evaluate((at) => {
    const screen = document.documentElement.clientWidth;
    if (document.scrollingElement!.scrollWidth <= screen) return [];
    const wide = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => el.getBoundingClientRect().right > screen + 1);
    const deepest = wide.filter((el) => ![...el.children].some((child) => wide.includes(child as HTMLElement)));
    return [
      `${at}: ${document.scrollingElement!.scrollWidth} px on a ${screen} px screen`,
      ...deepest.slice(0, 3).map((el) => `  ${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`),
    ];
  }, path);
}

async function walk(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) found.push(...(await pastTheEdge(page, path)));
  return found;
}

describe("large text on a phone", () => {
  for (const language of ["en", "mr"] as const) {
    test(
      `text at 200% on a 360 px screen, in ${language}: the public site, the student portal and the admin area keep to the screen`,
      async () => {
        const visitor = await largeTextPage(360, language);
        const student = await largeTextPage(360, language, { as: "student" });
        const office = await largeTextPage(360, language, { as: "admin" });
        const found = [...(await walk(visitor.page, PUBLIC)), ...(await walk(student.page, STUDENT)), ...(await walk(office.page, ADMIN))];
        expect(found).toEqual([]);

        // The portal's top bar wraps beside its menu button and scrolls away with the page; its icon buttons keep
        // a thumb's 44 px rather than the text's 88.
        const bar = await office.page.evaluate(() => {
          const topbar = document.querySelector<HTMLElement>(".portal-topbar")!;
          const bell = document.querySelector<HTMLElement>(".portal-topbar .ops-bell")!.getBoundingClientRect();
          return { position: getComputedStyle(topbar).position, bell: Math.round(bell.width) };
        });
        expect(bar).toEqual({ position: "static", bell: 44 });
        for (const opened of [visitor, student, office]) {
          // The walk was in the language it names, to its last page.
          expect(await opened.page.evaluate(() => document.documentElement.lang)).toBe(language);
          expect(opened.problems).toEqual([]);
          await opened.context.close();
        }
      },
      HEAVY_MS,
    );
  }

  test(
    "text at 200% on a 320 px screen: the public site, the sign-in and the student's pages keep to the screen",
    async () => {
      const visitor = await largeTextPage(320, "en");
      const student = await largeTextPage(320, "en", { as: "student" });
      expect([...(await walk(visitor.page, PUBLIC)), ...(await walk(student.page, STUDENT))]).toEqual([]);
      for (const opened of [visitor, student]) {
        expect(opened.problems).toEqual([]);
        await opened.context.close();
      }
    },
    HEAVY_MS,
  );

  test("a dialog at 200% scrolls as one: the field the keyboard is on stands clear of its buttons, its label too (walk 24a)", async () => {
    const student = await largeTextPage(360, "en", { as: "student" });
    const { page } = student;
    await page.goto("/student/profile");
    await page.getByRole("button", { name: "Change e-mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your e-mail address" });
    await dialog.waitFor();
    await settle(page);
    const clear = async () =>
      page.evaluate(() => {
        const field = document.activeElement as HTMLElement;
        const label = document.querySelector(`label[for="${field.id}"]`)!.getBoundingClientRect();
        const footer = document.querySelector("dialog[open] .ui-dialog__footer")!.getBoundingClientRect();
        const box = document.querySelector("dialog[open]")!.getBoundingClientRect();
        const own = field.getBoundingClientRect();
        // Seen whole: inside the dialog's box and not under its buttons (which scroll with it, after the form).
        const seen = (r: DOMRect) => r.top >= box.top && r.bottom <= box.bottom && (r.bottom <= footer.top || r.top >= footer.bottom);
        return { id: field.id, field: seen(own), label: seen(label) };
      });
    expect(await clear()).toEqual({ id: "change-email-current-password", field: true, label: true });
    // Sent empty: the focus goes to the first field to fix, in view.
    await dialog.getByRole("button", { name: "Send code" }).click();
    await dialog.getByText("Please enter your current password").waitFor();
    expect(await clear()).toEqual({ id: "change-email-current-password", field: true, label: true });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await clear()).toEqual({ id: "change-email-new", field: true, label: true });

    // At the normal text size in a short window, a phone held sideways with its keyboard up (walk 27a): the
    // dialog scrolls as one too, and its buttons come into view by scrolling it (pinned, they stood past its
    // edge where nothing scrolled to them).
    const cdp = await student.context.newCDPSession(page);
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: 16, fixed: 13 } });
    await page.setViewportSize({ width: 844, height: 200 });
    const reach = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>("dialog[open]")!;
      box.scrollTop = box.scrollHeight;
      const inBox = box.getBoundingClientRect();
      const send = [...box.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Send code")!.getBoundingClientRect();
      return { scrolls: getComputedStyle(box).overflowY, sendInView: send.top >= inBox.top && send.bottom <= inBox.bottom };
    });
    expect(reach).toEqual({ scrolls: "auto", sendInView: true });
    expect(student.problems).toEqual([]);
    await student.context.close();
  });

  test("at the normal text size the phone's layout is as it was: the top bar stays, its buttons keep their size", async () => {
    const office = await largeTextPage(360, "en", { textPx: 16, as: "admin" });
    await office.page.locator(".portal-topbar").waitFor();
    const bar = await office.page.evaluate(() => ({
      position: getComputedStyle(document.querySelector(".portal-topbar")!).position,
      height: Math.round(document.querySelector(".portal-topbar")!.getBoundingClientRect().height),
    }));
    expect(bar.position).toBe("sticky");
    // One row: the menu, the language, the theme, the bell and the account.
    expect(bar.height).toBeLessThan(70);
    expect(office.problems).toEqual([]);
    await office.context.close();
  });
});
