/**
 * Issue 18's notices, events and student Help against the real server: an administrator publishes an event
 * for the demo student's programme (BBA), also by e-mail; the student's dashboard (upcoming events), bell and
 * /student/notifications show it; the student asks a question on /student/help, the administrator answers it
 * on /admin/help, and the student reads the answer in the question's conversation and replies. Every screen
 * is checked with axe at 390 px and 1280 px, without sideways scrolling.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import {
  type AxeFinding,
  axeFindings,
  DESKTOP,
  fromOutbox,
  launchBrowser,
  newPage,
  PHONE_390,
  type RunningServer,
  settle,
  signIn,
  startServer,
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

/** axe's serious findings and any sideways scroll of the page as it stands, filed under `label`. */
async function check(page: Page, label: string, found: Record<string, unknown>) {
  await settle(page);
  const findings: AxeFinding[] = await axeFindings(page);
  if (findings.length) found[label] = findings;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found[`${label} scrolls sideways`] = overflow;
}

/** A day a week from now, YYYY-MM-DD. */
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const EVENT = "Contact class: Principles of Management";
const QUESTION = "Which books do I need for term 1?";
const ANSWER = "The reading list is in Courses, under each subject's materials.";

describe("notices, events and student Help (issue 18)", () => {
  test("an event reaches the programme's student; a question is asked, answered and replied to", async () => {
    const found: Record<string, unknown> = {};

    // The administrator publishes an event for BBA, the demo student's programme, also by e-mail.
    const admin = await newPage(browser, server, DESKTOP);
    await signIn(admin.page, server, "admin");
    await admin.page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Notices & events" }).click();
    await admin.page.getByRole("heading", { level: 1, name: "Notices and events" }).waitFor();
    await admin.page.getByText("Nothing published yet").waitFor();
    await check(admin.page, "admin notices empty 1280", found);
    const since = Date.now();
    await admin.page.getByRole("button", { name: "Publish" }).first().click();
    const dialog = admin.page.getByRole("dialog", { name: "Publish a notice or an event" });
    await dialog.getByLabel(/^Event/).check();
    await dialog.getByRole("button", { name: "Publish event" }).click();
    await dialog.getByText("Give it a title.").waitFor();
    await check(admin.page, "publish dialog with errors 1280", found);
    await dialog.getByLabel(/^Title/).fill(EVENT);
    await dialog.getByLabel(/^Message/).fill("Bring your study material and your questions.");
    await dialog.getByLabel(/^Day/).fill(nextWeek());
    await dialog.getByLabel(/^Time/).fill("10:30");
    await dialog.getByLabel(/^Venue/).fill("Pune study centre, Hall 2");
    const audience = dialog.getByLabel(/^Who gets it/);
    await audience.locator("option", { hasText: /^BBA \(/ }).waitFor({ state: "attached" });
    const bba = await audience.locator("option", { hasText: /^BBA \(/ }).getAttribute("value");
    await audience.selectOption(bba!);
    await dialog.getByLabel("Also send it by e-mail").check();
    await dialog.getByRole("button", { name: "Publish event" }).click();
    await admin.page.getByText(/^Event published: \d+ students? notified\.$/).waitFor();
    const table = admin.page.getByRole("table", { name: "Notices and events" });
    await table.getByText(EVENT, { exact: true }).waitFor();
    await table.getByText("BBA", { exact: true }).waitFor();
    await check(admin.page, "admin notices list 1280", found);
    // The e-mail box: the demo student keeps e-mail notifications on.
    const mailed = await fromOutbox(server, { to: server.student.email, subject: new RegExp(EVENT), since }, (text) =>
      text.includes("Pune study centre, Hall 2") ? text : undefined,
    );
    expect(mailed).toContain("/student/notifications");

    // The student's bell shows it; the notifications page lists it.
    const student = await newPage(browser, server, PHONE_390);
    await signIn(student.page, server, "student");
    // The dashboard's upcoming events (upcomingEventsFor) list it too.
    await student.page.getByRole("region", { name: "Upcoming events" }).getByText(EVENT).waitFor();
    const bell = student.page.getByRole("link", { name: /unread notification/ });
    await bell.waitFor();
    await bell.click();
    await student.page.waitForURL("**/student/notifications");
    const notifications = student.page.getByRole("list", { name: "Your notifications" });
    await notifications.getByRole("heading", { name: EVENT }).waitFor();
    await notifications.getByText("Pune study centre, Hall 2", { exact: false }).first().waitFor();
    await check(student.page, "student notifications 390", found);
    // The notice board (stop 53) keeps it, read from the notice itself, with the keyboard's arrow between the tabs.
    await student.page.getByRole("tab", { name: "Notifications" }).focus();
    await student.page.keyboard.press("ArrowRight");
    await student.page.waitForURL("**/student/notifications?tab=board");
    const board = student.page.getByRole("list", { name: "Notice board" });
    await board.getByRole("heading", { name: EVENT }).waitFor();
    await board.getByText(/· Pune study centre, Hall 2$/).waitFor();
    await check(student.page, "student notice board 390", found);

    // The student asks a question on /student/help.
    await student.page.goto("/student/help");
    await student.page.getByRole("heading", { level: 1, name: "Help and support" }).waitFor();
    await student.page.getByText("You have not asked anything yet").waitFor();
    await check(student.page, "student help 390", found);
    await student.page.getByRole("link", { name: "Ask a question" }).first().click();
    await student.page.waitForURL("**/student/help/new");
    await student.page.getByRole("button", { name: "Send question" }).click();
    await student.page.getByText("Subject is required").waitFor();
    await check(student.page, "ask a question with errors 390", found);
    await student.page.getByLabel(/^Subject/).fill(QUESTION);
    await student.page.getByLabel(/^Category/).selectOption("academic");
    await student.page.getByLabel(/^Description/).fill("I joined BBA this term and could not find the list of books.");
    await student.page.getByRole("button", { name: "Send question" }).click();
    await student.page.waitForURL(/\/student\/help\/\d+$/);
    await student.page.getByRole("heading", { level: 1, name: QUESTION }).waitFor();
    // At once, while the 4 s toast stands (before the axe check): with the focus in the reply box the "sent" toast
    // would cover it at the bottom, so it moves to the top, below the top bar, whose language, theme, bell and
    // account menus stay free (walk 30b).
    await student.page.getByLabel("Your reply").focus();
    await student.page
      .locator(".ui-toasts--top")
      .getByText(/Your question was sent/)
      .waitFor();
    const [barBottom, toastTop] = await student.page.evaluate(() => [
      document.querySelector("header")!.getBoundingClientRect().bottom,
      document.querySelector(".ui-toasts__list")!.getBoundingClientRect().top,
    ]);
    expect(toastTop).toBeGreaterThanOrEqual(barBottom);
    const number = /TKT-\d{4}-\d{5}/.exec(await student.page.getByText(/TKT-\d{4}-\d{5} · asked/).innerText())![0];
    await student.page.getByText(/No answer yet/).waitFor();
    await check(student.page, "question thread 390", found);

    // The administrator answers it on /admin/help.
    await admin.page.goto("/admin/help");
    await admin.page.getByRole("button", { name: `Add response to ${number}` }).click();
    const ticket = admin.page.getByRole("dialog", { name: `Ticket ${number}` });
    await ticket.getByLabel("Your response").fill(ANSWER);
    // A double click (two clicks in one task, before the button shows itself busy) sends one response, and the
    // student's reply below one reply (useOneAtATime).
    const responses: string[] = [];
    const countResponses = (request: { url(): string }) => {
      // a tRPC batch names each call in its URL
      responses.push(...(request.url().match(/tickets\.respond/g) ?? []));
    };
    admin.page.on("request", countResponses);
    await ticket.getByRole("button", { name: "Send Response" }).evaluate((b: HTMLElement) => {
      b.click();
      b.click();
    });
    await admin.page.getByText("Response sent.").waitFor();
    expect(responses).toHaveLength(1);

    // The student sees the answer in the conversation and replies.
    await student.page.reload();
    const conversation = student.page.getByRole("region", { name: "Conversation" });
    await conversation.getByText(ANSWER).waitFor();
    await conversation.getByText(/the institute/).waitFor();
    await student.page.getByLabel("Your reply").fill("Found it, thank you.");
    student.page.on("request", countResponses);
    await student.page.getByRole("button", { name: "Send reply" }).evaluate((b: HTMLElement) => {
      b.click();
      b.click();
    });
    await conversation.getByText("Found it, thank you.").waitFor();
    expect(await conversation.getByRole("listitem").count()).toBe(3);
    expect(responses).toHaveLength(2);
    await check(student.page, "question thread answered 390", found);

    // The same screens at 1280 px, and the office's list at 390 px.
    const wide = await newPage(browser, server, DESKTOP);
    await signIn(wide.page, server, "student");
    for (const path of ["/student/help", "/student/help/new", student.page.url().replace(/^https?:\/\/[^/]+/, "")]) {
      await wide.page.goto(path);
      await wide.page.getByRole("heading", { level: 1 }).waitFor();
      await check(wide.page, `${path} 1280`, found);
    }
    await wide.page.goto("/student/help");
    await wide.page.getByRole("list", { name: "Your questions" }).getByRole("link", { name: QUESTION }).waitFor();
    const narrowAdmin = await newPage(browser, server, PHONE_390);
    await signIn(narrowAdmin.page, server, "admin");
    await narrowAdmin.page.goto("/admin/notices");
    await narrowAdmin.page.getByText(EVENT, { exact: true }).first().waitFor();
    await check(narrowAdmin.page, "admin notices 390", found);

    expect(found).toEqual({});
    for (const p of [admin, student, wide, narrowAdmin]) {
      expect(p.problems).toEqual([]);
      await p.context.close();
    }
  });
});
