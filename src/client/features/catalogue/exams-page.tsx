/**
 * /admin/exams — Exam Management (spec part 2). A shell until exams are built (DECISIONS 6): counters,
 * the tabs (All Exams, Upcoming, In Progress, Completed, Draft — each an empty view for now), the table's
 * columns and the empty state; Create New Exam is disabled with a "Coming soon" note.
 */

import { useState } from "react";
import { reports } from "../../../shared/i18n/reports.ts";
import { useT } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/site.ts";
import { ActivityIcon } from "../../ui/admin-icons.tsx";
import { StatCard } from "../../ui/card.tsx";
import { CalendarIcon, CheckCircleIcon } from "../../ui/icons.tsx";
import { PageFrame, StatRow } from "../../ui/list-page.tsx";
import { PlusIcon } from "../../ui/more-icons.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { ComingSoonButton, EmptyTable, emptyColumns } from "./coming-soon.tsx";

const TAB_IDS = ["all", "upcoming", "in_progress", "completed", "draft"] as const;

export default function AdminExamsPage() {
  const t = useT(reports);
  usePageTitle(t("exams.title"));
  const columns = emptyColumns([
    { key: "exam", header: t("exams.exam") },
    { key: "course", header: t("shell.course") },
    { key: "when", header: t("exams.when") },
    { key: "students", header: t("shell.students"), className: "ui-table__cell--numeric" },
    { key: "status", header: t("shell.status") },
    { key: "actions", header: <span className="sr-only">{t("shell.actions")}</span>, label: t("shell.actions") },
  ]);
  const tabs = TAB_IDS.map((id) => ({ id, label: t(`exams.${id}`) }));
  const [tab, setTab] = useState<string>("all");
  return (
    <PageFrame
      name="exams"
      className="ac-shell"
      title={t("exams.title")}
      description={t("exams.lead")}
      actions={
        <ComingSoonButton>
          <PlusIcon size={18} /> {t("exams.add")}
        </ComingSoonButton>
      }
    >
      <StatRow>
        <StatCard label={t("exams.total")} value={0} icon={<CalendarIcon />} />
        <StatCard label={t("exams.upcoming")} value={0} icon={<CalendarIcon />} tone="pending" />
        <StatCard label={t("exams.in_progress")} value={0} icon={<ActivityIcon />} tone="info" />
        <StatCard label={t("exams.completed")} value={0} icon={<CheckCircleIcon />} tone="approved" />
      </StatRow>

      <div>
        <Tabs idPrefix="exams" label={t("exams.lists")} tabs={tabs} value={tab} onChange={setTab} />
        {tabs.map((item) => (
          <TabPanel key={item.id} idPrefix="exams" id={item.id} value={tab}>
            <EmptyTable
              caption={item.label}
              columns={columns}
              icon={<CalendarIcon size={28} />}
              title={t("exams.empty")}
              description={t("exams.empty.text")}
            />
          </TabPanel>
        ))}
      </div>
    </PageFrame>
  );
}
