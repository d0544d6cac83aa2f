/**
 * Issue 16 in the browser: the public site (home, about, gallery, programmes, FAQs, contact), the admission
 * wizard with its checks, status, sign-in, the ID card's public check, the student portal and the admin area,
 * in Hindi and Marathi at 390 px — no English interface text left (the institute's own content and what people
 * wrote excepted), Devanagari rendered, nothing wider than the screen; the server's answers to an API client
 * in the language of its cookie; the switch, remembered across a reload; the server's page shell in the language.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { jpegBytes, pdfBytes } from "../../src/server/test-files.ts";
import enAbout from "../../src/shared/i18n/en/about.json";
import enAccount from "../../src/shared/i18n/en/account.json";
import enAdmin from "../../src/shared/i18n/en/admin.json";
import enAdmission from "../../src/shared/i18n/en/admission.json";
import enAlerts from "../../src/shared/i18n/en/alerts.json";
import enAuth from "../../src/shared/i18n/en/auth.json";
import enCommon from "../../src/shared/i18n/en/common.json";
import enConfig from "../../src/shared/i18n/en/config.json";
import enContact from "../../src/shared/i18n/en/contact.json";
import enExams from "../../src/shared/i18n/en/exams.json";
import enFeeDesk from "../../src/shared/i18n/en/feeDesk.json";
import enFeePlans from "../../src/shared/i18n/en/feePlans.json";
import enFeeReports from "../../src/shared/i18n/en/feeReports.json";
import enFees from "../../src/shared/i18n/en/fees.json";
import enGallery from "../../src/shared/i18n/en/gallery.json";
import enHelp from "../../src/shared/i18n/en/help.json";
import enHome from "../../src/shared/i18n/en/home.json";
import enLibrary from "../../src/shared/i18n/en/library.json";
import enMaintenance from "../../src/shared/i18n/en/maintenance.json";
import enMedia from "../../src/shared/i18n/en/media.json";
import enMessages from "../../src/shared/i18n/en/messages.json";
import enNotices from "../../src/shared/i18n/en/notices.json";
import enPortal from "../../src/shared/i18n/en/portal.json";
import enProgrammes from "../../src/shared/i18n/en/programmes.json";
import enReports from "../../src/shared/i18n/en/reports.json";
import enRoster from "../../src/shared/i18n/en/roster.json";
import enStatus from "../../src/shared/i18n/en/status.json";
import enStudent from "../../src/shared/i18n/en/student.json";
import enStudies from "../../src/shared/i18n/en/studies.json";
import enValidation from "../../src/shared/i18n/en/validation.json";
import enVerify from "../../src/shared/i18n/en/verify.json";
import hiAbout from "../../src/shared/i18n/hi/about.json";
import hiAccount from "../../src/shared/i18n/hi/account.json";
import hiAdmin from "../../src/shared/i18n/hi/admin.json";
import hiAdmission from "../../src/shared/i18n/hi/admission.json";
import hiAlerts from "../../src/shared/i18n/hi/alerts.json";
import hiAuth from "../../src/shared/i18n/hi/auth.json";
import hiCommon from "../../src/shared/i18n/hi/common.json";
import hiConfig from "../../src/shared/i18n/hi/config.json";
import hiContact from "../../src/shared/i18n/hi/contact.json";
import hiExams from "../../src/shared/i18n/hi/exams.json";
import hiFees from "../../src/shared/i18n/hi/fees.json";
import hiGallery from "../../src/shared/i18n/hi/gallery.json";
import hiHelp from "../../src/shared/i18n/hi/help.json";
import hiHome from "../../src/shared/i18n/hi/home.json";
import hiLibrary from "../../src/shared/i18n/hi/library.json";
import hiMedia from "../../src/shared/i18n/hi/media.json";
import hiNotices from "../../src/shared/i18n/hi/notices.json";
import hiPortal from "../../src/shared/i18n/hi/portal.json";
import hiProgrammes from "../../src/shared/i18n/hi/programmes.json";
import hiReports from "../../src/shared/i18n/hi/reports.json";
import hiRoster from "../../src/shared/i18n/hi/roster.json";
import hiStatus from "../../src/shared/i18n/hi/status.json";
import hiStudent from "../../src/shared/i18n/hi/student.json";
import hiStudies from "../../src/shared/i18n/hi/studies.json";
import hiValidation from "../../src/shared/i18n/hi/validation.json";
import hiVerify from "../../src/shared/i18n/hi/verify.json";
import mrAbout from "../../src/shared/i18n/mr/about.json";
import mrAccount from "../../src/shared/i18n/mr/account.json";
import mrAdmin from "../../src/shared/i18n/mr/admin.json";
import mrAdmission from "../../src/shared/i18n/mr/admission.json";
import mrAlerts from "../../src/shared/i18n/mr/alerts.json";
import mrAuth from "../../src/shared/i18n/mr/auth.json";
import mrCommon from "../../src/shared/i18n/mr/common.json";
import mrConfig from "../../src/shared/i18n/mr/config.json";
import mrContact from "../../src/shared/i18n/mr/contact.json";
import mrExams from "../../src/shared/i18n/mr/exams.json";
import mrFees from "../../src/shared/i18n/mr/fees.json";
import mrGallery from "../../src/shared/i18n/mr/gallery.json";
import mrHelp from "../../src/shared/i18n/mr/help.json";
import mrHome from "../../src/shared/i18n/mr/home.json";
import mrLibrary from "../../src/shared/i18n/mr/library.json";
import mrMedia from "../../src/shared/i18n/mr/media.json";
import mrNotices from "../../src/shared/i18n/mr/notices.json";
import mrPortal from "../../src/shared/i18n/mr/portal.json";
import mrProgrammes from "../../src/shared/i18n/mr/programmes.json";
import mrReports from "../../src/shared/i18n/mr/reports.json";
import mrRoster from "../../src/shared/i18n/mr/roster.json";
import mrStatus from "../../src/shared/i18n/mr/status.json";
import mrStudent from "../../src/shared/i18n/mr/student.json";
import mrStudies from "../../src/shared/i18n/mr/studies.json";
import mrValidation from "../../src/shared/i18n/mr/validation.json";
import mrVerify from "../../src/shared/i18n/mr/verify.json";
import { launchBrowser, navigate, newPage, type RunningServer, startServer, untilQuiet, watchNetwork } from "./harness.ts";

const PHONE_390 = { width: 390, height: 844 } as const;
let server: RunningServer;
let browser: Browser;
/** A pending application, for the office's print page. */
let applicationId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const form = new FormData();
  const fields = {
    ...{ firstName: "Sunita", lastName: "Kulkarni", dateOfBirth: "2000-02-02", gender: "Female", bloodGroup: "A+" },
    ...{ email: "sunita.k@example.com", phone: "9876512345", address: "5 FC Road", city: "Pune", state: "Maharashtra" },
    ...{ pincode: "411004", course: "Commerce", yearOfPassing: "2019", previousPercentage: "71" },
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("photo", new File([await jpegBytes()], "photo.jpg", { type: "image/jpeg" }));
  form.append("marksheet", new File([pdfBytes()], "marks.pdf", { type: "application/pdf" }));
  const submitted = await fetch(`${server.url}/api/admission/submit`, { method: "POST", body: form });
  expect(submitted.status).toBe(201);
  applicationId = ((await submitted.json()) as { data: { id: number } }).data.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The English interface texts of the translated screens that are words (not "Programs" in a user's data):
 * every catalogue but `mail` (e-mails, not screens; the mail templates' tests check those).
 */
const ENGLISH = [
  enCommon,
  enHome,
  enAbout,
  enGallery,
  enContact,
  enAdmission,
  enStatus,
  enAuth,
  enPortal,
  enStudent,
  enAdmin,
  enRoster,
  enAlerts,
  enMedia,
  enConfig,
  enHelp,
  enReports,
  enMaintenance,
  enStudies,
  enExams,
  enLibrary,
  enNotices,
  enFees,
  enFeeDesk,
  enFeeReports,
  enFeePlans,
  enProgrammes,
  enVerify,
  enAccount,
  enValidation,
  enMessages,
]
  .flatMap((catalogue) => Object.values(catalogue))
  .flatMap((message) => (typeof message === "string" ? [message] : Object.values(message)))
  .filter((t) => !t.includes("{") && /[a-z]{3}/i.test(t) && t.length > 3);

/** Visible text of the page, less what the institute wrote itself (settings, news) and the switch's language names. */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const skip = new Set(["English", "हिन्दी", "मराठी"]);
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const el of clone.querySelectorAll(
      [
        "select, textarea, .hero__eyebrow, .hero__title, .hero__lead, .site-footer__about, .site-footer__bottom, .footer-list li:not(:has(a[href^='/']))",
        ".stream-list, .footer-tags, .news-list, .brand, .page-hero__eyebrow",
        // the institute's settings and photos: offices, phones, e-mail, hours, registration, photo titles
        "address, .map-card__title, .contact-lines, .contact-chip, .info-card__text > p, .quick-facts div:last-child dd, .gallery-tile__title",
        // a student's own record and the notifications stored for them
        "dd:not(.is-missing), .portal-user__name, .menu__button-name, .profile-summary__name, .profile-summary__meta, .welcome-banner__meta",
        ".student-activity, .id-card__institute-name, .id-card__name, .id-card__return",
        // an admin's greeting by name, the applicants in the lists, the institute's footer
        ".portal-topbar__heading, .welcome-banner__line, .ops-activity__description, .applicant, .applicant__lines, .ops-footer .footer-list li:not(:has(a))",
        ".ops-cell-stack, .ops-contact-preview",
        // what admins and students wrote: photo titles, ticket subjects, backup file names, e-mail addresses
        ".ac-gallery-card__title, .ac-gallery-card__description",
        ".ac-gallery-list__image, .ac-ticket-subject-cell, .ac-mono, .ac-activity__title, .ac-hbars__label",
        // the institute's studies (issue 18): subject names and codes, exam, book and event titles in lists
        ".ops-strong, .student-progress .ui-progress__label, .student-list__title, .student-achievements, .studies-card__code, .studies-card__name",
        // the programmes catalogue (issue 17): names, summaries and universities; one programme's page has its name and summary in the hero
        ".programme-card__title, .programme-card .ui-card__body > p.text-muted, .ops-strong + .text-muted",
        ".page-hero:has(~ .container--narrow .programme-facts) :is(.page-hero__title, .page-hero__lead)",
        // the institute's FAQs, a student's stored notifications, and row buttons' spoken names (an action for a row's title)
        ".faq__question, .faq__answer, .faq__topic, .help-faq, .help-faqs__topic-title, .ac-faq-cell, .student-notice__title, .student-notice__message, .ops-row-buttons .sr-only",
      ].join(", "),
    ))
      el.remove();
    // The institute's name (settings) also appears inside translated sentences.
    const name = document.querySelector(".brand__name")?.textContent?.trim();
    return clone.innerText
      .split("\n")
      .filter((line) => !skip.has(line.trim()))
      .map((line) => (name ? line.replaceAll(name, "") : line))
      .join("\n");
  });
}

