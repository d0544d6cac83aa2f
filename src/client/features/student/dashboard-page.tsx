/**
 * /student/dashboard (spec part 1 §2): the welcome banner, four figures that exist (profile
 * completeness, unread notifications, days since admission, signed-in devices), the course, recent
 * activity, upcoming events, quick actions, and (issue 18) this term's course progress, performance,
 * upcoming exams, library loans and achievements — each with an honest empty state, never a made-up number.
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { portal } from "../../../shared/i18n/portal.ts";
import { student } from "../../../shared/i18n/student.ts";
import { formatDateTime } from "../../lib/format.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { welcomeLine } from "../../lib/greeting.ts";
import { useT } from "../../lib/i18n.tsx";
import { eventTime, wallClock } from "../../lib/institute-clock.ts";
import { useSession } from "../../lib/session.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { type RouterOutputs, trpc } from "../../lib/trpc.ts";
import { useNow } from "../../lib/use-now.ts";
import { Alert } from "../../ui/alert.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Fact } from "../../ui/fact.tsx";
import { BellIcon, CalendarIcon, FileIcon, GraduationCapIcon, UsersIcon } from "../../ui/icons.tsx";
import { PortalLoadError } from "../../ui/load-error.tsx";
import { BookIcon, SettingsIcon, UserIcon } from "../../ui/more-icons.tsx";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import { Skeleton } from "../../ui/spinner.tsx";
import { daysSince, formatDate, relativeTime } from "./format.ts";

type Dashboard = RouterOutputs["student"]["dashboard"];

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

      {dashboard.isError ? <PortalLoadError title={t("dashboard.failedTitle")} message={t("dashboard.failed")} query={dashboard} /> : null}

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
        <div className="student-dashboard__studies">
          <ProgressCard data={data} loading={dashboard.isPending} />
          <PerformanceCard data={data} loading={dashboard.isPending} />
          <ExamsCard data={data} loading={dashboard.isPending} />
          <LibraryCard data={data} loading={dashboard.isPending} />
          <FeesCard data={data} loading={dashboard.isPending} />
        </div>
      </div>
    </div>
  );
}

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
          <div className="ui-stat__text stack stack--sm student-skeleton-stat">
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

interface DashboardCardProps {
  title: string;
  /** the link to the whole page beside the title */
  all?: { href: string; label: string };
  loading: boolean;
  /** the skeleton's lines while it loads (default 3) */
  lines?: number;
  /** what to say when there is nothing to show (null: there is) */
  empty?: { icon: ReactNode; title: string; description: string } | null;
  children: ReactNode;
}

/** A block of the dashboard: its title and link, a skeleton while it loads, then its empty state or its content. */
function DashboardCard({ title, all, loading, lines, empty, children }: DashboardCardProps) {
  return (
    <Card title={title} actions={all ? <Link href={all.href}>{all.label}</Link> : undefined}>
      {loading ? (
        <CardLoading lines={lines} />
      ) : empty ? (
        <EmptyState className="student-empty" icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        children
      )}
    </Card>
  );
}

type BlockProps = { data: Dashboard | undefined; loading: boolean };

/**
 * A card about one area of the portal, its words under `dash.<area>.`: the title, the link to the area's page
 * (`all`) and, when there is nothing to show, the empty state (`emptyTitle`, `empty`) with the area's icon.
 */
function AreaCard({
  area,
  href,
  icon,
  empty,
  loading,
  children,
}: {
  area: "progress" | "exams" | "library";
  href: string;
  icon: ReactNode;
  empty: boolean;
  loading: boolean;
  children: ReactNode;
}) {
  const t = useT(student);
  return (
    <DashboardCard
      title={t(`dash.${area}.title`)}
      all={{ href, label: t(`dash.${area}.all`) }}
      loading={loading}
      empty={empty ? { icon, title: t(`dash.${area}.emptyTitle`), description: t(`dash.${area}.empty`) } : null}
    >
      {children}
    </DashboardCard>
  );
}

