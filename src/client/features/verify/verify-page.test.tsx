import { afterEach, describe, expect, test } from "bun:test";
import { render, screen, within } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../app.tsx";
import { formatDateTime, setFormatTimeZone } from "../../lib/format.ts";
import { fakeTrpcFetch, SITE_INFO, stubSessionApi, TrpcFailure, type TypedTrpcHandlers, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { VERIFY_TEXT } from "./verify-page.tsx";
import "./verify-page.tsx";

withClientTestRules();

const TOKEN = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8";

const VALID: RouterOutputs["verify"]["card"] = {
  valid: true,
  name: "Priya Sharma",
  studentId: "STU0001",
  photo: { url: "/api/files/photos/abcdefghijklmnopqrstuvwx.webp" },
  validUntil: "2027-05-31",
  institute: { name: "Test Institute", email: "info@test.example", phones: ["+91 20 1234 5678"] },
};

/** A guest opens the address printed in the card's QR code. */
function openVerification(answer: NonNullable<TypedTrpcHandlers["verify.card"]>, token = TOKEN, info = SITE_INFO) {
  const location = memoryLocation({ path: `/verify/${token}` });
  const { fetch, calls } = fakeTrpcFetch({ "site.info": () => info, "verify.card": answer });
  render(<App sessionApi={stubSessionApi().api} locationHook={location.hook} fetch={fetch} />);
  return { sentTokens: () => calls.filter((c) => c.path === "verify.card").map((c) => (c.input as { token: string }).token) };
}

/** The verdict's box, once it shows. */
const resultFor = async (verdict: string) => (await screen.findByText(verdict)).closest<HTMLElement>(".verify-result")!;

describe("ID card verification page", () => {
  test("a valid card: the green verdict, the name, student ID, photo, validity and institute", async () => {
    const { sentTokens } = openVerification(() => VALID);
    const result = await resultFor(VERIFY_TEXT.valid);
    expect(result.className).toContain("verify-result--valid");
    expect(result.getAttribute("role")).toBe("status");
    expect(within(result).getByText("Priya Sharma")).toBeTruthy();
    expect(within(result).getByText("STU0001")).toBeTruthy();
    expect(within(result).getByText("31 May 2027")).toBeTruthy();
    expect(within(result).getByText("Test Institute")).toBeTruthy();
    expect(within(result).getByRole("img", { name: "Photo of Priya Sharma" }).getAttribute("src")).toBe(VALID.photo!.url);
    expect(within(result).getByRole("link", { name: "info@test.example" }).getAttribute("href")).toBe("mailto:info@test.example");
    expect(sentTokens()).toEqual([TOKEN]);
    // Inside the public layout, and never indexed.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
  });

  test("without a photo (the student's choice) no image is shown", async () => {
    openVerification(() => ({ ...VALID, photo: null }));
    const result = await resultFor(VERIFY_TEXT.valid);
    expect(within(result).queryByRole("img")).toBeNull();
  });

  test("a deactivated student's card: the red 'This card is not valid' with the name, and no validity date", async () => {
    openVerification(() => ({ ...VALID, valid: false, validUntil: null }));
    const result = await resultFor(VERIFY_TEXT.invalid);
    expect(result.className).toContain("verify-result--invalid");
    expect(within(result).getByText("Priya Sharma")).toBeTruthy();
    expect(within(result).queryByText("Valid until")).toBeNull();
    expect(screen.queryByText(VERIFY_TEXT.valid)).toBeNull();
  });

  test("an unknown token: 'This ID card could not be verified', with the institute's contacts", async () => {
    openVerification(() => {
      throw new TrpcFailure("This ID card could not be verified", 404);
    }, "no-such-token-at-all-here");
    const result = await resultFor(VERIFY_TEXT.unknown);
    expect(await within(result).findByRole("link", { name: "+91 20 1234 5678" })).toBeTruthy();
    expect(screen.queryByText(VERIFY_TEXT.valid)).toBeNull();
  });

  describe("on the institute's clock (decision 025)", () => {
    afterEach(() => setFormatTimeZone(undefined));

    test("when the card was checked is written as the institute's clock shows it, on a fresh load too", async () => {
      openVerification(() => VALID, TOKEN, { ...SITE_INFO, timeZone: "Asia/Kolkata" });
      const result = await resultFor(VERIFY_TEXT.valid);
      const checked = result.querySelector(".verify-result__checked")?.textContent;
      setFormatTimeZone("Asia/Kolkata");
      const now = Date.now();
      const around = [now - 60_000, now, now + 60_000].map((at) => `Checked ${formatDateTime(new Date(at).toISOString())}`);
      expect(around).toContain(checked!);
    });
  });

  test("a public page: it imports nothing from the student area", async () => {
    const source = await Bun.file(new URL("./verify-page.tsx", import.meta.url)).text();
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    expect(imports.filter((p) => /student|layouts\/student/.test(p!))).toEqual([]);
  });
});

describe("admit card verification (/verify/admit/:token, issue 18)", () => {
  const ADMIT: RouterOutputs["exams"]["verifyAdmit"] = {
    valid: true,
    reason: null,
    name: "Priya Sharma",
    studentId: "STU0001",
    programme: "BBA",
    termUnit: "semester",
    term: 1,
    terms: [1],
    issuedAt: "2026-11-22T06:30:00.000Z",
    photo: null,
    exams: [
      {
        id: 7,
        title: "Term-end examination",
        subjectCode: "BBA-101",
        subjectName: "Principles of Management",
        startsAt: "2026-12-01T04:30:00.000Z",
        startsLocal: "2026-12-01T10:00",
        durationMinutes: 180,
        centre: "Pune study centre, Hall A",
      },
    ],
    institute: { name: "Test Institute", email: "info@test.example", phones: ["+91 20 1234 5678"] },
  };

  function openAdmit(answer: NonNullable<TypedTrpcHandlers["exams.verifyAdmit"]>) {
    const location = memoryLocation({ path: `/verify/admit/${TOKEN}` });
    const { fetch, calls } = fakeTrpcFetch({ "site.info": () => SITE_INFO, "exams.verifyAdmit": answer });
    render(<App sessionApi={stubSessionApi().api} locationHook={location.hook} fetch={fetch} />);
    return { calls };
  }

  test("a valid card: the holder, programme, term and the exams it admits to, on the institute's clock; no photo unless allowed", async () => {
    const { calls } = openAdmit(() => ADMIT);
    expect(await screen.findByRole("heading", { level: 1, name: "Admit card verification" })).toBeTruthy();
    const result = await resultFor("Valid admit card");
    expect(result.className).toContain("verify-result--valid");
    expect(within(result).getByText("Priya Sharma")).toBeTruthy();
    expect(within(result).getByText("STU0001")).toBeTruthy();
    expect(within(result).getByText("Semester 1")).toBeTruthy();
    const exams = within(result).getByRole("region", { name: "Exams on this card" });
    expect(exams.textContent).toContain("BBA-101 Principles of Management");
    expect(exams.textContent).toContain("1 December 2026, 10:00 am");
    expect(exams.textContent).toContain("Pune study centre, Hall A");
    expect(within(result).queryByRole("img")).toBeNull();
    // The ID card's check is not asked.
    expect(calls.map((c) => c.path)).not.toContain("verify.card");
    expect(calls.filter((c) => c.path === "exams.verifyAdmit").map((c) => c.input)).toEqual([{ token: TOKEN }]);
  });

  test("a card no longer in force: the red verdict and no exams", async () => {
    openAdmit(() => ({ ...ADMIT, valid: false, reason: "notCurrent", exams: [] }));
    const result = await resultFor("This admit card is not valid");
    expect(within(result).queryByRole("region", { name: "Exams on this card" })).toBeNull();
    expect(within(result).getByText(/no longer in force/)).toBeTruthy();
  });

  test("a card held back for now (fees): not valid at present, ask the office; not 'moved on a term' (QA3 4), and not why", async () => {
    openAdmit(() => ({ ...ADMIT, valid: false, reason: "onHold", exams: [] }));
    const result = await resultFor("This admit card is not valid");
    expect(within(result).getByText(/not valid at present/)).toBeTruthy();
    expect(result.textContent).not.toMatch(/no longer in force|moved on a term|fee/i);
  });

  test("a bogus code: 'could not be verified' with the institute's contacts", async () => {
    openAdmit(() => new TrpcFailure("We do not recognise this admit card code.", 404));
    const result = await resultFor("This admit card could not be verified");
    expect(await within(result).findByRole("link", { name: "+91 20 1234 5678" })).toBeTruthy();
  });
});
