/**
 * /student/dashboard (spec part 1 §2): the welcome banner, four figures that exist (profile
 * completeness, unread notifications, days since admission, signed-in devices), the course, recent
 * activity, upcoming events, quick actions, and honest empty states for the blocks whose data does not
 * exist yet (DECISIONS 6: the API marks them `notYetAvailable`; never a made-up number).
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { welcomeLine } from "../../lib/greeting.ts";
import { useSession } from "../../lib/session.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useNow } from "../../lib/use-now.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { BellIcon, CalendarIcon, FileIcon, GraduationCapIcon, UsersIcon } from "../../ui/icons.tsx";
import { BarChartIcon, BookIcon, SettingsIcon, UserIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { daysSince, formatDate, relativeTime } from "./format.ts";

type Dashboard = RouterOutputs["student"]["dashboard"];
type PendingBlock = Dashboard["notYetAvailable"][number];

export const DASHBOARD_LOAD_FAILED = "We could not load your dashboard. Please check your connection and try again.";

/** What each block without data says until it has some (DECISIONS 6). */
export const NOT_YET: Record<PendingBlock, { title: string; text: string; icon: ReactNode }> = {
  courseProgress: {
    title: "Course progress",
    text: "Your course progress will appear here once your classes begin.",
    icon: <GraduationCapIcon size={20} />,
  },
  assignments: {
    title: "Assignments",
    text: "Your assignments and their due dates will appear here once your classes begin.",
    icon: <FileIcon size={20} />,
  },
  exams: {
    title: "Exams",
    text: "Your exam timetable will appear here once the university announces it.",
    icon: <CalendarIcon size={20} />,
  },
  library: {
    title: "Library",
    text: "Books you borrow will appear here once the online library opens.",
    icon: <BookIcon size={20} />,
  },
  performance: {
    title: "Performance",
    text: "Your marks and results will appear here after your first assessments.",
    icon: <BarChartIcon size={20} />,
  },
};

const QUICK_ACTIONS = [
  { href: "/profile", label: "My Profile", text: "Check and update your details", icon: <UserIcon /> },
  { href: "/id-card", label: "ID Card", text: "View and print your card", icon: <FileIcon /> },
  { href: "/settings", label: "Settings", text: "Password, alerts and theme", icon: <SettingsIcon /> },
  { href: "/courses", label: "My Courses", text: "Your programme and subjects", icon: <GraduationCapIcon /> },
  { href: "/library", label: "Library", text: "Books and study material", icon: <BookIcon /> },
  { href: "/exams", label: "Exams", text: "Timetables and results", icon: <CalendarIcon /> },
] as const;

export default function StudentDashboardPage() {
  usePageTitle("Dashboard");
  const { user } = useSession();
  const dashboard = trpc.student.dashboard.useQuery();
  const data = dashboard.data;

  return (
    <div className="page-stack student-dashboard">
      <section className="welcome-banner" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title" className="page-title">
          Dashboard
        </h1>
        <p className="welcome-banner__line">{welcomeLine(data?.student.name ?? user?.name, user?.signedInBefore)}</p>
        <p className="welcome-banner__meta">
          {(data?.student.student_id ?? user?.student_id)
            ? `Student ID: ${data?.student.student_id ?? user?.student_id}`
            : "Student ID not assigned yet"}
          {data?.course ? ` · ${data.course}` : null}
        </p>
      </section>

      {dashboard.isError ? (
        <Alert tone="error" title="Something went wrong">
          <p>{DASHBOARD_LOAD_FAILED}</p>
          <Button
            variant="secondary"
            size="sm"
            className="student-retry"
            loading={dashboard.isFetching}
            onClick={() => void dashboard.refetch()}
          >
            Try again
          </Button>
        </Alert>
      ) : null}

      {data ? <Figures data={data} /> : dashboard.isError ? null : <FiguresLoading />}
      {data && data.account.profileCompleteness < 100 ? <CompleteProfile data={data} /> : null}

      <div className="student-dashboard__grid">
        <div className="student-dashboard__course">
          <CourseCard data={data} loading={dashboard.isPending} />
        </div>
        <div className="student-dashboard__actions">
          <QuickActions />
        </div>
        <div className="student-dashboard__activity">
          <RecentActivity data={data} loading={dashboard.isPending} />
        </div>
        <div className="student-dashboard__events">
          <UpcomingEvents data={data} loading={dashboard.isPending} />
        </div>
        <div className="student-dashboard__pending">
          <Card title="Coming with your classes">
            <ul className="student-pending">
              {PENDING_ORDER.filter((block) => shows(data, block)).map((block) => (
                <PendingItem key={block} block={block} />
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}

const PENDING_ORDER: readonly PendingBlock[] = ["courseProgress", "assignments", "exams", "library", "performance"];

/** A pending block shows while loading and whenever the API has no data for it (null or listed). */
const shows = (data: Dashboard | undefined, block: PendingBlock) => !data || data.notYetAvailable.includes(block) || data[block] === null;

function Figures({ data }: { data: Dashboard }) {
  const { account, admission, unreadNotifications } = data;
  const since = admission?.approvedAt ?? account.memberSince;
  const days = daysSince(since);
  const missing = account.missingProfileFields.length;
  return (
    <section aria-label="Your figures" className="student-figures">
      <StatCard
        label="Profile complete"
        value={`${account.profileCompleteness}%`}
        hint={missing === 0 ? "All details filled in" : `${missing} ${missing === 1 ? "detail" : "details"} to add`}
        icon={<UserIcon />}
        tone={account.profileCompleteness === 100 ? "approved" : "pending"}
      />
      <StatCard
        label="Unread notifications"
        value={unreadNotifications}
        hint={unreadNotifications === 0 ? "You are all caught up" : "The latest are below"}
        icon={<BellIcon />}
        tone="info"
      />
      <StatCard
        label={admission?.approvedAt ? "Days since admission" : "Days since you joined"}
        value={days ?? "—"}
        hint={since ? `${admission?.approvedAt ? "Approved" : "Since"} ${formatDate(since)}` : undefined}
        icon={<CalendarIcon />}
        tone="accent"
      />
      <StatCard
        label="Signed-in devices"
        value={account.activeSessions}
        hint={account.lastLogin ? `Last sign-in ${relativeTime(account.lastLogin)}` : undefined}
        icon={<UsersIcon />}
        tone="neutral"
      />
    </section>
  );
}

function FiguresLoading() {
  return (
    <div className="student-figures" aria-busy="true" aria-label="Loading your figures">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="ui-stat">
          <div className="ui-stat__text student-skeleton-stat">
            <Skeleton width="60%" />
            <Skeleton width="4rem" height="2rem" />
            <Skeleton width="80%" />
          </div>
        </div>
      ))}
    </div>
  );
}

function CompleteProfile({ data }: { data: Dashboard }) {
  const missing = data.account.missingProfileFields;
  return (
    <Alert tone="info" title={`Your profile is ${data.account.profileCompleteness}% complete`}>
      <p>
        Still missing: {missing.join(", ")}. <Link href="/profile">Complete your profile</Link> so the institute can reach you and your ID
        card is complete.
      </p>
    </Alert>
  );
}

function CardLoading({ lines = 3 }: { lines?: number }) {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading</span>
      <Skeleton lines={lines} />
    </div>
  );
}

