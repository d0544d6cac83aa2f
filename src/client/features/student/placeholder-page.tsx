/**
 * Student portal screens not built yet. Profile, ID card and settings come in later issues; courses,
 * library, exams, notifications and help are "coming soon" by the spec (part 1 §2) and DECISIONS 6.
 */

import { portal } from "../../../shared/i18n/portal.ts";
import { BeingBuilt } from "../../layouts/being-built.tsx";
import { useT } from "../../lib/i18n.tsx";

const PAGES = {
  profile: { key: "profile", comingSoon: false },
  "id-card": { key: "idCard", comingSoon: false },
  settings: { key: "settings", comingSoon: false },
  courses: { key: "courses", comingSoon: true },
  library: { key: "library", comingSoon: true },
  exams: { key: "exams", comingSoon: true },
  help: { key: "help", comingSoon: true },
} as const;

export type StudentPlaceholder = keyof typeof PAGES;

export default function StudentPlaceholderPage({ page }: { page: StudentPlaceholder }) {
  const t = useT(portal);
  const { key, comingSoon } = PAGES[page];
  return <BeingBuilt title={t(`student.nav.${key}`)} comingSoon={comingSoon} />;
}