function CourseCard({ data, loading }: BlockProps) {
  const t = useT(student);
  return (
    <DashboardCard title={t("course.title")} loading={loading}>
      {!data ? (
        <p className="text-muted">{t("course.unavailable")}</p>
      ) : (
        <dl className="student-facts">
          <Fact label={t("course.course")}>{data.course ?? t("course.notAssigned")}</Fact>
          {data.admission ? (
            <>
              <Fact label={t("course.applicationNumber")} className="tabular">
                {data.admission.applicationNumber}
              </Fact>
              <Fact label={t("course.appliedOn")}>{formatDate(data.admission.appliedAt) ?? t("course.notRecorded")}</Fact>
              <Fact label={t("course.approvedOn")}>{formatDate(data.admission.approvedAt) ?? t("course.notRecorded")}</Fact>
            </>
          ) : (
            <Fact label={t("course.admission")}>{t("course.setUp")}</Fact>
          )}
        </dl>
      )}
    </DashboardCard>
  );
}

/** This term's subjects and how many of their units the student ticked off. */
function ProgressCard({ data, loading }: BlockProps) {
  const subjects = data?.courseProgress ?? [];
  return (
    <AreaCard area="progress" href="/courses" icon={<GraduationCapIcon size={28} />} empty={subjects.length === 0} loading={loading}>
      <ul className="student-progress stack stack--md list-plain">
        {subjects.map((s) => (
          <li key={s.id}>
            <ProgressBar value={s.progress} label={`${s.code} ${s.name}`} />
          </li>
        ))}
      </ul>
    </AreaCard>
  );
}

