import { afterEach, describe, expect, test } from "bun:test";
import { act, screen, within } from "@testing-library/react";
import hiFees from "../../../shared/i18n/hi/fees.json";
import mrFees from "../../../shared/i18n/mr/fees.json";
import { rupeesInWords } from "../../../shared/rupees-in-words.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { STUDENT, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { renderStudentAt } from "../student/student-testing.tsx";
import "./student-fees-page.tsx";

withClientTestRules();
// Test files share one process: leave it in English for the files after this one.
afterEach(() => changeLocale("en", { keep: false }));

const RECEIPT: RouterOutputs["fees"]["receipt"] = {
  id: 5,
  number: "RCP/2026-27/000005",
  financialYear: "2026-27",
  issuedOn: "2026-11-20",
  issuedAt: "2026-11-20T06:30:00.000Z",
  amount: 1_25_050_50,
  mode: "upi",
  reference: "402156789012",
  paidOn: "2026-11-19",
  student: { name: "Priya Sharma", studentId: "STU0001" },
  programme: "BBA",
  termUnit: "year",
  term: 1,
  instalment: 2,
  dueOn: "2026-12-15",
  cancelled: null,
  institute: {
    name: "Institute of Distance Education",
    address: "2nd Floor, Shivaji Nagar, Pune 411005",
    phones: ["+91 20 2612 3456"],
    email: "info@institute.local",
  },
};

const sheetOf = async (title: string) => (await screen.findByRole("heading", { level: 2, name: title })).closest("article")!;

describe("the receipt's amount in words follows the page's language (issue 16)", () => {
  test("a receipt printed in Hindi writes the amount in Hindi words", async () => {
    await changeLocale("hi");
    renderStudentAt("/student/fees/receipts/5", { "fees.receipt": () => RECEIPT }, { user: { ...STUDENT, language: "hi" } });
    const sheet = await sheetOf(hiFees["receipt.sheetTitle"]);
    expect(within(sheet).getByText(hiFees["receipt.inWords"])).toBeTruthy();
    expect(within(sheet).getByText("एक लाख पच्चीस हज़ार पचास रुपये और पचास पैसे मात्र")).toBeTruthy();
    expect(within(sheet).getByText("₹1,25,050.50")).toBeTruthy();
    expect(within(sheet).queryByText(/Rupees/)).toBeNull();
  });

  test("switching to Marathi rewrites the words on the open receipt", async () => {
    renderStudentAt("/student/fees/receipts/5", { "fees.receipt": () => RECEIPT });
    const english = await sheetOf("Fee receipt");
    expect(within(english).getByText("Rupees One Lakh Twenty-Five Thousand Fifty and Fifty Paise Only")).toBeTruthy();
    await act(() => changeLocale("mr"));
    const sheet = await sheetOf(mrFees["receipt.sheetTitle"]);
    expect(within(sheet).getByText("एक लाख पंचवीस हजार पन्नास रुपये आणि पन्नास पैसे फक्त")).toBeTruthy();
    expect(within(sheet).queryByText(/Rupees/)).toBeNull();
  });

  test("without a language given, the words follow the language chosen in the browser", async () => {
    expect(rupeesInWords(1_250_50)).toBe("Rupees One Thousand Two Hundred Fifty and Fifty Paise Only");
    await changeLocale("hi");
    expect(rupeesInWords(1_250_50)).toBe("एक हज़ार दो सौ पचास रुपये और पचास पैसे मात्र");
    await changeLocale("mr");
    expect(rupeesInWords(1_250_00)).toBe("एक हजार दोनशे पन्नास रुपये फक्त");
  });
});
