/** Placeholder until its issue builds this page. */
import AdminPlaceholderPage from "./placeholder-page.tsx";

export default function AdminExamsPage() {
  return <AdminPlaceholderPage page="exams" />;
}
