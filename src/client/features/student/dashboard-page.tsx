/**
 * /student/dashboard (spec part 1 §2): the welcome banner, four figures that exist (profile
 * completeness, unread notifications, days since admission, signed-in devices), the course, recent
 * activity, upcoming events, quick actions, and honest empty states for the blocks whose data does not
 * exist yet (DECISIONS 6: the API marks them `notYetAvailable`; never a made-up number).
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { common } from "../../../shared/i18n/common.ts";
import { portal } from "../../../shared/i18n/portal.ts";
import { student } from "../../../shared/i18n/student.ts";
import { welcomeLine } from "../../lib/greeting.ts";
import { useT } from "../../lib/i18n.tsx";
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

/** The icon of each block without data (its words: student catalogue, pending.<block>; DECISIONS 6). */
const NOT_YET_ICONS: Record<PendingBlock, ReactNode> = {
  courseProgress: <GraduationCapIcon size={20} />,
  assignments: <FileIcon size={20} />,
  exams: <CalendarIcon size={20} />,
  library: <BookIcon size={20} />,
  performance: <BarChartIcon size={20} />,
};

const QUICK_ACTIONS = [
  { href: "/profile", nav: "profile", key: "profile", icon: <UserIcon /> },
  { href: "/id-card", nav: "idCard", key: "idCard", icon: <FileIcon /> },
  { href: "/settings", nav: "settings", key: "settings", icon: <SettingsIcon /> },
  { href: "/courses", nav: "courses", key: "courses", icon: <GraduationCapIcon /> },
  { href: "/library", nav: "library", key: "library", icon: <BookIcon /> },
  { href: "/exams", nav: "exams", key: "exams", icon: <CalendarIcon /> },
] as const;