/** Marks, work handed in and the study streak; achievements earned from them. */
function PerformanceCard({ data, loading }: BlockProps) {
  const t = useT(student);
  const p = data?.performance;
  return (
    <DashboardCard title={t("dash.performance.title")} loading={loading}>
      {!data || !p ? (
        <p className="text-muted">{t("course.unavailable")}</p>
      ) : (
        <div className="stack">
          <dl className="student-facts">
            <Fact label={t("dash.performance.overall")}>{p.overall === null ? t("dash.performance.noMarks") : `${p.overall}%`}</Fact>
            <Fact label={t("dash.performance.assignments")}>
              {t("dash.performance.assignmentsValue", { completed: p.completed_assignments, total: p.total_assignments })}
            </Fact>
            {p.examPercent !== null ? (
              <Fact label={t("dash.performance.exams")}>
                {t("dash.performance.examsValue", { percent: p.examPercent, count: p.resultsPublished })}
              </Fact>
            ) : null}
            <Fact label={t("dash.performance.streak")}>{t("dash.performance.streakValue", { count: p.study_streak })}</Fact>
          </dl>
          {data.achievements.length ? (
            <section aria-labelledby="dashboard-achievements">
              <h3 id="dashboard-achievements" className="student-subheading">
                {t("dash.achievements.title")}
              </h3>
              <ul className="student-achievements stack stack--md list-plain">
                {data.achievements.map((a) => (
                  <li key={`${a.kind}-${a.subject ?? ""}`}>
                    {a.kind === "subjectDone"
                      ? t("dash.ach.subjectDone", { subject: a.subject ?? "" })
                      : a.kind === "streak"
                        ? t("dash.ach.streak", { count: a.days ?? 0 })
                        : t("dash.ach.highMarks", { percent: a.percent ?? 0 })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </DashboardCard>
  );
}

function ExamsCard({ data, loading }: BlockProps) {
  const exams = data?.exams ?? [];
  return (
    <AreaCard area="exams" href="/exams" icon={<CalendarIcon size={28} />} empty={exams.length === 0} loading={loading}>
      <ul className="student-list stack stack--md list-plain">
        {exams.map((e) => (
          <li key={e.id}>
            <p className="student-list__title">
              {e.subjectCode} {e.subject}: {e.title}
            </p>
            <p className="text-sm text-muted">
              <time dateTime={e.startsAt}>{formatDateTime(wallClock(e.startsLocal), { style: "long" })}</time> · {e.centre}
            </p>
          </li>
        ))}
      </ul>
    </AreaCard>
  );
}

/** Issue 19: the next instalment to pay, with its day (said as passed, like the Fees page, once it has), or that nothing is owed. */
function FeesCard({ data, loading }: BlockProps) {
  const t = useT(student);
  const next = data?.nextDue;
  return (
    <DashboardCard title={t("dash.fees.title")} all={{ href: "/fees", label: t("dash.fees.all") }} loading={loading || !data}>
      {next ? (
        <p>
          <span className="student-list__title">{formatMoney(next.amount)}</span>{" "}
          {next.pending ? (
            // Paid by UPI and not yet confirmed: said as the Fees page says it, not as overdue (walk 26).
            <span className="text-sm text-muted">
              {t("dash.fees.waiting", { amount: formatMoney(next.pending.amount), date: formatDate(next.pending.sentAt) ?? "" })}
            </span>
          ) : (
            <span className={next.overdue ? "text-sm text-danger" : "text-sm text-muted"}>
              {t(next.overdue ? "dash.fees.overdue" : "dash.fees.due", { date: formatDate(next.dueOn) ?? next.dueOn })}
            </span>
          )}
        </p>
      ) : (
        <p className="text-muted">{t("dash.fees.none")}</p>
      )}
    </DashboardCard>
  );
}

function LibraryCard({ data, loading }: BlockProps) {
  const t = useT(student);
  const library = data?.library;
  return (
    <AreaCard area="library" href="/library" icon={<BookIcon size={28} />} empty={library?.onLoan === 0} loading={loading || !library}>
      {library ? (
        <div className="stack stack--sm">
          <p>
            {t("dash.library.onLoan", { count: library.onLoan })}
            {library.overdue ? (
              <>
                {" "}
                <Badge tone="rejected">{t("dash.library.overdue", { count: library.overdue })}</Badge>
              </>
            ) : null}
          </p>
          {library.dueSoon.length ? (
            <ul className="student-list stack stack--md list-plain">
              {library.dueSoon.map((loan) => (
                <li key={`${loan.title}-${loan.dueOn}`}>
                  <p className="student-list__title">{loan.title}</p>
                  <p className="text-sm text-muted">{t("dash.library.due", { date: formatDate(loan.dueOn) ?? loan.dueOn })}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </AreaCard>
  );
}

function RecentActivity({ data, loading }: BlockProps) {
  const now = useNow();
  const items = data?.recentActivity ?? [];
  const t = useT(student);
  return (
    <DashboardCard
      title={t("activity.title")}
      loading={loading}
      lines={4}
      empty={items.length === 0 ? { icon: <BellIcon size={28} />, title: t("activity.empty"), description: t("activity.emptyText") } : null}
    >
      <ul className="student-activity list-plain">
        {items.map((item) => (
          <li key={item.id} className={item.read ? "student-activity__item" : "student-activity__item is-unread"}>
            <span className={`student-activity__dot student-activity__dot--${item.priority}`} aria-hidden="true" />
            <div className="student-activity__text">
              <p className="student-activity__title">
                {/* What it is about, where it has a page (a ticket, a receipt, Courses): as on the notifications screen. */}
                {item.link ? <Link href={`~${item.link}`}>{item.title}</Link> : item.title}
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
    </DashboardCard>
  );
}

function UpcomingEvents({ data, loading }: BlockProps) {
  const events = data?.upcomingEvents ?? [];
  const t = useT(student);
  return (
    <DashboardCard
      title={t("events.title")}
      loading={loading}
      empty={
        events.length === 0 ? { icon: <CalendarIcon size={28} />, title: t("events.empty"), description: t("events.emptyText") } : null
      }
    >
      <ul className="student-list stack stack--md list-plain">
        {events.map((e) => (
          <li key={e.id}>
            <p className="student-list__title">
              <span className={`student-activity__dot student-activity__dot--${e.priority}`} aria-hidden="true" /> {e.title}
            </p>
            <p className="text-sm text-muted">
              <time dateTime={e.date}>{formatDate(e.date)}</time>
              {/* "11:30 am" ("सकाळ 11:30"), as every other time in the product, not the stored "11:30". */}
              {e.time ? ` · ${eventTime(e.date, e.time)}` : ""}
              {e.venue ? ` · ${e.venue}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}

function QuickActions() {
  const t = useT(student);
  const tPortal = useT(portal);
  return (
    <Card title={t("actions.title")}>
      <ul className="student-actions grid list-plain">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.href}>
            <Link href={action.href} className="student-action">
              <span className="icon-tile student-action__icon" aria-hidden="true">
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
    </Card>
  );
}
