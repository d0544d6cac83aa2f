/**
 * Issue 6's journeys: the demo student edits the profile and uploads a photo (seen in the sidebar at
 * once), prints the ID card (only the card, at 85.6 × 54 mm), a guest checks the card through its
 * verification address, the password change, and "Logout All" ending another browser's session.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import {
  axeFindings,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  type RunningServer,
  settle,
  signIn as signInAs,
  startServer,
  visit,
} from "./harness.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NEW_PASSWORD = "Kothrud-Pune-2026x";

async function signIn(page: Page, password = server.student.password) {
  await page.goto("/login");
  await page.getByLabel("Email or Student ID").fill(server.student.studentId);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/student/dashboard");
}

/** A field by the start of its label (required ones end with " *"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

/**
 * The ID card page in print: only the card, each side on an 85.6 × 54 mm page (the screenshot is kept in the
 * temporary folder under `shotName`); the page is back to the screen after.
 */
async function expectPrintsCardAlone(page: Page, shotName: string) {
  await page.waitForFunction(() => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>(".id-card img")];
    return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
  });
  await page.emulateMedia({ media: "print" });
  const shot = await page.screenshot({ path: path.join(tmpdir(), shotName), fullPage: true });
  expect(shot.length).toBeGreaterThan(1000);
  const printed = await page.evaluate(() => {
    const shown = (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) return "missing";
      const box = el.getBoundingClientRect();
      return getComputedStyle(el).display !== "none" && box.width > 0 && box.height > 0 ? "visible" : "hidden";
    };
    const frames = [...document.querySelectorAll(".id-card-frame")].map((f) => {
      const box = f.getBoundingClientRect();
      return [Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10];
    });
    return {
      sidebar: shown(".portal-sidebar"),
      topbar: shown(".portal-topbar"),
      heading: shown(".id-card-page h1"),
      printButton: shown(".id-card-page .page-header button"),
      notes: shown(".id-card-notes"),
      front: shown(".id-card--front"),
      back: shown(".id-card--back"),
      qr: shown(".id-card__qr img"),
      frames,
      // everything with a box on the page lies inside the card's sheet
      outside: [...document.body.querySelectorAll("*")].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !el.closest(".id-card-sheet") && !el.querySelector(".id-card-sheet");
      }).length,
    };
  });
  // 85.6 × 54 mm at 96 px per inch
  const mm = 96 / 25.4;
  expect(printed).toMatchObject({ sidebar: "hidden", topbar: "hidden", heading: "hidden", printButton: "hidden", notes: "hidden" });
  expect(printed).toMatchObject({ front: "visible", back: "visible", qr: "visible", outside: 0 });
  expect(printed.frames).toHaveLength(2);
  for (const [w, h] of printed.frames) {
    expect(Math.abs(w! - 85.6 * mm)).toBeLessThan(1);
    expect(Math.abs(h! - 54 * mm)).toBeLessThan(1);
  }
  // The PDF has exactly two pages of 85.6 × 54 mm (242.6 × 153.1 pt).
  const pdf = new TextDecoder("latin1").decode(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  const pages = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(pages).toHaveLength(2);
  for (const [w, h] of pages) {
    expect(Math.abs(w! - (85.6 / 25.4) * 72)).toBeLessThan(1);
    expect(Math.abs(h! - (54 / 25.4) * 72)).toBeLessThan(1);
  }
  await page.emulateMedia({ media: "screen" });
}

