/** Placeholder until its issue builds this page. */
import AdminPlaceholderPage from "./placeholder-page.tsx";

export default function AdminStudentsPage() {
  return <AdminPlaceholderPage page="students" />;
}
