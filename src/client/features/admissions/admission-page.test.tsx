import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import hiAdmission from "../../../shared/i18n/hi/admission.json";
import { latestBirthDate } from "../../../shared/schemas/common.ts";
import { formatDayAndTime, setFormatTimeZone } from "../../lib/format.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { doubleClickSendsOnce } from "../../lib/one-at-a-time-testing.ts";
import { leavingAsks, SITE_INFO, STAFF, storeSession, withClientTestRules } from "../../lib/testing.tsx";
import { draftKey } from "./draft.ts";
import {
  COMPLETE,
  chooseFile,
  click,
  control,
  documentInput,
  EXE,
  FakeXhr,
  pdfFile,
  pngFile,
  renderApp,
  type,
  withFakeXhr,
} from "./test-kit.tsx";

withClientTestRules();
withFakeXhr();

async function openWizard() {
  const app = renderApp("/admission");
  await screen.findByRole("heading", { name: "Personal Details" });
  return app;
}

/** A draft as the wizard stores it, so a test can start from a filled-in form. */
function storeDraft(values: Record<string, string>, step = 0, attached: string[] = [], savedAt = new Date().toISOString()) {
  localStorage.setItem(draftKey(), JSON.stringify({ values, step, attached, savedAt }));
}

const heading = (name: string) => screen.getByRole("heading", { name, level: 2 });
const next = () => click("Next Step");
const previous = () => click("Previous");
const stepButton = (name: string) => within(screen.getByRole("navigation", { name: "Application steps" })).getByRole("button", { name });

async function attachRequiredDocuments() {
  fireEvent.click(stepButton("Documents Upload"));
  chooseFile("Photo", pngFile());
  chooseFile("Marksheet", pdfFile());
  await screen.findByText("marksheet.pdf");
  await screen.findByText("me.png");
}

