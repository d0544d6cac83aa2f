import { describe, expect, test } from "bun:test";
import { focusManager } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import hiPerson from "../../../shared/i18n/hi/person.json";
import hiRoster from "../../../shared/i18n/hi/roster.json";
import { studentRequiredMessage } from "../../../shared/schemas/students.ts";
import { pagination, renderAdmin, student } from "../../layouts/admin-testing.tsx";
import { changeLocale } from "../../lib/i18n.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { catchDownloads, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";

withClientTestRules();

const STATS = { total: 2, active: 1, inactive: 1, newThisMonth: 1 };

function listOf(students: ReturnType<typeof student>[]) {
  return () => ({ students, pagination: pagination(students.length), stats: STATS });
}

const dialog = () => screen.getByRole("dialog");

function fill(label: string, value: string) {
  fireEvent.change(within(dialog()).getByLabelText(label, { exact: false }), { target: { value } });
}

/** The Add Student form filled in for Anil Patil (MBA, O+, emergency contact Rekha Patil). */
function fillAnil() {
  fill("Full name", "Anil Patil");
  fill("Email", "anil@example.com");
  fill("Mobile", "+91 90000 11111");
  fill("Course/Standard", "MBA");
  fireEvent.change(within(dialog()).getByLabelText("Blood group"), { target: { value: "O+" } });
  fill("Contact name", "Rekha Patil");
}

describe("in Hindi", () => {
  test("the emergency contact's relationship reads as on the student's own profile (one catalogue)", async () => {
    await changeLocale("hi");
    const spouse = {
      ...student(),
      emergencyContact: { name: "Sunita Kumar", relationship: "Spouse", phone: "+91 98765 00000", email: null },
    };
    renderAdmin("/admin/students", { "students.list": listOf([spouse]) });
    fireEvent.click(await screen.findByRole("button", { name: hiRoster.view.replace("{name}", "Ravi Kumar") }));
    expect(within(dialog()).getByText(hiPerson["relationship.Spouse"])).toBeTruthy();
  });
});

