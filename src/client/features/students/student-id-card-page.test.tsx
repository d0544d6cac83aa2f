import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { pagination, renderAdmin, student } from "../../layouts/admin-testing.tsx";
import { STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";

withClientTestRules();

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h7"/></svg>';

const CARD: RouterOutputs["students"]["idCard"] = {
  name: "Ravi Kumar",
  student_id: "STU0002",
  course: "Bachelor of Commerce",
  standard: "BCom",
  bloodGroup: "B+",
  photo: null,
  issueDate: "2026-06-01",
  validUntil: "2027-05-31",
  academicYear: "2026-27",
  institute: { name: "Test Institute", address: "1 Test Road, Pune", phones: ["+91 20 1234 5678"], email: "info@test.example" },
  verifyUrl: "https://ide.example.org/verify/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8",
  qrSvg: SVG,
  isActive: true,
};

describe("the office prints a student's ID card (walk 18)", () => {
  test("the student's record opens the card: both faces, the QR code the server drew, and Print", async () => {
    const { sent, path } = renderAdmin(
      "/admin/students",
      {
        "students.list": () => ({
          students: [student()],
          pagination: pagination(1),
          stats: { total: 1, active: 1, inactive: 0, newThisMonth: 0 },
        }),
        "students.idCard": () => CARD,
      },
      STAFF,
    );
    fireEvent.click(await screen.findByRole("button", { name: "View Ravi Kumar" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("link", { name: "ID card" }));
    await waitFor(() => expect(path()).toBe("/admin/students/7/id-card"));
    expect(await screen.findByRole("heading", { name: "ID card of Ravi Kumar" })).toBeTruthy();
    expect(sent("students.idCard")).toEqual([{ id: 7 }]);
    const sheet = screen.getByRole("region", { name: "Ravi Kumar's ID card" });
    const front = within(sheet).getByRole("article", { name: "ID card, front" });
    for (const text of ["Test Institute", "Ravi Kumar", "STU0002", "Bachelor of Commerce", "31 May 2027"]) {
      expect(within(front).getByText(text)).toBeTruthy();
    }
    const qr = within(within(sheet).getByRole("article", { name: "ID card, back" })).getByRole("img") as HTMLImageElement;
    expect(decodeURIComponent(qr.src)).toContain('<path d="M1 1h7"/>');
    expect(screen.getByText(/Academic year 2026-27, valid until 31 May 2027/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    const print = screen.getByRole("button", { name: "Print ID Card" }) as HTMLButtonElement;
    expect(print.disabled).toBe(false);
    expect(screen.getByRole("link", { name: /Back to students/ }).getAttribute("href")).toBe("/admin/students");
  });

  test("an inactive student's card is shown with a warning that its QR code will not verify", async () => {
    renderAdmin("/admin/students/7/id-card", { "students.idCard": () => ({ ...CARD, isActive: false }) });
    expect(
      await screen.findByText(
        "Ravi Kumar's account is inactive, so a scan of this card's QR code says it is not valid. Activate the account first if the card is to be used.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("article", { name: "ID card, front" })).toBeTruthy();
  });

  test("a student record that no longer exists: the page says so, Print stays off", async () => {
    renderAdmin("/admin/students/99/id-card", {
      "students.idCard": () => {
        throw new TrpcFailure("Student not found", 404);
      },
    });
    expect(await screen.findByText("This student record no longer exists.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Print ID Card" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("article")).toBeNull();
  });
});
