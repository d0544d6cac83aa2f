/**
 * The office's accounts (issue 17) against the real server: an administrator invites a counsellor from the
 * Staff screen; the invitation e-mail's link sets her password on a phone; she signs in at the office form
 * and works in the admin area without the administrators' pages; an inquiry is assigned to her; she is
 * deactivated and her open session ends. The Staff screen and the staff member's screens are checked
 * with axe at 390 px and 1280 px.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { jpegBytes, pdfBytes } from "../../src/server/test-files.ts";
import enAccount from "../../src/shared/i18n/en/account.json";
import enAuth from "../../src/shared/i18n/en/auth.json";
import mrAccount from "../../src/shared/i18n/mr/account.json";
import mrAuth from "../../src/shared/i18n/mr/auth.json";
import mrMail from "../../src/shared/i18n/mr/mail.json";
import {
  type AxeFinding,
  axeFindings,
  DESKTOP,
  fromOutbox,
  launchBrowser,
  newPage,
  PHONE,
  PHONE_390,
  type RunningServer,
  settle,
  signIn,
  startServer,
  submitSignIn,
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

const COUNSELLOR = { name: "Meera Counsellor", email: "meera.counsellor@example.com", password: "Counsel2026Desk" };

async function axeAt(page: Page, label: string, found: Record<string, AxeFinding[]>) {
  await settle(page);
  const findings = await axeFindings(page);
  if (findings.length) found[label] = findings;
}

/** On a phone: the invitation's link, a password, the office sign-in (waits for the dashboard). */
/** The screens' words a new member of staff meets, in the language of her invitation (its link carries it). */
const wordsIn = (auth: typeof enAuth, account: typeof enAccount) => ({
  newPassword: auth["password.new"],
  confirm: auth["password.confirm"],
  submit: auth["first.submit"],
  set: account.passwordSet,
  admin: auth["kind.admin"],
  email: auth["login.email"],
  password: auth["login.password"],
  signIn: auth.signIn,
});
const EN = wordsIn(enAuth, enAccount);
const MR = wordsIn(mrAuth, mrAccount);

async function joinFromLink(link: string, person: { email: string; password: string }, words = EN) {
  const staff = await newPage(browser, server, PHONE_390);
  await staff.page.goto(new URL(link).pathname + new URL(link).search);
  await staff.page.getByLabel(new RegExp(`^${words.newPassword}`)).fill(person.password);
  await staff.page.getByLabel(new RegExp(`^${words.confirm}`)).fill(person.password);
  await staff.page.getByRole("button", { name: words.submit }).click();
  await staff.page.getByText(words.set).waitFor();
  await staff.page.goto("/login");
  await staff.page.getByRole("button", { name: words.admin, exact: true }).click();
  await staff.page.getByLabel(words.email, { exact: true }).fill(person.email);
  await staff.page.getByLabel(words.password, { exact: true }).fill(person.password);
  await staff.page.getByRole("button", { name: words.signIn }).click();
  await staff.page.waitForURL("**/admin/dashboard");
  return staff;
}

