import { afterEach, describe, expect, jest, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ACCOUNT_MSG } from "../../../shared/account-messages.ts";
import hiPerson from "../../../shared/i18n/hi/person.json";
import hiStudent from "../../../shared/i18n/hi/student.json";
import { STUDENT_MESSAGES } from "../../../shared/schemas/student.ts";
import { CLIENT_MSG } from "../../lib/errors.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { doubleClickSendsOnce, neverAnswers } from "../../lib/one-at-a-time-testing.ts";
import { FakeXhr, NoConnection, STUDENT, TrpcFailure, useFakeXhr, withClientTestRules } from "../../lib/testing.tsx";
import { PROFILE_MESSAGES } from "./profile-form.ts";
import { advance, errorOf, PROFILE, renderStudentAt, withFakeTimerCleanup } from "./student-testing.tsx";
import { FLASH_MS } from "./use-flash.ts";

withClientTestRules();

const RealXhr = globalThis.XMLHttpRequest;
withFakeTimerCleanup();
afterEach(() => {
  globalThis.XMLHttpRequest = RealXhr;
});

async function openProfile(handlers: Parameters<typeof renderStudentAt>[1] = {}) {
  let loads = 0;
  const app = renderStudentAt("/student/profile", {
    "student.profile": () => {
      loads++;
      return PROFILE;
    },
    ...handlers,
  });
  await screen.findByRole("heading", { level: 1, name: "My Profile" });
  await screen.findByRole("button", { name: "Edit Profile" });
  return { ...app, loads: () => loads };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const photoInput = () => screen.getByLabelText("Profile photo file") as HTMLInputElement;
const choose = (file: File) => fireEvent.change(photoInput(), { target: { files: [file] } });

describe("student profile", () => {
  test("view mode shows every detail; edit mode edits only the student's own fields and keeps the rest read-only", async () => {
    await openProfile();
    const personal = screen.getByRole("region", { name: "Personal details" });
    expect(within(personal).getByText("15 August 2001")).toBeTruthy();
    expect(within(personal).getByText("B+")).toBeTruthy();
    const emergency = screen.getByRole("region", { name: "Emergency contact" });
    expect(within(emergency).getByText("Rajesh Sharma")).toBeTruthy();
    expect(within(emergency).getByText("Not specified")).toBeTruthy(); // no e-mail
    expect(screen.queryByRole("textbox")).toBeNull();
    // The programme from the catalogue links to its public page (issue 17).
    expect(screen.getByRole("link", { name: "BBA" }).getAttribute("href")).toBe("/programmes/bba");
    // The header names the programme by the one name every screen uses, not the course applied for (QA 3).
    expect(screen.getByText("STU0001 · BBA")).toBeTruthy();
    // Its "Course" is what the application was admitted to (history, left by a rename): labelled so (decision 023).
    expect(screen.getByText("Course admitted to")).toBeTruthy();
    expect(screen.queryByText("Course")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    expect(field("City").value).toBe("Pune");
    expect(field("Mobile").value).toBe("9876543210");
    expect((screen.getByLabelText("Relationship") as HTMLSelectElement).value).toBe("Father");
    const relationships = Array.from((screen.getByLabelText("Relationship") as HTMLSelectElement).options).map((o) => o.value);
    expect(relationships).toEqual(["", "Father", "Mother", "Guardian", "Spouse", "Sibling", "Other"]);
    // Name, e-mail, student ID and course are shown, never editable.
    const managed = screen.getByRole("region", { name: "Managed by the institute" });
    for (const shown of [PROFILE.name, PROFILE.email, "STU0001", "Business Administration"])
      expect(within(managed).getByText(shown)).toBeTruthy();
    expect(screen.queryByLabelText("Full name")).toBeNull();
    expect(screen.queryByLabelText("E-mail address")).toBeNull();
    expect(screen.queryByLabelText("Student ID")).toBeNull();
  });

  test("Save sends the changes, leaves edit mode and shows the success message, which vanishes after 5 seconds", async () => {
    const { sent } = await openProfile({
      "student.updateProfile": (input) => {
        const i = input as { city: string; emergencyContact: { relationship: string; name: string; phone: string } };
        return { ...PROFILE, city: i.city, emergencyContact: { ...PROFILE.emergencyContact, ...i.emergencyContact, email: null } };
      },
    });
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    // The form opens at its first field, not with focus lost on the page (sixth walk).
    expect(document.activeElement).toBe(screen.getByLabelText("Gender"));
    fireEvent.change(field("City"), { target: { value: "Nashik" } });
    fireEvent.change(screen.getByLabelText("Relationship"), { target: { value: "Mother" } });
    fireEvent.change(field("Contact name"), { target: { value: "Sunita Sharma" } });

    jest.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await advance(300);
    // Only what was changed (eleventh walk): a field the office changed meanwhile, not touched here, is not undone.
    expect(sent("student.updateProfile")).toEqual([
      {
        city: "Nashik",
        emergencyContact: { name: "Sunita Sharma", relationship: "Mother", phone: "9822012345", email: "" },
      },
    ]);
    // Back in view mode with the saved values, focus on Edit Profile.
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Edit Profile/ }));
    expect(within(screen.getByRole("region", { name: "Contact and address" })).getByText(/Nashik/)).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Emergency contact" })).getByText("Mother")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain(PROFILE_MESSAGES.updated);

    await advance(FLASH_MS - 500);
    expect(screen.queryByText(PROFILE_MESSAGES.updated)).not.toBeNull();
    await advance(500);
    expect(screen.queryByText(PROFILE_MESSAGES.updated)).toBeNull();

    // Saved again and edited at once: the last save's message goes as the form opens (seventh walk).
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await advance(300);
    expect(screen.getByRole("status").textContent).toContain(PROFILE_MESSAGES.updated);
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    expect(screen.queryByText(PROFILE_MESSAGES.updated)).toBeNull();
  });

  test("a save that cannot reach the server says so, not only 'Failed to update profile' (ninth walk), and that it may be saved (stop 48)", async () => {
    await openProfile({
      "student.updateProfile": () => new NoConnection(),
    });
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    // Sent while online, the answer lost: nobody can tell whether the server made the change.
    jest.useFakeTimers();
    await advance(300);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(CLIENT_MSG.unsure);
    // Said beside Save, where the tap was, not at the top a phone has scrolled away; it stays past the page
    // message's 5 seconds until the next try (walk 33b).
    expect(alert.nextElementSibling?.contains(screen.getByRole("button", { name: "Save Changes" }))).toBe(true);
    await advance(FLASH_MS + 1000);
    expect(screen.getByRole("alert").textContent).toContain(CLIENT_MSG.unsure);
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("a refused save: 'Failed to update profile' for 5 seconds, the server's message beside its field, still editing", async () => {
    await openProfile({
      "student.updateProfile": () => {
        throw new TrpcFailure("Please enter a valid phone number", 400, {
          "emergencyContact.phone": ["Please enter a valid phone number"],
        });
      },
    });
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await advance(300);
    expect(screen.getByRole("alert").textContent).toContain(PROFILE_MESSAGES.updateFailed);
    expect(errorOf(field("Contact phone"))).toBe("Please enter a valid phone number");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeTruthy();
    await advance(FLASH_MS);
    expect(screen.queryByText(PROFILE_MESSAGES.updateFailed)).toBeNull();
    // The field's own message stays until it is fixed.
    expect(errorOf(field("Contact phone"))).toBe("Please enter a valid phone number");
  });

  test("the shared rules are checked before sending: a 5-digit PIN code is caught and focused, nothing is sent", async () => {
    const { sent } = await openProfile();
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    fireEvent.change(field("PIN code"), { target: { value: "41103" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(errorOf(field("PIN code"))).toBe("Please enter a valid 6-digit PIN code");
    await waitFor(() => expect(document.activeElement?.id).toBe("profile-pincode"));
    expect(sent("student.updateProfile")).toEqual([]);
  });

  test("what people really type (stop 48): a PIN code as on a letter fits the field and is sent; an emergency contact named with emoji is told so beside the field", async () => {
    const { sent } = await openProfile({ "student.updateProfile": () => ({ ...PROFILE, pincode: "411001" }) });
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    fireEvent.change(field("Contact name"), { target: { value: "Rajesh 🙏" } });
    // Seven characters, as written on letters: not "Must be at most 6 characters" (the schema stores its six digits).
    fireEvent.change(field("PIN code"), { target: { value: "411 001" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(errorOf(field("Contact name"))).toBe("Use letters in a name, not emoji or symbols");
    expect(errorOf(field("PIN code"))).toBeNull();
    expect(sent("student.updateProfile")).toEqual([]);
    fireEvent.change(field("Contact name"), { target: { value: "Rajesh  Sharma" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(sent("student.updateProfile")).toHaveLength(1));
    expect((sent("student.updateProfile")[0] as { pincode: string }).pincode.replace(" ", "")).toBe("411001");
  });

  test("Cancel leaves edit mode, forgets what was typed and reloads the profile from the server", async () => {
    const { loads, sent } = await openProfile();
    expect(loads()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    fireEvent.change(field("City"), { target: { value: "Mumbai" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(loads()).toBe(2));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Edit Profile/ }));
    expect(screen.queryByText(/Mumbai/)).toBeNull();
    expect(sent("student.updateProfile")).toEqual([]);
  });

  test("a failed load says 'Failed to load profile data' (for 5 seconds) and offers Try again", async () => {
    jest.useFakeTimers();
    renderStudentAt("/student/profile", {
      "student.profile": () => {
        throw new TrpcFailure("Not allowed", 403);
      },
    });
    await advance(500);
    expect(screen.getByRole("alert").textContent).toContain(PROFILE_MESSAGES.loadFailed);
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    await advance(FLASH_MS);
    expect(screen.queryByText(PROFILE_MESSAGES.loadFailed)).toBeNull();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  test("photo checks before any upload: over 5 MB, or not an image — each message vanishes after 5 seconds", async () => {
    useFakeXhr();
    await openProfile();
    jest.useFakeTimers();
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" }));
    await advance(100);
    expect(screen.getByRole("alert").textContent).toBe(STUDENT_MESSAGES.photoTooLarge);
    choose(new File(["%PDF-1.4"], "marks.pdf", { type: "application/pdf" }));
    await advance(100);
    expect(screen.getByRole("alert").textContent).toBe(STUDENT_MESSAGES.photoNotImage);
    expect(FakeXhr.sent).toEqual([]);
    await advance(FLASH_MS);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("a photo uploads with PUT and a progress bar, then shows at once in the sidebar", async () => {
    useFakeXhr();
    await openProfile();
    const sidebar = screen.getByRole("complementary", { name: "Student portal" });
    expect(sidebar.querySelector("img.avatar")).toBeNull();

    choose(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "me.jpg", { type: "image/jpeg" }));
    await waitFor(() => expect(FakeXhr.sent.length).toBe(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe("PUT");
    expect(xhr.url).toBe("/api/student/profile/photo");
    expect(xhr.headers.Authorization).toBe("Bearer stored-token");
    expect((xhr.body as FormData).get("photo")).toBeInstanceOf(File);

    await act(async () => xhr.progress(40, 100));
    const bar = await screen.findByRole("progressbar", { name: "Uploading photo" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("40"));

    const url = "/api/files/photos/abcdefghijklmnopqrstuvwx.webp";
    await act(async () =>
      xhr.respond(200, { success: true, data: { message: "Photo updated successfully", user: { ...STUDENT, photo: { url } } } }),
    );
    await waitFor(() => expect(sidebar.querySelector("img.avatar")?.getAttribute("src")).toBe(url));
    expect(screen.getByRole("img", { name: `Photo of ${PROFILE.name}` }).getAttribute("src")).toBe(url);
    expect(screen.getByRole("status").textContent).toContain(PROFILE_MESSAGES.photoUpdated);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: /Change photo/ })).toBeTruthy();
  });

  test("a photo the server refuses shows its message beside the photo", async () => {
    useFakeXhr();
    await openProfile();
    choose(new File([new Uint8Array([1, 2, 3])], "fake.png", { type: "image/png" }));
    await waitFor(() => expect(FakeXhr.sent.length).toBe(1));
    await act(async () =>
      FakeXhr.sent[0]!.respond(400, {
        success: false,
        message: STUDENT_MESSAGES.photoNotImage,
        errors: { photo: [STUDENT_MESSAGES.photoNotImage] },
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(STUDENT_MESSAGES.photoNotImage);
    expect(screen.getByRole("complementary", { name: "Student portal" }).querySelector("img.avatar")).toBeNull();
  });

  test("a slow upload can be cancelled beside its progress: the request stops, the photo is as it was (walk 33b)", async () => {
    useFakeXhr();
    await openProfile();
    expect(screen.queryByRole("button", { name: "Cancel upload" })).toBeNull();
    choose(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "me.jpg", { type: "image/jpeg" }));
    await waitFor(() => expect(FakeXhr.sent.length).toBe(1));
    await act(async () => FakeXhr.sent[0]!.progress(19, 100));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel upload" }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect((await screen.findByRole("status")).textContent).toBe("Upload cancelled: your photo is as it was.");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel upload" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Add photo|Change photo/ }));
  });

  test("a picture that failed to load offline is tried again when the line is back (walk 33b)", async () => {
    await openProfile({ "student.profile": () => ({ ...PROFILE, photo: { url: "/api/files/photos/p.webp" } }) });
    const picture = await screen.findByRole("img", { name: `Photo of ${PROFILE.name}` });
    fireEvent.error(picture);
    await waitFor(() => expect(screen.queryByRole("img", { name: `Photo of ${PROFILE.name}` })).toBeNull());
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByRole("img", { name: `Photo of ${PROFILE.name}` })).toBeTruthy();
  });
});

describe("changing the e-mail address (issue 14.2)", () => {
  test("password + new address, then the code from the new address; the new address shows at once", async () => {
    const { sent } = await openProfile({
      "auth.requestEmailChange": () => ({ message: ACCOUNT_MSG.emailChangeCodeSent, newEmail: "priya.new@example.test", expiresIn: 300 }),
      "auth.confirmEmailChange": () => ({ message: ACCOUNT_MSG.emailChanged, user: { ...STUDENT, email: "priya.new@example.test" } }),
    });
    // The date of birth is the institute's record: it is not in the edit form.
    fireEvent.click(screen.getByRole("button", { name: /Edit Profile/ }));
    expect(screen.queryByLabelText("Date of birth")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));

    fireEvent.click(await screen.findByRole("button", { name: "Change e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Change your e-mail address" });
    const send = within(dialog).getByRole("button", { name: "Send code" });
    send.focus();
    fireEvent.click(send);
    expect(await within(dialog).findByText("Please enter your current password")).toBeTruthy();
    expect(sent("auth.requestEmailChange")).toEqual([]);
    // The focus goes to the first field to fix, not left on Send code (walk 24a).
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Current password/));

    fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: "Correct1Horse" } });
    const newEmail = within(dialog).getByLabelText(/^New e-mail address/) as HTMLInputElement;
    // An address box: the e-mail keyboard, the saved address offered, no capital letter or spelling marks.
    expect([newEmail.type, newEmail.autocomplete, newEmail.getAttribute("autocapitalize"), newEmail.getAttribute("spellcheck")]).toEqual([
      "email",
      "email",
      "none",
      "false",
    ]);
    fireEvent.change(newEmail, { target: { value: " Priya.New@example.test " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send code" }));
    await within(dialog).findByText(/Enter the 6-digit code we sent to priya.new@example.test/);
    expect(sent("auth.requestEmailChange")).toEqual([{ currentPassword: "Correct1Horse", newEmail: "priya.new@example.test" }]);

    const boxes = within(dialog).getAllByRole("textbox");
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Change e-mail" }));
    await waitFor(() => expect(sent("auth.confirmEmailChange")).toEqual([{ newEmail: "priya.new@example.test", code: "123456" }]));
    await waitFor(() => expect(JSON.parse(localStorage.getItem("user") ?? "{}").email).toBe("priya.new@example.test"));
  });

  test("a double click on Send code or on Change e-mail sends once while the first call is on its way", async () => {
    const { sent } = await openProfile({
      "auth.requestEmailChange": () => ({ message: ACCOUNT_MSG.emailChangeCodeSent, newEmail: "priya.new@example.test", expiresIn: 300 }),
      "auth.confirmEmailChange": neverAnswers,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Change e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Change your e-mail address" });
    fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: "Correct1Horse" } });
    fireEvent.change(within(dialog).getByLabelText(/^New e-mail address/), { target: { value: "priya.new@example.test" } });
    const sendCode = within(dialog).getByRole("button", { name: "Send code" });
    await doubleClickSendsOnce(sendCode, () => sent("auth.requestEmailChange"));
    await within(dialog).findByText(/Enter the 6-digit code we sent to priya.new@example.test/);

    fireEvent.paste(within(dialog).getAllByRole("textbox")[0]!, { clipboardData: { getData: () => "123456" } });
    const change = within(dialog).getByRole("button", { name: "Change e-mail" });
    await doubleClickSendsOnce(change, () => sent("auth.confirmEmailChange"));
  });

  test("a wrong password is shown beside its field and nothing moves on", async () => {
    await openProfile({
      "auth.requestEmailChange": () =>
        new TrpcFailure("Your current password is not correct.", 400, { currentPassword: ["Your current password is not correct."] }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Change e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Change your e-mail address" });
    fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: "Wrong1Password" } });
    fireEvent.change(within(dialog).getByLabelText(/^New e-mail address/), { target: { value: "new@example.test" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send code" }));
    expect(await within(dialog).findByText("Your current password is not correct.")).toBeTruthy();
    expect(within(dialog).getByLabelText(/^New e-mail address/)).toBeTruthy();
  });
});

describe("in Hindi (issue 16)", () => {
  test("the photo's hint and picture, and the shared rules checked in the form, are in Hindi", async () => {
    await changeLocale("hi");
    const url = "/api/files/photos/abcdefghijklmnopqrstuvwx.webp";
    const { sent } = renderStudentAt(
      "/student/profile",
      { "student.profile": () => ({ ...PROFILE, photo: { url } }) },
      { user: { ...STUDENT, language: "hi" } },
    );
    await screen.findByRole("heading", { level: 1, name: hiStudent["profile.title"] });
    expect(await screen.findByText(hiStudent["photo.hint"])).toBeTruthy();
    expect(screen.queryByText(/JPG, PNG or WebP/)).toBeNull();
    expect(screen.getByRole("img", { name: hiStudent["card.photoOf"].replace("{name}", PROFILE.name) }).getAttribute("src")).toBe(url);
    expect(screen.getByText(hiPerson["gender.Female"])).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: new RegExp(hiStudent["profile.edit"]) }));
    fireEvent.change(field(hiStudent["label.pincode"]), { target: { value: "41103" } });
    fireEvent.change(field(hiStudent["label.mobile"]), { target: { value: "call me" } });
    expect([...(screen.getByLabelText(hiStudent["label.gender"]) as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      hiStudent.notSpecified,
      hiPerson["gender.Male"],
      hiPerson["gender.Female"],
      hiPerson["gender.Other"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: hiStudent["profile.save"] }));
    expect(errorOf(field(hiStudent["label.pincode"]))).toBe(hiStudent["rule.pincode"]);
    expect(errorOf(field(hiStudent["label.mobile"]))).toBe(hiStudent["rule.mobile"]);
    expect(sent("student.updateProfile")).toEqual([]);
    await act(() => changeLocale("en", { keep: false }));
  });
});
