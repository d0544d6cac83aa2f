/** Admin screens that later issues build (spec part 2 §2): each says so plainly, with no invented figures. */
import { BeingBuilt } from "../../layouts/being-built.tsx";

const PAGES = {
  admissions: "Admissions Management",
  students: "Student Management",
  contacts: "Contact Management",
  courses: "Course Management",
  library: "Library Management",
  exams: "Exam Management",
  help: "Help & Support",
  gallery: "Gallery Management",
  analytics: "Analytics & Reports",
  notifications: "Notifications",
  settings: "System Settings",
  activity: "Recent Activity",
} as const;

export type AdminPlaceholder = keyof typeof PAGES;

export default function AdminPlaceholderPage({ page }: { page: AdminPlaceholder }) {
  return <BeingBuilt title={PAGES[page]} />;
}