export default function StudentDashboardPage() {
  const t = useT(student);
  const tCommon = useT(common);
  usePageTitle(t("dashboard.title"));
  const { user } = useSession();
  const dashboard = trpc.student.dashboard.useQuery();
  const data = dashboard.data;

  return (
    <div className="page-stack student-dashboard">
      <section className="welcome-banner" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title" className="page-title">
          {t("dashboard.title")}
        </h1>
        <p className="welcome-banner__line">{welcomeLine(data?.student.name ?? user?.name, user?.signedInBefore)}</p>
        <p className="welcome-banner__meta">
          {(data?.student.student_id ?? user?.student_id)
            ? t("studentId", { id: data?.student.student_id ?? user?.student_id ?? "" })
            : t("noStudentId")}
          {data?.course ? ` · ${data.course}` : null}
        </p>
      </section>

      {dashboard.isError ? (
        <Alert tone="error" title={t("dashboard.failedTitle")}>
          <p>{t("dashboard.failed")}</p>
          <Button
            variant="secondary"
            size="sm"
            className="student-retry"
            loading={dashboard.isFetching}
            onClick={() => void dashboard.refetch()}
          >
            {tCommon("tryAgain")}
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
          <Card title={t("pending.title")}>
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
  const t = useT(student);
  return (
    <section aria-label={t("figures")} className="student-figures">
      <StatCard
        label={t("figure.profile")}
        value={`${account.profileCompleteness}%`}
        hint={missing === 0 ? t("figure.profileDone") : t("figure.profileMissing", { count: missing })}
        icon={<UserIcon />}
        tone={account.profileCompleteness === 100 ? "approved" : "pending"}
      />
      <StatCard
        label={t("figure.unread")}
        value={unreadNotifications}
        hint={unreadNotifications === 0 ? t("figure.caughtUp") : t("figure.latestBelow")}
        icon={<BellIcon />}
        tone="info"
      />
      <StatCard
        label={admission?.approvedAt ? t("figure.daysAdmitted") : t("figure.daysJoined")}
        value={days ?? "—"}
        hint={since ? t(admission?.approvedAt ? "figure.approvedOn" : "figure.since", { date: formatDate(since) ?? "" }) : undefined}
        icon={<CalendarIcon />}
        tone="accent"
      />
      <StatCard
        label={t("figure.devices")}
        value={account.activeSessions}
        hint={account.lastLogin ? t("figure.lastSignIn", { time: relativeTime(account.lastLogin) }) : undefined}
        icon={<UsersIcon />}
        tone="neutral"
      />
    </section>
  );
}

function FiguresLoading() {
  const t = useT(student);
  return (
    <div className="student-figures" aria-busy="true" aria-label={t("figures.loading")}>
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
  const t = useT(student);
  return (
    <Alert tone="info" title={t("complete.title", { percent: data.account.profileCompleteness })}>
      <p>
        {t("complete.missing", { fields: missing.join(", ") })} <Link href="/profile">{t("complete.link")}</Link> {t("complete.why")}
      </p>
    </Alert>
  );
}

function CardLoading({ lines = 3 }: { lines?: number }) {
  const t = useT(student);
  return (
    <div aria-busy="true">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton lines={lines} />
    </div>
  );
}

function CourseCard({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const t = useT(student);
  return (
    <Card title={t("course.title")}>
      {loading ? (
        <CardLoading />
      ) : !data ? (
        <p className="text-muted">{t("course.unavailable")}</p>
      ) : (
        <dl className="student-facts">
          <div>
            <dt>{t("course.course")}</dt>
            <dd>{data.course ?? t("course.notAssigned")}</dd>
          </div>
          {data.admission ? (
            <>
              <div>
                <dt>{t("course.applicationNumber")}</dt>
                <dd className="tabular">{data.admission.applicationNumber}</dd>
              </div>
              <div>
                <dt>{t("course.appliedOn")}</dt>
                <dd>{formatDate(data.admission.appliedAt) ?? t("course.notRecorded")}</dd>
              </div>
              <div>
                <dt>{t("course.approvedOn")}</dt>
                <dd>{formatDate(data.admission.approvedAt) ?? t("course.notRecorded")}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>{t("course.admission")}</dt>
              <dd>{t("course.setUp")}</dd>
            </div>
          )}
        </dl>
      )}
    </Card>
  );
}

/** A block the API marks `notYetAvailable` (its value is null): what will be here, and when — never a number. */
function PendingItem({ block }: { block: PendingBlock }) {
  const t = useT(student);
  const titleId = `dashboard-pending-${block}`;
  return (
    <li>
      <section className="student-pending__item" aria-labelledby={titleId}>
        <span className="student-pending__icon" aria-hidden="true">
          {NOT_YET_ICONS[block]}
        </span>
        <div>
          <h3 id={titleId} className="student-pending__title">
            {t(`pending.${block}.title`)}
          </h3>
          <p className="student-pending__text">{t(`pending.${block}.text`)}</p>
        </div>
      </section>
    </li>
  );
}

function RecentActivity({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const now = useNow();
  const items = data?.recentActivity ?? [];
  const t = useT(student);
  return (
    <Card title={t("activity.title")}>
      {loading ? (
        <CardLoading lines={4} />
      ) : items.length === 0 ? (
        <EmptyState
          className="student-empty"
          icon={<BellIcon size={28} />}
          title={t("activity.empty")}
          description={t("activity.emptyText")}
        />
      ) : (
        <ul className="student-activity">
          {items.map((item) => (
            <li key={item.id} className={item.read ? "student-activity__item" : "student-activity__item is-unread"}>
              <span className={`student-activity__dot student-activity__dot--${item.priority}`} aria-hidden="true" />
              <div className="student-activity__text">
                <p className="student-activity__title">
                  {item.title}
                  {item.read ? null : <span className="sr-only">{t("activity.unread")}</span>}
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
  const t = useT(student);
  return (
    <Card title={t("events.title")}>
      {loading ? (
        <CardLoading />
      ) : events.length === 0 ? (
        <EmptyState
          className="student-empty"
          icon={<CalendarIcon size={28} />}
          title={t("events.empty")}
          description={t("events.emptyText")}
        />
      ) : null}
    </Card>
  );
}

function QuickActions() {
  const t = useT(student);
  const tPortal = useT(portal);
  return (
    <Card title={t("actions.title")}>
      <ul className="student-actions">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.href}>
            <Link href={action.href} className="student-action">
              <span className="student-action__icon" aria-hidden="true">
                {action.icon}
              </span>
              <span className="student-action__text">
                <span className="student-action__label">{tPortal(`student.nav.${action.nav}`)}</span>
                <span className="student-action__hint">{t(`action.${action.key}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="student-actions__note text-sm text-muted">{t("actions.note")}</p>
    </Card>
  );
}
