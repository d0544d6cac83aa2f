import { afterEach, describe, expect, jest, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import { contact, contactSubjectLabel } from "../../../shared/i18n/contact.ts";
import { MSG } from "../../../shared/messages.ts";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import { galleryHandler, PHOTOS, renderSite } from "../site/testing.tsx";
import { SENDING_MIN_MS, SUCCESS_BANNER_MS } from "./contact-form.tsx";

withClientTestRules();
afterEach(() => {
  jest.useRealTimers();
});

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("ui-field__error"))?.textContent ?? null;
};

function fillForm() {
  fireEvent.change(field(/Your name/), { target: { value: "Meera Joshi" } });
  fireEvent.change(field(/Email address/), { target: { value: "Meera@Example.com" } });
  fireEvent.change(field(/Phone number/), { target: { value: "+91 98765 43210" } });
  fireEvent.change(field(/Subject/), { target: { value: "fees" } });
  fireEvent.change(field(/Your message/), { target: { value: "What are the fees for the MBA program?" } });
}

/** Lets fake time pass in small steps, flushing React and the promises in between. */
async function advance(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(async () => {
      jest.advanceTimersByTime(Math.min(step, ms - passed));
    });
  }
  await act(async () => {});
}

/** The page is a lazy chunk: wait for it before using the form. */
async function openContact(handlers: Parameters<typeof renderSite>[1] = {}) {
  const site = renderSite("/contact", handlers);
  await screen.findByRole("heading", { level: 1, name: "Contact Us" });
  return site;
}

