/** The dashboard's nine management-centre cards (spec part 2, Dashboard), each with a live figure. */

import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatNumber } from "../../lib/format.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { CalendarIcon, FileIcon, GraduationCapIcon, MailIcon, UsersIcon } from "../../ui/icons.tsx";
import { plural } from "../../ui/list-controls.tsx";
import { BarChartIcon, BookIcon, HelpCircleIcon, ImageIcon } from "../../ui/more-icons.tsx";
import { Skeleton } from "../../ui/spinner.tsx";

type Stats = RouterOutputs["dashboard"]["stats"];

interface Centre {
  href: string;
  title: string;
  description: string;
  icon: ReactNode;
  tone: string;
  figure: (s: Stats) => string;
}

export const MANAGEMENT_CENTRES: readonly Centre[] = [
  {
    href: "/admissions",
    title: "Admissions",
    description: "Review and process applications",
    icon: <FileIcon />,
    tone: "pending",
    figure: (s) => `${formatNumber(s.pendingAdmissions)} pending`,
  },
  {
    href: "/students",
    title: "Students",
    description: "Records, accounts and sign-in links",
    icon: <UsersIcon />,
    tone: "primary",
    figure: (s) => plural(s.totalStudents, "student"),
  },
  {
    href: "/courses",
    title: "Courses",
    description: "Courses and programmes",
    icon: <GraduationCapIcon />,
    tone: "info",
    figure: (s) => plural(s.totalCourses, "course"),
  },
  {
    href: "/library",
    title: "Library",
    description: "Books and borrowing",
    icon: <BookIcon />,
    tone: "approved",
    figure: (s) => plural(s.totalBooks, "book"),
  },
  {
    href: "/exams",
    title: "Exams",
    description: "Schedules and results",
    icon: <CalendarIcon />,
    tone: "accent",
    figure: (s) => plural(s.totalExams, "exam"),
  },
  {
    href: "/help",
    title: "Help & Support",
    description: "Support tickets and FAQs",
    icon: <HelpCircleIcon />,
    tone: "rejected",
    figure: (s) => plural(s.totalTickets, "ticket"),
  },
  {
    href: "/gallery",
    title: "Gallery",
    description: "Photos on the public site",
    icon: <ImageIcon />,
    tone: "info",
    figure: (s) => plural(s.galleryImages, "image"),
  },
  {
    href: "/contacts",
    title: "Contacts",
    description: "Inquiries from the contact form",
    icon: <MailIcon />,
    tone: "primary",
    figure: (s) => plural(s.totalContacts, "inquiry", "inquiries"),
  },
  // The spec's fixed text for analytics.
  {
    href: "/analytics",
    title: "Analytics",
    description: "Reports and trends",
    icon: <BarChartIcon />,
    tone: "approved",
    figure: () => "12+ Report Types",
  },
];

/** `stats` null while loading; on failure the page passes zeros (spec part 2 §8). */
export function ManagementCentre({ stats }: { stats: Stats | null }) {
  return (
    <section aria-labelledby="centre-title" className="stack">
      <h2 id="centre-title" className="ops-section-title">
        Management centre
      </h2>
      <ul className="ops-mc-grid">
        {MANAGEMENT_CENTRES.map((c) => (
          <li key={c.href}>
            <Link href={c.href} className="ui-card ui-card--interactive ops-mc-card">
              <span className={`ops-mc-card__icon ops-mc-card__icon--${c.tone}`} aria-hidden="true">
                {c.icon}
              </span>
              <span className="ops-mc-card__text">
                <span className="ops-mc-card__title">{c.title}</span>
                <span className="ops-mc-card__description">{c.description}</span>
                <span className="ops-mc-card__figure">{stats ? c.figure(stats) : <Skeleton width="6rem" />}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
