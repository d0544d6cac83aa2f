/** /student/exams — upcoming exams, the admit card and the marksheet. Still the "coming soon" placeholder while it is being built (issue 18). */
import PlaceholderPage from "../student/placeholder-page.tsx";

export default function StudentExamsPage() {
  return <PlaceholderPage page="exams" />;
}