describe("the admission wizard", () => {
  test("Next Step and Previous keep every value, and focus moves to the step heading", async () => {
    await openWizard();
    expect(screen.getByText("Step 1 of 4")).toBeTruthy();
    type("First Name", "Priya");
    fireEvent.change(control<HTMLSelectElement>("Blood Group"), { target: { value: "O+" } });
    next();
    expect(document.activeElement).toBe(heading("Academic Information"));
    expect(screen.getByText("Step 2 of 4")).toBeTruthy();
    fireEvent.change(control<HTMLSelectElement>("Course"), { target: { value: "Commerce" } });
    fireEvent.change(control<HTMLSelectElement>("Year of Passing"), { target: { value: "2019" } });
    previous();
    expect(document.activeElement).toBe(heading("Personal Details"));
    expect(control("First Name").value).toBe("Priya");
    expect(control<HTMLSelectElement>("Blood Group").value).toBe("O+");
    expect(control("Nationality").value).toBe("Indian");
    next();
    expect(control<HTMLSelectElement>("Course").value).toBe("Commerce");
    expect(control<HTMLSelectElement>("Year of Passing").value).toBe("2019");
    // Free movement: nothing blocks going on with empty required fields.
    next();
    next();
    expect(heading("Review & Submit")).toBeTruthy();
    expect(screen.getByText("Priya")).toBeTruthy();
    expect(screen.getByText("Commerce")).toBeTruthy();
  });

  test("the browser's Back and Forward move between the steps, the chosen files kept (walk 18)", async () => {
    await openWizard();
    type("First Name", "Priya");
    next();
    await attachRequiredDocuments();
    expect(history.state).toMatchObject({ admissionStep: 2 });
    const entries = history.length;
    // Back: the entry before holds the step before; the page stays, with what was typed and chosen.
    const back = (state: unknown) => act(() => void dispatchEvent(new PopStateEvent("popstate", { state })));
    back({ admissionStep: 1 });
    expect(document.activeElement).toBe(heading("Academic Information"));
    back({ admissionStep: 0 });
    expect(control("First Name").value).toBe("Priya");
    back({ admissionStep: 2 });
    expect(heading("Documents Upload")).toBeTruthy();
    expect(screen.getByText("marksheet.pdf")).toBeTruthy();
    expect(screen.getByText("me.png")).toBeTruthy();
    // A step reached by Back or Forward is not recorded again; a step moved to is.
    expect(history.length).toBe(entries);
    next();
    expect(history.state).toMatchObject({ admissionStep: 3 });
    expect(history.length).toBe(entries + 1);
  });

  test("Nationality starts as Indian in the reader's language", async () => {
    await changeLocale("hi");
    renderApp("/admission");
    await screen.findByRole("heading", { name: hiAdmission["step.personal"] });
    expect(control(hiAdmission["field.nationality"]).value).toBe("भारतीय");
  });

  test("Enter in a field (the form's submission) goes on to the next step, as Next Step does", async () => {
    await openWizard();
    type("First Name", "Priya");
    fireEvent.submit(control("First Name").form!);
    expect(document.activeElement).toBe(heading("Academic Information"));
    expect(screen.getByRole("button", { name: "Next Step" }).getAttribute("type")).toBe("submit");
  });

  test("offers the spec's options", async () => {
    await openWizard();
    const options = (label: string) => [...control<HTMLSelectElement>(label).options].map((o) => o.value).filter(Boolean);
    expect(options("Gender")).toEqual(["Male", "Female", "Other"]);
    expect(options("Blood Group")).toEqual(["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"]);
    next();
    expect(options("Course")).toContain("Computer Science");
    expect(options("Course")).toHaveLength(8);
    const years = options("Year of Passing");
    expect(years[0]).toBe(String(new Date().getFullYear()));
    expect(years.slice(-3)).toEqual(["2017", "2016", "2015"]);
  });

  test("shows a field's rule as it is filled in, and clears it once the value fits", async () => {
    await openWizard();
    type("Pincode", "4110");
    expect(screen.queryByText("Please enter a valid 6-digit PIN code")).toBeNull(); // not while still typing the first time
    fireEvent.blur(control("Pincode"));
    expect(screen.getByText("Please enter a valid 6-digit PIN code")).toBeTruthy();
    expect(control("Pincode").getAttribute("aria-invalid")).toBe("true");
    expect(control("Pincode").getAttribute("aria-describedby")).toContain("admission-pincode-error");
    type("Pincode", "411001");
    expect(screen.queryByText("Please enter a valid 6-digit PIN code")).toBeNull();
    // A list choice shows at once; a left-empty field does not nag before submit.
    fireEvent.blur(control("City"));
    expect(screen.queryByText("City is required")).toBeNull();
  });

  test("what people really type (stop 48): a PIN as on a letter fits; a name with emoji and a child's birthday say what to fix beside the field", async () => {
    await openWizard();
    type("Pincode", "411 001");
    fireEvent.blur(control("Pincode"));
    expect(control("Pincode").getAttribute("aria-invalid")).toBeNull();
    type("First Name", "Priya 🌸");
    fireEvent.blur(control("First Name"));
    expect(screen.getByText("Use letters in a name, not emoji or symbols")).toBeTruthy();
    expect(control("First Name").getAttribute("aria-invalid")).toBe("true");
    // The picker stops where the rule does.
    expect(control("Date of Birth").getAttribute("max")).toBe(latestBirthDate());
    type("Date of Birth", `${new Date().getFullYear() - 9}-01-01`);
    fireEvent.blur(control("Date of Birth"));
    expect(screen.getByText("Please enter a real date of birth, at least 10 years ago")).toBeTruthy();
  });

  test("Reset Form asks first, then clears everything, including the saved draft", async () => {
    await openWizard();
    type("First Name", "Priya");
    type("City", "Pune");
    next();
    expect(localStorage.getItem(draftKey())).toContain("Priya");

    click("Reset Form");
    expect(screen.getByRole("heading", { name: "Reset the form?" })).toBeTruthy();
    click("Keep my answers");
    previous();
    expect(control("First Name").value).toBe("Priya");

    click("Reset Form");
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset Form" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(heading("Personal Details")).toBeTruthy();
    expect(control("First Name").value).toBe("");
    expect(control("City").value).toBe("");
    expect(control("Nationality").value).toBe("Indian");
    expect(localStorage.getItem(draftKey())).toBeNull();
  });

  test("a new tab of the form takes this tab's draft: this tab writes its own again at once (stop 60)", async () => {
    await openWizard();
    type("First Name", "Priya");
    await waitFor(() => expect(localStorage.getItem(draftKey())).toContain("Priya"));
    // What another tab's loadDraft does when it finds no draft of its own: it moves this one to itself.
    localStorage.removeItem(draftKey());
    act(() => {
      dispatchEvent(new StorageEvent("storage", { key: draftKey(), newValue: null, storageArea: localStorage }));
    });
    expect(localStorage.getItem(draftKey())).toContain("Priya");
  });

  test("'Apply for this programme' over a saved draft: the programme just chosen, the rest of the draft kept", async () => {
    storeDraft({ ...COMPLETE, course: "MBA" }, 1);
    const before = window.location.href;
    window.history.replaceState(null, "", "/admission?course=BBA");
    try {
      renderApp("/admission");
      await screen.findByRole("heading", { name: "Academic Information" });
      expect(control<HTMLSelectElement>("Course").value).toBe("BBA");
      previous();
      expect(control("First Name").value).toBe(COMPLETE.firstName!);
      await waitFor(() => expect(JSON.parse(localStorage.getItem(draftKey())!).values.course).toBe("BBA"));
    } finally {
      window.history.replaceState(null, "", before);
    }
  });

  test("a link to a programme whose admissions have closed: the course is taken off once the open ones are known, and the field says why (tenth walk)", async () => {
    storeDraft({ ...COMPLETE, course: "" }, 1);
    const before = window.location.href;
    window.history.replaceState(null, "", "/admission?course=MBA");
    try {
      renderApp("/admission", { "admissions.courses": () => ({ courses: ["BBA", "BCA"] }) });
      await screen.findByRole("heading", { name: "Academic Information" });
      expect(await screen.findByText("Admissions for MBA are closed at present: choose a course from the list.")).toBeTruthy();
      const course = control<HTMLSelectElement>("Course");
      expect(course.value).toBe("");
      expect([...course.options].map((o) => o.value)).not.toContain("MBA");
      fireEvent.change(course, { target: { value: "BCA" } });
      expect(screen.queryByText(/Admissions for MBA are closed/)).toBeNull();
    } finally {
      window.history.replaceState(null, "", before);
    }
  });

  test("no course open at all: the page says admissions are closed and how to ask, with no form to fill (walk 30a)", async () => {
    renderApp("/admission", { "admissions.courses": () => ({ courses: [] }) });
    expect(await screen.findByRole("heading", { level: 2, name: "Admissions are closed for now" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
    expect(screen.queryByText(/^Four short steps/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Next Step" })).toBeNull();
    expect(screen.queryByLabelText(/^First Name/)).toBeNull();
  });

  test("submitting with required fields missing lists them in the spec's order and jumps to the first", async () => {
    storeDraft({ ...COMPLETE, gender: "", pincode: "", course: "" }, 3);
    renderApp("/admission");
    await screen.findByRole("heading", { name: "Review & Submit" });
    click("Submit Application");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Please fill in the following required fields: Gender, Pincode, Course");
    expect(heading("Personal Details")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(control("Gender")));
    expect(screen.getByText("Gender is required")).toBeTruthy();
    expect(screen.getByText("Pincode is required")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  test("the alert follows the form: it names the missing documents with the fields, and changes and goes as they are fixed", async () => {
    storeDraft({ ...COMPLETE, gender: "", pincode: "" }, 3);
    renderApp("/admission");
    await screen.findByRole("heading", { name: "Review & Submit" });
    click("Submit Application");
    const summary = () => screen.queryAllByText(/^Please (fill in|upload|correct)/)[0]?.closest(".ui-alert")?.textContent ?? null;
    await waitFor(() =>
      expect(summary()).toBe(
        "Please fill in the following required fields: Gender, PincodePlease upload the following required documents: Photo, Marksheet",
      ),
    );
    expect(heading("Personal Details")).toBeTruthy();

    fireEvent.change(control<HTMLSelectElement>("Gender"), { target: { value: "Female" } });
    expect(summary()).toBe(
      "Please fill in the following required fields: PincodePlease upload the following required documents: Photo, Marksheet",
    );
    type("Pincode", "4110");
    expect(summary()).toBe("Please upload the following required documents: Photo, Marksheet");
    // The draft keeps what is typed (no question), not the files chosen (stop 45: they ask first).
    expect(leavingAsks()).toBe(false);
    await attachRequiredDocuments();
    expect(leavingAsks()).toBe(true);
    expect(summary()).toBe("Please correct the highlighted fields: Pincode");
    fireEvent.click(stepButton("Personal Details"));
    type("Pincode", "411001");
    expect(summary()).toBeNull();
    // Nothing typed was lost on the way.
    expect(control("First Name").value).toBe("Priya");
    expect(control<HTMLSelectElement>("Gender").value).toBe("Female");
    expect(FakeXhr.sent).toHaveLength(0);
  });

  test("without the required documents it asks for them before sending anything", async () => {
    storeDraft(COMPLETE, 3);
    renderApp("/admission");
    await screen.findByRole("heading", { name: "Review & Submit" });
    click("Submit Application");
    expect((await screen.findByRole("alert")).textContent).toContain("Please upload the following required documents: Photo, Marksheet");
    expect(heading("Documents Upload")).toBeTruthy();
    expect(screen.getByText("Photo is required")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  test("checks a chosen file at once: over 5 MB or the wrong type is refused beside the field", async () => {
    await openWizard();
    fireEvent.click(stepButton("Documents Upload"));
    chooseFile("Marksheet", new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Marksheet is larger than 5 MB. Please choose a smaller file.")).toBeTruthy();
    expect(documentInput("Marksheet").getAttribute("aria-invalid")).toBe("true");

    chooseFile("Marksheet", new File([EXE], "marksheet.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Marksheet must be a PDF, JPG or PNG file.")).toBeTruthy();
    chooseFile("Photo", pdfFile("photo.pdf"));
    expect(await screen.findByText("Photo must be a JPG or PNG file.")).toBeTruthy();

    chooseFile("Marksheet", pdfFile());
    expect(await screen.findByText("marksheet.pdf")).toBeTruthy();
    expect(screen.queryByText("Marksheet must be a PDF, JPG or PNG file.")).toBeNull();
    chooseFile("Photo", pngFile());
    expect(await screen.findByRole("img", { name: "Preview of Photo" })).toBeTruthy();
    expect(screen.getByText("12 B")).toBeTruthy();

    click(/^Remove Marksheet/);
    expect(screen.queryByText("marksheet.pdf")).toBeNull();
  });

  test("at the counter (a walk-in, issue 17) no draft is kept or restored, and leaving with anything typed asks (walk 31a)", async () => {
    storeDraft({ ...COMPLETE, firstName: "Earlier" });
    storeSession(STAFF);
    renderApp("/admission", {}, STAFF);
    await screen.findByRole("heading", { name: "Personal Details" });
    await screen.findByText("Entering a walk-in application");
    // The draft another applicant left on this computer is not offered, nor taken away.
    expect(control("First Name").value).toBe("");
    expect(screen.queryByText(/We restored what you typed on this device/)).toBeNull();
    type("First Name", "Walkin");
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(Object.keys(localStorage).filter((key) => localStorage.getItem(key)?.includes("Walkin"))).toEqual([]);
    expect(localStorage.getItem(draftKey())).toContain("Earlier");
    expect(leavingAsks()).toBe(true);
  });

  test("a saved draft comes back after a reload and names the documents to attach again", async () => {
    storeDraft({ ...COMPLETE, city: "Nashik" }, 2, ["photo", "marksheet"]);
    await openWizardAt("Documents Upload");
    const info = screen.getByText(/We restored what you typed on this device/);
    expect(info.textContent).toContain("please attach these again: Photo, Marksheet.");
    expect(screen.getAllByText("Please attach this file again: files are not kept when the page is reloaded.")).toHaveLength(2);
    chooseFile("Photo", pngFile());
    await screen.findByText("me.png");
    expect(screen.getAllByText("Please attach this file again: files are not kept when the page is reloaded.")).toHaveLength(1);
    fireEvent.click(stepButton("Personal Details"));
    expect(control("City").value).toBe("Nashik");
    expect(control("First Name").value).toBe("Priya");
  });

  test("the restored draft's time is a stored instant: written on the institute's clock (decision 025)", async () => {
    const savedAt = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    storeDraft({ ...COMPLETE }, 0, [], savedAt);
    setFormatTimeZone("Asia/Kolkata");
    try {
      const expected = formatDayAndTime(savedAt);
      renderApp("/admission", { "site.info": () => ({ ...SITE_INFO, timeZone: "Asia/Kolkata" }) });
      await screen.findByRole("heading", { name: "Personal Details" });
      await waitFor(() => expect(screen.getByText(/We restored what you typed on this device/).textContent).toContain(expected));
    } finally {
      setFormatTimeZone(undefined);
    }
  });

  test("sends the application with a progress bar and shows the application number; the draft is gone", async () => {
    storeDraft({ ...COMPLETE, alternatePhone: "" }, 0);
    const app = await openWizardAt("Personal Details");
    await attachRequiredDocuments();
    fireEvent.click(stepButton("Review & Submit"));
    click("Submit Application");

    const progress = await screen.findByRole("progressbar", { name: "Uploading your application…" });
    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/admission/submit");
    expect(xhr.body?.get("firstName")).toBe("Priya");
    expect(xhr.body?.has("alternatePhone")).toBe(false);
    expect((xhr.body?.get("photo") as File).name).toBe("me.png");
    expect((xhr.body?.get("marksheet") as File).name).toBe("marksheet.pdf");
    expect(xhr.body?.has("birthCertificate")).toBe(false);

    act(() => xhr.progress(45));
    expect(progress.getAttribute("aria-valuenow")).toBe("45");
    expect(screen.getByText("45%")).toBeTruthy();

    act(() =>
      xhr.respond(201, {
        success: true,
        data: { applicationNumber: "APP-2026-000123", id: 7, status: "pending", submittedAt: "2026-03-10T10:00:00.000Z" },
      }),
    );
    expect(await screen.findByRole("heading", { name: "Application submitted successfully!" })).toBeTruthy();
    expect(screen.getByText("APP-2026-000123")).toBeTruthy();
    expect(screen.getByText(/2–3 business days/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check Application Status" }).getAttribute("href")).toBe("/admission-status");
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(localStorage.getItem(draftKey())).toBeNull();
    expect(app.path()).toBe("/admission");
  });

  test("a double click on Submit Application sends one application", async () => {
    storeDraft({ ...COMPLETE, alternatePhone: "" }, 0);
    await openWizardAt("Personal Details");
    await attachRequiredDocuments();
    fireEvent.click(stepButton("Review & Submit"));
    const submit = screen.getByRole("button", { name: "Submit Application" });
    await doubleClickSendsOnce(submit, () => FakeXhr.sent);
    await screen.findByRole("progressbar", { name: "Uploading your application…" });
  });

  test("a refused submission shows the spec's texts and the server's reason; Try Again keeps everything and marks the field", async () => {
    storeDraft(COMPLETE, 0);
    await openWizardAt("Personal Details");
    await attachRequiredDocuments();
    fireEvent.click(stepButton("Review & Submit"));
    click("Submit Application");
    await screen.findByRole("progressbar");
    const message = "Marksheet could not be read as an image. Please choose another file.";
    act(() => FakeXhr.sent[0]!.respond(400, { success: false, message, errors: { marksheet: [message] } }));

    expect(await screen.findByRole("heading", { name: "Submission Failed" })).toBeTruthy();
    expect(screen.getByText("We encountered an error while processing your application. Please try again.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(message);
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");

    click("Try Again");
    expect(heading("Documents Upload")).toBeTruthy();
    const field = screen.getAllByText(message).find((el) => el.closest(".doc-picker"));
    expect(field).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(documentInput("Marksheet")));
    // The photo stays; the refused marksheet must be chosen again; every typed value is still there.
    expect(screen.getByText("me.png")).toBeTruthy();
    expect(screen.queryByText("marksheet.pdf")).toBeNull();
    fireEvent.click(stepButton("Personal Details"));
    expect(control("Email").value).toBe("priya@example.com");
    expect(localStorage.getItem(draftKey())).toContain("priya@example.com");
  });

  test("a pending application for the e-mail (409) says so, points to the status page and marks the e-mail field", async () => {
    storeDraft(COMPLETE, 0);
    await openWizardAt("Personal Details");
    await attachRequiredDocuments();
    fireEvent.click(stepButton("Review & Submit"));
    click("Submit Application");
    await screen.findByRole("progressbar");
    const message =
      "You already have an application under review for this e-mail address. You can follow it on the Application Status page.";
    act(() => FakeXhr.sent[0]!.respond(409, { success: false, message, errors: { email: [message] } }));
    // Not "failed, try again" (walk 18): trying again cannot help; the status page first, the form for another address.
    await screen.findByRole("heading", { name: "An application is already under review" });
    expect(screen.queryByText(/Please try again/)).toBeNull();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the Application Status page" }).getAttribute("href")).toBe("/admission-status");
    click("Back to the form");
    expect(heading("Personal Details")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(control("Email")));
    expect(control("Email").getAttribute("aria-invalid")).toBe("true");
    type("Email", "priya.new@example.com");
    expect(control("Email").getAttribute("aria-invalid")).toBeNull();
  });

  test("cancelling the upload returns to the form with everything kept", async () => {
    storeDraft(COMPLETE, 0);
    await openWizardAt("Personal Details");
    await attachRequiredDocuments();
    fireEvent.click(stepButton("Review & Submit"));
    click("Submit Application");
    await screen.findByRole("progressbar");
    click("Cancel upload");
    expect(await screen.findByText("Upload cancelled. Everything you entered is still here.")).toBeTruthy();
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(heading("Review & Submit")).toBeTruthy();
    expect(screen.getByText(/me\.png · 12 B/)).toBeTruthy();
    expect(screen.getByText("Priya")).toBeTruthy();
  });
});

async function openWizardAt(step: string) {
  const app = renderApp("/admission");
  await screen.findByRole("heading", { name: step });
  return app;
}