describe("Student Management", () => {
  test("shows the counters and each student with ID, mobile, standard, status and joined date", async () => {
    renderAdmin("/admin/students", {
      "students.list": listOf([
        student(),
        student({ id: 8, _id: "8", name: "Meera Joshi", email: "meera@example.com", student_id: "STU0001", isActive: false }),
      ]),
    });
    const table = await screen.findByRole("table", { name: "Students" });
    await within(table).findByText("Ravi Kumar");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByText("STU0002")).toBeTruthy();
    expect(within(rows[0]!).getByText("+91 98765 43210")).toBeTruthy();
    expect(within(rows[0]!).getByText("BCom")).toBeTruthy();
    expect(within(rows[0]!).getByText("Active")).toBeTruthy();
    expect(within(rows[1]!).getByText("Inactive")).toBeTruthy();
    const total = screen.getByRole("group", { name: "Total Students" });
    expect(within(total).getByText("2")).toBeTruthy();
    expect(screen.getByRole("group", { name: "New This Month" })).toBeTruthy();
  });

  test("Add Student with no programme listed: no course to choose, and the field says where to add one (walk 30a)", async () => {
    renderAdmin("/admin/students", { "students.list": listOf([]), "students.standards": () => ({ standards: [] }) });
    fireEvent.click(await screen.findByRole("button", { name: "Add Student" }));
    const dialog = screen.getByRole("dialog", { name: "Add Student" });
    await within(dialog).findByText("No programme is listed yet: add one in Programmes first.");
    const standard = within(dialog).getByLabelText(/^Course\/Standard/) as HTMLSelectElement;
    expect([...standard.options].map((o) => o.value)).toEqual([""]);
  });

  test("Add Student: the spec's message for missing fields and nothing sent; then the new student ID, and a term to raise again", async () => {
    const { sent } = renderAdmin("/admin/students", {
      "students.list": listOf([student()]),
      "students.create": (input) => ({
        message: "Student added successfully! Student ID: STU0003",
        student_id: "STU0003",
        student: student({ id: 9, student_id: "STU0003", ...(input as Record<string, unknown>) }),
        feesToRaise: { programme: "MBA", termUnit: "semester", term: 1 },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add Student" }));
    const form = dialog();
    expect(within(form).getByRole("heading", { name: "Add Student" })).toBeTruthy();

    fireEvent.click(within(form).getByRole("button", { name: "Add Student" }));
    expect(within(form).getByRole("alert").textContent).toBe(studentRequiredMessage());
    expect(within(form).getByText("Full name is required")).toBeTruthy();
    // the first field to fix has the focus
    expect(document.activeElement?.id).toBe("student-name");
    expect(sent("students.create")).toEqual([]);

    fillAnil();
    fireEvent.click(within(form).getByRole("button", { name: "Add Student" }));

    await screen.findByText("Student added successfully! Student ID: STU0003");
    expect(screen.getByText(/e-mailed to anil@example.com/)).toBeTruthy();
    // The term's fees were raised before Anil joined (stop 53): the way to raise it again.
    expect(screen.getByText(/The fees of MBA, Semester 1, were raised before this student joined/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Fee plans" }).getAttribute("href")).toBe("/admin/fees?tab=plans&search=MBA");
    expect(sent("students.create")).toEqual([
      {
        name: "Anil Patil",
        email: "anil@example.com",
        mobile: "+91 90000 11111",
        standard: "MBA",
        bloodGroup: "O+",
        dateOfBirth: "",
        gender: "",
        address: "",
        city: "",
        state: "",
        pincode: "",
        term: "",
        emergencyContact: { name: "Rekha Patil", relationship: "", phone: "", email: "" },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("a double click on Add Student adds one student while the first call is on its way", async () => {
    const { sent } = renderAdmin("/admin/students", {
      "students.list": listOf([student()]),
      "students.create": neverAnswers,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add Student" }));
    const form = dialog();
    fillAnil();
    const add = within(form).getByRole("button", { name: "Add Student" });
    await doubleClickSendsOnce(add, () => sent("students.create"));
  });

  test("an e-mail address already in use is shown beside the field, and what was typed stays", async () => {
    renderAdmin("/admin/students", {
      "students.list": listOf([student()]),
      "students.create": () => {
        throw new TrpcFailure("This e-mail address is already used by another account.", 409, {
          email: ["This e-mail address is already used by another account."],
        });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add Student" }));
    fill("Full name", "Anil Patil");
    fill("Email", "ravi@example.com");
    fill("Mobile", "9000011111");
    fireEvent.change(within(dialog()).getByLabelText("Course/Standard", { exact: false }), { target: { value: "BA" } });
    fireEvent.click(within(dialog()).getByRole("button", { name: "Add Student" }));

    const email = within(dialog()).getByLabelText("Email", { exact: false }) as HTMLInputElement;
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog()).getAllByText("This e-mail address is already used by another account.").length).toBe(2);
    expect(document.getElementById(email.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toContain("already used");
    expect(email.value).toBe("ravi@example.com");
    expect((within(dialog()).getByLabelText("Full name", { exact: false }) as HTMLInputElement).value).toBe("Anil Patil");
  });

  test("a save refused because a colleague changed the record: the message shows, what was typed stays, the list is read again (eleventh walk)", async () => {
    let mobile = "+91 98765 43210";
    const { sent } = renderAdmin("/admin/students", {
      "students.list": () => listOf([student({ mobile })])(),
      "students.update": () => {
        mobile = "+91 90000 77777"; // the colleague's save landed first
        return new TrpcFailure("Someone else changed Ravi Kumar's details after you opened this form.", 409);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Ravi Kumar" }));
    const form = await screen.findByRole("dialog");
    const address = within(form).getByLabelText("Address", { exact: false }) as HTMLTextAreaElement;
    fireEvent.change(address, { target: { value: "9 Lake View, Solapur" } });
    const listReads = sent("students.list").length;
    fireEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await within(form).findByText(/Someone else changed Ravi Kumar's details/)).toBeTruthy();
    expect(address.value).toBe("9 Lake View, Solapur");
    await waitFor(() => expect(sent("students.list").length).toBeGreaterThan(listReads));
  });

  test("View shows the record and switches to Edit; saving says 'Student updated successfully!'", async () => {
    const { sent } = renderAdmin("/admin/students", {
      "students.list": listOf([student()]),
      "students.update": (input) => ({ message: "Student updated successfully!", student: student(input as Record<string, unknown>) }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "View Ravi Kumar" }));
    const view = dialog();
    expect(within(view).getByText("Student ID STU0002")).toBeTruthy();
    expect(within(view).getByText("Sunita Kumar")).toBeTruthy();
    // What the application gave beside the address (walk 18).
    const fact = (label: string) => within(view).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect([fact("Gender"), fact("City"), fact("State"), fact("PIN code")]).toEqual(["Male", "Pune", "Maharashtra", "411001"]);
    fireEvent.click(within(view).getByRole("button", { name: "Edit" }));

    const form = await screen.findByRole("dialog");
    expect(within(form).getByRole("heading", { name: "Edit Student" })).toBeTruthy();
    // What a new address does is said before Save (walk 31a).
    expect((within(form).getByLabelText("Email", { exact: false }) as HTMLInputElement).getAttribute("aria-describedby")).toBeTruthy();
    expect(
      within(form).getByText("A new address signs the student out on every device, and the old one is told of the change."),
    ).toBeTruthy();
    const mobile = within(form).getByLabelText("Mobile", { exact: false }) as HTMLInputElement;
    expect(mobile.value).toBe("+91 98765 43210");
    fireEvent.change(mobile, { target: { value: "+91 91111 22222" } });
    expect((within(form).getByLabelText("Gender") as HTMLSelectElement).value).toBe("Male");
    expect((within(form).getByLabelText("City") as HTMLInputElement).value).toBe("Pune");
    fireEvent.change(within(form).getByLabelText("City"), { target: { value: "Solapur" } });
    fireEvent.change(within(form).getByLabelText("PIN code", { exact: false }), { target: { value: "413001" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save Changes" }));

    await screen.findByText("Student updated successfully!");
    // With the version the form was filled from, so a colleague's save meanwhile is refused, not undone.
    expect(sent("students.update")[0]).toMatchObject({
      id: 7,
      version: "v1",
      mobile: "+91 91111 22222",
      standard: "BCom",
      bloodGroup: "B+",
      gender: "Male",
      city: "Solapur",
      state: "Maharashtra",
      pincode: "413001",
    });
  });

  test("a student's details are in the address: View adds ?open=, Back closes them, a link opens them read from the server (walk 27b)", async () => {
    let reads = 0;
    const { path, entries, navigate } = renderAdmin("/admin/students?status=active", {
      "students.list": listOf([student()]),
      "students.get": () => {
        reads += 1;
        return student({ mobile: "+91 90000 00007" });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "View Ravi Kumar" }));
    expect(path()).toBe("/admin/students?status=active&open=7");
    expect(entries()).toBe(2);
    // Read afresh: the record as it is now, not as the list last showed it.
    await waitFor(() => expect(within(dialog()).getByText("+91 90000 00007")).toBeTruthy());
    act(() => navigate("/admin/students?status=active"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // A shared link (or a reload): the record is read by its ID, with no row of the list to click.
    act(() => navigate("/admin/students?open=7"));
    expect(within(await screen.findByRole("dialog", { name: "Ravi Kumar" })).getByText("Student ID STU0002")).toBeTruthy();
    expect(reads).toBeGreaterThanOrEqual(2);
    // Its Close leaves the address in place, so Back does not open it again.
    fireEvent.click(within(dialog()).getAllByRole("button", { name: "Close" }).at(-1)!);
    await waitFor(() => expect(path()).toBe("/admin/students"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("a student's link that cannot be read says so in the dialog and offers to try again", async () => {
    let fail = true;
    renderAdmin("/admin/students?open=9", {
      "students.list": listOf([student()]),
      "students.get": () => (fail ? new TrpcFailure("The request was refused.", 400) : student({ id: 9, name: "Meena Joshi" })),
    });
    const view = await screen.findByRole("dialog");
    expect(await within(view).findByText("The request was refused.")).toBeTruthy();
    fail = false;
    fireEvent.click(within(view).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("dialog", { name: "Meena Joshi" })).toBeTruthy();
  });

  test("a link to a student who is not there says so, with no Try again that cannot help (walk 28a)", async () => {
    renderAdmin("/admin/students?open=99999", {
      "students.list": listOf([student()]),
      "students.get": () => new TrpcFailure("Student not found", 404),
    });
    const view = await screen.findByRole("dialog");
    expect(await within(view).findByText("Student not found")).toBeTruthy();
    expect(within(view).queryByRole("button", { name: "Try again" })).toBeNull();
  });

  test("a wrong PIN code is named beside its field and nothing is sent (walk 18)", async () => {
    const { sent } = renderAdmin("/admin/students", { "students.list": listOf([student()]) });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Ravi Kumar" }));
    const form = await screen.findByRole("dialog");
    const pin = within(form).getByLabelText("PIN code", { exact: false }) as HTMLInputElement;
    fireEvent.change(pin, { target: { value: "41100" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(pin.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("Please enter a valid 6-digit PIN code")).toBeTruthy();
    expect(document.activeElement).toBe(pin);
    expect(sent("students.update")).toEqual([]);
  });

  test("a Deactivate someone else made first is refused, not undone: the message shows and the record reads Inactive (eleventh walk)", async () => {
    let active = true;
    const { sent } = renderAdmin("/admin/students", {
      "students.list": () => listOf([student({ isActive: active })])(),
      "students.get": () => student({ isActive: active }),
      "students.toggleStatus": () => {
        active = false; // the colleague's Deactivate landed first
        return new TrpcFailure("Ravi Kumar's account is already inactive: someone else deactivated it. Nothing was changed.", 409);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "View Ravi Kumar" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Deactivate" }));
    const confirm = screen.getAllByRole("dialog").at(-1)!;
    fireEvent.click(within(confirm).getByRole("button", { name: "Deactivate" }));
    expect(await within(confirm).findByText(/already inactive: someone else deactivated it/)).toBeTruthy();
    expect(sent("students.toggleStatus")).toEqual([{ id: 7, active: false }]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    // The open record now offers Activate: it shows the account as it is.
    await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Activate" })).toBeTruthy());
  });

  test("Deactivate explains the sign-out, asks, and reports the server's answer", async () => {
    const { sent } = renderAdmin("/admin/students", {
      "students.list": listOf([student()]),
      "students.toggleStatus": () => ({
        message: "Student deactivated successfully!",
        isActive: false,
        student: student({ isActive: false }),
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "View Ravi Kumar" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Deactivate" }));
    const confirm = screen.getAllByRole("dialog").at(-1)!;
    expect(within(confirm).getByText(/signed out at once on every device/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Deactivate" }));
    await screen.findByText("Student deactivated successfully!");
    expect(sent("students.toggleStatus")).toEqual([{ id: 7, active: false }]);
  });

  test("a locked student shows Locked in the list; Unlock sign-in lifts it at once (issue 14.6)", async () => {
    const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const { sent } = renderAdmin("/admin/students", {
      "students.list": listOf([student({ lockedUntil })]),
      "students.unlock": () => ({ message: "Ravi Kumar can sign in again.", student: student() }),
    });
    const table = await screen.findByRole("table", { name: "Students" });
    expect(await within(table).findByText("Locked")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "View Ravi Kumar" }));
    expect(within(dialog()).getByText(/sign-in is locked until/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Unlock sign-in" }));
    await screen.findByText("Ravi Kumar can sign in again.");
    expect(sent("students.unlock")).toEqual([{ id: 7 }]);
    await waitFor(() => expect(within(dialog()).getByText("Sign-in is not locked.")).toBeTruthy());
    expect(within(dialog()).queryByRole("button", { name: "Unlock sign-in" })).toBeNull();
  });

  test("an Unlock someone else made first: the refusal shows, and the open record and the list read it again (walk 28b)", async () => {
    const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    let locked = true;
    renderAdmin("/admin/students", {
      "students.list": () => listOf([student({ lockedUntil: locked ? lockedUntil : null })])(),
      "students.get": () => student({ lockedUntil: locked ? lockedUntil : null }),
      "students.unlock": () => {
        locked = false; // a colleague's Unlock landed first
        return new TrpcFailure("This account is not locked.", 409);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "View Ravi Kumar" }));
    fireEvent.click(await within(dialog()).findByRole("button", { name: "Unlock sign-in" }));
    await screen.findByText("This account is not locked.");
    await waitFor(() => expect(within(dialog()).getByText("Sign-in is not locked.")).toBeTruthy());
    expect(within(dialog()).queryByRole("button", { name: "Unlock sign-in" })).toBeNull();
  });

  test("the open record is read again when the tab comes back to the front, as the list is (walk 28b)", async () => {
    let active = true;
    renderAdmin("/admin/students?open=7", {
      "students.list": () => listOf([student({ isActive: active })])(),
      "students.get": () => student({ isActive: active }),
    });
    expect(
      await within(await screen.findByRole("dialog", { name: "Ravi Kumar" })).findByRole("button", { name: "Deactivate" }),
    ).toBeTruthy();
    active = false; // deactivated in another tab
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    try {
      await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Activate" })).toBeTruthy());
    } finally {
      focusManager.setFocused(undefined);
    }
  });

  test("Sign out everywhere asks first, explains the account stays active, and reports the count", async () => {
    const { sent } = renderAdmin("/admin/students", {
      "students.list": listOf([student()]),
      "students.signOutEverywhere": () => ({ message: "Ravi Kumar was signed out of 2 sessions.", endedSessions: 2 }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "View Ravi Kumar" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Sign out everywhere" }));
    const confirm = screen.getAllByRole("dialog").at(-1)!;
    expect(within(confirm).getByText(/The account stays active/)).toBeTruthy();
    expect(sent("students.signOutEverywhere")).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "Sign out everywhere" }));
    await screen.findByText("Ravi Kumar was signed out of 2 sessions.");
    expect(sent("students.signOutEverywhere")).toEqual([{ id: 7 }]);
  });

  test("Delete asks with 'This action cannot be undone.'; a failure keeps the dialog with the spec's message", async () => {
    renderAdmin("/admin/students", {
      "students.list": listOf([student()]),
      "students.remove": () => new TrpcFailure("Database is busy", 500),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Ravi Kumar" }));
    const confirm = dialog();
    expect(within(confirm).getByText(/This action cannot be undone\./)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect((await within(confirm).findByRole("alert")).textContent).toBe("Error deleting student. Please try again.");
  });

  test("typing a search sends it to the server after a pause and puts it in the URL", async () => {
    const { sent, path } = renderAdmin("/admin/students?page=2", { "students.list": listOf([student()]) });
    const box = await screen.findByRole("searchbox", { name: "Search students" });
    fireEvent.change(box, { target: { value: "ravi" } });
    await waitFor(() => expect(path()).toBe("/admin/students?search=ravi"));
    await waitFor(() =>
      expect(sent("students.list").at(-1)).toEqual({ page: 1, limit: 10, search: "ravi", status: "all", programme: "", term: "" }),
    );
  });

  test("a programme and then a term of it narrow the list, in the address, the rows and the CSV (walk 32a)", async () => {
    const programmes = () => ({
      programmes: [
        { id: 3, name: "BCom", archived: false, terms: 3, termUnit: "year" as const },
        { id: 9, name: "Diploma", archived: true, terms: 4, termUnit: "semester" as const },
      ],
    });
    const { sent, path } = renderAdmin("/admin/students?status=active", {
      "students.list": listOf([student({ programmeId: 3, term: 2 })]),
      "students.programmes": programmes,
    });
    // Each row names its term after its programme's period, under the Course/Standard.
    const table = await screen.findByRole("table", { name: "Students" });
    expect(await within(table).findByText("Year 2")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Term" })).toBeNull();
    const programme = screen.getByRole("combobox", { name: "Programme" });
    expect(within(programme).getByRole("option", { name: "Diploma (archived)" })).toBeTruthy();
    fireEvent.change(programme, { target: { value: "3" } });
    await waitFor(() => expect(path()).toBe("/admin/students?status=active&programme=3"));
    const term = await screen.findByRole("combobox", { name: "Term" });
    expect(
      within(term)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All terms", "Year 1", "Year 2", "Year 3"]);
    fireEvent.change(term, { target: { value: "2" } });
    await waitFor(() => expect(path()).toBe("/admin/students?status=active&programme=3&term=2"));
    await waitFor(() => expect(sent("students.list").at(-1)).toMatchObject({ status: "active", programme: "3", term: "2" }));
    // The CSV is the list as filtered.
    const download = catchDownloads("Student ID\r\n", { "Content-Type": "text/csv" });
    try {
      fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
      await waitFor(() =>
        expect(download.requests).toMatchObject([{ url: "/api/admin/students/export.csv?search=&status=active&programme=3&term=2" }]),
      );
    } finally {
      download.restore();
    }
    // Another programme starts again at all its terms.
    fireEvent.change(programme, { target: { value: "9" } });
    await waitFor(() => expect(path()).toBe("/admin/students?status=active&programme=9"));
    expect(within(await screen.findByRole("combobox", { name: "Term" })).getByRole("option", { name: "Semester 4" })).toBeTruthy();
  });

  test("an address's programme the filter does not offer, or a term beyond it, filters by nothing (walk 33d)", async () => {
    const programmes = () => ({ programmes: [{ id: 3, name: "BCom", archived: false, terms: 3, termUnit: "year" as const }] });
    const first = renderAdmin("/admin/students?programme=3&term=9", { "students.list": listOf([]), "students.programmes": programmes });
    await waitFor(() => expect(first.sent("students.list").at(-1)).toMatchObject({ programme: "3", term: "" }));
    expect(((await screen.findByRole("combobox", { name: "Term" })) as HTMLSelectElement).value).toBe("");
    cleanup();
    const second = renderAdmin("/admin/students?programme=99&term=2", { "students.list": listOf([]), "students.programmes": programmes });
    await waitFor(() => expect(second.sent("students.list").at(-1)).toMatchObject({ programme: "", term: "" }));
    expect((screen.getByRole("combobox", { name: "Programme" }) as HTMLSelectElement).value).toBe("");
    expect(screen.queryByRole("combobox", { name: "Term" })).toBeNull();
  });

  test("a term in the address without its programme is not sent; nothing found offers to show everything", async () => {
    const { sent, path } = renderAdmin("/admin/students?term=2&status=inactive", {
      "students.list": listOf([]),
      "students.programmes": () => ({ programmes: [{ id: 3, name: "BCom", archived: false, terms: 3, termUnit: "year" as const }] }),
    });
    await waitFor(() => expect(sent("students.list").at(-1)).toMatchObject({ status: "inactive", programme: "", term: "" }));
    fireEvent.click(await screen.findByRole("button", { name: /show all/i }));
    await waitFor(() => expect(path()).toBe("/admin/students"));
    await waitFor(() => expect(sent("students.list").at(-1)).toMatchObject({ status: "all", programme: "", term: "" }));
  });
});
