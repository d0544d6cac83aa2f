import { beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seed } from "../../../../db/seed.ts";
import { temporaryDir } from "../../../../tests/setup/temp-dirs.ts";
import hiAbout from "../../../shared/i18n/hi/about.json";
import hiHome from "../../../shared/i18n/hi/home.json";
import mrGallery from "../../../shared/i18n/mr/gallery.json";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import { folderStore } from "../../platform/file-store.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin } from "../auth/auth.service.ts";
import { saveSettingsGroup } from "../settings/settings.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
beforeEach(async () => {
  deps = await createTestDeps({ PUBLIC_URL: "https://ide.example.org" });
  await seed(deps.db, { now: deps.now(), production: true, files: folderStore(temporaryDir("g")) });
  app = testApp(deps);
});

describe("institute info and news", () => {
  test("GET /api/public/institute-info answers the institute's details from settings, with the streams", async () => {
    const body = await (await app.request("/api/public/institute-info")).json();
    expect(body.data).toMatchObject({
      name: "Institute of Distance Education",
      email: DEFAULT_SETTINGS.institute.email,
      phones: DEFAULT_SETTINGS.institute.phones,
      maintenance: false,
      timeZone: "Asia/Kolkata",
    });
    expect(body.data.offices).toHaveLength(2);
    // The programmes open for admission (issue 17), with their addresses for the home page's links.
    expect(body.data.streams).toEqual([
      "Computer Science",
      "Information Technology",
      "Electronics",
      "Mechanical Engineering",
      "Civil Engineering",
      "Business Administration",
      "Commerce",
      "Arts",
    ]);
    expect(body.data.programmes[0]).toEqual({ slug: "computer-science", name: "Computer Science" });
    expect(await callerFor(deps).site.info()).toEqual(body.data);
  });

  test("GET /api/public/news lists the latest published announcements, newest first", async () => {
    await deps.db.updateTable("announcements").set({ is_published: 0 }).where("title", "like", "Weekend%").execute();
    const body = await (await app.request("/api/public/news")).json();
    const titles = body.data.news.map((n: { title: string }) => n.title);
    expect(titles).toEqual(["Admissions open for the new academic session", "Examination forms: submit before the last date"]);
    expect((await callerFor(deps).site.news()).news).toHaveLength(2);
  });
});

