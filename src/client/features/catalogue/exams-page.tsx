/**
 * /admin/exams — Exam Management (spec part 2). A shell until exams are built (DECISIONS 6): counters,
 * the tabs (All Exams, Upcoming, In Progress, Completed, Draft — each an empty view for now), the table's
 * columns and the empty state; Create New Exam is disabled with a "Coming soon" note.
 */
import { useState } from "react";
import { usePageTitle } from "../../lib/site.ts";
import { ActivityIcon } from "../../ui/admin-icons.tsx";
import { StatCard } from "../../ui/card.tsx";
import { CalendarIcon, CheckCircleIcon } from "../../ui/icons.tsx";
import { PageFrame, StatRow } from "../../ui/list-page.tsx";
import { PlusIcon } from "../../ui/more-icons.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { ComingSoonButton, EmptyTable, emptyColumns } from "./coming-soon.tsx";

const COLUMNS = emptyColumns([
  { key: "exam", header: "Exam" },
  { key: "course", header: "Course" },
  { key: "when", header: "Date & Time" },
  { key: "students", header: "Students", className: "ui-table__cell--numeric" },
  { key: "status", header: "Status" },
  { key: "actions", header: <span className="sr-only">Actions</span>, label: "Actions" },
]);

const TABS = [
  { id: "all", label: "All Exams" },
  { id: "upcoming", label: "Upcoming" },
  { id: "in_progress", label: "In Progress" },
  { id: "completed", label: "Completed" },
  { id: "draft", label: "Draft" },
] as const;

export const EXAMS_TEXT = { empty: "No exams scheduled" } as const;

export default function AdminExamsPage() {
  usePageTitle("Exam Management");
  const [tab, setTab] = useState<string>("all");
  return (
    <PageFrame
      name="exams"
      className="ac-shell"
      title="Exam Management"
      description="Examinations, their dates and the students who sit them."
      actions={
        <ComingSoonButton>
          <PlusIcon size={18} /> Create New Exam
        </ComingSoonButton>
      }
    >
      <StatRow>
        <StatCard label="Total Exams" value={0} icon={<CalendarIcon />} />
        <StatCard label="Upcoming" value={0} icon={<CalendarIcon />} tone="pending" />
        <StatCard label="In Progress" value={0} icon={<ActivityIcon />} tone="info" />
        <StatCard label="Completed" value={0} icon={<CheckCircleIcon />} tone="approved" />
      </StatRow>

      <div>
        <Tabs idPrefix="exams" label="Exam lists" tabs={TABS} value={tab} onChange={setTab} />
        {TABS.map((t) => (
          <TabPanel key={t.id} idPrefix="exams" id={t.id} value={tab}>
            <EmptyTable
              caption={t.label}
              columns={COLUMNS}
              icon={<CalendarIcon size={28} />}
              title={EXAMS_TEXT.empty}
              description="Exams will be listed here once exam scheduling is set up."
            />
          </TabPanel>
        ))}
      </div>
    </PageFrame>
  );
}
