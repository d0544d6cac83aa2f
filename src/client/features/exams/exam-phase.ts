/** The badge tone of each stage of an exam on the office's screens. */
import type { BadgeTone } from "../../ui/badge.tsx";

export const PHASE_TONE: Record<"upcoming" | "awaiting" | "published" | "cancelled", BadgeTone> = {
  upcoming: "info",
  awaiting: "pending",
  published: "approved",
  cancelled: "neutral",
};
