import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { formatTime } from "../../lib/format.ts";
import { STAFF, TrpcFailure, withClientTestRules } from "../../lib/testing.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";

withClientTestRules();

type Member = RouterOutputs["staff"]["list"]["staff"][number];
const member = (overrides: Partial<Member> = {}): Member => ({
  id: 5,
  name: "Meera Joshi",
  email: "meera@example.com",
  role: "staff",
  status: "active",
  lastLoginAt: "2026-11-20T09:30:00.000Z",
  createdAt: "2026-11-01T09:30:00.000Z",
  lockedUntil: null,
  ...overrides,
});
const ME = member({ id: 1, name: "Asha Admin", email: "admin@example.com", role: "admin" });
const listOf = (members: Member[]) => () => ({ staff: members, pagination: pagination(members.length) });
const dialog = () => screen.getByRole("dialog");

describe("Staff (issue 17)", () => {
  test("lists the office with role, status and last sign-in; no actions on one's own row", async () => {
    renderAdmin("/admin/staff", {
      "staff.list": listOf([
        ME,
        member(),
        member({ id: 6, name: "Ravi Rao", email: "ravi@example.com", status: "invited", lastLoginAt: null }),
      ]),
    });
    const table = await screen.findByRole("table", { name: "Office accounts" });
    await within(table).findByText("Meera Joshi");
    const [mine, meera, ravi] = within(table).getAllByRole("row").slice(1);
    expect(within(mine!).getByText("Asha Admin (You)")).toBeTruthy();
    expect(within(mine!).getByText("Administrator")).toBeTruthy();
    expect(within(mine!).queryAllByRole("button")).toHaveLength(0);
    expect(within(meera!).getByText("Staff (counsellor)")).toBeTruthy();
    expect(within(meera!).getByRole("button", { name: "Make administrator: Meera Joshi" })).toBeTruthy();
    expect(within(meera!).getByRole("button", { name: "Deactivate: Meera Joshi" })).toBeTruthy();
    expect(within(ravi!).getByText("Invited")).toBeTruthy();
    expect(within(ravi!).getByText("Never")).toBeTruthy();
    expect(within(ravi!).getByRole("button", { name: "Resend invitation: Ravi Rao" })).toBeTruthy();
  });

  test("Invite: the shared schema's messages and nothing sent; a taken address shows beside its field; then the answer", async () => {
    let attempt = 0;
    const { sent } = renderAdmin("/admin/staff", {
      "staff.list": listOf([ME]),
      "staff.invite": (input) => {
        attempt++;
        if (attempt === 1)
          return new TrpcFailure("An account with this e-mail address already exists", 409, {
            email: ["An account with this e-mail address already exists"],
          });
        const { name, email, role } = input as { name: string; email: string; role: "admin" | "staff" };
        return {
          message: `Invitation sent to ${email}. The link to set a password is valid for 7 days.`,
          member: member({ name, email, role, status: "invited" }),
        };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Invite staff" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog()).getByText("Please enter the person's full name")).toBeTruthy();
    expect(within(dialog()).getByText("Please enter the person's e-mail address")).toBeTruthy();
    expect(document.activeElement?.id).toBe("invite-name");
    expect(sent("staff.invite")).toEqual([]);

    fireEvent.change(within(dialog()).getByLabelText("Full name", { exact: false }), { target: { value: "Sunil Patil" } });
    fireEvent.change(within(dialog()).getByLabelText("E-mail address", { exact: false }), { target: { value: "Sunil@Example.com" } });
    fireEvent.click(within(dialog()).getByRole("radio", { name: /Administrator/ }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Send invitation" }));
    await within(dialog()).findByText("An account with this e-mail address already exists");
    expect((within(dialog()).getByLabelText("E-mail address", { exact: false }) as HTMLInputElement).value).toBe("Sunil@Example.com");

    fireEvent.click(within(dialog()).getByRole("button", { name: "Send invitation" }));
    await screen.findByText("Invitation sent to sunil@example.com. The link to set a password is valid for 7 days.");
    expect(sent("staff.invite").at(-1)).toEqual({ name: "Sunil Patil", email: "sunil@example.com", role: "admin", language: "institute" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("an administrator made staff while typing an Invite keeps the page and the text, told why; the page goes once left (walk 29b's left)", async () => {
    const { navigate, path } = renderAdmin("/admin/staff", {
      "staff.list": listOf([ME]),
      "staff.invite": () => new TrpcFailure("You do not have permission to do that", 403),
      // A colleague made this administrator staff meanwhile: the refusal reads the session again.
      "auth.me": () => ({ user: { ...ME, role: "staff", mustChangePassword: false, signedInBefore: true, language: null } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Invite staff" }));
    // Typed (an input event, as a keyboard gives): the dialog holds text to lose.
    fireEvent.input(within(dialog()).getByLabelText("Full name", { exact: false }), { target: { value: "Sunil Patil" } });
    fireEvent.input(within(dialog()).getByLabelText("E-mail address", { exact: false }), { target: { value: "sunil@example.com" } });
    fireEvent.click(within(dialog()).getByRole("button", { name: "Send invitation" }));
    await screen.findByText(/Your account is now a staff account: this page is for administrators/);
    expect((within(dialog()).getByLabelText("Full name", { exact: false }) as HTMLInputElement).value).toBe("Sunil Patil");
    expect((within(dialog()).getByLabelText("E-mail address", { exact: false }) as HTMLInputElement).value).toBe("sunil@example.com");
    expect(path()).toBe("/admin/staff");
    // Left, the page is the administrators' again: a staff member's visit goes to the dashboard, saying why.
    act(() => navigate("/admin/students"));
    act(() => navigate("/admin/staff"));
    await screen.findByText("Only administrators can open that page.");
    await waitFor(() => expect(path()).toBe("/admin/dashboard"));
  });

  test("Invite: the language of the invitation is the institute's unless one is chosen, each named in its own script (stop 47)", async () => {
    const { sent } = renderAdmin("/admin/staff", {
      "staff.list": listOf([ME]),
      "staff.invite": (input) => {
        const { name, email, role } = input as { name: string; email: string; role: "admin" | "staff" };
        return { message: `Invitation sent to ${email}.`, member: member({ name, email, role, status: "invited" }) };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Invite staff" }));
    const language = within(dialog()).getByLabelText("Language", { exact: false }) as HTMLSelectElement;
    expect([...language.options].map((o) => o.textContent)).toEqual([
      "The institute's language (Settings → General)",
      "English",
      "हिन्दी",
      "मराठी",
    ]);
    expect(language.value).toBe("institute");
    expect(within(dialog()).getByText("Of the invitation e-mail, and of their portal until they choose another.")).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText("Full name", { exact: false }), { target: { value: "Sunita Kale" } });
    fireEvent.change(within(dialog()).getByLabelText("E-mail address", { exact: false }), { target: { value: "sunita@example.com" } });
    fireEvent.change(language, { target: { value: "marathi" } });
    fireEvent.click(within(dialog()).getByRole("button", { name: "Send invitation" }));
    await screen.findByText("Invitation sent to sunita@example.com.");
    expect(sent("staff.invite").at(-1)).toEqual({ name: "Sunita Kale", email: "sunita@example.com", role: "staff", language: "marathi" });
  });

  test("Invite: the staff role says what a staff account can do (fees, exams, library …) and what only administrators can (QA2 6)", async () => {
    renderAdmin("/admin/staff", { "staff.list": listOf([ME]) });
    fireEvent.click(await screen.findByRole("button", { name: "Invite staff" }));
    const staff = within(dialog()).getByRole("radio", { name: /Staff \(counsellor\)/ });
    const hint = staff.closest("label")?.textContent ?? "";
    for (const can of [
      "Admissions",
      "students",
      "fees",
      "concessions",
      "exams and marks",
      "subjects",
      "library",
      "notices",
      "inquiries",
      "tickets",
    ])
      expect(hint).toContain(can);
    for (const cannot of ["settings", "fee plans", "programmes", "staff accounts", "backups", "deleting students"])
      expect(hint).toContain(cannot);
  });

  test("a change asks first, then says what the server did; a refusal stays in the dialog", async () => {
    const { sent } = renderAdmin("/admin/staff", {
      "staff.list": listOf([ME, member()]),
      "staff.setRole": () => ({ message: "Meera Joshi is now: Administrator.", member: member({ role: "admin" }) }),
      "staff.setActive": () =>
        new TrpcFailure("The institute needs at least one active administrator: make someone else an administrator first", 400),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Make administrator: Meera Joshi" }));
    expect(within(dialog()).getByText(/will become: Administrator/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Confirm" }));
    await screen.findByText("Meera Joshi is now: Administrator.");
    expect(sent("staff.setRole")).toEqual([{ id: 5, role: "admin" }]);

    fireEvent.click(screen.getByRole("button", { name: "Deactivate: Meera Joshi" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Confirm" }));
    await within(dialog()).findByText(/at least one active administrator/);
    expect(sent("staff.setActive")).toEqual([{ id: 5, active: false }]);
  });

  test("a member locked out by wrong passwords shows until when, and Unlock asks, then unlocks (tenth walk)", async () => {
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    let locked = member({ lockedUntil: until });
    const { sent } = renderAdmin("/admin/staff", {
      "staff.list": () => listOf([ME, locked, member({ id: 6, name: "Ravi Rao", lockedUntil: "2026-01-01T00:00:00.000Z" })])(),
      "staff.unlock": () => {
        locked = member({ lockedUntil: null });
        return { message: "Meera Joshi can sign in again at once.", member: locked };
      },
    });
    const table = await screen.findByRole("table", { name: "Office accounts" });
    await within(table).findByText(`Locked until ${formatTime(until)}`);
    // A lock that has ended is not shown, and offers nothing.
    expect(within(table).queryByRole("button", { name: "Unlock: Ravi Rao" })).toBeNull();
    fireEvent.click(within(table).getByRole("button", { name: "Unlock: Meera Joshi" }));
    expect(within(dialog()).getByText(/locked out after too many wrong passwords/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole("button", { name: "Confirm" }));
    await screen.findByText("Meera Joshi can sign in again at once.");
    expect(sent("staff.unlock")).toEqual([{ id: 5 }]);
    await waitFor(() =>
      expect(
        within(table)
          .queryAllByText(/Locked until/)
          .map((e) => e.textContent),
      ).toEqual([]),
    );
  });
});

describe("the admin area for staff (issue 17)", () => {
  test("the sidebar leaves out the administrators' pages, and their addresses lead back to the dashboard", async () => {
    const app = renderAdmin("/admin/gallery", { "dashboard.stats": () => new TrpcFailure("offline", 500) }, STAFF);
    await waitFor(() => expect(app.path()).toBe("/admin/dashboard"));
    // Saying why, once (eighth walk: it went there without a word).
    expect(await screen.findAllByText("Only administrators can open that page.")).toHaveLength(1);
    const nav = await screen.findByRole("navigation", { name: "Admin area" });
    const links = within(nav)
      .getAllByRole("link")
      .map((a) => a.textContent?.trim());
    expect(links).toContain("Admissions");
    expect(links).toContain("Students");
    expect(links).toContain("Contacts");
    expect(links).toContain("Help & Support");
    for (const hidden of ["Gallery", "Analytics", "Staff"]) expect(links).not.toContain(hidden);
    // The dashboard's management centre and Recent Activity do not point there either.
    const centre = await screen.findByRole("region", { name: "Management centre" });
    const targets = within(centre)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(targets).not.toContain("/admin/gallery");
    expect(targets).not.toContain("/admin/analytics");
    expect(screen.queryByRole("link", { name: /Activity log/ })).toBeNull();
    for (const page of ["/admin/analytics", "/admin/staff", "/admin/activity"]) {
      act(() => app.navigate(page));
      await waitFor(() => expect(app.path()).toBe("/admin/dashboard"));
    }
  });

  test("an administrator's sidebar has Staff", async () => {
    renderAdmin("/admin/dashboard", { "dashboard.stats": () => new TrpcFailure("offline", 500) });
    const nav = await screen.findByRole("navigation", { name: "Admin area" });
    expect(within(nav).getByRole("link", { name: "Staff" }).getAttribute("href")).toBe("/admin/staff");
  });

  test("Settings shows a staff member their own profile and password only, and never asks for the institute's settings", async () => {
    const { calls } = renderAdmin("/admin/settings?section=system", {}, STAFF);
    await screen.findByRole("heading", { name: "Profile" });
    // Their own settings, not the "System Settings" that are the administrators' (sixth walk).
    expect(screen.getByRole("heading", { level: 1, name: "Your settings" })).toBeTruthy();
    expect(screen.queryByText("System Settings")).toBeNull();
    expect(screen.getByRole("heading", { name: "Change password" })).toBeTruthy();
    const sections = screen.getByRole("navigation", { name: "Settings sections" });
    expect(
      within(sections)
        .getAllByRole("link")
        .map((a) => a.textContent?.trim()),
    ).toEqual(["Profile"]);
    expect(calls.some((c) => c.path === "settings.get")).toBe(false);
  });

  test("staff see no delete buttons", async () => {
    renderAdmin(
      "/admin/contacts",
      {
        "contacts.list": () => ({
          contacts: [
            {
              _id: "5",
              id: 5,
              name: "Kavita Rao",
              email: "kavita@example.com",
              phone: null,
              subject: "fees",
              message: "Fees?",
              status: "resolved" as const,
              assignedTo: null,
              createdAt: "2026-02-01T09:30:00.000Z",
              updatedAt: "2026-02-01T09:30:00.000Z",
            },
          ],
          pagination: pagination(1),
          stats: { total: 1, new: 0, inProgress: 0, resolved: 1, closed: 0 },
        }),
      },
      STAFF,
    );
    await screen.findByText("Kavita Rao");
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });
});
