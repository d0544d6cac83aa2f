/** Placeholder until its issue builds this page. */
import AdminPlaceholderPage from "./placeholder-page.tsx";

export default function AdminNotificationsPage() {
  return <AdminPlaceholderPage page="notifications" />;
}
