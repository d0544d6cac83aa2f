/**
 * /admin/courses — Course Management (spec part 2). A shell until courses are built (DECISIONS 6): the
 * counters, the table's columns and the empty state are real; nothing is invented, and the buttons that
 * have no behaviour yet are disabled with a "Coming soon" note instead of doing nothing when pressed.
 */
import { usePageTitle } from "../../lib/site.ts";
import { Card, StatCard } from "../../ui/card.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CheckCircleIcon, EditIcon, GraduationCapIcon, PlusIcon, UsersIcon } from "../../ui/icons.tsx";
import { Table, type TableColumn } from "../../ui/table.tsx";
import { ComingSoonButton } from "./coming-soon.tsx";

const COLUMNS: TableColumn<never>[] = [
  { key: "course", header: "Course", render: () => null },
  { key: "category", header: "Category", render: () => null },
  { key: "students", header: "Students", className: "ui-table__cell--numeric", render: () => null },
  { key: "status", header: "Status", render: () => null },
  { key: "actions", header: <span className="sr-only">Actions</span>, label: "Actions", render: () => null },
];

export const COURSES_TEXT = {
  emptyTitle: "No courses yet",
  emptyDescription: "Start by creating your first course",
} as const;

export default function AdminCoursesPage() {
  usePageTitle("Course Management");
  return (
    <section className="ops-page ac-shell" aria-labelledby="courses-title">
      <header className="page-header">
        <div>
          <h1 id="courses-title">Course Management</h1>
          <p>The programmes the institute offers, with their students and status.</p>
        </div>
        <ComingSoonButton>
          <PlusIcon size={18} /> Add New Course
        </ComingSoonButton>
      </header>

      <div className="grid grid--4 grid--sm ops-stats">
        <StatCard label="Total Courses" value={0} icon={<GraduationCapIcon />} />
        <StatCard label="Active Courses" value={0} icon={<CheckCircleIcon />} tone="approved" />
        <StatCard label="Total Students" value={0} hint="Enrolled in a course" icon={<UsersIcon />} tone="info" />
        <StatCard label="Draft Courses" value={0} icon={<EditIcon />} tone="neutral" />
      </div>

      <Card flush>
        <Table
          caption="Courses"
          captionHidden
          columns={COLUMNS}
          rows={[]}
          rowKey={() => ""}
          empty={
            <EmptyState
              icon={<GraduationCapIcon size={28} />}
              title={COURSES_TEXT.emptyTitle}
              description={COURSES_TEXT.emptyDescription}
              action={
                <ComingSoonButton variant="secondary" size="sm" className="ac-soon--stacked">
                  <PlusIcon size={18} /> Create First Course
                </ComingSoonButton>
              }
            />
          }
        />
      </Card>
    </section>
  );
}
