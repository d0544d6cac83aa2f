/** How the student's questions look: the badge tones of a ticket's status and priority. */
import type { BadgeTone } from "../../ui/badge.tsx";

const STATUS_TONES: Record<string, BadgeTone> = { open: "pending", in_progress: "info", resolved: "approved", closed: "neutral" };
export const ticketStatusTone = (status: string): BadgeTone => STATUS_TONES[status] ?? "neutral";

const PRIORITY_TONES: Record<string, BadgeTone> = { low: "neutral", medium: "info", high: "pending", urgent: "rejected" };
export const ticketPriorityTone = (priority: string): BadgeTone => PRIORITY_TONES[priority] ?? "neutral";
