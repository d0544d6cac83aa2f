import { describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { about } from "../../../shared/i18n/about.ts";
import en from "../../../shared/i18n/en/home.json";
import hiCommon from "../../../shared/i18n/hi/common.json";
import hiHome from "../../../shared/i18n/hi/home.json";
import hiMaintenance from "../../../shared/i18n/hi/maintenance.json";
import { MSG } from "../../../shared/messages.ts";
import { setFormatTimeZone } from "../../lib/format.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { ADMIN, storeSession, stubSessionApi, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import { formatNewsDate } from "./latest-news.tsx";
import { galleryHandler, INFO, PHOTOS, renderSite } from "./testing.tsx";

withClientTestRules();

const NEWS = Array.from({ length: 5 }, (_, i) => ({
  _id: String(i + 1),
  id: i + 1,
  title: `Announcement ${i + 1}`,
  body: `Details of announcement ${i + 1}.`,
  publishedAt: `2026-03-${String(20 - i).padStart(2, "0")}T10:00:00.000Z`,
}));

const metaDescription = () => document.querySelector('meta[name="description"]')?.getAttribute("content");

describe("home page", () => {
  test("shows the three latest announcements with their dates, and describes itself", async () => {
    renderSite("/", { "site.news": () => ({ news: NEWS }) });
    const news = await screen.findByRole("region", { name: "Latest news" });
    await within(news).findByText("Announcement 1");
    expect(
      within(news)
        .getAllByRole("article")
        .map((a) => a.querySelector("h3")?.textContent),
    ).toEqual(["Announcement 1", "Announcement 2", "Announcement 3"]);
    expect(within(news).getByText("20 March 2026").getAttribute("datetime")).toBe(NEWS[0]!.publishedAt);
    expect(metaDescription()).toBe(en.description);
    // Hero, achievements and programs are there too.
    expect(screen.getByRole("link", { name: "Apply for Admission" }).getAttribute("href")).toBe("/admission");
    expect(screen.getByRole("link", { name: "Learn More about the institute" }).getAttribute("href")).toBe("/about");
    // Each figure is named by its count: one office is an "Office location" (it said "1 Office locations").
    const figures = screen.getByRole("region", { name: "Our achievements" });
    expect([...figures.querySelectorAll(".figure")].map((f) => f.textContent)).toEqual([
      "Years of experience14",
      "Students guided1,234",
      "Partner universities3",
      "Programmes12",
      "Office location1",
    ]);
  });

  test("the built-in tagline and description (the server says null) are in the reader's language; the office's own words as written", async () => {
    await changeLocale("hi");
    renderSite("/", { "site.info": () => ({ ...INFO, tagline: null, description: null }), "site.news": () => ({ news: [] }) });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(hiCommon["site.tagline"]));
    expect(document.querySelector(".hero__lead")?.textContent).toBe(hiHome["hero.lead"]);
    // Learn More is heard as one phrase in Hindi's own order ("… के बारे में और जानें"), not English's.
    expect(screen.getByRole("link", { name: hiHome["hero.learnMoreAbout"] }).getAttribute("href")).toBe("/about");
    expect(document.querySelector(".site-footer__about")?.textContent).toContain(hiCommon["site.tagline"]);
    cleanup();
    renderSite("/", { "site.info": () => ({ ...INFO, tagline: "घर बैठे पढ़ाई।" }), "site.news": () => ({ news: [] }) });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("घर बैठे पढ़ाई।"));
  });

  test("no announcements: an honest empty state", async () => {
    renderSite("/", { "site.news": () => ({ news: [] }) });
    await screen.findByText("No announcements right now");
    expect(screen.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
  });

  test("news that fail to load say so and can be asked for again", async () => {
    let fail = true;
    renderSite("/", {
      "site.news": () => {
        if (fail) throw new TrpcFailure("News are unavailable", 400);
        return { news: NEWS };
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("News are unavailable");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByText("Announcement 1");
  });

  test("formatNewsDate", () => {
    expect(formatNewsDate("2026-01-05T08:00:00.000Z")).toBe("5 January 2026");
    expect(formatNewsDate("not a date")).toBe("");
  });

  test("a news date is a stored instant: the day on the institute's clock (decision 025)", () => {
    setFormatTimeZone("Asia/Kolkata");
    try {
      // 8 pm UTC on the 20th is half past one in the night of the 21st in India.
      expect(formatNewsDate("2026-03-20T20:00:00.000Z")).toBe("21 March 2026");
    } finally {
      setFormatTimeZone(undefined);
    }
  });
});

describe("about page", () => {
  test("who we are, mission, vision, values and why choose us; no dead brochure button", async () => {
    renderSite("/about");
    await screen.findByRole("heading", { level: 1, name: "About Us" });
    for (const name of ["Who we are", "Our mission", "Our vision", "Our core values", "Why choose us"]) {
      expect(screen.getByRole("heading", { name })).toBeTruthy();
    }
    expect(await screen.findByText(/Test Institute is a private institute/)).toBeTruthy();
    // The opening line claims no years: they are the institute's own figure, from its founding year (walk 30a:
    // "For more than ten years" stood there for an institute founded this year).
    expect(screen.getByText(/^We help working adults, parents and school-leavers across India/).textContent).not.toMatch(/year/i);
    expect(screen.getByText(/Walk in to our Pune office or Mumbai office/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /brochure/i })).toBeNull();
    expect(screen.queryByRole("link", { name: /brochure/i })).toBeNull();
    await waitFor(() => expect(document.title).toBe("About Us – Test Institute"));
    expect(metaDescription()).toBe(about.t("description"));
  });

  test("Download Brochure appears once the office has uploaded one (issue 17)", async () => {
    renderSite("/about", { "site.info": () => ({ ...INFO, brochureUrl: "/api/public/brochure" }) });
    expect((await screen.findByRole("link", { name: "Download Brochure" })).getAttribute("href")).toBe("/api/public/brochure");
  });

  test("leaving a page puts back the site-wide description", async () => {
    const { navigate } = renderSite("/about");
    await screen.findByRole("heading", { level: 1, name: "About Us" });
    expect(metaDescription()).toBe(about.t("description"));
    act(() => navigate("/login"));
    await screen.findByRole("heading", { name: "Sign in" });
    expect(metaDescription()).not.toBe(about.t("description"));
  });
});

describe("maintenance mode", () => {
  const closed = () => {
    throw new TrpcFailure(MSG.maintenance, 503);
  };

  test.each(["/", "/about", "/gallery", "/contact", "/admission", "/admission-status"])(
    "site.info says maintenance: %s shows the maintenance page with the phones and e-mail",
    async (path) => {
      renderSite(path, { "site.info": () => ({ ...INFO, maintenance: true }), "site.news": closed, "gallery.publicList": closed });
      const page = await screen.findByRole("region", { name: "We'll be back soon" });
      expect(within(page).getByText(MSG.maintenance)).toBeTruthy();
      expect(within(page).getByText("Test Institute")).toBeTruthy();
      expect(within(page).getByRole("link", { name: "+91 20 1234 5678" }).getAttribute("href")).toBe("tel:+912012345678");
      expect(within(page).getByRole("link", { name: "info@test.example" }).getAttribute("href")).toBe("mailto:info@test.example");
      // Sign-in stays reachable.
      const nav = screen.getByRole("navigation", { name: "Main" });
      expect(within(nav).getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
      const signIn = within(page).getByRole("link", { name: "sign in to the portal" });
      expect(signIn.getAttribute("href")).toBe("/login");
      expect(signIn.parentElement?.textContent).toBe("Students and staff can still sign in to the portal.");
      await waitFor(() => expect(document.title).toBe("Under maintenance – Test Institute"));
    },
  );

  test("in Hindi the way to sign in is in Hindi, its words the link", async () => {
    await changeLocale("hi");
    renderSite("/", { "site.info": () => ({ ...INFO, maintenance: true }), "site.news": closed });
    const page = await screen.findByRole("region", { name: hiMaintenance.title });
    const signIn = within(page).getByRole("link", { name: hiMaintenance["login.link"] });
    expect(signIn.getAttribute("href")).toBe("/login");
    expect(signIn.parentElement?.textContent).toBe(hiMaintenance["login.text"].replace("{link}", hiMaintenance["login.link"]));
  });

  test("the login page is not affected", async () => {
    renderSite("/login", { "site.info": () => ({ ...INFO, maintenance: true }) });
    await screen.findByRole("heading", { name: "Sign in" });
    expect(screen.queryByRole("region", { name: "We'll be back soon" })).toBeNull();
  });

  test("a 503 from a page's data turns the page into the maintenance page once the info agrees", async () => {
    let maintenance = false;
    renderSite("/gallery", {
      "site.info": () => ({ ...INFO, maintenance }),
      "gallery.publicList": () => {
        maintenance = true; // switched on after the info was loaded
        return closed();
      },
    });
    await screen.findByRole("region", { name: "We'll be back soon" });
    expect(screen.queryByText("Failed to fetch gallery images")).toBeNull();
  });

  test("a 503 is not retried and shows the maintenance page at once; the info has the last word", async () => {
    let galleryCalls = 0;
    let releaseInfo: () => void = () => {};
    let infoCalls = 0;
    renderSite("/gallery", {
      "site.info": async () => {
        infoCalls += 1;
        // The second answer (after the 503) takes its time.
        if (infoCalls > 1) await new Promise<void>((resolve) => (releaseInfo = resolve));
        return { ...INFO, maintenance: false };
      },
      "gallery.publicList": () => {
        galleryCalls += 1;
        return closed();
      },
    });
    await screen.findByRole("region", { name: "We'll be back soon" });
    expect(galleryCalls).toBe(1);
    // The info says the site is open: the page comes back. Its data is asked for once more and still
    // answers 503 (say, an overloaded proxy): now the page shows that error instead of going round in circles.
    await act(async () => releaseInfo());
    await screen.findByRole("heading", { level: 1, name: "Gallery" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to fetch gallery images");
    expect(alert.textContent).toContain(MSG.maintenance);
    expect(galleryCalls).toBe(2);
    expect(infoCalls).toBe(2);
  });

  test("with maintenance off the pages are back", async () => {
    renderSite("/gallery", { "gallery.publicList": galleryHandler(PHOTOS) });
    await screen.findByText("Reading room");
    expect(screen.queryByRole("region", { name: "We'll be back soon" })).toBeNull();
  });

  test("a signed-in administrator is told how to switch it off", async () => {
    storeSession(ADMIN);
    renderSite(
      "/",
      { "site.info": () => ({ ...INFO, maintenance: true }), "site.news": closed },
      stubSessionApi({ me: async () => ({ user: ADMIN }) }).api,
    );
    const page = await screen.findByRole("region", { name: "We'll be back soon" });
    const note = await within(page).findByText("Maintenance mode is on");
    expect(note).toBeTruthy();
    expect(within(page).getByRole("link", { name: "System Settings" }).getAttribute("href")).toBe("/admin/settings");
  });
});

describe("FAQ page (issue 17)", () => {
  test("the published questions by topic, each opening in place, and a way to ask more", async () => {
    renderSite("/faq", {
      "content.publicFaqs": () => ({
        faqs: [
          { id: 1, question: "Are the degrees recognised?", answer: "Yes, by the UGC-DEB.", category: "Admissions" },
          { id: 2, question: "Can I study while I work?", answer: "Yes.", category: null },
        ],
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Frequently asked questions" });
    const admissions = await screen.findByRole("region", { name: "Admissions" });
    expect(within(admissions).getByText("Are the degrees recognised?").tagName).toBe("SUMMARY");
    expect(screen.getByRole("region", { name: "General" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask us" }).getAttribute("href")).toBe("/contact");
  });
});
