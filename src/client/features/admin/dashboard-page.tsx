/** /admin/dashboard: the welcome line from the session; stat cards and the management centre come in a later issue. */
import { usePageTitle } from "../../lib/site.ts";
import { useSession } from "../../lib/session.tsx";

export default function AdminDashboardPage() {
  usePageTitle("Dashboard");
  const { user } = useSession();
  return (
    <section className="page-stack" aria-labelledby="dashboard-title">
      <div className="welcome-banner">
        <h1 id="dashboard-title" className="page-title">
          Dashboard
        </h1>
        <p className="welcome-banner__line">Welcome, {user?.name}!</p>
      </div>
      <p className="being-built__text">
        The admin dashboard is being built. Its figures and shortcuts will appear here once they are connected to
        live data; the sections in the menu open as they are finished.
      </p>
    </section>
  );
}
