/**
 * Office accounts (issue 17): the invitation form, the Staff list's query and the role and status changes.
 * One schema each, used by the Staff screen's form, the tRPC input and the service.
 */
import * as v from "valibot";
import { LANGUAGES } from "../constants.ts";
import { roster } from "../i18n/roster.ts";
import { OFFICE_ROLES } from "../roles.ts";
import { emailAddress, pageParams, personName, recordId, requiredChoice, requiredText } from "./common.ts";

export const officeRole = requiredChoice(OFFICE_ROLES, roster.m("team.col.role"), {
  admin: roster.m("team.role.admin"),
  staff: roster.m("team.role.staff"),
});
export type OfficeRoleName = (typeof OFFICE_ROLES)[number];

/** An invitation's language: the institute's (Settings → General, followed if it changes), or one chosen for the person. */
export const INVITE_LANGUAGES = ["institute", ...LANGUAGES] as const;

/** The Invite dialog: who, their address, what they may do, and the language they are written to in. */
export const staffInviteInput = v.object({
  name: personName(requiredText(roster.m("team.rule.name"), 120)),
  email: emailAddress(roster.m("team.rule.email")),
  role: officeRole,
  language: v.optional(v.picklist(INVITE_LANGUAGES, roster.m("team.rule.language")), "institute"),
});
export type StaffInviteInput = v.InferOutput<typeof staffInviteInput>;

/** "Invited" is an account whose holder has not set a password yet. */
export const STAFF_STATUSES = ["all", "active", "invited", "inactive"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffListQuery = v.object({
  ...pageParams(10, 100),
  status: v.optional(v.picklist(STAFF_STATUSES, roster.m("team.rule.status")), "all"),
});
export type StaffListQuery = v.InferOutput<typeof staffListQuery>;

const staffId = recordId(roster.m("team.rule.notFound"));

export const staffIdInput = v.object({ id: staffId });
export const staffRoleInput = v.object({ id: staffId, role: officeRole });
export const staffActiveInput = v.object({ id: staffId, active: v.boolean() });

/** Handing an inquiry or a ticket to an office member, or to nobody (null). */
export const assigneeId = v.nullable(recordId(roster.m("team.rule.chooseMember")));
