import { afterEach, describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { changeLocale } from "../../lib/i18n.tsx";
import { withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { renderStudentAt } from "./student-testing.tsx";
import { QR_PATH } from "./use-id-card-qr.ts";

withClientTestRules();

const CARD: RouterOutputs["student"]["idCard"] = {
  name: "Priya Sharma",
  student_id: "STU0001",
  course: "Business Administration",
  standard: "BBA",
  bloodGroup: "B+",
  photo: { url: "/api/files/photos/abcdefghijklmnopqrstuvwx.webp" },
  issueDate: "2026-06-01",
  validUntil: "2027-05-31",
  academicYear: "2026-27",
  institute: { name: "Test Institute", address: "1 Test Road, Pune", phones: ["+91 20 1234 5678"], email: "info@test.example" },
  verifyUrl: "https://ide.example.org/verify/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8",
};
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h7"/></svg>';

const realFetch = globalThis.fetch;
const realPrint = window.print;
afterEach(() => {
  globalThis.fetch = realFetch;
  window.print = realPrint;
});

/** The QR code comes over REST (not tRPC): a stand-in for the browser's fetch. */
function serveQr(answer: () => Response) {
  const seen: { url: string; headers: Headers }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers) });
    return answer();
  }) as typeof fetch;
  return seen;
}

describe("student ID card page", () => {
  test("the printing note names the day the next year's card starts, after the academic year of Settings (walk 33a)", async () => {
    serveQr(() => new Response(SVG, { headers: { "Content-Type": "image/svg+xml" } }));
    renderStudentAt("/student/id-card", { "student.idCard": () => CARD });
    // A year starting in June: valid to 31 May, printed again from 1 June; not a date written into the words.
    expect(await screen.findByText(/print it again from 1 June 2027\./)).toBeTruthy();
  });

  test("front and back: institute, photo, name, student ID, course, blood group, validity; the QR code as an image; the return note", async () => {
    const seen = serveQr(() => new Response(SVG, { headers: { "Content-Type": "image/svg+xml" } }));
    renderStudentAt("/student/id-card", { "student.idCard": () => CARD });
    const front = await screen.findByRole("article", { name: "ID card, front" });
    // A printable page's heading names the browser tab (PrintPage).
    await waitFor(() => expect(document.title).toBe("ID Card – Test Institute"));
    for (const text of [
      "Test Institute",
      "Priya Sharma",
      "STU0001",
      "Business Administration",
      "B+",
      "31 May 2027",
      "Academic year 2026-27",
    ]) {
      expect(within(front).getByText(text)).toBeTruthy();
    }
    expect(within(front).getByRole("img", { name: "Photo of Priya Sharma" }).getAttribute("src")).toBe(CARD.photo!.url);

    const back = screen.getByRole("article", { name: "ID card, back" });
    const qr = await within(back).findByRole("img", { name: "QR code to verify this card" });
    expect(qr.getAttribute("src")).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(within(back).getByText(/If found, please return to:/).parentElement?.textContent).toContain("1 Test Road, Pune");
    expect(within(back).getByText(/If found, please return to:/).parentElement?.textContent).toContain("+91 20 1234 5678");
    // Fetched from the card's own endpoint with the bearer token.
    expect(seen.map((s) => s.url)).toEqual([QR_PATH]);
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer stored-token");
  });

  test("in Hindi the sentences the page joins to an address or a link end with ।, not a Latin full stop (walk 15b)", async () => {
    serveQr(() => new Response(SVG, { headers: { "Content-Type": "image/svg+xml" } }));
    await changeLocale("hi");
    renderStudentAt("/student/id-card", { "student.idCard": () => CARD });
    await waitFor(() =>
      expect(document.querySelector(".id-card__return")?.textContent).toContain("1 Test Road, Pune। फ़ोन +91 20 1234 5678।"),
    );
    const privacy = screen.getByRole("link", { name: "इसे सेटिंग्स में बंद न करें" }).parentElement?.textContent ?? "";
    expect(privacy.endsWith("इसे सेटिंग्स में बंद न करें।")).toBe(true);
  });

  test("Print ID Card opens the browser's print once the card and its QR code are there", async () => {
    serveQr(() => new Response(SVG, { headers: { "Content-Type": "image/svg+xml" } }));
    let printed = 0;
    window.print = () => void printed++;
    renderStudentAt("/student/id-card", { "student.idCard": () => CARD });
    const button = await screen.findByRole("button", { name: /Print ID Card/ });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(printed).toBe(1);
  });

  test("without a photo the card shows the initial; a QR code that fails to load is said plainly", async () => {
    serveQr(() => new Response(JSON.stringify({ success: false, message: "You do not have permission to do that" }), { status: 403 }));
    renderStudentAt("/student/id-card", { "student.idCard": () => ({ ...CARD, photo: null, bloodGroup: null }) });
    const front = await screen.findByRole("article", { name: "ID card, front" });
    expect(within(front).queryByRole("img")).toBeNull();
    expect(within(front).getByText("P")).toBeTruthy();
    expect(within(front).getByText("—")).toBeTruthy();
    const back = screen.getByRole("article", { name: "ID card, back" });
    await within(back).findByText("QR code unavailable");
    expect(screen.getByRole("button", { name: "Load it again" })).toBeTruthy();
  });
});
