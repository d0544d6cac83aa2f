/**
 * /admin/courses — Course Management (spec part 2). A shell until courses are built (DECISIONS 6): the
 * counters, the table's columns and the empty state are real; nothing is invented, and the buttons that
 * have no behaviour yet are disabled with a "Coming soon" note instead of doing nothing when pressed.
 */

import { reports } from "../../../shared/i18n/reports.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { StatCard } from "../../ui/card.tsx";
import { CheckCircleIcon, GraduationCapIcon, UsersIcon } from "../../ui/icons.tsx";
import { PageFrame, StatRow } from "../../ui/list-page.tsx";
import { EditIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { ComingSoonButton, EmptyTable, emptyColumns } from "./coming-soon.tsx";

export default function AdminCoursesPage() {
  const t = useT(reports);
  usePageTitle(t("courses.title"));
  const columns = emptyColumns([
    { key: "course", header: t("shell.course") },
    { key: "category", header: t("shell.category") },
    { key: "students", header: t("shell.students"), className: "ui-table__cell--numeric" },
    { key: "status", header: t("shell.status") },
    { key: "actions", header: <span className="sr-only">{t("shell.actions")}</span>, label: t("shell.actions") },
  ]);
  return (
    <PageFrame
      name="courses"
      className="ac-shell"
      title={t("courses.title")}
      description={t("courses.lead")}
      actions={
        <ComingSoonButton>
          <PlusIcon size={18} /> {t("courses.add")}
        </ComingSoonButton>
      }
    >
      <StatRow>
        <StatCard label={t("courses.total")} value={0} icon={<GraduationCapIcon />} />
        <StatCard label={t("courses.active")} value={0} icon={<CheckCircleIcon />} tone="approved" />
        <StatCard label={t("courses.students")} value={0} hint={t("courses.enrolled")} icon={<UsersIcon />} tone="info" />
        <StatCard label={t("courses.draft")} value={0} icon={<EditIcon />} tone="neutral" />
      </StatRow>

      <EmptyTable
        caption={t("courses.caption")}
        columns={columns}
        icon={<GraduationCapIcon size={28} />}
        title={t("courses.empty")}
        description={t("courses.empty.text")}
        action={
          <ComingSoonButton variant="secondary" size="sm" className="ac-soon--stacked">
            <PlusIcon size={18} /> {t("courses.first")}
          </ComingSoonButton>
        }
      />
    </PageFrame>
  );
}
