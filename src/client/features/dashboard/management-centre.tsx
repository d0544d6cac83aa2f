/** The dashboard's nine management-centre cards (spec part 2, Dashboard), each with a live figure. */

import type { ReactNode } from "react";
import { Link } from "wouter";
import { admin } from "../../../shared/i18n/admin.ts";
import { useT } from "../../lib/i18n.tsx";
import { canSeePage } from "../../lib/office.ts";
import { useSession } from "../../lib/session.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { CalendarIcon, FileIcon, GraduationCapIcon, MailIcon, UsersIcon } from "../../ui/icons.tsx";
import { BarChartIcon, BookIcon, HelpCircleIcon, ImageIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";

type Stats = RouterOutputs["dashboard"]["stats"];

type CentreKey = "admissions" | "students" | "courses" | "library" | "exams" | "help" | "gallery" | "contacts" | "analytics";

interface Centre {
  /** also the page it opens (`/admissions`, …) */
  key: CentreKey;
  icon: ReactNode;
  tone: string;
  /** the live figure it shows (analytics: the spec's fixed text) */
  count: ((s: Stats) => number) | null;
}

export const MANAGEMENT_CENTRES: readonly Centre[] = [
  {
    key: "admissions",
    icon: <FileIcon />,
    tone: "pending",
    count: (s) => s.pendingAdmissions,
  },
  {
    key: "students",
    icon: <UsersIcon />,
    tone: "primary",
    count: (s) => s.totalStudents,
  },
  {
    key: "courses",
    icon: <GraduationCapIcon />,
    tone: "info",
    count: (s) => s.totalCourses,
  },
  {
    key: "library",
    icon: <BookIcon />,
    tone: "approved",
    count: (s) => s.totalBooks,
  },
  {
    key: "exams",
    icon: <CalendarIcon />,
    tone: "accent",
    count: (s) => s.totalExams,
  },
  {
    key: "help",
    icon: <HelpCircleIcon />,
    tone: "rejected",
    count: (s) => s.totalTickets,
  },
  {
    key: "gallery",
    icon: <ImageIcon />,
    tone: "info",
    count: (s) => s.galleryImages,
  },
  {
    key: "contacts",
    icon: <MailIcon />,
    tone: "primary",
    count: (s) => s.totalContacts,
  },
  // The spec's fixed text for analytics.
  {
    key: "analytics",
    icon: <BarChartIcon />,
    tone: "approved",
    count: null,
  },
];

/** `stats` null while loading; on failure the page passes zeros (spec part 2 §8). */
export function ManagementCentre({ stats }: { stats: Stats | null }) {
  const t = useT(admin);
  const { role } = useSession().user ?? {};
  return (
    <section aria-labelledby="centre-title" className="stack">
      <h2 id="centre-title" className="ops-section-title">
        {t("centre.title")}
      </h2>
      <ul className="ops-mc-grid list-plain">
        {MANAGEMENT_CENTRES.filter((c) => canSeePage(role, c.key)).map((c) => (
          <li key={c.key}>
            <Link href={`/${c.key}`} className="ui-card ui-card--interactive ops-mc-card">
              <span className={`ops-mc-card__icon ops-mc-card__icon--${c.tone}`} aria-hidden="true">
                {c.icon}
              </span>
              <span className="ops-mc-card__text">
                <span className="ops-mc-card__title">{t(`centre.${c.key}.title`)}</span>
                <span className="ops-mc-card__description">{t(`centre.${c.key}.text`)}</span>
                <span className="ops-mc-card__figure">
                  {stats ? t(`centre.${c.key}.figure`, c.count ? { count: c.count(stats) } : undefined) : <Skeleton width="6rem" />}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