function CourseCard({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  return (
    <Card title="Your course">
      {loading ? (
        <CardLoading />
      ) : !data ? (
        <p className="text-muted">Not available right now.</p>
      ) : (
        <dl className="student-facts">
          <div>
            <dt>Course</dt>
            <dd>{data.course ?? "Not assigned yet"}</dd>
          </div>
          {data.admission ? (
            <>
              <div>
                <dt>Application number</dt>
                <dd className="tabular">{data.admission.applicationNumber}</dd>
              </div>
              <div>
                <dt>Applied on</dt>
                <dd>{formatDate(data.admission.appliedAt) ?? "Not recorded"}</dd>
              </div>
              <div>
                <dt>Approved on</dt>
                <dd>{formatDate(data.admission.approvedAt) ?? "Not recorded"}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>Admission</dt>
              <dd>Your account was set up by the institute.</dd>
            </div>
          )}
        </dl>
      )}
    </Card>
  );
}

/** A block the API marks `notYetAvailable` (its value is null): what will be here, and when — never a number. */
function PendingItem({ block }: { block: PendingBlock }) {
  const copy = NOT_YET[block];
  const titleId = `dashboard-pending-${block}`;
  return (
    <li>
      <section className="student-pending__item" aria-labelledby={titleId}>
        <span className="student-pending__icon" aria-hidden="true">
          {copy.icon}
        </span>
        <div>
          <h3 id={titleId} className="student-pending__title">
            {copy.title}
          </h3>
          <p className="student-pending__text">{copy.text}</p>
        </div>
      </section>
    </li>
  );
}

function RecentActivity({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const now = useNow();
  const items = data?.recentActivity ?? [];
  return (
    <Card title="Recent activity">
      {loading ? (
        <CardLoading lines={4} />
      ) : items.length === 0 ? (
        <EmptyState
          className="student-empty"
          icon={<BellIcon size={28} />}
          title="No activity yet"
          description="Messages from the institute about your admission, classes and account will appear here."
        />
      ) : (
        <ul className="student-activity">
          {items.map((item) => (
            <li key={item.id} className={item.read ? "student-activity__item" : "student-activity__item is-unread"}>
              <span className={`student-activity__dot student-activity__dot--${item.priority}`} aria-hidden="true" />
              <div className="student-activity__text">
                <p className="student-activity__title">
                  {item.title}
                  {item.read ? null : <span className="sr-only"> (unread)</span>}
                </p>
                {item.description ? <p className="student-activity__description">{item.description}</p> : null}
                <p className="student-activity__time">
                  <time dateTime={item.time} title={formatDate(item.time, true) ?? undefined}>
                    {relativeTime(item.time, now)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function UpcomingEvents({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const events = data?.upcomingEvents ?? [];
  return (
    <Card title="Upcoming events">
      {loading ? (
        <CardLoading />
      ) : events.length === 0 ? (
        <EmptyState
          className="student-empty"
          icon={<CalendarIcon size={28} />}
          title="No upcoming events"
          description="Contact classes, exam dates and other events from the institute will appear here."
        />
      ) : null}
    </Card>
  );
}

function QuickActions() {
  return (
    <Card title="Quick actions">
      <ul className="student-actions">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.href}>
            <Link href={action.href} className="student-action">
              <span className="student-action__icon" aria-hidden="true">
                {action.icon}
              </span>
              <span className="student-action__text">
                <span className="student-action__label">{action.label}</span>
                <span className="student-action__hint">{action.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="student-actions__note text-sm text-muted">My Courses, Library and Exams are coming soon.</p>
    </Card>
  );
}
