/** How Analytics' Recent Activity reads (spec part 2: a coloured dot by type, a status badge by status). */
import { type BadgeTone, statusTone } from "../../ui/badge.tsx";

/**
 * The one badge colouring of every admin list (ui/badge.tsx statusTone): a resolved inquiry is a good outcome,
 * not red (issue 14.6; the spec's "anything else red" painted Resolved and In Progress as failures).
 */
export const activityStatusTone = (status: string): BadgeTone => statusTone(status);

/** "in-progress" → "in progress". */
export const activityStatusText = (status: string) => status.replace(/[-_]+/g, " ");

const TYPE_LABELS: Record<string, string> = { admission: "Admission", contact: "Contact inquiry", gallery: "Gallery upload" };
export const activityTypeLabel = (type: string) => TYPE_LABELS[type] ?? type;
