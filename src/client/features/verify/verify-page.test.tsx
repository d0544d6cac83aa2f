import { describe, expect, test } from "bun:test";
import { render, screen, within } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../app.tsx";
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
function openVerification(answer: NonNullable<TypedTrpcHandlers["verify.card"]>, token = TOKEN) {
  const location = memoryLocation({ path: `/verify/${token}` });
  const { fetch, calls } = fakeTrpcFetch({ "site.info": () => SITE_INFO, "verify.card": answer });
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

  test("a public page: it imports nothing from the student area", async () => {
    const source = await Bun.file(new URL("./verify-page.tsx", import.meta.url)).text();
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    expect(imports.filter((p) => /student|layouts\/student/.test(p!))).toEqual([]);
  });
});