describe("contact page", () => {
  test("shows the offices, phones, e-mail and hours from settings, and a map link per office", async () => {
    await openContact();
    const call = await screen.findByRole("region", { name: "Call us" });
    expect(within(call).getByRole("link", { name: "+91 20 1234 5678" }).getAttribute("href")).toBe("tel:+912012345678");
    expect(within(call).getByRole("link", { name: "+91 22 8765 4321" }).getAttribute("href")).toBe("tel:+912287654321");
    const write = screen.getByRole("region", { name: "Write to us" });
    expect(within(write).getByRole("link", { name: "info@test.example" }).getAttribute("href")).toBe("mailto:info@test.example");
    expect(within(screen.getByRole("region", { name: "Office hours" })).getByText("Mon–Sat")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Quick information" })).getByText("Within 24 hours")).toBeTruthy();

    const pune = screen.getByRole("article", { name: "Pune office" });
    expect(within(pune).getByText("1 Test Road, Shivaji Nagar, Pune 411005")).toBeTruthy();
    const maps = within(pune).getByRole("link", { name: /Open in Maps/ });
    expect(maps.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20Test%20Road%2C%20Shivaji%20Nagar%2C%20Pune%20411005",
    );
    expect(maps.getAttribute("target")).toBe("_blank");
    expect(maps.getAttribute("rel")).toBe("noopener");
    expect(screen.getByRole("article", { name: "Mumbai office" })).toBeTruthy();
    // No map script or frame on the page.
    expect(document.querySelector("iframe")).toBeNull();
    await waitFor(() => expect(document.title).toBe("Contact Us – Test Institute"));
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(contact.t("description"));
  });

  test("the subject offers the spec's six subjects with readable labels; the honeypot is hidden from people", async () => {
    await openContact();
    const subject = field(/Subject/) as unknown as HTMLSelectElement;
    expect([...subject.options].map((o) => [o.value, o.textContent])).toEqual([
      ["", "Choose a subject"],
      ["admission", contactSubjectLabel("admission")],
      ["courses", contactSubjectLabel("courses")],
      ["fees", contactSubjectLabel("fees")],
      ["facilities", contactSubjectLabel("facilities")],
      ["general", contactSubjectLabel("general")],
      ["support", contactSubjectLabel("support")],
    ]);
    const trap = screen.getByLabelText("Leave this field empty");
    expect(trap.getAttribute("tabindex")).toBe("-1");
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest(".sr-only")).not.toBeNull();
  });

  test("an empty form shows each message next to its field and focuses the first", async () => {
    const { calls } = await openContact();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(errorOf(field(/Your name/))).toBe("Please enter your name");
    expect(errorOf(field(/Email address/))).toBe("Please enter your email address");
    expect(errorOf(field(/Phone number/))).toBeNull();
    expect(errorOf(field(/Subject/))).toBe("Please choose a subject");
    expect(errorOf(field(/Your message/))).toBe("Please enter your message");
    expect(field(/Your name/).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field(/Your name/));
    expect(calls.some((c) => c.path === "contacts.submit")).toBe(false);
  });

  test("a wrong e-mail address or phone number is caught, focusing the first of them", async () => {
    await openContact();
    fillForm();
    fireEvent.change(field(/Email address/), { target: { value: "meera-at-example" } });
    fireEvent.change(field(/Phone number/), { target: { value: "call me" } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(errorOf(field(/Email address/))).toBe(ACCOUNT_MSG.validEmail);
    expect(errorOf(field(/Phone number/))).toBe("Please enter a valid phone number");
    expect(errorOf(field(/Your name/))).toBeNull();
    expect(document.activeElement).toBe(field(/Email address/));
  });

  test("sends through contacts.submit: 2 s sending, then the banner for 5 s, and an empty form", async () => {
    const { calls } = await openContact({ "contacts.submit": () => ({ id: 7, message: "Thank you" }) });
    jest.useFakeTimers();
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    const sending = screen.getByRole("button", { name: "Sending…" });
    expect(sending.getAttribute("aria-busy")).toBe("true");
    expect(sending.getAttribute("aria-disabled")).toBe("true");

    await advance(SENDING_MIN_MS - 100);
    // The answer is in, but the sending state lasts its 2 seconds.
    expect(calls.find((c) => c.path === "contacts.submit")?.input).toEqual({
      name: "Meera Joshi",
      email: "meera@example.com",
      phone: "+91 98765 43210",
      subject: "fees",
      message: "What are the fees for the MBA program?",
      website: "",
    });
    expect(screen.getByRole("button", { name: "Sending…" })).toBeTruthy();
    expect(screen.queryByText(contact.t("sent.title"))).toBeNull();

    await advance(100);
    expect(screen.getByText(contact.t("sent.title"))).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send message" })).toBeTruthy();
    for (const label of [/Your name/, /Email address/, /Phone number/, /Subject/, /Your message/]) expect(field(label).value).toBe("");

    await advance(SUCCESS_BANNER_MS - 100);
    expect(screen.getByText(contact.t("sent.title"))).toBeTruthy();
    // The banner has the focus (the outcome takes it) …
    expect(document.activeElement?.textContent).toContain(contact.t("sent.title"));
    await advance(100);
    expect(screen.queryByText(contact.t("sent.title"))).toBeNull();
    // … and when it goes, the focus goes back to Send message, not to the document.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Send message" }));
  });

  test("a double click on Send message sends one inquiry while the first is on its way", async () => {
    const { calls } = await openContact({ "contacts.submit": neverAnswers });
    const submits = () => calls.filter((c) => c.path === "contacts.submit");
    fillForm();
    const send = screen.getByRole("button", { name: "Send message" });
    await doubleClickSendsOnce(send, () => submits());
  });

  test("too many attempts (429): the reason is shown and what was typed stays", async () => {
    await openContact({
      "contacts.submit": () => {
        throw new TrpcFailure(MSG.tooManyRequests(15), 429);
      },
    });
    jest.useFakeTimers();
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await advance(SENDING_MIN_MS);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(contact.t("notSent.title"));
    expect(alert.textContent).toContain(MSG.tooManyRequests(15));
    expect(alert.textContent).toContain(contact.t("notSent.kept"));
    expect(field(/Your name/).value).toBe("Meera Joshi");
    expect(field(/Your message/).value).toBe("What are the fees for the MBA program?");
    expect(field(/Subject/).value).toBe("fees");
    expect(screen.queryByText(contact.t("sent.title"))).toBeNull();
  });

  test("maintenance (503) while sending: the form stays, with the maintenance message", async () => {
    await openContact({
      "contacts.submit": () => {
        throw new TrpcFailure(MSG.maintenance, 503);
      },
    });
    jest.useFakeTimers();
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await advance(SENDING_MIN_MS);
    expect(screen.getByRole("alert").textContent).toContain(MSG.maintenance);
    expect(field(/Your message/).value).toBe("What are the fees for the MBA program?");
    expect(screen.getByRole("heading", { level: 1, name: "Contact Us" })).toBeTruthy();
  });

  test("the server's field messages appear next to the fields", async () => {
    await openContact({
      "contacts.submit": () => {
        throw new TrpcFailure("Please correct the highlighted fields", 400, { email: ["This address cannot receive mail"] });
      },
    });
    jest.useFakeTimers();
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await advance(SENDING_MIN_MS);
    expect(errorOf(field(/Email address/))).toBe("This address cannot receive mail");
    expect(field(/Email address/).value).toBe("Meera@Example.com");
  });
});

describe("leaving the contact page with a message typed (stop 45)", () => {
  const header = () => screen.getByRole("navigation", { name: "Main" });

  test("a link to another page asks first: Stay keeps the message, Discard and go on follows the link", async () => {
    const site = await openContact({ "gallery.publicList": galleryHandler(PHOTOS) });
    fillForm();
    fireEvent.click(within(header()).getByRole("link", { name: "Gallery" }));
    const question = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(question.textContent).toContain("What you entered on this page is not saved yet.");
    // The safe answer has the focus, not ×.
    expect(document.activeElement?.textContent).toBe("Stay on this page");
    expect(site.path()).toBe("/contact");
    fireEvent.click(within(question).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull());
    expect(site.path()).toBe("/contact");
    expect(field(/Your message/).value).toBe("What are the fees for the MBA program?");

    fireEvent.click(within(header()).getByRole("link", { name: "Gallery" }));
    const again = await screen.findByRole("dialog", { name: "Leave without saving?" });
    fireEvent.click(within(again).getByRole("button", { name: "Discard and go on" }));
    await waitFor(() => expect(site.path()).toBe("/gallery"));
    expect(await screen.findByRole("heading", { level: 1, name: "Gallery" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("nothing typed, or a link to this same page: the link is followed without a question", async () => {
    const site = await openContact({ "gallery.publicList": galleryHandler(PHOTOS) });
    fireEvent.change(field(/Your message/), { target: { value: "Hello" } });
    // The browser's address is the page's (the test's router keeps its own in memory).
    const before = location.href;
    history.replaceState(null, "", "/contact");
    try {
      fireEvent.click(within(header()).getByRole("link", { name: "Contact" }));
      await act(async () => {});
      expect(screen.queryByRole("dialog")).toBeNull();
    } finally {
      history.replaceState(null, "", before);
    }
    fireEvent.change(field(/Your message/), { target: { value: "" } });
    fireEvent.click(within(header()).getByRole("link", { name: "Gallery" }));
    await waitFor(() => expect(site.path()).toBe("/gallery"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