describe("maintenance mode", () => {
  test("public data paths answer 503 with the message; sign-in and admin paths keep working", async () => {
    await createUser(deps, { role: "admin", email: "head@example.test" });
    await saveSettingsGroup(deps, "system", { ...DEFAULT_SETTINGS.system, maintenanceMode: true });
    for (const p of ["/api/public/news", "/api/public/gallery", "/api/gallery", "/api/public/institute-info"]) {
      const res = await app.request(p);
      expect(res.status).toBe(503);
      expect((await res.json()).message).toBe("We are doing some maintenance on the site. Please check back soon.");
    }
    const contact = await app.request("/api/public/contact", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(contact.status).toBe(503);
    await expect(callerFor(deps).gallery.publicList({})).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    // The client learns about it from site.info, which stays open.
    expect((await callerFor(deps).site.info()).maintenance).toBe(true);
    const login = await app.request("/api/auth/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "head@example.test", password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = await signedIn(loginAdmin(deps, { email: "head@example.test", password: TEST_PASSWORD }));
    const admin = await app.request("/api/public/admin/contacts", { headers: { authorization: `Bearer ${token}` } });
    expect(admin.status).toBe(200);
    expect((await app.request("/api/health")).status).toBe(200);
  });
});

describe("robots.txt and sitemap.xml", () => {
  test("use the public address and keep the portals out of search engines", async () => {
    const robots = await (await app.request("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /student");
    expect(robots).toContain("Sitemap: https://ide.example.org/sitemap.xml");
    const res = await app.request("/sitemap.xml");
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    for (const p of ["/", "/about", "/programmes", "/gallery", "/contact", "/admission", "/admission-status", "/programmes/commerce"]) {
      expect(xml).toContain(`<loc>https://ide.example.org${p}</loc>`);
    }
    expect(xml).not.toContain("/admin");
    // An archived programme is not offered: not in the sitemap either.
    await deps.db.updateTable("programmes").set({ archived: 1 }).where("slug", "=", "commerce").execute();
    expect(await (await app.request("/sitemap.xml")).text()).not.toContain("/programmes/commerce<");
  });
});

describe("a programme's page shell (issue 17)", () => {
  /** The app serving a small built shell (title IDE, description "d") from a folder of its own. */
  const appWithShell = () => {
    const dir = temporaryDir("shell");
    mkdirSync(path.join(dir, "dist"));
    mkdirSync(path.join(dir, "public"));
    writeFileSync(
      path.join(dir, "dist", "index.html"),
      '<!doctype html><html lang="en"><head><title>IDE</title><meta name="description" content="d"><meta property="og:title" content="IDE"></head><body><div id=root></div></body></html>',
    );
    return testApp(deps, { distDir: path.join(dir, "dist"), publicDir: path.join(dir, "public") });
  };

  test("names the programme in its title, description and canonical address, with schema.org Course data that cannot break out of its script", async () => {
    const shellApp = appWithShell();
    await deps.db
      .updateTable("programmes")
      .set({ summary: "Commerce </script><script>alert(1)</script> & more", fee_paise: 18_000_00 })
      .where("slug", "=", "commerce")
      .execute();
    const html = await (await shellApp.request("/programmes/commerce")).text();
    expect(html).toContain("<title>Commerce – Institute of Distance Education</title>");
    expect(html).toContain('<link rel="canonical" href="https://ide.example.org/programmes/commerce">');
    expect(html).toContain('<meta name="description" content="Commerce &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json!)).toMatchObject({
      "@type": "Course",
      name: "Commerce",
      url: "https://ide.example.org/programmes/commerce",
      offers: { price: "18000.00", priceCurrency: "INR" },
      provider: { name: "Institute of Distance Education" },
    });
    // Any other page, and a programme that is not offered, keep the plain shell.
    expect(await (await shellApp.request("/programmes/no-such-thing")).text()).not.toContain("ld+json");
    expect(await (await shellApp.request("/about")).text()).not.toContain("ld+json");
    // The FAQ page carries its published questions as schema.org FAQPage data, once there are any.
    expect(await (await shellApp.request("/faq")).text()).not.toContain("ld+json");
    const at = new Date().toISOString();
    await deps.db
      .insertInto("faqs")
      .values([
        { question: "Is the degree valid?", answer: "Yes </script> really.", is_published: 1, created_at: at, updated_at: at },
        { question: "Draft", answer: "x", is_published: 0, created_at: at, updated_at: at },
      ])
      .execute();
    const faq = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(await (await shellApp.request("/faq")).text())?.[1];
    expect(JSON.parse(faq!)).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        { "@type": "Question", name: "Is the degree valid?", acceptedAnswer: { "@type": "Answer", text: "Yes </script> really." } },
      ],
    });
  });

  test("a $' or $& in a programme's or a question's words stays as written; the shell is not copied into its head (thirteenth walk)", async () => {
    const shellApp = appWithShell();
    await deps.db
      .updateTable("programmes")
      .set({ name: "Shree $' Commerce", summary: "Fees in $& and $` too" })
      .where("slug", "=", "commerce")
      .execute();
    const at = new Date().toISOString();
    await deps.db
      .insertInto("faqs")
      .values({ question: "Cost?", answer: "Pay $' now", is_published: 1, created_at: at, updated_at: at })
      .execute();
    const html = await (await shellApp.request("/programmes/commerce")).text();
    expect(html).toContain("<title>Shree $' Commerce – Institute of Distance Education</title>");
    expect(html).toContain(`<meta property="og:title" content="Shree $' Commerce – Institute of Distance Education"`);
    expect(html).toContain('<meta name="description" content="Fees in $&amp; and $` too"');
    expect(html.split("<body>")).toHaveLength(2);
    const faq = await (await shellApp.request("/faq?lang=hi")).text();
    expect(faq).toContain("Pay $' now");
    expect(faq.split("<body>")).toHaveLength(2);
    expect(faq.split("</head>")).toHaveLength(2);
  });

  test("in Hindi or Marathi a page's title and description are in that language, and a programme's page names each language's address (issue 16)", async () => {
    const shellApp = appWithShell();
    const title = async (address: string) => /<title>([^<]*)<\/title>/.exec(await (await shellApp.request(address)).text())?.[1];
    expect(await title("/about?lang=hi")).toBe(`${hiAbout.title} – Institute of Distance Education`);
    expect(await title("/faq?lang=hi")).toBe(`${hiAbout["faq.title"]} – Institute of Distance Education`);
    expect(await title("/gallery?lang=mr")).toBe(`${mrGallery.title} – Institute of Distance Education`);
    expect(await title("/about")).toBe("About Us – Institute of Distance Education");
    expect(await title("/")).toBe("Home – Institute of Distance Education");
    // Portal pages keep the plain shell.
    expect(await title("/student/dashboard")).toBe("IDE");
    // A page's own description in the language; a page without one keeps the site's.
    const description = async (address: string) =>
      /<meta name="description" content="([^"]*)"/.exec(await (await shellApp.request(address)).text())?.[1];
    expect(await description("/about?lang=hi")).toBe(hiAbout.description);
    expect(await description("/faq?lang=hi")).toBe(hiAbout["faq.description"]);
    expect(await description("/gallery?lang=mr")).toBe(mrGallery.description);
    expect(await description("/gallery")).toBe(
      "Photos of our offices, facilities, events, students and faculty: campus life at the institute.",
    );
    expect(await description("/admission")).toBe("d");
    expect(await description("/admission?lang=hi")).toBe(hiHome.description);

    const marathi = await (await shellApp.request("/programmes/commerce?lang=mr")).text();
    expect(marathi).toContain('<html lang="mr"');
    expect(marathi).toContain('<link rel="canonical" href="https://ide.example.org/programmes/commerce?lang=mr">');
    for (const [lang, href] of [
      ["en", "https://ide.example.org/programmes/commerce"],
      ["hi", "https://ide.example.org/programmes/commerce?lang=hi"],
      ["mr", "https://ide.example.org/programmes/commerce?lang=mr"],
      ["x-default", "https://ide.example.org/programmes/commerce"],
    ])
      expect(marathi).toContain(`<link rel="alternate" hreflang="${lang}" href="${href}">`);
    expect(await (await shellApp.request("/programmes/commerce")).text()).toContain(
      '<link rel="canonical" href="https://ide.example.org/programmes/commerce">',
    );
  });
});
