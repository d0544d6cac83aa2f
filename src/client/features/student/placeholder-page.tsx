/**
 * Student portal screens not built yet. Profile, ID card and settings come in later issues; courses,
 * library, exams, notifications and help are "coming soon" by the spec (part 1 §2) and DECISIONS 6.
 */
import { BeingBuilt } from "../../layouts/being-built.tsx";

const PAGES = {
  profile: { title: "My Profile", comingSoon: false },
  "id-card": { title: "ID Card", comingSoon: false },
  settings: { title: "Settings", comingSoon: false },
  courses: { title: "My Courses", comingSoon: true },
  library: { title: "Library", comingSoon: true },
  exams: { title: "Exams", comingSoon: true },
  notifications: { title: "Notifications", comingSoon: true },
  help: { title: "Help & Support", comingSoon: true },
} as const;

export type StudentPlaceholder = keyof typeof PAGES;

export default function StudentPlaceholderPage({ page }: { page: StudentPlaceholder }) {
  const { title, comingSoon } = PAGES[page];
  return <BeingBuilt title={title} comingSoon={comingSoon} />;
}