describe("student portal journeys", () => {
  test("the dashboard shows real figures and honest empty states; no page scrolls sideways on a phone", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await signIn(page);
    await page.getByRole("group", { name: "Profile complete" }).waitFor();
    // The demo student's first-year subjects (issue 18), nothing ticked yet; no exam or loan: empty states.
    await page
      .getByRole("region", { name: "Course progress" })
      .getByRole("progressbar", { name: "BBA-101 Principles of Management" })
      .waitFor();
    await page.getByText("No exams scheduled").waitFor();
    await page.getByText("No books on loan").waitFor();
    for (const path of ["/student/dashboard", "/student/profile", "/student/id-card", "/student/settings?tab=security"]) {
      await visit(page, path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      // The scroll width never exceeds the window (scrollbar-gutter may leave it a little narrower).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect([path, overflow > 0]).toEqual([path, false]);
    }
    // And at 320 px, WCAG's reflow width: the top bar's menu and four actions fit (twelfth walk: 1 px over).
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/student/dashboard");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    // A phone's browser widens the page to fit what sticks out (innerWidth 321): measure the bar's last button.
    const [inner, right] = await page.evaluate(() => [
      window.innerWidth,
      document.querySelector(".portal-topbar__actions")!.getBoundingClientRect().right,
    ]);
    expect([inner, right <= 320]).toEqual([320, true]);
    // 1280 × 800 at 400 % (320 × 200): the bar scrolls away with the page instead of keeping a third of it (thirteenth walk).
    await page.setViewportSize({ width: 320, height: 200 });
    await page.evaluate(() => window.scrollTo(0, 400));
    const barBottom = await page.evaluate(() => document.querySelector(".portal-topbar")!.getBoundingClientRect().bottom);
    expect(barBottom <= 0).toBe(true);
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 400));
    expect(await page.evaluate(() => document.querySelector(".portal-topbar")!.getBoundingClientRect().top)).toBe(0);
    // Settings opened on a later tab: the tab row (wider than a phone) shows the selected tab, not the first ones.
    await page.goto("/student/settings?tab=preferences");
    const tabs = page.getByRole("tablist");
    const chosen = tabs.getByRole("tab", { name: "Preferences", selected: true });
    await chosen.waitFor();
    const [row, tab] = await Promise.all([tabs.boundingBox(), chosen.boundingBox()]);
    expect(tab!.x >= row!.x && tab!.x + tab!.width <= row!.x + row!.width + 1).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the sticky top bar never covers what the keyboard reaches: Shift+Tab back to a control above the screen, a page opened from a link (tenth walk); a field Tab reaches at the bottom edge shows whole (walk 25)", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await signIn(page);
    await page.getByRole("link", { name: /^ID Card/ }).waitFor();
    // The control just above the screen's top edge, the focus on the one after it: Shift+Tab brings it back.
    await page.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>("main a[href], main button")];
      const card = controls.find((c) => /^ID Card/.test(c.textContent ?? ""))!;
      document.documentElement.style.scrollBehavior = "auto";
      window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY + 20);
      controls[controls.indexOf(card) + 1]!.focus({ preventScroll: true });
    });
    await page.keyboard.press("Shift+Tab");
    const place = async () =>
      page.evaluate(() => ({
        top: Math.round(document.activeElement!.getBoundingClientRect().top),
        bar: Math.round(document.querySelector(".portal-topbar")!.getBoundingClientRect().bottom),
      }));
    // The browser's scroll to it may be smooth: it has settled once two readings a moment apart agree.
    const scrolled = () =>
      page.waitForFunction(
        () =>
          new Promise((resolve) => {
            const top = document.activeElement!.getBoundingClientRect().top;
            setTimeout(() => resolve(document.activeElement!.getBoundingClientRect().top === top), 150);
          }),
      );
    await scrolled();
    const card = await place();
    expect(card.top).toBeGreaterThanOrEqual(card.bar);
    // A subject opened from the Courses page opens at its top: its back link is below the bar.
    await page.goto("/student/courses");
    await page.locator("main a[href^='/student/courses/']").first().press("Enter");
    await page.getByRole("link", { name: /All my courses/ }).waitFor();
    await page.keyboard.press("Tab");
    const back = await place();
    expect(back.top).toBeGreaterThanOrEqual(back.bar);

    // At the bottom edge too: a field Tab reaches shows whole, with its focus ring (walk 25: Chromium brought a
    // search box up 13 px, its bottom edge and ring still 12 px below the screen).
    // A short window (a phone with its keyboard up), so the field can be scrolled to just below its edge.
    await page.setViewportSize({ width: PHONE.width, height: 480 });
    await page.goto("/student/library");
    const search = page.locator("#library-catalogue-search");
    await search.waitFor();
    // The page's lists loaded, so nothing above the field grows after it is placed (a loaded CI machine: 233 px).
    await settle(page);
    await page.evaluate(() => {
      const field = document.getElementById("library-catalogue-search")!;
      document.documentElement.style.scrollBehavior = "auto";
      window.scrollTo(0, window.scrollY + field.getBoundingClientRect().bottom - window.innerHeight - 12);
      // The control before it: the account menu's button, the top bar's last (it stays on screen).
      document.querySelector<HTMLElement>(".portal-topbar .menu__button")!.focus({ preventScroll: true });
    });
    expect(await search.evaluate((field) => Math.round(field.getBoundingClientRect().bottom - window.innerHeight))).toBe(12);
    await page.keyboard.press("Tab");
    await expect(search.evaluate((field) => document.activeElement === field)).resolves.toBe(true);
    await scrolled();
    // 3 px: the focus ring outside the box.
    expect(await search.evaluate((field) => window.innerHeight - field.getBoundingClientRect().bottom)).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the student edits the profile and uploads a photo, which the sidebar shows at once", async () => {
    const { page, context, problems } = await newPage(browser, server, DESKTOP);
    await signIn(page);
    await page.goto("/student/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await field(page, "City").fill("Nashik");
    await field(page, "Relationship").selectOption("Mother");
    await field(page, "Contact name").fill("Sunita Sharma");
    await field(page, "Contact phone").fill("9822098220");
    // Offline (walk 33b): the failure is said beside Save, where the tap was, and stays; what was typed stays.
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save Changes" }).click();
    const besideSave = page.locator(".profile-actions").locator("xpath=preceding-sibling::*[1]");
    await besideSave.getByText("We could not reach the server").waitFor();
    expect(await besideSave.getAttribute("role")).toBe("alert");
    await page.waitForTimeout(5500);
    await besideSave.getByText("We could not reach the server").waitFor();
    expect(await field(page, "City").inputValue()).toBe("Nashik");
    await context.setOffline(false);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Profile updated successfully" }).waitFor();
    await page.getByRole("button", { name: "Edit Profile" }).waitFor();
    // Stored on the server: a reload shows the same.
    await page.reload();
    const emergency = page.getByRole("region", { name: "Emergency contact" });
    await emergency.getByText("Sunita Sharma").waitFor();
    await emergency.getByText("Mother").waitFor();
    await page
      .getByRole("region", { name: "Contact and address" })
      .getByText(/Nashik/)
      .waitFor();

    const sidebar = page.getByRole("complementary", { name: "Student portal" });
    expect(await sidebar.locator("img.avatar").count()).toBe(0);
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 180, g: 110, b: 60 } } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Profile photo file").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await page.getByRole("status").filter({ hasText: "Photo updated successfully" }).waitFor();
    const avatar = sidebar.locator("img.avatar");
    await avatar.waitFor();
    expect(await avatar.getAttribute("src")).toMatch(/^\/api\/files\/photos\/[A-Za-z0-9_-]+\.webp$/);
    await page.waitForFunction(() => (document.querySelector("aside img.avatar") as HTMLImageElement | null)?.naturalWidth! > 0);
    // (the offline save's refused request is the browser's only complaint)
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
    await context.close();
  });

  test("on a phone, a link in the drawer over unsaved work asks; the drawer closes, and Stay brings the work and the menu button back (stop 47)", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    await signIn(page);
    await page.goto("/student/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await field(page, "City").fill("Satara");
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    await page.getByRole("navigation", { name: "Student portal" }).getByRole("link", { name: "Fees" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.waitFor();
    await page.waitForFunction(() => document.querySelector("[aria-label='Open menu']")?.getAttribute("aria-expanded") === "false");
    // Stay at once, while the drawer may still be sliding shut with its links able to take the focus.
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await leave.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/student/profile");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
    expect(await field(page, "City").inputValue()).toBe("Satara");
    // The page is no longer behind the drawer: its fields take a tap.
    await field(page, "City").fill("Satara East");
    // With reduced motion, opened by the keyboard: the focus goes to Close and Tab walks its links (walk 27a: the
    // reduced-motion rule gave every element a transition, visibility too, and the focus was lost to the page).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Close menu", undefined, { timeout: 2_000 });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("nav")?.getAttribute("aria-label"))).toBe("Student portal");
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Open menu");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the ID card prints only the card, each side on an 85.6 × 54 mm page; a guest verifies it through its address", async () => {
    const { page, context, problems } = await newPage(browser, server, DESKTOP);
    await signIn(page);
    await page.goto("/student/id-card");
    const qr = page.getByRole("img", { name: "QR code to verify this card" });
    await qr.waitFor();
    await page.waitForFunction(() => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>(".id-card img")];
      return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
    });
    await page.getByRole("article", { name: "ID card, front" }).getByText("Priya Sharma").waitFor();

    await expectPrintsCardAlone(page, "student-id-card-print.png");

    // The address in the QR code, from the card's own answer (the page's data).
    const verifyUrl = await page.evaluate(async () => {
      const res = await fetch("/api/student/id-card", { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
      return ((await res.json()) as { data: { verifyUrl: string } }).data.verifyUrl;
    });
    expect(verifyUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{40,}$/);
    expect(problems).toEqual([]);
    await context.close();

    const guest = await newPage(browser, server, PHONE);
    await guest.page.goto(new URL(verifyUrl).pathname);
    await guest.page.getByText("Valid student ID card").waitFor();
    await guest.page.getByText("Priya Sharma").waitFor();
    await guest.page.getByText(server.student.studentId, { exact: true }).waitFor();
    // The photo uploaded above, which the student allows by default.
    await guest.page.getByRole("img", { name: "Photo of Priya Sharma" }).waitFor();
    expect(await guest.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await guest.page.getByText(server.student.email).count()).toBe(0);
    expect(guest.problems).toEqual([]);
    await guest.context.close();
  });

  test("the office prints the student's own card from her record, whose city, state and PIN code it shows (walk 18)", async () => {
    const { page, context, problems } = await newPage(browser, server, DESKTOP);
    await signInAs(page, server, "admin");
    await page.goto("/admin/students");
    await page.getByRole("button", { name: "View Priya Sharma" }).click();
    const record = page.getByRole("dialog");
    // What the record holds (the profile journeys above may have changed it), as the office's record shows it.
    const stored = await page.evaluate(async () => {
      const res = await fetch("/api/admin/students?search=Priya", {
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
      });
      const { students } = (await res.json()).data as { students: { id: number; city: string; state: string; pincode: string }[] };
      return students[0]!;
    });
    const fact = (label: string) => record.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
    expect([await fact("City").textContent(), await fact("State").textContent(), await fact("PIN code").textContent()]).toEqual([
      stored.city,
      stored.state,
      stored.pincode,
    ]);
    await record.getByRole("link", { name: "ID card" }).click();
    await page.waitForURL(`**/admin/students/${stored.id}/id-card`);
    await page.getByRole("heading", { name: "ID card of Priya Sharma" }).waitFor();
    await page.getByRole("article", { name: "ID card, front" }).getByText(server.student.studentId).waitFor();
    await page.getByRole("img", { name: "QR code to verify this card" }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await expectPrintsCardAlone(page, "office-id-card-print.png");
    // The very card the student prints: one verification address.
    const addresses = await page.evaluate(async (id) => {
      const auth = { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } };
      return ((await (await fetch(`/api/admin/students/${id}/id-card`, auth)).json()) as { data: { verifyUrl: string } }).data.verifyUrl;
    }, stored.id);
    expect(addresses).toMatch(/\/verify\/[A-Za-z0-9_-]{40,}$/);
    const student = await newPage(browser, server, PHONE);
    await signIn(student.page);
    const own = await student.page.evaluate(async () => {
      const res = await fetch("/api/student/id-card", { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
      return ((await res.json()) as { data: { verifyUrl: string } }).data.verifyUrl;
    });
    expect(own).toBe(addresses);
    await student.context.close();
    // On a phone the page fits its width.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("an institute whose academic year starts in July: the card is valid to 30 June, on the card and its verification (stop 53)", async () => {
    const { page, context, problems } = await newPage(browser, server, DESKTOP);
    await signInAs(page, server, "admin");
    const setMonth = async (month: string) => {
      await page.goto("/admin/settings?section=general");
      await page.getByLabel("Academic year starts in").selectOption({ label: month });
      await page.getByRole("button", { name: "Save Settings" }).click();
      await page.getByText("Settings saved successfully!").waitFor();
    };
    await setMonth("July");
    // The institute's today (India): from July the year ends next June, before it this June.
    const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date()).split("-").map(Number);
    const endYear = month! >= 7 ? year! + 1 : year!;
    const until = `30 Jun ${endYear}`;
    await page.goto("/admin/students");
    await page.getByRole("button", { name: "View Priya Sharma" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "ID card" }).click();
    await page.waitForURL("**/admin/students/*/id-card");
    const front = page.getByRole("article", { name: "ID card, front" });
    await front.getByText(until).waitFor();
    const verifyUrl = await page.evaluate(async (path) => {
      const auth = { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } };
      return ((await (await fetch(`/api${path}`, auth)).json()) as { data: { verifyUrl: string } }).data.verifyUrl;
    }, new URL(page.url()).pathname);
    const guest = await newPage(browser, server, PHONE);
    await guest.page.goto(new URL(verifyUrl).pathname);
    await guest.page.getByText("Valid student ID card").waitFor();
    // The verification page writes the day in full.
    await guest.page.getByText(`30 June ${endYear}`).waitFor();
    await guest.context.close();
    await setMonth("June");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a long name is set smaller on the ID card, so every field stays on it, on screen and in print", async () => {
    const { page, context, problems } = await newPage(browser, server, PHONE);
    let name = "";
    // The card's answer with a longer name (the forms allow 80 + 80 characters): the layout is what is tested.
    await page.route(/\/api\/trpc\/.*student\.idCard/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({
        response: res,
        body: (await res.text()).replaceAll('"name":"Priya Sharma"', `"name":${JSON.stringify(name)}`),
      });
    });
    await signIn(page);
    const names = [
      "Venkata Lakshmi Narasimha Satyanarayana Murthy Subrahmanyam", // 59: three lines at full size hid "Valid until"
      "Venkata Lakshmi Narasimha Satyanarayana Murthy Subrahmanyam Chakravarthy Iyer Ramanathan Krishnamurthy Balasubramanian",
      `${"Venkata Lakshmi Narasimha Satyanarayana Murthy Subrahmanyam Chakravarthy Iyer".padEnd(80, "a")} ${"Ramanathan Krishnamurthy Balasubramanian Sundararajan Gopalakrishnan Raghavan".padEnd(80, "n")}`,
      // Devanagari: its vowel signs above and below the letters are not clipped (the ninth walk's regression).
      "श्रीमती अनुराधा विश्वनाथ देशपांडे-कुलकर्णी पाटील जोशी गायकवाड़ सूर्यवंशी महाराष्ट्र विद्यापीठ",
      // Long words take more lines than the length says: set smaller again until the fields stay on (second pass).
      "Venkataramanaiah Subrahmanyam Lakshminarasimha Chakravarthy Bhattacharya Parthasarathy Ramaswamy Iyengar Krishnamurthy Sundar",
    ];
    for (const media of ["screen", "print"] as const) {
      await page.emulateMedia({ media });
      for (name of names) {
        await page.goto("/student/id-card");
        const front = page.getByRole("article", { name: "ID card, front" });
        await front.getByText(name.slice(0, 40)).waitFor();
        const fit = await page.evaluate(() => {
          const body = document.querySelector(".id-card--front .id-card__body")!.getBoundingClientRect();
          const facts = [...document.querySelectorAll(".id-card--front .id-card__fields > *")].map((f) => f.getBoundingClientRect());
          const nameBox = document.querySelector(".id-card--front .id-card__name")!;
          return {
            factsInside: facts.length === 4 && facts.every((f) => f.bottom <= body.bottom + 0.5 && f.height > 0),
            // Nothing clips the name (a clip cut Devanagari's vowel signs; only a name longer than the forms take
            // reaches the smallest size's line clamp).
            clips: getComputedStyle(nameBox).overflow !== "visible",
            nameFont: Number.parseFloat(getComputedStyle(nameBox).fontSize),
            cardFont: Number.parseFloat(getComputedStyle(document.querySelector(".id-card--front")!).fontSize),
          };
        });
        expect({ media, length: name.length, factsInside: fit.factsInside, clips: fit.clips }).toEqual({
          media,
          length: name.length,
          factsInside: true,
          clips: false,
        });
        // Never smaller than the card's own small print by much: still a name one can read.
        expect(fit.nameFont).toBeGreaterThan(fit.cardFont * 0.8);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a reply to the student's ticket rings the bell; the notifications page lists it and marks it read (issue 18, first step)", async () => {
    const login = async (route: string, body: unknown) =>
      (
        (await (
          await fetch(`${server.url}/api/auth/${route}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          })
        ).json()) as {
          data: { token: string };
        }
      ).data.token;
    const studentToken = await login("student/login", {
      email: "",
      studentId: server.student.studentId,
      password: server.student.password,
    });
    const adminToken = await login("admin/login", { email: server.admin.email, password: server.admin.password });
    const call = (token: string, url: string, body: unknown) =>
      fetch(`${server.url}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const created = await call(studentToken, "/api/tickets", {
      subject: "Exam centre change",
      category: "general",
      priority: "medium",
      description: "Can I write my exam in Nashik instead of Pune?",
    });
    const ticket = ((await created.json()) as { data: { ticket: { id: number } } }).data.ticket;
    expect(
      (await call(adminToken, `/api/tickets/${ticket.id}/responses`, { message: "Yes: we have moved you to the Nashik centre." })).status,
    ).toBe(201);

    const { page, context, problems } = await newPage(browser, server, PHONE);
    await signIn(page);
    const bell = page.getByRole("link", { name: /unread notification/ });
    await bell.click();
    await page.waitForURL("**/student/notifications");
    const list = page.getByRole("list", { name: "Your notifications" });
    const newest = list.getByRole("listitem").first();
    await newest.getByText("Unread").waitFor();
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await newest.getByText("Unread").waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Notifications", exact: true }).first().waitFor();
    expect(await page.getByRole("link", { name: /unread notification/ }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The reply leads to its ticket: "Open" shows the conversation.
    await newest.getByRole("link", { name: /^Open: Reply to TKT-/ }).click();
    await page.waitForURL(`**/student/help/${ticket.id}`);
    await page.getByText("Yes: we have moved you to the Nashik centre.").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a session ended mid-form keeps the page under 'Sign in again': what was typed is saved after signing in (decision 024)", async () => {
    const a = await newPage(browser, server, PHONE);
    await signIn(a.page);
    await a.page.goto("/student/profile");
    await a.page.getByRole("button", { name: "Edit Profile" }).click();
    await field(a.page, "City").fill("Aurangabad");
    await field(a.page, "Contact name").fill("Ramesh Sharma");

    // Meanwhile, on another device, "Logout All" ends this phone's session.
    const b = await newPage(browser, server, DESKTOP);
    await signIn(b.page);
    await b.page.goto("/student/settings?tab=security");
    await b.page.getByRole("button", { name: "Logout All" }).click();
    await b.page.getByRole("dialog", { name: "Logout All" }).getByRole("button", { name: "Yes, log out" }).click();
    // (the earlier journeys' sessions of this student end too)
    await b.page.getByText(/Signed out of \d+ other sessions?\./).waitFor();
    await b.context.close();

    // Saving meets the ended session: the page stays, covered (nothing of it shows), with a way back in.
    await a.page.getByRole("button", { name: "Save Changes" }).click();
    const dialog = a.page.getByRole("dialog", { name: "Sign in again" });
    await dialog.getByText(server.student.studentId).waitFor();
    expect(a.page.url()).toMatch(/\/student\/profile$/);
    const cover = await a.page.evaluate(() => {
      const el = document.querySelector("dialog.sign-in-again")!;
      // (scrollbar-gutter may leave the page a little narrower than the window: never wider)
      return { backdrop: getComputedStyle(el, "::backdrop").backgroundColor, fits: document.documentElement.scrollWidth <= innerWidth };
    });
    expect(cover).toEqual({ backdrop: "rgb(248, 250, 252)", fits: true });
    expect(await axeFindings(a.page)).toEqual([]);
    await a.page.keyboard.press("Escape");
    await dialog.waitFor();
    await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await dialog.getByText("Invalid credentials").waitFor();
    await dialog.getByLabel("Password", { exact: true }).fill(server.student.password);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await dialog.waitFor({ state: "detached" });
    await a.page.getByText("You are signed in again. Anything that did not save can be sent again now.").waitFor();

    // Everything typed is still there; sent again, it is stored.
    expect(await field(a.page, "City").inputValue()).toBe("Aurangabad");
    expect(await field(a.page, "Contact name").inputValue()).toBe("Ramesh Sharma");
    await a.page.getByRole("button", { name: "Save Changes" }).click();
    await a.page.getByRole("status").filter({ hasText: "Profile updated successfully" }).waitFor();
    await a.page.reload();
    await a.page.getByRole("region", { name: "Emergency contact" }).getByText("Ramesh Sharma").waitFor();
    expect(a.problems).toEqual([]);
    await a.context.close();
  });

  test("the password changes in Settings → Security and works at the next login; Logout All ends the other browser's session", async () => {
    const a = await newPage(browser, server, DESKTOP);
    const b = await newPage(browser, server, PHONE);
    await signIn(a.page);
    await signIn(b.page);

    await a.page.goto("/student/settings");
    await a.page.getByRole("tab", { name: "Security" }).click();
    await a.page.waitForURL("**/student/settings?tab=security");
    await field(a.page, "Current password").fill(server.student.password);
    await field(a.page, "New password").fill(NEW_PASSWORD);
    await field(a.page, "Confirm new password").fill(`${NEW_PASSWORD}!`);
    await a.page.getByRole("button", { name: "Update Password" }).click();
    await a.page.getByText("New passwords do not match").waitFor();
    await field(a.page, "Confirm new password").fill(NEW_PASSWORD);
    await a.page.getByRole("button", { name: "Update Password" }).click();
    await a.page.getByText("Password updated successfully").waitFor();
    // This browser stays signed in; the other one's session ended with the change.
    await a.page.reload();
    await a.page.getByRole("tab", { name: "Security", selected: true }).waitFor();
    await b.page.goto("/student/profile");
    await b.page.waitForURL(/\/login(\?|$)/);
    // The sign-in page says why (the stored session was rejected when the page opened).
    await b.page.getByText("Your session has expired. Please log in again.").waitFor();
    await b.context.close();

    // The new password signs in (a new browser: a second session again).
    const c = await newPage(browser, server, DESKTOP);
    await signIn(c.page, NEW_PASSWORD);

    await a.page.goto("/student/settings?tab=security");
    await a.page.getByRole("button", { name: "Logout All" }).click();
    const dialog = a.page.getByRole("dialog", { name: "Logout All" });
    await dialog.getByText("Are you sure you want to log out from all devices?").waitFor();
    await dialog.getByRole("button", { name: "Yes, log out" }).click();
    await a.page.getByText(/Signed out of 1 other session\./).waitFor();

    await c.page.goto("/student/id-card");
    await c.page.waitForURL(/\/login(\?|$)/);
    await a.page.goto("/student/dashboard");
    await a.page.getByText("Welcome back, Priya!").waitFor();
    expect(a.problems).toEqual([]);
    await a.context.close();
    await c.context.close();
  });
});
