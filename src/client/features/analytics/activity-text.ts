/** How Analytics' Recent Activity reads (spec part 2: a coloured dot by type, a status badge by status). */
import { statusName } from "../../../shared/i18n/admin.ts";
import { reports } from "../../../shared/i18n/reports.ts";
import { type BadgeTone, statusTone } from "../../ui/badge.tsx";

/**
 * The one badge colouring of every admin list (ui/badge.tsx statusTone): a resolved inquiry is a good outcome,
 * not red (issue 14.6; the spec's "anything else red" painted Resolved and In Progress as failures).
 */
export const activityStatusTone = (status: string): BadgeTone => statusTone(status);

/** A status in the reader's language: an application's or inquiry's, or an image's active/inactive. */
export const activityStatusText = (status: string) =>
  status === "active" || status === "inactive" ? reports.t(`act.status.${status}`) : statusName(status);

const TYPES = ["admission", "contact", "gallery"] as const;
const isType = (type: string): type is (typeof TYPES)[number] => (TYPES as readonly string[]).includes(type);
export const activityTypeLabel = (type: string) => (isType(type) ? reports.t(`act.${type}`) : type);
/** "New application from Asha Rao", "Inquiry from Ravi", "Gallery image uploaded: Sports day". */
export const activityTitle = (type: string, name: string) => (isType(type) ? reports.t(`act.title.${type}`, { name }) : name);
