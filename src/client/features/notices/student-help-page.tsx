/** /student/help — the student's support tickets and the FAQs. Still the "coming soon" placeholder while it is being built (issue 18). */
import PlaceholderPage from "../student/placeholder-page.tsx";

export default function StudentHelpPage() {
  return <PlaceholderPage page="help" />;
}
