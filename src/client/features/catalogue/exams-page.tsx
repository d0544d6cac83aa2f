/**
 * /admin/exams — Exam Management (spec part 2). A shell until exams are built (DECISIONS 6): counters,
 * the tabs (All Exams, Upcoming, In Progress, Completed, Draft — each an empty view for now), the table's
 * columns and the empty state; Create New Exam is disabled with a "Coming soon" note.
 */
import { useState } from "react";
import { usePageTitle } from "../../lib/site.ts";
import { ActivityIcon } from "../../ui/admin-icons.tsx";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CalendarIcon, CheckCircleIcon, PlusIcon } from "../../ui/icons.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";
import { TabPanel, Tabs } from "../../ui/tabs.tsx";
import { ComingSoonButton } from "./coming-soon.tsx";

const COLUMNS: TableColumn<never>[] = [
  { key: "exam", header: "Exam", render: () => null },
  { key: "course", header: "Course", render: () => null },
  { key: "when", header: "Date & Time", render: () => null },
  { key: "students", header: "Students", className: "ui-table__cell--numeric", render: () => null },
  { key: "status", header: "Status", render: () => null },
  { key: "actions", header: <span className="sr-only">Actions</span>, label: "Actions", render: () => null },
];

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
    <section className="ops-page ac-shell" aria-labelledby="exams-title">
      <header className="page-header">
        <div>
          <h1 id="exams-title">Exam Management</h1>
          <p>Examinations, their dates and the students who sit them.</p>
        </div>
        <ComingSoonButton>
          <PlusIcon size={18} /> Create New Exam
        </ComingSoonButton>
      </header>

      <div className="grid grid--4 grid--sm ops-stats">
        <StatCard label="Total Exams" value={0} icon={<CalendarIcon />} />
        <StatCard label="Upcoming" value={0} icon={<CalendarIcon />} tone="pending" />
        <StatCard label="In Progress" value={0} icon={<ActivityIcon />} tone="info" />
        <StatCard label="Completed" value={0} icon={<CheckCircleIcon />} tone="approved" />
      </div>

      <div>
        <Tabs idPrefix="exams" label="Exam lists" tabs={TABS} value={tab} onChange={setTab} />
        {TABS.map((t) => (
          <TabPanel key={t.id} idPrefix="exams" id={t.id} value={tab}>
            <Card flush>
              <Table
                caption={`${t.label}`}
                captionHidden
                columns={COLUMNS}
                rows={[]}
                rowKey={() => ""}
                empty={
                  <EmptyState
                    icon={<CalendarIcon size={28} />}
                    title={EXAMS_TEXT.empty}
                    description="Exams will be listed here once exam scheduling is set up."
                  />
                }
              />
            </Card>
          </TabPanel>
        ))}
      </div>
    </section>
  );
}
