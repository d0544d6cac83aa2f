/** /student/library — loans, due dates and the e-resources. Still the "coming soon" placeholder while it is being built (issue 18). */
import PlaceholderPage from "../student/placeholder-page.tsx";

export default function StudentLibraryPage() {
  return <PlaceholderPage page="library" />;
}