/**
 * The font faces Chromium drew the first Devanagari text inside `scope` with (DevTools'
 * CSS.getPlatformFontsForNode): proof that a font with the script rendered it, not boxes from a fallback.
 */
async function devanagariFaces(page: Page, scope: string): Promise<string[]> {
  const marked = await page.evaluate((scope) => {
    const walker = document.createTreeWalker(document.querySelector(scope) ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/[\u0900-\u097F]{2}/.test(node.textContent ?? "") && node.parentElement) {
        node.parentElement.dataset.devanagariProbe = "";
        return true;
      }
    }
    return false;
  }, scope);
  expect(marked).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "[data-devanagari-probe]" });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts.filter((font) => font.glyphCount > 0).map((font) => font.familyName);
  } finally {
    await page.evaluate(() => document.querySelector("[data-devanagari-probe]")?.removeAttribute("data-devanagari-probe"));
    await cdp.detach();
  }
}

/** No English interface string left on the screen (named `what` in a failure), and, on a phone, nothing wider than it. */
async function expectTranslated(page: Page, what: string, width?: number) {
  const text = await interfaceText(page);
  expect({ what, left: ENGLISH.filter((english) => text.includes(english)) }).toEqual({ what, left: [] });
  if (width) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * A page at 390 px that can wait until it is quiet: no request in flight for 200 ms (the harness's
 * `untilQuiet`; Playwright's "networkidle" waits 500 ms, which over the thirty-odd screens waited for so is a
 * large part of the run).
 */
async function quietPhonePage() {
  const opened = await newPage(browser, server, PHONE_390);
  await watchNetwork(opened.page);
  return { ...opened, quiet: () => untilQuiet(opened.page, 200) };
}

describe("languages", () => {
  for (const [lang, common, home] of [
    ["hi", hiCommon, hiHome],
    ["mr", mrCommon, mrHome],
  ] as const) {
    test(`the home page in ${lang} at 390 px: no English interface text, Devanagari rendered, nothing wider than the screen`, async () => {
      const { page, context, problems } = await newPage(browser, server, PHONE_390);
      await page.goto(`/?lang=${lang}`);
      await page.getByRole("heading", { level: 2, name: home["why.title"] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(home.description);

      const text = await interfaceText(page);
      const left = ENGLISH.filter((english) => text.includes(english));
      expect(left).toEqual([]);
      expect(text).toContain(home["hero.apply"]);
      expect(text).toContain(common["footer.quickLinks"]);

      // Devanagari is drawn with a font that has it (no boxes), and the layout holds at 390 px.
      expect(await devanagariFaces(page, "main")).toContainEqual(expect.stringMatching(/Devanagari/));
      // The eyebrow spaced out in English is set solid: spacing breaks the stroke joining the letters (walk 26).
      // (Chromium gives a letter-spacing of 0 as "normal"; in English it is 0.06em, "0.84px" here.)
      expect(await page.locator(".hero__eyebrow").evaluate((el) => getComputedStyle(el).letterSpacing)).toBe("normal");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole("button", { name: common.menu }).click();
      await page.getByRole("link", { name: common.applyNow }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, about, gallery, contact, admission, validation, status, auth, account, programmes, home, asked] of [
    [
      "hi",
      hiAbout,
      hiGallery,
      hiContact,
      hiAdmission,
      hiValidation,
      hiStatus,
      hiAuth,
      hiAccount,
      hiProgrammes,
      hiHome,
      // what a visitor asks through the contact form, in their language (theirs, like any user data)
      ["एमबीए का शुल्क कितना है?", "परीक्षा केंद्र कहाँ हैं?"],
    ],
    [
      "mr",
      mrAbout,
      mrGallery,
      mrContact,
      mrAdmission,
      mrValidation,
      mrStatus,
      mrAuth,
      mrAccount,
      mrProgrammes,
      mrHome,
      ["एमबीएचे शुल्क किती आहे?", "परीक्षा केंद्रे कुठे आहेत?"],
    ],
  ] as const) {
    test(`about, gallery, programmes, FAQs, contact (sent), the admission wizard, status and sign-in in ${lang} at 390 px: no English interface text, nothing wider than the screen; the server's answers in the language`, async () => {
      const { page, context, problems } = await newPage(browser, server, PHONE_390);
      const check = (what: string) => expectTranslated(page, what, 390);
      await page.goto(`/about?lang=${lang}`);
      await page.getByRole("heading", { level: 2, name: about["values.title"] }).waitFor();
      await check("about");

      await navigate(page, "/gallery");
      await page.getByRole("tablist", { name: gallery.categories }).waitFor();
      await page.locator(".gallery-tile").first().waitFor();
      await check("gallery");

      // The programmes catalogue and one programme (issue 17), the FAQs, and an unknown address (it goes home).
      await navigate(page, "/programmes");
      await page.getByRole("heading", { level: 2, name: programmes["level.ug"], exact: true }).waitFor();
      await check("programmes");
      await page.locator(".programme-card__title a").first().click();
      await page.getByRole("link", { name: programmes.ask }).waitFor();
      await check("a programme");
      await navigate(page, "/faq");
      await page.getByRole("heading", { level: 1, name: about["faq.title"] }).waitFor();
      await page.locator(".faq").first().or(page.getByText(about["faq.none"])).waitFor();
      await check("FAQs");
      await navigate(page, "/no-such-page");
      await page.getByRole("heading", { level: 2, name: home["why.title"] }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");
      await check("an unknown address (the home page)");

      // A fake clock from here on, to skip the form's 2-second sending state (time flows as usual otherwise).
      await page.clock.install();
      await navigate(page, "/contact");
      await page.getByRole("heading", { level: 2, name: contact["form.title"] }).waitFor();
      await page.getByRole("button", { name: contact.send }).click();
      // The shared schema's messages, in the language, beside the fields.
      await page.getByText(contact["check.name"]).waitFor();
      await check("contact");
      const form = page.locator("form.contact-form");
      await form.getByLabel(contact["field.name"]).fill("Asha Patil");
      await form.getByLabel(contact["field.email"]).fill(`asha.${lang}@example.com`);
      await form.getByLabel(contact["field.subject"]).selectOption("fees");
      await form.getByLabel(contact["field.message"]).fill(asked[0]);
      await form.getByRole("button", { name: contact.send }).click();
      await page.clock.fastForward(2000);
      await page.getByText(contact["sent.title"]).waitFor();
      await check("contact, sent");

      await navigate(page, "/admission");
      await page.getByRole("heading", { level: 2, name: admission["step.personal"] }).waitFor();
      await check("admission, step 1");
      for (const next of ["step.academic", "step.documents", "step.review"] as const) {
        await page.getByRole("button", { name: admission.next }).click();
        await page.getByRole("heading", { level: 2, name: admission[next] }).waitFor();
        await check(`admission, ${next}`);
      }
      await page.getByRole("button", { name: admission.submit }).click();
      // The spec's missing-fields alert and the first field's own message, in the language.
      const firstName = admission["field.firstName"];
      await page.getByText(admission["missing.fields"].replace("{fields}", `${firstName}, `), { exact: false }).waitFor();
      await page.getByText(validation.required.replace("{label}", firstName), { exact: true }).waitFor();
      await check("admission, after submit");

      await navigate(page, "/admission-status");
      await page.getByRole("heading", { level: 1, name: status.title }).waitFor();
      await page.getByRole("textbox", { name: status.email }).fill("nobody@example.com");
      await page.getByRole("button", { name: status.check }).click();
      await page.getByText(status.notFound).waitFor();
      await check("application status");

      await navigate(page, "/login");
      await page.getByRole("heading", { level: 1, name: auth.signIn }).waitFor();
      await check("sign in");
      // The language menu and the theme button share one row (walk 21: the button sat under the menu).
      const middles = await page
        .locator(".auth-page__tools > *")
        .evaluateAll((tools) => tools.map((tool) => tool.getBoundingClientRect()).map((box) => box.top + box.height / 2));
      expect(middles).toHaveLength(2);
      expect(Math.abs(middles[0]! - middles[1]!)).toBeLessThan(4);
      await page.getByRole("textbox", { name: auth["login.identifier"] }).fill("STU0001");
      await page.getByLabel(auth["login.password"], { exact: true }).fill("Wrong-pass1");
      await page.locator("form").getByRole("button", { name: auth.signIn }).click();
      // The server's own answer, in the language the page shows.
      await page.getByText(account.invalidCredentials).waitFor();
      await page.getByRole("link", { name: auth["login.forgot"] }).click();
      await page.getByRole("heading", { level: 1, name: auth["forgot.title"] }).waitFor();
      await check("forgot password");

      // The server's own answers to an API client with the page's language cookie: no application for the
      // address, and the contact form's thank-you.
      const lookup = await context.request.get("/api/admission/status/nobody%40example.com");
      expect({ status: lookup.status(), body: await lookup.json() }).toEqual({
        status: 404,
        body: { success: false, message: status.notFound },
      });
      const sent = await context.request.post("/api/public/contact", {
        data: { name: "Asha Patil", email: `asha.${lang}@example.com`, subject: "fees", message: asked[1], website: "" },
      });
      expect({ status: sent.status(), message: ((await sent.json()) as { data: { message: string } }).data.message }).toEqual({
        status: 201,
        message: contact.thanks,
      });
      // The browser logs the lookup's expected 404 (no such application); nothing else may go wrong.
      expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, auth, portal, student, studies, exams, library, notices, fees, verify] of [
    ["hi", hiAuth, hiPortal, hiStudent, hiStudies, hiExams, hiLibrary, hiNotices, hiFees, hiVerify],
    ["mr", mrAuth, mrPortal, mrStudent, mrStudies, mrExams, mrLibrary, mrNotices, mrFees, mrVerify],
  ] as const) {
    test(`the student portal in ${lang} at 390 px: dashboard, studies pages, notifications, profile (and its form), ID card (and its public check) and every settings tab`, async () => {
      const { page, context, problems, quiet } = await quietPhonePage();
      const check = (what: string) => expectTranslated(page, what, 390);
      await page.goto(`/login?lang=${lang}`);
      await page.getByRole("textbox", { name: auth["login.identifier"] }).fill(server.student.studentId);
      await page.getByLabel(auth["login.password"], { exact: true }).fill(server.student.password);
      await page.locator("form").getByRole("button", { name: auth.signIn }).click();
      await page.waitForURL("**/student/dashboard");
      await page.getByRole("heading", { level: 1, name: student["dashboard.title"] }).waitFor();
      await page.getByText(student["actions.title"]).waitFor();
      await check("dashboard");

      await navigate(page, "/student/profile");
      await page.getByRole("heading", { level: 1, name: student["profile.title"] }).waitFor();
      await page.getByText(student["profile.emergency"]).first().waitFor();
      await check("profile");
      await page.getByRole("button", { name: student["profile.edit"] }).click();
      await page.getByText(student["profile.managed"]).waitFor();
      await check("profile, editing");

      for (const [path, title] of [
        ["/student/courses", studies["my.title"]],
        ["/student/exams", exams["my.title"]],
        ["/student/library", library.title],
        ["/student/help", notices["help.title"]],
        ["/student/fees", fees.title],
      ] as const) {
        await navigate(page, path);
        await page.getByRole("heading", { level: 1, name: title }).waitFor();
        await quiet();
        await check(path);
      }

      await navigate(page, "/student/notifications");
      await page.getByRole("heading", { level: 1, name: student["notif.title"] }).waitFor();
      await page.locator(".student-notice").first().or(page.getByText(student["notif.none"])).waitFor();
      await check("notifications");

      // The card's own data holds the address its QR code leads to.
      const card = page.waitForResponse((r) => r.url().includes("/api/trpc/") && r.url().includes("idCard"));
      await page.goto("/student/id-card");
      await page.getByRole("heading", { level: 1, name: student["card.title"] }).waitFor();
      await page.getByText(student["card.scan"]).waitFor();
      await check("ID card");
      // The printed card draws its Devanagari with a font that has it too.
      await page.emulateMedia({ media: "print" });
      expect(await devanagariFaces(page, ".id-card")).toContainEqual(expect.stringMatching(/Devanagari/));
      await page.emulateMedia({ media: "screen" });
      const verifyPath = /\/verify\/[\w-]+/.exec(await (await card).text())?.[0];
      expect(verifyPath).toBeDefined();

      for (const tab of ["account", "security", "notifications", "preferences"] as const) {
        await navigate(page, `/student/settings?tab=${tab}`);
        await page.getByRole("tab", { name: student[`settings.tab.${tab}`], selected: true }).waitFor();
        await page.getByRole("tabpanel").locator(".ui-card").first().waitFor();
        await check(`settings, ${tab}`);
      }
      await page.getByRole("button", { name: portal.openMenu }).click();
      await page.getByRole("link", { name: portal["student.nav.help"] }).waitFor();
      await check("the portal's menu");

      // Whoever scans the card reads the public check (issue 14) in the language too.
      await navigate(page, verifyPath ?? "/verify/none");
      await page.getByRole("heading", { level: 1, name: verify.title }).waitFor();
      await page.getByText(verify.valid).waitFor();
      await check("ID card verification");
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  /** Signs the seeded admin in through the sign-in page in `lang` (the address's ?lang= is remembered). */
  async function adminInLanguage(page: Page, lang: "hi" | "mr", auth: typeof hiAuth) {
    await page.goto(`/login?lang=${lang}`);
    await page.getByRole("button", { name: auth["kind.admin"], exact: true }).click();
    await page.getByLabel(auth["login.email"], { exact: true }).fill(server.admin.email);
    await page.getByLabel(auth["login.password"], { exact: true }).fill(server.admin.password);
    await page.locator("form").getByRole("button", { name: auth.signIn }).click();
    await page.waitForURL("**/admin/dashboard");
  }

  for (const [lang, auth, admin, roster, programmes, config] of [
    ["hi", hiAuth, hiAdmin, hiRoster, hiProgrammes, hiConfig],
    ["mr", mrAuth, mrAdmin, mrRoster, mrProgrammes, mrConfig],
  ] as const) {
    test(`the admin area's frame, dashboard, admissions (and an application's print page), contacts, staff, programmes and site content in ${lang} at 390 px`, async () => {
      const { page, context, problems, quiet } = await quietPhonePage();
      const check = (what: string) => expectTranslated(page, what, 390);
      await adminInLanguage(page, lang, auth);
      await page.getByRole("heading", { level: 2, name: admin["centre.title"] }).waitFor();
      // Recent Activity's own link (the footer's quick links lead to the activity log too, by the same words in Hindi).
      await page.getByRole("region", { name: admin["recent.title"] }).getByRole("link", { name: admin["recent.viewAll"] }).waitFor();
      await check("dashboard");
      await navigate(page, "/admin/admissions");
      await page.getByRole("heading", { level: 1, name: admin["adm.title"] }).waitFor();
      // The list, or its empty state (this server may have no applications yet).
      await page.locator(".applicant").first().or(page.getByText(admin["adm.none.title"])).waitFor();
      await check("admissions");
      await navigate(page, "/admin/contacts");
      await page.getByRole("heading", { level: 1, name: admin["con.title"] }).waitFor();
      await page.locator(".ops-cell-strong").first().or(page.getByText(admin["con.none.title"])).waitFor();
      await check("contacts");

      // The printable application (issue 17).
      await navigate(page, `/admin/admissions/${applicationId}/print`);
      await page.getByRole("heading", { level: 1, name: admin["print.title"] }).waitFor();
      await page.getByRole("heading", { level: 2, name: admin["det.personal"] }).waitFor();
      await check("an application's print page");

      // The administrators' own pages (issue 17): staff, the programmes catalogue, and each tab of the site's content.
      await navigate(page, "/admin/staff");
      await page.getByRole("heading", { level: 1, name: roster["team.title"], exact: true }).waitFor();
      await page.locator(".ops-cell-strong").first().waitFor();
      await check("staff");
      await navigate(page, "/admin/programmes");
      await page.getByRole("heading", { level: 1, name: programmes.title, exact: true }).waitFor();
      await page.locator(".ops-strong").first().waitFor();
      await check("programmes");
      await navigate(page, "/admin/content");
      await page.getByRole("heading", { level: 1, name: config["content.title"] }).waitFor();
      await page.getByRole("button", { name: config["content.save"] }).waitFor();
      await check("site content: the institute");
      for (const [tab, name, caption] of [
        ["news", config["news.tab"], config["list.caption.news"]],
        ["faqs", config["faq.tab"], config["list.caption.faq"]],
      ] as const) {
        await page.getByRole("tab", { name }).click();
        await page.waitForURL(`**/admin/content?tab=${tab}`);
        await page.getByRole("table", { name: caption }).waitFor();
        await quiet();
        await check(`site content: ${tab}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [lang, auth, t] of [
    [
      "hi",
      hiAuth,
      {
        roster: hiRoster,
        alerts: hiAlerts,
        media: hiMedia,
        config: hiConfig,
        help: hiHelp,
        reports: hiReports,
        studies: hiStudies,
        exams: hiExams,
        library: hiLibrary,
        notices: hiNotices,
        fees: hiFees,
      },
    ],
    [
      "mr",
      mrAuth,
      {
        roster: mrRoster,
        alerts: mrAlerts,
        media: mrMedia,
        config: mrConfig,
        help: mrHelp,
        reports: mrReports,
        studies: mrStudies,
        exams: mrExams,
        library: mrLibrary,
        notices: mrNotices,
        fees: mrFees,
      },
    ],
  ] as const) {
    test(`the rest of the admin area in ${lang} at 390 px: students, notifications, gallery, every settings section, help, analytics, activity, the studies and the fee screens`, async () => {
      const { page, context, problems, quiet } = await quietPhonePage();
      const check = (what: string) => expectTranslated(page, what, 390);
      const heading = (name: string, level = 1) => page.getByRole("heading", { level, name, exact: true }).waitFor();
      await adminInLanguage(page, lang, auth);

      await navigate(page, "/admin/students");
      await heading(t.roster.title);
      await page.locator(".ops-cell-strong").first().or(page.getByText(t.roster["none.title"])).waitFor();
      await check("students");
      await page.getByRole("button", { name: t.roster.add }).first().click();
      await page.getByRole("dialog", { name: t.roster.add }).waitFor();
      await check("add student");
      await page.keyboard.press("Escape");

      await navigate(page, "/admin/notifications");
      await heading(t.alerts.title);
      await page.locator(".ops-notice-item").first().or(page.getByText(t.alerts["none.title"])).waitFor();
      await check("notifications");

      await navigate(page, "/admin/gallery");
      await heading(t.media.title);
      await page.locator(".ac-gallery-card").first().or(page.getByText(t.media["empty.title"])).waitFor();
      await check("gallery");
      await page.getByRole("button", { name: t.media.upload }).first().click();
      await page.getByRole("dialog", { name: t.media.upload }).waitFor();
      await check("upload dialog");
      await page.keyboard.press("Escape");

      for (const section of ["profile", "general", "security", "notifications", "system"] as const) {
        await navigate(page, `/admin/settings?section=${section}`);
        await heading(t.config[`section.${section}`], 2);
        // Something only the loaded section shows.
        const shown = {
          profile: t.config["photo.label"],
          general: t.config["general.siteName.hint"],
          security: t.config["security.rules"],
          notifications: t.config["recent.title"],
          system: t.config["backups.note"],
        }[section];
        await page.locator(".ac-settings__panel").getByText(shown, { exact: true }).waitFor();
        if (section === "system") await page.getByRole("table", { name: t.config["backups.caption"] }).waitFor();
        await check(`settings: ${section}`);
      }

      await navigate(page, "/admin/help");
      await heading(t.help.title);
      await page.getByRole("table", { name: t.help.caption }).waitFor();
      await check("help: tickets");
      for (const tab of ["faqs", "analytics"] as const) {
        await page.getByRole("tab", { name: t.help[`tab.${tab}`] }).click();
        await page.waitForURL(`**/admin/help?tab=${tab}`);
        await check(`help: ${tab}`);
      }

      await navigate(page, "/admin/analytics");
      await heading(t.reports["an.title"]);
      await page.getByRole("region", { name: t.reports["an.admissionsTrend"] }).getByRole("table").waitFor({ state: "attached" });
      await check("analytics");
      // Thirteen weeks: each week's label ("14 सित॰ – 20 सित॰") stands whole beside its bar, on two lines where
      // it must (walk 27b: cut to "14 सित॰ – 2…" at 390 px).
      await navigate(page, "/admin/analytics?range=90d");
      await page.locator(".ac-chart__item").nth(12).waitFor();
      const cut = await page.$$eval(".ac-chart__label", (labels) =>
        labels
          .filter((label) => {
            const box = label.getBoundingClientRect();
            const parts = [...label.children].map((part) => part.getBoundingClientRect());
            return label.scrollWidth > label.clientWidth || parts.some((part) => part.right > box.right + 0.5);
          })
          .map((label) => label.textContent),
      );
      expect(cut).toEqual([]);

      await navigate(page, "/admin/activity");
      await heading(t.reports["log.title"]);
      await page.getByRole("table", { name: t.reports["log.caption"] }).locator("tbody tr").first().waitFor();
      await check("activity log");

      // The studies screens (issue 18), with their lists loaded.
      for (const [path, title] of [
        ["/admin/courses", t.studies["admin.title"]],
        ["/admin/library", t.library["admin.title"]],
        ["/admin/exams", t.exams["admin.title"]],
        ["/admin/notices", t.notices.title],
      ] as const) {
        await navigate(page, path);
        await heading(title);
        await quiet();
        await check(path);
      }
      // The fee screens (issue 19), every tab.
      for (const tab of ["confirm", "record", "receipts", "dues", "collections", "plans", "concessions", "settings"] as const) {
        await navigate(page, `/admin/fees?tab=${tab}`);
        await heading(t.fees.title);
        await quiet();
        await check(`/admin/fees?tab=${tab}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test("the switch changes the page at once, is remembered across a reload, and the server's shell follows it", async () => {
    const { page, context, problems } = await newPage(browser, server);
    await page.goto("/");
    await page.getByRole("heading", { level: 2, name: enHome["why.title"] }).waitFor();
    // The English check finds English where it is (so its silence in Hindi and Marathi means something).
    const english = await interfaceText(page);
    expect(ENGLISH.filter((text) => english.includes(text)).length).toBeGreaterThan(20);
    await page.getByRole("combobox", { name: enCommon.language }).selectOption("mr");
    await page.getByRole("heading", { level: 2, name: mrHome["why.title"] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("mr");

    await page.reload();
    await page.getByRole("heading", { level: 2, name: mrHome["why.title"] }).waitFor();
    // The shell came from the server in Marathi already (the cookie), before any script ran.
    const shell = await (await context.request.get("/about")).text();
    expect(shell).toContain('<html lang="mr"');
    expect(shell).toContain('hreflang="hi"');

    await page.getByRole("combobox", { name: mrCommon.language }).selectOption("en");
    await page.getByRole("heading", { level: 2, name: enHome["why.title"] }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
