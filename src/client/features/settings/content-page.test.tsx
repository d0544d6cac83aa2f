import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderAdmin } from "../../layouts/admin-testing.tsx";
import { leavingAsks, STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import "./content-page.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";

withClientTestRules();

const INSTITUTE = {
  tagline: "Learn anywhere.",
  email: "info@test.example",
  phones: ["+91 20 1234 5678"],
  offices: [{ name: "Pune office", address: "1 Test Road, Pune" }],
  hours: "Mon–Sat",
  registration: "Registered society",
  foundedYear: 2012,
};

describe("Site content (issue 17)", () => {
  test("fills the form from the stored details; a bad map link is shown beside its field and nothing is sent; then saves", async () => {
    const { sent } = renderAdmin("/admin/content", {
      "content.institute": () => ({ institute: INSTITUTE, brochureName: null }),
      "content.saveInstitute": (input) => ({
        message: "The institute’s details are saved; visitors see them within a minute.",
        institute: input as typeof INSTITUTE,
        brochureName: null,
      }),
    });
    expect(((await screen.findByLabelText(/^Tagline/)) as HTMLInputElement).value).toBe("Learn anywhere.");
    expect(leavingAsks()).toBe(false);
    expect((screen.getByLabelText(/^Phone numbers/) as HTMLTextAreaElement).value).toBe("+91 20 1234 5678");
    fireEvent.click(screen.getByRole("button", { name: "Add an office" }));
    const second = screen.getByRole("group", { name: "Office 2" });
    // Each office's Remove names its office (walk 30b: a list of buttons read "Remove this office" twice).
    expect(within(second).getByRole("button", { name: "Remove this office: Office 2" })).toBeTruthy();
    // Settings → General's address stands for the first office on the site: its field says so, the others do not.
    const firstAddress = within(screen.getByRole("group", { name: "Office 1" })).getByLabelText(/^Address/);
    expect(firstAddress.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(String(firstAddress.getAttribute("aria-describedby")))?.textContent).toContain(
      "the address in Settings → General is shown for this office",
    );
    expect(
      within(second)
        .getByLabelText(/^Address/)
        .getAttribute("aria-describedby"),
    ).toBeNull();
    expect(screen.getByText(/that address is shown as the first office's\.$/)).toBeTruthy();
    fireEvent.change(within(second).getByLabelText(/^Office name/), { target: { value: "Nashik office" } });
    // Edits not saved: leaving asks first (stop 45).
    expect(leavingAsks()).toBe(true);
    fireEvent.change(within(second).getByLabelText(/^Address/), { target: { value: "College Road, Nashik" } });
    fireEvent.change(within(second).getByLabelText(/^Map link/), { target: { value: "http://maps.example/nashik" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    expect(within(second).getByText("The map link must be a web address starting with https://")).toBeTruthy();
    expect(sent("content.saveInstitute")).toEqual([]);
    // The field to fix takes the focus (tenth walk: it stayed on Save details).
    const map = within(second).getByLabelText(/^Map link/);
    await waitFor(() => expect(document.activeElement === map).toBe(true));
    fireEvent.change(within(second).getByLabelText(/^Map link/), { target: { value: "https://maps.example/nashik" } });
    fireEvent.change(screen.getByLabelText(/^Phone numbers/), { target: { value: "+91 20 1234 5678\n\n+91 253 000 1111 " } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await screen.findByText("The institute’s details are saved; visitors see them within a minute.");
    expect(leavingAsks()).toBe(false);
    expect(sent("content.saveInstitute")[0]).toMatchObject({
      phones: ["+91 20 1234 5678", "+91 253 000 1111"],
      foundedYear: 2012,
      offices: [
        { name: "Pune office", address: "1 Test Road, Pune" },
        { name: "Nashik office", address: "College Road, Nashik", mapUrl: "https://maps.example/nashik" },
      ],
    });
    await waitFor(() => expect((screen.getByRole("button", { name: "Save details" }) as HTMLButtonElement).disabled).toBe(false));
  });

  test("a save carries the version the page was filled from; a colleague's save since is refused with what to do, what was typed kept", async () => {
    let conflict = true;
    const { sent } = renderAdmin("/admin/content", {
      "content.institute": () => ({ institute: INSTITUTE, version: "v1", brochureName: null }),
      "content.saveInstitute": (input) =>
        conflict
          ? new TrpcFailure(
              "Someone else saved the institute’s details after you opened this page (a colleague, or you in another tab), so your save would undo their change.",
              409,
            )
          : {
              message: "The institute’s details are saved; visitors see them within a minute.",
              institute: input,
              version: "v3",
              // a colleague's brochure, uploaded meanwhile and kept by the save
              brochureName: "Prospectus.pdf",
            },
    });
    const tagline = (await screen.findByLabelText(/^Tagline/)) as HTMLInputElement;
    fireEvent.change(tagline, { target: { value: "Study while you work." } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    expect(await screen.findByText(/Someone else saved the institute’s details after you opened this page/)).toBeTruthy();
    // Brought into view with the focus: the page may be scrolled down to Save, far below it (walk 28b).
    await waitFor(() => expect(document.activeElement?.textContent).toContain("Someone else saved the institute’s details"));
    expect(sent("content.saveInstitute")[0]).toMatchObject({ tagline: "Study while you work.", version: "v1" });
    expect(tagline.value).toBe("Study while you work.");
    expect(leavingAsks()).toBe(true);

    conflict = false;
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await screen.findByText("The institute’s details are saved; visitors see them within a minute.");
    // The page names the brochure the save kept (walk 28b: it still said there was none).
    await screen.findByText("Published: Prospectus.pdf");
    fireEvent.change(tagline, { target: { value: "Learn at your pace." } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    // The next save is made from what this one stored.
    await waitFor(() => expect(sent("content.saveInstitute")[2]).toMatchObject({ tagline: "Learn at your pace.", version: "v3" }));
  });

  test("opened again, the form shows what is stored now, not the copy kept from the last visit (walk 28b)", async () => {
    let tagline = "Learn anywhere.";
    const { navigate } = renderAdmin("/admin/content", {
      "content.institute": () => ({ institute: { ...INSTITUTE, tagline }, version: tagline, brochureName: null }),
      "gallery.adminList": () => ({
        images: [],
        stats: { totalImages: 0, activeImages: 0, inactiveImages: 0, categoryStats: [], storageUsed: 0 },
        pagination: { totalItems: 0, totalPages: 0, currentPage: 1, limit: 60 },
      }),
    });
    expect(((await screen.findByLabelText(/^Tagline/)) as HTMLInputElement).value).toBe("Learn anywhere.");
    act(() => navigate("/admin/gallery"));
    await screen.findByRole("heading", { level: 1, name: "Gallery Management" });
    // A colleague saves meanwhile.
    tagline = "Study while you work.";
    act(() => navigate("/admin/content"));
    expect(((await screen.findByLabelText(/^Tagline/)) as HTMLInputElement).value).toBe("Study while you work.");
  });

  test("the brochure part says there is none yet; a refused load says so and offers a retry", async () => {
    renderAdmin("/admin/content", { "content.institute": () => ({ institute: INSTITUTE, brochureName: null }) });
    await screen.findByText(/^No brochure yet/);
    expect(screen.getByRole("button", { name: "Upload brochure" }).hasAttribute("disabled")).toBe(true);
  });

  test("a refused load says so and offers a retry", async () => {
    renderAdmin("/admin/content", { "content.institute": () => new TrpcFailure("Forbidden", 403) });
    await screen.findByText("Could not load the institute’s details.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  test("staff are sent to the dashboard", async () => {
    const app = renderAdmin("/admin/content", { "dashboard.stats": () => new TrpcFailure("offline", 500) }, STAFF);
    await waitFor(() => expect(app.path()).toBe("/admin/dashboard"));
  });
});

describe("Site content: news and FAQs (issue 17)", () => {
  test("the news tab lists what the site shows, scheduled and drafts; Add checks the headline and sends the item", async () => {
    const { sent } = renderAdmin("/admin/content?tab=news", {
      "content.institute": () => ({ institute: INSTITUTE, brochureName: null }),
      "content.news": () => ({
        news: [
          { id: 1, title: "Exams in June", body: "x", publishedAt: "2026-11-20T10:00:00.000Z", isPublished: true, status: "live" as const },
          {
            id: 2,
            title: "2027 admissions",
            body: "y",
            publishedAt: "2026-12-01T00:00:00.000Z",
            isPublished: true,
            status: "scheduled" as const,
          },
          { id: 3, title: "Forms in May", body: "z", publishedAt: "2026-05-01T10:00:00.000Z", isPublished: true, status: "older" as const },
        ],
        pagination: { totalItems: 3, totalPages: 1, currentPage: 1, limit: 10 },
      }),
      "content.addNews": () => ({ message: "News saved." }),
    });
    const table = await screen.findByRole("table", { name: "News" });
    await within(table).findByText("Exams in June");
    expect(within(table).getByText("On the home page")).toBeTruthy();
    expect(within(table).getByText("Older: no longer shown")).toBeTruthy();
    expect(within(table).getByText("Scheduled")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add news" }));
    const dialog = screen.getByRole("dialog");
    within(dialog).getByRole("button", { name: "Save" }).focus();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Please write a headline")).toBeTruthy();
    expect(sent("content.addNews")).toEqual([]);
    const headline = within(dialog).getByLabelText(/^Headline/);
    await waitFor(() => expect(document.activeElement === headline).toBe(true));
    fireEvent.change(within(dialog).getByLabelText(/^Headline/), { target: { value: "Holiday on Monday" } });
    fireEvent.change(within(dialog).getByLabelText(/^Text/), { target: { value: "The office is closed." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await screen.findByText("News saved.");
    expect(sent("content.addNews")[0]).toMatchObject({ title: "Holiday on Monday", isPublished: true });
  });

  test("a double click on Save adds one news item while the first call is on its way", async () => {
    const { sent } = renderAdmin("/admin/content?tab=news", {
      "content.institute": () => ({ institute: INSTITUTE, brochureName: null }),
      "content.news": () => ({ news: [], pagination: { totalItems: 0, totalPages: 1, currentPage: 1, limit: 10 } }),
      "content.addNews": neverAnswers,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add news" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(/^Headline/), { target: { value: "Holiday on Monday" } });
    fireEvent.change(within(dialog).getByLabelText(/^Text/), { target: { value: "The office is closed." } });
    const save = within(dialog).getByRole("button", { name: "Save" });
    await doubleClickSendsOnce(save, () => sent("content.addNews"));
  });

  test("the FAQ tab deletes after asking", async () => {
    const { sent } = renderAdmin("/admin/content?tab=faqs", {
      "content.institute": () => ({ institute: INSTITUTE, brochureName: null }),
      "content.faqs": () => ({
        faqs: [{ id: 4, question: "Are the degrees recognised?", answer: "Yes.", category: null, sortOrder: 10, isPublished: true }],
        pagination: { totalItems: 1, totalPages: 1, currentPage: 1, limit: 10 },
      }),
      "content.removeFaq": () => ({ message: "Question deleted." }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete: Are the degrees recognised?" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await screen.findByText("Question deleted.");
    expect(sent("content.removeFaq")).toEqual([{ id: 4 }]);
  });
});
