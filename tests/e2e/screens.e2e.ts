/**
 * Every screen of both portals and the public site, with realistic data (issue 14.6, 14.7):
 * - axe-core finds no serious or critical WCAG 2.1 A/AA problem on any screen, in light and dark mode, and
 *   on the public site, the student portal and the admin area in Hindi and Marathi too;
 * - at 1280 and 1024 px every admin table fits: no sideways scrolling, no box scrolling inside the page,
 *   every row action inside the table and the window.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { jpegBytes, pdfBytes } from "../../src/server/test-files.ts";
import hiAuth from "../../src/shared/i18n/hi/auth.json";
import mrAuth from "../../src/shared/i18n/mr/auth.json";
import {
  type AxeFinding,
  axeFindings,
  contrastOverBackground,
  DESKTOP,
  keepShot,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  settle,
  signIn,
  startServer,
  visit,
} from "./harness.ts";

let server: RunningServer;
/** Each test walks many screens; beside another group of browser tests on 2 cores one can take 2 minutes. */
const HEAVY_MS = 240_000;
let browser: Browser;

async function api(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { success: boolean; data: any; message?: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Long Indian names and addresses, the kind that break tables: several students, applications, inquiries, tickets. */
async function seedRealisticData() {
  const admin = await api("POST", "/api/auth/admin/login", { email: server.admin.email, password: server.admin.password });
  const { standards } = await api("GET", "/api/admin/students/standards", undefined, admin.token);
  const people = [
    ["Lakshmi Venkataraman Subramaniam", "lakshmi.venkataraman.subramaniam@example.co.in"],
    ["Mohammed Abdul Rahman Siddiqui", "abdul.rahman.siddiqui@example.com"],
    ["Sai Krishna Chaitanya Reddy", "saikrishna.reddy@example.in"],
    ["Priyadarshini Gaikwad-Salunkhe", "priyadarshini.gs@example.org"],
  ] as const;
  for (const [i, [name, email]] of people.entries()) {
    await api(
      "POST",
      "/api/admin/students",
      {
        name,
        email,
        mobile: `98220${String(10000 + i)}`,
        standard: standards[i % standards.length],
        bloodGroup: "B+",
        dateOfBirth: "2002-06-15",
        address: "Flat 12, Shree Ganesh Apartments, Karve Nagar, Pune 411052",
        emergencyContact: { name: "Ramesh", relationship: "Father", phone: "9822012345", email: "" },
      },
      admin.token,
    );
    await api("POST", "/api/public/contact", {
      name,
      email,
      phone: "9876543210",
      subject: ["admission", "fees", "courses", "support"][i],
      message:
        "I would like to know whether the distance MBA programme offers weekend contact sessions in Pune, and what the fee instalments are.",
    });
    const fd = new FormData();
    const [first, ...rest] = name.split(" ");
    const fields = {
      firstName: first!,
      lastName: rest.join(" "),
      dateOfBirth: "2001-04-12",
      gender: i % 2 ? "Male" : "Female",
      bloodGroup: "O+",
      email: `applicant.${i}.${email}`,
      phone: "9876501234",
      address: "14 Mahatma Gandhi Road, near the old bus stand",
      city: "Chhatrapati Sambhajinagar",
      state: "Maharashtra",
      pincode: "431001",
      course: "Commerce",
    };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append("photo", new File([await jpegBytes()], "me.jpg", { type: "image/jpeg" }));
    fd.append("marksheet", new File([pdfBytes()], "marks.pdf", { type: "application/pdf" }));
    const submitted = await fetch(`${server.url}/api/admission/submit`, { method: "POST", body: fd });
    if (submitted.status !== 201) throw new Error(`application ${i}: ${submitted.status} ${await submitted.text()}`);
  }
  const student = await api("POST", "/api/auth/student/login", {
    email: "",
    studentId: server.student.studentId,
    password: server.student.password,
  });
  for (const subject of [
    "Cannot download the hall ticket for the December examination",
    "Fee receipt for the second instalment is missing",
  ]) {
    await api(
      "POST",
      "/api/tickets",
      {
        subject,
        category: "technical",
        priority: "high",
        description: "The link on the portal gives an error every time I try it from my phone.",
      },
      student.token,
    );
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await seedRealisticData();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PUBLIC_SCREENS = [
  "/",
  "/about",
  "/programmes",
  "/programmes/commerce",
  "/gallery",
  "/contact",
  "/faq",
  "/admission",
  "/admission-status",
  "/login",
  "/forgot-password",
];
const STUDENT_SCREENS = [
  "dashboard",
  "profile",
  "id-card",
  "settings",
  "settings?tab=security",
  "courses",
  "library",
  "exams",
  "notifications",
  "help",
];
const ADMIN_SCREENS = [
  "dashboard",
  "admissions",
  "students",
  "contacts",
  "courses",
  "library",
  "exams",
  "gallery",
  "analytics",
  "notifications",
  "help",
  "settings",
  "settings?section=security",
  "settings?section=notifications",
  "settings?section=system",
  "activity",
  "staff",
  "programmes",
  "content",
  "content?tab=news",
  "content?tab=faqs",
];

describe("text over the public heroes' gradients (thirteenth walk)", () => {
  test(
    "each hero's saffron eyebrow keeps 4.5:1 against every pixel behind it, on a phone and a laptop, light and dark",
    async () => {
      const worst: Record<string, number> = {};
      for (const viewport of [PHONE, DESKTOP]) {
        const { page, context, problems } = await newPage(browser, server, viewport);
        await page.emulateMedia({ colorScheme: "light" });
        for (const url of ["/", "/about", "/programmes/commerce", "/gallery", "/contact"]) {
          await visit(page, url);
          for (const scheme of ["light", "dark"] as const) {
            await switchScheme(page, scheme);
            const ratio = await contrastOverBackground(page, ".hero__eyebrow, .page-hero__eyebrow");
            if (ratio < 4.5) worst[`${url} ${viewport.width}px ${scheme}`] = Math.round(ratio * 100) / 100;
          }
          await switchScheme(page, "light");
        }
        expect(problems).toEqual([]);
        await context.close();
      }
      expect(worst).toEqual({});
    },
    HEAVY_MS,
  );
});

describe("axe on every screen (issue 14.7)", () => {
  test(
    "the public site and sign-in screens, at phone size",
    async () => {
      const { page, context, problems } = await newPage(browser, server, PHONE);
      const found: Record<string, AxeFinding[]> = {};
      for (const url of PUBLIC_SCREENS) {
        await visit(page, url);
        const findings = await axeFindings(page);
        if (findings.length) found[url] = findings;
      }
      expect(found).toEqual({});
      expect(problems).toEqual([]);
      await context.close();
    },
    HEAVY_MS,
  );

  // Issue 16: the same checks with Hindi and Marathi text (longer words, another script, the language
  // switch's own labels): the public site and the student portal, on a phone.
  for (const lang of ["hi", "mr"] as const) {
    test(
      `the public site and the student portal in ${lang}, at phone size`,
      async () => {
        const { page, context, problems } = await newPage(browser, server, PHONE);
        const found: Record<string, AxeFinding[]> = {};
        const check = async (label: string) => {
          await settle(page);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const findings = await axeFindings(page);
          if (findings.length) found[label] = findings;
        };
        await page.goto(`/?lang=${lang}`);
        await check("/");
        for (const url of PUBLIC_SCREENS.slice(1)) {
          await visit(page, url);
          await check(url);
        }
        // Signed in through the form, in the language.
        const auth = lang === "hi" ? hiAuth : mrAuth;
        await visit(page, "/login");
        await page.getByRole("textbox", { name: auth["login.identifier"] }).fill(server.student.studentId);
        await page.getByLabel(auth["login.password"], { exact: true }).fill(server.student.password);
        await page.locator("form").getByRole("button", { name: auth.signIn }).click();
        await page.waitForURL("**/student/dashboard");
        for (const screen of ["dashboard", "profile", "id-card", "settings?tab=security"]) {
          await visit(page, `/student/${screen}`);
          await check(`student/${screen}`);
        }
        expect(found).toEqual({});
        expect(problems).toEqual([]);
        await context.close();
      },
      HEAVY_MS,
    );
  }

  // The admin area in Hindi and Marathi: one screen of each kind (list, grid, form, tabs, charts, log), each
  // kind in one of the two languages (the language journeys walk every screen in both).
  const ADMIN_IN_LANGUAGE = { hi: ["students", "notifications", "settings", "analytics"], mr: ["gallery", "help", "activity"] };
  for (const lang of ["hi", "mr"] as const) {
    test(
      `the admin area in ${lang}`,
      async () => {
        const { page, context, problems } = await newPage(browser, server, DESKTOP);
        await signIn(page, server, "admin");
        const found: Record<string, AxeFinding[]> = {};
        for (const [i, screen] of ADMIN_IN_LANGUAGE[lang].entries()) {
          // The first address chooses the language (remembered for the rest), as the page loads.
          if (i === 0) {
            await page.goto(`/admin/${screen}?lang=${lang}`);
            await settle(page);
          } else await visit(page, `/admin/${screen}`);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const findings = await axeFindings(page);
          if (findings.length) found[`admin/${screen}`] = findings;
        }
        expect(found).toEqual({});
        expect(problems).toEqual([]);
        await context.close();
      },
      HEAVY_MS,
    );
  }

  // Light mode: every screen. Dark mode changes only colours, so it is checked on a screen of each kind (a
  // dashboard, a form, a list, the settings, the dialogs) on the same load, without doubling the suite's time.
  const DARK_STUDENT = ["dashboard", "profile", "settings", "help"];
  const DARK_ADMIN = ["dashboard", "admissions", "students", "analytics", "settings", "activity"];

  test(
    "every student portal screen, light, and a screen of each kind dark",
    async () => {
      const { context, problems, found } = await walkInBothSchemes("student", STUDENT_SCREENS, DARK_STUDENT);
      expect(found).toEqual({});
      expect(problems).toEqual([]);
      await context.close();
    },
    HEAVY_MS,
  );

  test(
    "every admin screen and its main dialogs, light, and a screen of each kind and the dialogs dark",
    async () => {
      const { page, context, problems, found } = await walkInBothSchemes("admin", ADMIN_SCREENS, DARK_ADMIN);
      // The dialogs people work in most.
      await visit(page, "/admin/students");
      await page.getByRole("button", { name: "View Lakshmi Venkataraman Subramaniam" }).click();
      await page.getByRole("dialog").waitFor();
      await inBothSchemes(page, found, "students: details dialog", true);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Add Student" }).click();
      await page.getByRole("dialog").waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Add Student" }).click();
      await inBothSchemes(page, found, "students: add form with errors", true);
      await page.keyboard.press("Escape");
      await visit(page, "/admin/admissions");
      await page
        .getByRole("button", { name: /^View application of/ })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
      await settle(page);
      await inBothSchemes(page, found, "admissions: details dialog", true);
      expect(found).toEqual({});
      expect(problems).toEqual([]);
      await context.close();
    },
    HEAVY_MS,
  );
});

/**
 * Light or dark on the page as it stands, as the app itself switches (the `dark` class on <html>, which a
 * load sets from the device's preference), with the device's preference to match.
 */
async function switchScheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
}

/** axe on the page in light mode, then (when asked) in dark mode too; back to light after. */
async function inBothSchemes(page: Page, found: Record<string, AxeFinding[]>, label: string, dark: boolean) {
  const light = await axeFindings(page);
  if (light.length) found[label] = light;
  if (!dark) return;
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();
  await switchScheme(page, "dark");
  // The switch really took: were the app to theme some other way, this check would fail, not pass unseen.
  expect(await background()).not.toBe(lightBackground);
  const inDark = await axeFindings(page);
  if (inDark.length) found[`${label} (dark)`] = inDark;
  await switchScheme(page, "light");
}

/** Signed in as `role` on a laptop, each of its screens checked in light mode, and those in `dark` in dark mode too. */
async function walkInBothSchemes(role: "student" | "admin", screens: string[], dark: string[]) {
  const opened = await newPage(browser, server, DESKTOP);
  await opened.page.emulateMedia({ colorScheme: "light" });
  await signIn(opened.page, server, role);
  const found: Record<string, AxeFinding[]> = {};
  for (const screen of screens) {
    await visit(opened.page, `/${role}/${screen}`);
    await inBothSchemes(opened.page, found, screen, dark.includes(screen));
  }
  return { ...opened, found };
}

/** Each table on the page: does it fit, and are its row actions in view? */
async function tableFit(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".ui-table-wrap")].map((wrap) => {
      const box = wrap.getBoundingClientRect();
      const actions = [...wrap.querySelectorAll<HTMLElement>(".ui-table__cell--actions button, .ui-table__cell--actions a")];
      const cutOff = actions.filter((a) => {
        const r = a.getBoundingClientRect();
        return r.right > box.right + 0.5 || r.right > window.innerWidth || r.left < box.left - 0.5;
      });
      return {
        rows: wrap.querySelectorAll("tbody tr").length,
        sideways: wrap.scrollWidth - wrap.clientWidth,
        innerScroll: wrap.scrollHeight - wrap.clientHeight,
        actions: actions.length,
        cutOff: cutOff.map((a) => a.getAttribute("aria-label") ?? a.textContent),
      };
    }),
  );
}