describe("staff accounts (issue 17)", () => {
  test("an administrator invites a counsellor, who sets her password from the e-mail and works without the administrators' pages", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Staff" }).click();
    await admin.page.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
    await axeAt(admin.page, "staff list 1280", found);

    const since = Date.now();
    await admin.page.getByRole("button", { name: "Invite staff" }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await dialog.getByText("Please enter the person's full name").waitFor();
    await axeAt(admin.page, "invite dialog with errors 1280", found);
    await dialog.getByLabel("Full name").fill(COUNSELLOR.name);
    await dialog.getByLabel("E-mail address").fill(COUNSELLOR.email);
    await dialog.getByRole("radio", { name: /Staff \(counsellor\)/ }).check();
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await admin.page.getByText(`Invitation sent to ${COUNSELLOR.email}.`).waitFor();
    const row = admin.page.getByRole("row").filter({ hasText: COUNSELLOR.email });
    await row.getByText("Invited").waitFor();

    const link = await fromOutbox(
      server,
      { to: COUNSELLOR.email, subject: /Set up your office account/, since },
      (text) => /https?:\/\/\S+\/first-login\?token=\S+/.exec(text)?.[0],
    );

    // On her phone: the link, a password, the office sign-in.
    const staff = await joinFromLink(link, COUNSELLOR);
    await axeAt(staff.page, "staff dashboard 390", found);

    const menu = staff.page.getByRole("button", { name: "Open menu" });
    await menu.click();
    const nav = staff.page.getByRole("navigation", { name: "Admin area" });
    const links = (await nav.getByRole("link").allTextContents()).map((s) => s.trim());
    expect(links).toEqual(expect.arrayContaining(["Admissions", "Students", "Contacts", "Help & Support"]));
    for (const hidden of ["Gallery", "Analytics", "Staff"]) expect(links).not.toContain(hidden);
    await staff.page.keyboard.press("Escape");

    // An administrators' address leads back to the dashboard; the server refuses their procedures too.
    await staff.page.goto("/admin/staff");
    await staff.page.waitForURL("**/admin/dashboard");
    const token = await staff.page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeString();
    const refused = await fetch(`${server.url}/api/trpc/staff.list`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);

    // Her own settings: profile and password, nothing of the institute's.
    await staff.page.goto("/admin/settings");
    await staff.page.getByRole("heading", { name: "Change password" }).waitFor();
    await axeAt(staff.page, "staff settings 390", found);
    expect(await staff.page.getByRole("link", { name: "System" }).count()).toBe(0);

    // Made administrator, then staff again, while her tab stays open (walk 15c): her portal follows the server.
    const changeRole = async (action: string, role: string) => {
      await admin.page.goto("/admin/staff");
      await settle(admin.page);
      await admin.page.getByRole("button", { name: `${action}: ${COUNSELLOR.name}` }).click();
      await admin.page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
      await admin.page.getByText(`${COUNSELLOR.name} is now: ${role}.`).waitFor();
    };
    await changeRole("Make administrator", "Administrator");
    // The tab coming back into view reads who she is now: the administrators' pages join her menu.
    await staff.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await staff.page.waitForFunction(() => JSON.parse(localStorage.getItem("user") ?? "{}").role === "admin");
    await menu.click();
    await nav.getByRole("link", { name: "Analytics" }).waitFor();
    await staff.page.keyboard.press("Escape");
    await changeRole("Make staff", "Staff (counsellor)");
    // An administrators' page opened from her menu is refused by the server: her menu and pages follow at once.
    await menu.click();
    await nav.getByRole("link", { name: "Analytics" }).click();
    await staff.page.waitForURL("**/admin/dashboard");
    await staff.page.waitForFunction(() => JSON.parse(localStorage.getItem("user") ?? "{}").role === "staff");
    await menu.click();
    await nav.getByRole("link", { name: "Students" }).waitFor();
    expect(await nav.getByRole("link", { name: "Analytics" }).count()).toBe(0);
    await staff.page.keyboard.press("Escape");

    // An inquiry handed to her by the administrator.
    const sent = await fetch(`${server.url}/api/public/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Kavita Rao", email: "kavita@example.com", subject: "fees", message: "What are the fees for the MBA?" }),
    });
    expect(sent.status).toBe(201);
    await admin.page.goto("/admin/contacts");
    await settle(admin.page);
    await admin.page
      .getByRole("button", { name: /^View inquiry from/ })
      .first()
      .click();
    const details = admin.page.getByRole("dialog");
    await details.getByLabel("Assigned to").selectOption({ label: COUNSELLOR.name });
    await admin.page.getByText("Inquiry assigned.").waitFor();

    // Deactivated: her next request finds her signed out.
    await admin.page.goto("/admin/staff");
    await settle(admin.page);
    await admin.page.getByRole("button", { name: `Deactivate: ${COUNSELLOR.name}` }).click();
    await admin.page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText(`${COUNSELLOR.name} can no longer sign in; their sessions have ended.`).waitFor();
    await staff.page.goto("/admin/students");
    await staff.page.waitForURL((u) => u.pathname === "/login");
    await submitSignIn(staff.page, server, "admin", COUNSELLOR.email, COUNSELLOR.password);
    await staff.page.getByRole("alert").waitFor();
    expect(staff.page.url()).toContain("/login");

    // The activity log names who did what.
    await admin.page.goto("/admin/activity");
    await settle(admin.page);
    await admin.page.getByText(`Invited ${COUNSELLOR.email} to the office as Staff (counsellor)`).waitFor();
    await admin.page.getByText(`Deactivated the office account of ${COUNSELLOR.email}`).waitFor();

    // The Staff screen on a phone.
    const phone = await newPage(browser, server, PHONE_390);
    await signIn(phone.page, server, "admin");
    await phone.page.goto("/admin/staff");
    await phone.page.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
    await axeAt(phone.page, "staff list 390", found);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(found).toEqual({});
    expect(admin.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    await Promise.all([admin.context.close(), staff.context.close(), phone.context.close()]);
  }, 180_000);

  test("a counsellor invited in Marathi gets the invitation in Marathi, and her portal opens in Marathi (stop 47)", async () => {
    const invitee = { name: "Sunita Kale", email: "sunita.kale@example.com", password: "Marathi2026Desk" };
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.goto("/admin/staff");
    const since = Date.now();
    await admin.page.getByRole("button", { name: "Invite staff" }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel("Full name").fill(invitee.name);
    await dialog.getByLabel("E-mail address").fill(invitee.email);
    await dialog.getByLabel("Language").selectOption({ label: "मराठी" });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await admin.page.getByText(`Invitation sent to ${invitee.email}.`).waitFor();
    const link = await fromOutbox(
      server,
      // (The subject is MIME-encoded in the file: the Marathi body says which language it went out in.)
      { to: invitee.email, subject: /./, since },
      (text) => (text.includes(mrMail["invite.open"]) ? /https?:\/\/\S+\/first-login\?token=\S+/.exec(text)?.[0] : undefined),
    );

    // The invitation's link opens the page in Marathi, the language she was written to in (walk 29a: English).
    const staff = await joinFromLink(link, invitee, MR);
    await staff.page.waitForFunction(() => document.documentElement.lang === "mr");
    expect(admin.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
    await Promise.all([admin.context.close(), staff.context.close()]);
  });

  test("the programmes catalogue: an administrator adds one and closes another; the public site, its structured data and the admission form follow", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.goto("/admin/programmes");
    await admin.page.getByRole("heading", { name: "Programmes", level: 1 }).waitFor();
    // A programme's name leads its row in semibold on a first visit: the rule is every admin page's, not the students page's.
    const nameWeight = await admin.page
      .locator(".ops-strong")
      .first()
      .evaluate((el) => getComputedStyle(el).fontWeight);
    expect(nameWeight).toBe("600");
    await axeAt(admin.page, "programmes list 1280", found);
    await admin.page.getByRole("button", { name: "Add programme" }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel(/^Name/).fill("MBA in Healthcare Management");
    await dialog.getByLabel(/^Level/).selectOption("pg");
    await dialog.getByLabel(/^Partner university/).fill("Sahyadri Open University");
    await dialog.getByLabel(/^Duration \(months\)/).fill("24");
    await dialog.getByLabel(/^Fee \(₹\)/).fill("1,25,000");
    await dialog.getByLabel(/^Instalments/).fill("4");
    await dialog.getByLabel(/^Eligibility/).fill("A bachelor's degree with 50% marks.");
    await dialog.getByLabel(/^About the programme/).fill("Hospital and clinic management for working professionals.");
    await axeAt(admin.page, "programme form 1280", found);
    await dialog.getByRole("button", { name: "Save programme" }).click();
    await admin.page.getByText("Programme MBA in Healthcare Management added.").waitFor();
    // Close admission for Arts.
    await admin.page.getByLabel("Search programmes").fill("Arts");
    await admin.page.waitForURL((u) => u.searchParams.get("search") === "Arts");
    await admin.page.getByRole("button", { name: "Edit: Arts" }).click();
    await admin.page.getByRole("dialog").getByLabel("Open for admission").uncheck();
    await admin.page.getByRole("dialog").getByRole("button", { name: "Save programme" }).click();
    await admin.page.getByText("Programme Arts saved.").waitFor();

    // The public site, on a phone.
    const visitor = await newPage(browser, server, PHONE_390);
    await visitor.page.goto("/programmes");
    await visitor.page.getByRole("link", { name: "MBA in Healthcare Management" }).click();
    await visitor.page.waitForURL("**/programmes/mba-in-healthcare-management");
    await visitor.page.getByText("₹1,25,000 a year, in up to 4 instalments").waitFor();
    await visitor.page.getByText("2 years").waitFor();
    await axeAt(visitor.page, "programme page 390", found);
    const overflow = await visitor.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Search engines read the programme from the page itself.
    const html = await (await fetch(`${server.url}/programmes/mba-in-healthcare-management`)).text();
    expect(html).toContain("<title>MBA in Healthcare Management – ");
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({
      "@type": "Course",
      name: "MBA in Healthcare Management",
      offers: { price: "125000.00", priceCurrency: "INR" },
    });
    // Apply: the form opens with the programme chosen; a closed programme is not offered.
    await visitor.page.getByRole("link", { name: "Apply for this programme" }).click();
    await visitor.page.waitForURL("**/admission?course=*");
    await visitor.page.getByRole("button", { name: "Next Step" }).click();
    const course = visitor.page.getByLabel("Course");
    await expect(course.inputValue()).resolves.toBe("MBA in Healthcare Management");
    const offered = await course.locator("option").allTextContents();
    expect(offered).toContain("MBA in Healthcare Management");
    expect(offered).not.toContain("Arts");

    // The home page's programme links lead to the catalogue.
    await visitor.page.goto("/");
    await visitor.page.getByRole("link", { name: "MBA in Healthcare Management" }).click();
    await visitor.page.waitForURL("**/programmes/mba-in-healthcare-management");

    // The admin screen at phone size.
    const phone = await newPage(browser, server, PHONE_390);
    await signIn(phone.page, server, "admin");
    await phone.page.goto("/admin/programmes");
    await phone.page.getByRole("heading", { name: "Programmes", level: 1 }).waitFor();
    await axeAt(phone.page, "programmes list 390", found);

    expect(found).toEqual({});
    expect(admin.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await Promise.all([admin.context.close(), visitor.context.close(), phone.context.close()]);
  }, 180_000);

  test("site content: an administrator sets an office's map link, the founding year and the brochure; the public site shows them at once", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.goto("/admin/content");
    await admin.page.getByRole("heading", { name: "Site content", level: 1 }).waitFor();
    await axeAt(admin.page, "site content 1280", found);
    // A colleague has the page open too, filled before this save.
    const colleague = await newPage(browser, server, DESKTOP);
    await signIn(colleague.page, server, "admin");
    await colleague.page.goto("/admin/content");
    await colleague.page.getByLabel(/^Founded in/).waitFor();
    const first = admin.page.getByRole("group", { name: "Office 1" });
    await first.getByLabel(/^Map link/).fill("https://maps.example.org/pune-office");
    await admin.page.getByLabel(/^Founded in/).fill("2001");
    await admin.page.getByRole("button", { name: "Save details" }).click();
    await admin.page.getByText("The institute’s details are saved; visitors see them within a minute.").waitFor();
    // Their save would have put the map link and the year back: refused, what they typed kept (stop 59).
    await colleague.page.getByLabel(/^Office hours/).fill("Mon–Fri, 9 am – 5 pm");
    await colleague.page.getByRole("button", { name: "Save details" }).click();
    await colleague.page.getByText(/^Someone else saved the institute’s details after you opened this page/).waitFor();
    expect(await colleague.page.getByLabel(/^Office hours/).inputValue()).toBe("Mon–Fri, 9 am – 5 pm");
    expect(colleague.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    await colleague.context.close();
    await admin.page
      .getByRole("textbox", { name: "Brochure (PDF, up to 15 MB)" })
      .or(admin.page.locator("input#content-brochure"))
      .first()
      .setInputFiles({
        name: "Prospectus 2027.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(pdfBytes()),
      });
    await admin.page.getByRole("button", { name: "Upload brochure" }).click();
    await admin.page.getByText("Published: Prospectus 2027.pdf").waitFor();

    const visitor = await newPage(browser, server, PHONE_390);
    await visitor.page.goto("/about");
    const brochure = visitor.page.getByRole("link", { name: "Download Brochure" });
    await brochure.waitFor();
    const res = await fetch(`${server.url}${await brochure.getAttribute("href")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    // The home page's figures come from real data: years since 2001.
    await visitor.page.goto("/");
    const years = String(new Date().getUTCFullYear() - 2001);
    const experience = visitor.page
      .getByRole("region", { name: "Our achievements" })
      .locator(".figure")
      .filter({ hasText: "Years of experience" });
    await experience.getByText(years, { exact: true }).waitFor();
    await visitor.page.goto("/contact");
    await visitor.page.locator('a[href="https://maps.example.org/pune-office"]').waitFor();

    // The smallest phone (360 px): the brochure's file choice once made the page scroll sideways (380 px).
    const phone = await newPage(browser, server, PHONE);
    await signIn(phone.page, server, "admin");
    await phone.page.goto("/admin/content");
    await phone.page.getByRole("heading", { name: "Site content", level: 1 }).waitFor();
    await axeAt(phone.page, "site content 360", found);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(found).toEqual({});
    expect(admin.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await Promise.all([admin.context.close(), visitor.context.close(), phone.context.close()]);
  }, 180_000);

  test("news and FAQs: an administrator publishes news and a question; a later-dated news item waits for its day", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.goto("/admin/content?tab=news");
    await admin.page.getByRole("button", { name: "Add news" }).click();
    let dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel(/^Headline/).fill("Library open on Sundays");
    await dialog.getByLabel(/^Text/).fill("From December the library is open on Sundays too.");
    await axeAt(admin.page, "news dialog 1280", found);
    await dialog.getByRole("button", { name: "Save" }).click();
    await admin.page.getByText("News saved.").waitFor();
    await admin.page.getByRole("button", { name: "Add news" }).click();
    dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel(/^Headline/).fill("Admissions for 2031 open");
    await dialog.getByLabel(/^Text/).fill("Apply from January.");
    await dialog.getByLabel(/^Publish on/).fill("2031-01-01T09:00");
    await dialog.getByRole("button", { name: "Save" }).click();
    await admin.page.getByRole("table", { name: "News" }).getByText("Scheduled").waitFor();

    await admin.page.getByRole("tab", { name: "FAQs" }).click();
    await admin.page.waitForURL("**/admin/content?tab=faqs");
    await admin.page.getByRole("button", { name: "Add a question" }).click();
    dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel(/^Question/).fill("Are the degrees valid for government jobs?");
    await dialog.getByLabel(/^Answer/).fill("Yes: the partner universities' degrees are recognised by the UGC-DEB.");
    await dialog.getByLabel(/^Topic/).fill("Degrees");
    await dialog.getByRole("button", { name: "Save" }).click();
    await admin.page.getByText("Question saved.").waitFor();
    await axeAt(admin.page, "faq tab 1280", found);

    const visitor = await newPage(browser, server, PHONE_390);
    await visitor.page.goto("/");
    await visitor.page.getByText("Library open on Sundays").waitFor();
    expect(await visitor.page.getByText("Admissions for 2031 open").count()).toBe(0);
    await visitor.page.goto("/faq");
    const question = visitor.page.getByText("Are the degrees valid for government jobs?");
    await question.click();
    await visitor.page.getByText(/recognised by the UGC-DEB/).waitFor();
    await axeAt(visitor.page, "faq page 390", found);

    expect(found).toEqual({});
    expect(admin.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await Promise.all([admin.context.close(), visitor.context.close()]);
  }, 180_000);

  test("every screen issue 17 added, at 390 px and 1280 px, is axe-clean and fits the width", async () => {
    const found: Record<string, AxeFinding[]> = {};
    const overflowing: string[] = [];
    // A pending application to open in the office's edit and print pages.
    const form = new FormData();
    const fields = {
      firstName: "Sunita",
      lastName: "Kulkarni",
      dateOfBirth: "2000-02-02",
      gender: "Female",
      bloodGroup: "A+",
      email: "sunita.k@example.com",
      phone: "9876512345",
      address: "5 FC Road",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411004",
      course: "Commerce",
      yearOfPassing: "2019",
      previousPercentage: "71",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("photo", new File([await jpegBytes()], "photo.jpg", { type: "image/jpeg" }));
    form.append("marksheet", new File([pdfBytes()], "marks.pdf", { type: "application/pdf" }));
    const submitted = await fetch(`${server.url}/api/admission/submit`, { method: "POST", body: form });
    expect(submitted.status).toBe(201);
    const { id } = ((await submitted.json()) as { data: { id: number } }).data;
    const publicPages = ["/programmes", "/programmes/commerce", "/faq"];
    const adminPages = [
      "/admin/staff",
      "/admin/programmes",
      "/admin/content",
      "/admin/content?tab=news",
      "/admin/content?tab=faqs",
      `/admin/admissions/${id}/edit`,
      `/admin/admissions/${id}/print`,
    ];
    for (const viewport of [PHONE_390, DESKTOP]) {
      const { page, context, problems } = await newPage(browser, server, viewport);
      await signIn(page, server, "admin");
      for (const url of [...publicPages, ...adminPages]) {
        await visit(page, url);
        await axeAt(page, `${url} ${viewport.width}`, found);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) overflowing.push(`${url} ${viewport.width}: ${overflow}px`);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
    expect(found).toEqual({});
    expect(overflowing).toEqual([]);
  }, 240_000);
});
