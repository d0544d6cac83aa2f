/** How Analytics' Recent Activity reads (spec part 2: a coloured dot by type, a status badge by status). */
import type { BadgeTone } from "../../../ui/badge.tsx";

/** approved or active green; pending or new yellow; any other status red (spec part 2, Analytics). */
export function activityStatusTone(status: string): BadgeTone {
  const s = status.toLowerCase();
  if (s === "approved" || s === "active") return "approved";
  if (s === "pending" || s === "new") return "pending";
  return "rejected";
}

/** "in-progress" → "in progress". */
export const activityStatusText = (status: string) => status.replace(/[-_]+/g, " ");

const TYPE_LABELS: Record<string, string> = { admission: "Admission", contact: "Contact inquiry", gallery: "Gallery upload" };
export const activityTypeLabel = (type: string) => TYPE_LABELS[type] ?? type;
