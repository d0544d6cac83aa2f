import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AUDIT_ACTIONS } from "../../../shared/audit-actions.ts";
import { pagination, renderAdmin } from "../../layouts/admin-testing.tsx";
import { withClientTestRules } from "../../lib/testing.tsx";
import { actorText, describeActivity } from "./activity-text.ts";

withClientTestRules();

const ADMIN_ACTOR = { id: 1, name: "Asha Admin", email: "admin@example.com" as string | null, role: "admin" as const };

const entry = (action: string, details: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) => ({
  _id: "1",
  id: 1,
  action,
  entityType: action.split(".")[0] ?? null,
  entityId: "3",
  details,
  actor: ADMIN_ACTOR,
  ip: "10.0.0.1",
  createdAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

describe("the audit log in words", () => {
  test.each([
    ["Added student STU0003 (anil@example.com)", entry("student.create", { studentId: "STU0003", email: "anil@example.com" })],
    ["Edited student STU0003: mobile, blood group", entry("student.update", { studentId: "STU0003", changed: ["mobile", "blood_group"] })],
    [
      "Edited student STU0003: e-mail (e-mail anil@example.com → anil.k@example.com; signed out everywhere)",
      entry("student.update", {
        studentId: "STU0003",
        changed: ["email"],
        email: { from: "anil@example.com", to: "anil.k@example.com" },
        endedSessions: 1,
      }),
    ],
    [
      "Edited student STU0003: e-mail (e-mail anil@example.com → anil.k@example.com)",
      entry("student.update", {
        studentId: "STU0003",
        changed: ["email"],
        email: { from: "anil@example.com", to: "anil.k@example.com" },
        endedSessions: 0,
      }),
    ],
    ["Deactivated student STU0003 and signed them out", entry("student.deactivate", { studentId: "STU0003", endedSessions: 2 })],
    ["Exported 1 student to CSV (search “anil”)", entry("student.export", { rows: 1, search: "anil" })],
    ["Moved contact inquiry #3 from New to In Progress", entry("contact.status", { from: "new", to: "in-progress" })],
    ["Replied to contact inquiry #3 (e-mailed to kavita@example.com)", entry("contact.reply", { to: "kavita@example.com" })],
    // A ticket by its number, as every screen names it (eleventh walk: "#3"); an older entry without one by its id.
    [
      "Replied to ticket TKT-2026-00003 (now In progress)",
      entry("ticket.reply", { number: "TKT-2026-00003", from: "open", to: "in_progress" }, { entityType: "ticket" }),
    ],
    ["Replied to ticket TKT-2026-00003", entry("ticket.reply", { number: "TKT-2026-00003" }, { entityType: "ticket" })],
    [
      "Moved ticket TKT-2026-00003 from In progress to Closed",
      entry("ticket.status", { number: "TKT-2026-00003", from: "in_progress", to: "closed" }, { entityType: "ticket" }),
    ],
    ["Moved ticket #3 from Open to Closed", entry("ticket.status", { from: "open", to: "closed" }, { entityType: "ticket" })],
    ["Approved application #3 — student STU0004", entry("admission.approve", { studentId: "STU0004" })],
    [
      "Uploaded the image “Convocation 2026” to Events",
      entry("gallery.upload", { title: "Convocation 2026", category: "Events" }, { entityType: "gallery_image", entityId: "9" }),
    ],
    ["Signed in", entry("account.sign_in", { via: "password" }, { entityType: "user" })],
    ["Signed in with an e-mailed code", entry("account.sign_in", { via: "code" }, { entityType: "user" })],
    [
      "Sign-in to STU0003 was locked after 5 wrong passwords",
      entry("account.locked", { failures: 5, studentId: "STU0003" }, { entityType: "user" }),
    ],
    [
      "Signed student STU0003 out everywhere (2 sessions)",
      entry("student.sign_out_everywhere", { studentId: "STU0003", endedSessions: 2 }),
    ],
    ["Unlocked sign-in for student STU0003", entry("student.unlock", { studentId: "STU0003" })],
    [
      "Exported the analytics report for the last 30 days",
      entry("analytics.export", { range: "30d" }, { entityType: "report", entityId: null }),
    ],
    [
      "Changed their e-mail address from a@x.in to b@x.in",
      entry("account.email_changed", { from: "a@x.in", to: "b@x.in" }, { entityType: "user" }),
    ],
    [
      "Changed their name from “Priya Sharma” to “Administrator”",
      entry("account.renamed", { from: "Priya Sharma", to: "Administrator" }, { entityType: "user" }),
    ],
  ])("%s", (text, e) => {
    expect(describeActivity(e)).toBe(text);
  });

  test("every action the server records reads as a sentence, never the raw key (issue 14.6)", () => {
    for (const action of AUDIT_ACTIONS) {
      const text = describeActivity(entry(action));
      const rawKey = action.replace(/[._]+/g, " ");
      expect([action, text.toLowerCase().startsWith(rawKey)]).toEqual([action, false]);
      expect(text).toMatch(/^[A-Z]/);
      expect(text).not.toContain(".");
    }
    // An action an older version recorded still reads sensibly.
    expect(describeActivity(entry("student.photo_update", {}, { entityType: "student", entityId: "4" }))).toBe(
      "Student photo update (student #4)",
    );
  });

  test("entries without a person are the system's", () => {
    expect(actorText({ actor: null })).toEqual({ name: "System", detail: null });
    expect(actorText({ actor: ADMIN_ACTOR })).toEqual({ name: "Asha Admin", detail: "Admin · admin@example.com" });
  });
});

describe("/admin/activity", () => {
  test("lists who did what and when; the record filter goes to the server and into the URL", async () => {
    const { sent, path } = renderAdmin("/admin/activity", {
      "dashboard.activity": () => ({
        activities: [
          entry("student.create", { studentId: "STU0003", email: "anil@example.com" }),
          { ...entry("account.locked", { failures: 5 }, { actor: null, entityType: "user" }), id: 2, _id: "2" },
        ],
        pagination: pagination(2),
      }),
    });
    const table = await screen.findByRole("table", { name: "Activity log" });
    await within(table).findByText("Added student STU0003 (anil@example.com)");
    expect(within(table).getByText("Asha Admin")).toBeTruthy();
    expect(within(table).getByText("System")).toBeTruthy();
    expect(within(table).getByText("Sign-in to account #3 was locked after 5 wrong passwords")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "student" } });
    await waitFor(() => expect(path()).toBe("/admin/activity?type=student"));
    await waitFor(() => expect(sent("dashboard.activity").at(-1)).toEqual({ page: 1, limit: 10, type: "student" }));
    // The fee entries, whichever record they are about, under Fees.
    expect(within(screen.getByLabelText("Show")).getByRole("option", { name: "Fees" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "fee" } });
    await waitFor(() => expect(path()).toBe("/admin/activity?type=fee"));
    await waitFor(() => expect(sent("dashboard.activity").at(-1)).toEqual({ page: 1, limit: 10, type: "fee" }));
  });
});
