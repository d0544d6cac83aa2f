/** /student/courses — the student's subjects, units, progress, materials and assignments. Still the "coming soon" placeholder while it is being built (issue 18). */
import PlaceholderPage from "../student/placeholder-page.tsx";

export default function StudentCoursesPage() {
  return <PlaceholderPage page="courses" />;
}
