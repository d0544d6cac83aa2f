/** Placeholder until its issue builds this page. */
import StudentPlaceholderPage from "./placeholder-page.tsx";

export default function StudentSettingsPage() {
  return <StudentPlaceholderPage page="settings" />;
}