describe("admin tables fit on laptop screens (issue 14.6)", () => {
  test(
    "at 1280 and 1024 px: no sideways scrolling, no inner scroll box, every action in view; at 768 px a table that must scroll sideways can be scrolled with the keyboard, its row actions still in view",
    async () => {
      const { page, context, problems } = await newPage(browser, server, { width: 1280, height: 800 });
      await signIn(page, server, "admin");
      const report: Record<string, unknown> = {};
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        // The sidebar's first state follows the screen width when nobody chose one, as the page loads.
        await page.evaluate(() => localStorage.removeItem("sidebar"));
        for (const [i, screen] of ["admissions", "students", "contacts", "help", "activity", "notifications"].entries()) {
          if (i === 0) {
            await page.goto(`/admin/${screen}`);
            await settle(page);
          } else await visit(page, `/admin/${screen}`);
          const tables = await tableFit(page);
          await keepShot(page, `screens-${screen}-${width}.png`);
          for (const t of tables) {
            if (t.sideways > 1 || t.innerScroll > 1 || t.cutOff.length > 0) report[`${screen} at ${width}`] = tables;
          }
          if (screen !== "notifications") expect([screen, tables.length > 0 && tables[0]!.rows >= 2]).toEqual([screen, true]);
        }
      }
      expect(report).toEqual({});

      await page.setViewportSize({ width: 768, height: 900 });
      const tablet: Record<string, unknown> = {};
      for (const [i, screen] of ["admissions", "students", "contacts", "help", "activity"].entries()) {
        if (i === 0) {
          await page.goto(`/admin/${screen}`);
          await settle(page);
        } else await visit(page, `/admin/${screen}`);
        const wraps = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>(".ui-table-wrap")].map((w) => ({
            scrolls: w.scrollWidth > w.clientWidth + 1,
            focusable: w.tabIndex === 0 && w.getAttribute("role") === "region" && !!w.getAttribute("aria-label"),
          })),
        );
        await keepShot(page, `screens-${screen}-768.png`);
        const findings = await axeFindings(page);
        // The row actions stay at the box's right edge while the other cells scroll under them.
        const cutOff = (await tableFit(page)).flatMap((t) => t.cutOff);
        if (findings.length || cutOff.length || wraps.some((w) => w.scrolls && !w.focusable)) tablet[screen] = { wraps, findings, cutOff };
      }
      expect(tablet).toEqual({});
      expect(problems).toEqual([]);
      await context.close();
    },
    HEAVY_MS,
  );
});
