import { describe, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useClientTestRules } from "../../../lib/testing.tsx";
import { pagination, renderAdmin } from "../ops-test-kit.tsx";
import { actorText, describeActivity } from "./activity-text.ts";

useClientTestRules();

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
    ["Deactivated student STU0003 and signed them out", entry("student.deactivate", { studentId: "STU0003", endedSessions: 2 })],
    ["Exported 1 student to CSV (search “anil”)", entry("student.export", { rows: 1, search: "anil" })],
    ["Moved contact inquiry #3 from New to In Progress", entry("contact.status", { from: "new", to: "in-progress" })],
    ["Replied to contact inquiry #3 (e-mailed to kavita@example.com)", entry("contact.reply", { to: "kavita@example.com" })],
    ["Approved application #3 — student STU0004", entry("admission.approve", { studentId: "STU0004" })],
    ["Gallery upload (gallery #9)", entry("gallery.upload", {}, { entityType: "gallery", entityId: "9" })],
  ])("%s", (text, e) => {
    expect(describeActivity(e)).toBe(text);
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
        activities: [entry("student.create", { studentId: "STU0003", email: "anil@example.com" }), { ...entry("account.locked", { failures: 5 }, { actor: null, entityType: "user" }), id: 2, _id: "2" }],
        pagination: pagination(2),
      }),
    });
    const table = await screen.findByRole("table", { name: "Activity log" });
    await within(table).findByText("Added student STU0003 (anil@example.com)");
    expect(within(table).getByText("Asha Admin")).toBeTruthy();
    expect(within(table).getByText("System")).toBeTruthy();
    expect(within(table).getByText("Account #3 locked after 5 failed sign-ins")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "student" } });
    await waitFor(() => expect(path()).toBe("/admin/activity?type=student"));
    await waitFor(() => expect(sent("dashboard.activity").at(-1)).toEqual({ page: 1, limit: 10, type: "student" }));
  });
});
