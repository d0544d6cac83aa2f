/** /student/dashboard: the welcome line from the session; the dashboard's panels come in a later issue. */
import { Link } from "wouter";
import { usePageTitle } from "../../lib/site.ts";
import { useSession } from "../../lib/session.tsx";

export default function StudentDashboardPage() {
  usePageTitle("Dashboard");
  const { user } = useSession();
  return (
    <section className="page-stack" aria-labelledby="dashboard-title">
      <div className="welcome-banner">
        <h1 id="dashboard-title" className="page-title">
          Dashboard
        </h1>
        <p className="welcome-banner__line">Welcome back, {user?.name}!</p>
        {user?.student_id ? <p className="welcome-banner__meta">Student ID: {user.student_id}</p> : null}
      </div>
      <p className="being-built__text">
        Your dashboard is being built. Soon you will see your courses, progress and upcoming events here. Meanwhile,
        you can open <Link href="/profile">your profile</Link> or <Link href="/id-card">your ID card</Link>.
      </p>
    </section>
  );
}
