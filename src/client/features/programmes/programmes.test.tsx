import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { renderSite } from "../site/testing.tsx";
import "./programmes-pages.tsx";
import "./programmes-admin-page.tsx";

withClientTestRules();

type Public = RouterOutputs["programmes"]["list"]["programmes"][number];
const programme = (over: Partial<Public> = {}): Public => ({
  slug: "mba",
  name: "MBA",
  level: "pg",
  university: "Sahyadri Open University",
  durationMonths: 24,
  mode: "blended",
  summary: "Management for working people.",
  eligibility: "Any bachelor's degree",
  feePaise: 30_000_00,
  feePeriod: "year",
  instalments: 2,
  seats: 60,
  admissionOpen: true,
  syllabusUrl: null,
  ...over,
});
const LIST = [
  programme(),
  programme({ slug: "bcom", name: "BCom", level: "ug", durationMonths: 36, feePaise: null, admissionOpen: false, seats: null }),
];

describe("the public catalogue (issue 17)", () => {
  test("/programmes groups the programmes by level with duration, mode and fee in Indian rupees", async () => {
    renderSite("/programmes", { "programmes.list": () => ({ programmes: LIST }) });
    await screen.findByRole("heading", { name: "Programmes", level: 1 });
    const pg = await screen.findByRole("region", { name: "Postgraduate" });
    expect(within(pg).getByRole("link", { name: "MBA" }).getAttribute("href")).toBe("/programmes/mba");
    expect(within(pg).getByText("2 years")).toBeTruthy();
    expect(within(pg).getByText("₹30,000 a year, in up to 2 instalments")).toBeTruthy();
    expect(within(pg).getByText("Admissions open")).toBeTruthy();
    const ug = screen.getByRole("region", { name: "Undergraduate" });
    expect(within(ug).getByText("Fee on request")).toBeTruthy();
    expect(within(ug).getByText("Admissions closed")).toBeTruthy();
  });

  test("a programme's page: its facts, Apply with the programme chosen, the syllabus once uploaded; an unknown one says so", async () => {
    renderSite("/programmes/mba", {
      "programmes.get": (input) =>
        (input as { slug: string }).slug === "mba"
          ? { programme: programme({ syllabusUrl: "/api/programmes/mba/syllabus" }) }
          : new TrpcFailure("This programme is not offered.", 404),
    });
    await screen.findByRole("heading", { name: "MBA", level: 1 });
    expect(screen.getByText("Any bachelor's degree")).toBeTruthy();
    expect(screen.getByText("60 seats")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Apply for this programme" }).getAttribute("href")).toBe("/admission?course=MBA");
    expect(screen.getByRole("link", { name: "Download the syllabus (PDF)" }).getAttribute("href")).toBe("/api/programmes/mba/syllabus");
    expect(document.title).toStartWith("MBA");
  });

  test("a closed programme has no Apply; an unknown address says it is not offered", async () => {
    const app = renderSite("/programmes/bcom", {
      "programmes.get": (input) =>
        (input as { slug: string }).slug === "bcom" ? { programme: LIST[1]! } : new TrpcFailure("This programme is not offered.", 404),
    });
    await screen.findByRole("heading", { name: "BCom", level: 1 });
    expect(screen.queryByRole("link", { name: "Apply for this programme" })).toBeNull();
    expect(screen.getByRole("link", { name: "Ask a counsellor" })).toBeTruthy();
    expect(app).toBeDefined();
  });
});

type Office = RouterOutputs["programmes"]["adminList"]["programmes"][number];
const office = (over: Partial<Office> = {}): Office => ({
  ...programme(),
  id: 3,
  archived: false,
  sortOrder: 10,
  syllabusName: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  version: "p1",
  ...over,
});

describe("the office's catalogue (issue 17)", () => {
  test("lists the programmes; Add checks the form with the shared schema and sends the fee as typed", async () => {
    const { sent } = renderAdmin("/admin/programmes", {
      "programmes.adminList": () => ({ programmes: [office()], pagination: pagination(1) }),
      "programmes.create": (input) => ({
        message: "Programme MCom added.",
        programme: office({ id: 9, name: (input as { name: string }).name }),
      }),
    });
    const table = await screen.findByRole("table", { name: "Programmes" });
    await within(table).findByText("MBA");
    expect(within(table).getByText("₹30,000 a year")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add programme" }));
    const dialog = screen.getByRole("dialog");
    // Every control carries the form's own id (a bare field name could clash with another element's).
    const ids = [...dialog.querySelectorAll("input, select, textarea")].map((control) => control.id);
    expect(ids).toContain("programme-admissionOpen");
    expect(ids.filter((id) => !id.startsWith("programme-"))).toEqual([]);
    expect((within(dialog).getByLabelText("Open for admission") as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Fee \(₹\)/), { target: { value: "18.999" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save programme" }));
    expect(within(dialog).getByText("Please enter the programme's name")).toBeTruthy();
    expect(within(dialog).getByText("Please enter the fee in rupees, e.g. 18000 or 18,000.50")).toBeTruthy();
    expect(sent("programmes.create")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "MCom" } });
    fireEvent.change(within(dialog).getByLabelText(/^Fee \(₹\)/), { target: { value: "24,000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save programme" }));
    await screen.findByText("Programme MCom added.");
    expect(sent("programmes.create")[0]).toMatchObject({ name: "MCom", fee: "24,000", level: "ug", admissionOpen: true });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("an edit says what it was filled from; a colleague's save since is refused with the server's words, the form kept (stop 47)", async () => {
    const { sent } = renderAdmin("/admin/programmes", {
      "programmes.adminList": () => ({ programmes: [office()], pagination: pagination(1) }),
      "programmes.update": () => new TrpcFailure("Someone else changed this programme after you opened the form.", 409),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit: MBA" }));
    const dialog = screen.getByRole("dialog", { name: "Edit MBA" });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "MBA (Finance)" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save programme" }));
    await within(dialog).findByText("Someone else changed this programme after you opened the form.");
    expect(sent("programmes.update")).toEqual([expect.objectContaining({ id: 3, version: "p1", name: "MBA (Finance)" })]);
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("MBA (Finance)");
  });

  test("archive asks nothing more and says what happened", async () => {
    const { sent } = renderAdmin("/admin/programmes", {
      "programmes.adminList": () => ({ programmes: [office()], pagination: pagination(1) }),
      "programmes.setArchived": () => ({ message: "MBA is archived: no longer listed or offered.", programme: office({ archived: true }) }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Archive: MBA" }));
    await screen.findByText("MBA is archived: no longer listed or offered.");
    expect(sent("programmes.setArchived")).toEqual([{ id: 3, archived: true }]);
  });

  test("while an archive is on its way the row buttons do nothing, and the one pressed keeps the focus (tenth walk)", async () => {
    const { sent } = renderAdmin("/admin/programmes", {
      "programmes.adminList": () => ({ programmes: [office(), office({ id: 4, name: "BBA" })], pagination: pagination(2) }),
      "programmes.setArchived": neverAnswers,
    });
    const archive = await screen.findByRole("button", { name: "Archive: MBA" });
    archive.focus();
    fireEvent.click(archive);
    await waitFor(() => expect(archive.getAttribute("aria-disabled")).toBe("true"));
    expect(document.activeElement === archive).toBe(true);
    expect((archive as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Archive: BBA" }));
    expect(sent("programmes.setArchived")).toEqual([{ id: 3, archived: true }]);
  });
});
