/** Placeholder until its issue builds this page. */
import StudentPlaceholderPage from "./placeholder-page.tsx";

export default function StudentIdCardPage() {
  return <StudentPlaceholderPage page="id-card" />;
}
