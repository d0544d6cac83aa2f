/**
 * /admin/dashboard (spec part 2, Dashboard): four headline figures, each with the change the server
 * computed (docs/decisions/005 — never a fixed figure), the fees at a glance (stop 48), the nine management-centre cards, and Recent
 * Activity with its link to the activity log (the spec's "View All", named for where it leads: the log holds
 * more than applications and inquiries) → /admin/activity. If the figures cannot be loaded, counts read 0 and the
 * lists stay empty under an error alert (spec part 2 §8), with a way to try again.
 */

import type { ReactNode } from "react";
import { admin } from "../../../shared/i18n/admin.ts";
import { formatNumber } from "../../lib/format.ts";
import { welcomeLine } from "../../lib/greeting.ts";
import { useT } from "../../lib/i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useNow } from "../../lib/use-now.ts";
import { StatCard, type StatTone } from "../../ui/card.tsx";
import { CheckCircleIcon, FileIcon, MailIcon, UsersIcon } from "../../ui/icons.tsx";
import { ListLoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { FeesGlance } from "./fees-glance.tsx";
import { MaintenanceNotice } from "./maintenance-notice.tsx";
import { ManagementCentre } from "./management-centre.tsx";
import { RecentActivity } from "./recent-activity.tsx";
import { SampleContent } from "./sample-content.tsx";
import { type FigureChange, StatChange } from "./stat-change.tsx";

type Stats = RouterOutputs["dashboard"]["stats"];

const NO_CHANGE: FigureChange = { value: 0, unit: "count", label: "0", comparedWith: "" };

/** What the screen shows when the figures could not be loaded: zeros and empty lists. */
const ZEROS: Stats = {
  totalStudents: 0,
  pendingAdmissions: 0,
  approvedThisMonth: 0,
  totalContacts: 0,
  changes: { totalStudents: NO_CHANGE, pendingAdmissions: NO_CHANGE, approvedThisMonth: NO_CHANGE, totalContacts: NO_CHANGE },
  totalCourses: 0,
  totalBooks: 0,
  totalExams: 0,
  totalTickets: 0,
  managementCenters: 9,
  galleryImages: 0,
  recentActivity: [],
  fees: { collectedThisMonth: 0, collectedChange: NO_CHANGE, outstanding: 0, overdue: 0, overdueStudents: 0, toConfirm: 0 },
};

const FIGURES: readonly {
  key: "totalStudents" | "pendingAdmissions" | "approvedThisMonth" | "totalContacts";
  icon: ReactNode;
  tone: StatTone;
}[] = [
  { key: "totalStudents", icon: <UsersIcon />, tone: "primary" },
  { key: "pendingAdmissions", icon: <FileIcon />, tone: "pending" },
  { key: "approvedThisMonth", icon: <CheckCircleIcon />, tone: "approved" },
  { key: "totalContacts", icon: <MailIcon />, tone: "info" },
];

export default function AdminDashboardPage() {
  const t = useT(admin);
  usePageTitle(t("dashboard.title"));
  const { user } = useSession();
  const now = useNow();
  const query = trpc.dashboard.stats.useQuery(undefined, { refetchOnWindowFocus: true });
  const failed = query.isError && !query.data;
  const stats: Stats | null = query.data ?? (failed ? ZEROS : null);

  return (
    <section className="ops-page" aria-labelledby="dashboard-title">
      <div className="welcome-banner">
        <h1 id="dashboard-title" className="page-title">
          {t("dashboard.title")}
        </h1>
        <p className="welcome-banner__line">{welcomeLine(user?.name, user?.signedInBefore)}</p>
        <p className="welcome-banner__meta">{t("dashboard.meta")}</p>
      </div>

      {user?.role === "admin" ? (
        <>
          <MaintenanceNotice />
          <SampleContent />
        </>
      ) : null}

      {failed ? (
        <ListLoadError title={t("dashboard.failedTitle")} message={t("dashboard.failed")} busy={query.isFetching} query={query} />
      ) : null}

      <div className="grid grid--4 grid--sm ops-stats ops-stats--dashboard" aria-busy={query.isPending || undefined}>
        {FIGURES.map((f) => (
          <StatCard
            key={f.key}
            label={t(`figure.${f.key}`)}
            icon={f.icon}
            tone={f.tone}
            value={stats ? formatNumber(stats[f.key]) : <Skeleton width="4ch" />}
            hint={query.data ? <StatChange change={query.data.changes[f.key]} /> : stats ? undefined : <Skeleton width="8rem" />}
          />
        ))}
      </div>

      <FeesGlance fees={stats?.fees ?? null} changed={query.data !== undefined} />

      <div className="ops-dashboard-columns">
        <ManagementCentre stats={stats} />
        <RecentActivity entries={stats?.recentActivity ?? []} loading={stats === null} now={now} />
      </div>
    </section>
  );
}
