/**
 * /admin/courses — Course Management (spec part 2). A shell until courses are built (DECISIONS 6): the
 * counters, the table's columns and the empty state are real; nothing is invented, and the buttons that
 * have no behaviour yet are disabled with a "Coming soon" note instead of doing nothing when pressed.
 */
import { usePageTitle } from "../../lib/site.ts";
import { StatCard } from "../../ui/card.tsx";
import { CheckCircleIcon, GraduationCapIcon, UsersIcon } from "../../ui/icons.tsx";
import { PageFrame, StatRow } from "../../ui/list-page.tsx";
import { EditIcon, PlusIcon } from "../../ui/more-icons.tsx";
import { ComingSoonButton, EmptyTable, emptyColumns } from "./coming-soon.tsx";

const COLUMNS = emptyColumns([
  { key: "course", header: "Course" },
  { key: "category", header: "Category" },
  { key: "students", header: "Students", className: "ui-table__cell--numeric" },
  { key: "status", header: "Status" },
  { key: "actions", header: <span className="sr-only">Actions</span>, label: "Actions" },
]);

export const COURSES_TEXT = {
  emptyTitle: "No courses yet",
  emptyDescription: "Start by creating your first course",
} as const;

export default function AdminCoursesPage() {
  usePageTitle("Course Management");
  return (
    <PageFrame
      name="courses"
      className="ac-shell"
      title="Course Management"
      description="The programmes the institute offers, with their students and status."
      actions={
        <ComingSoonButton>
          <PlusIcon size={18} /> Add New Course
        </ComingSoonButton>
      }
    >
      <StatRow>
        <StatCard label="Total Courses" value={0} icon={<GraduationCapIcon />} />
        <StatCard label="Active Courses" value={0} icon={<CheckCircleIcon />} tone="approved" />
        <StatCard label="Total Students" value={0} hint="Enrolled in a course" icon={<UsersIcon />} tone="info" />
        <StatCard label="Draft Courses" value={0} icon={<EditIcon />} tone="neutral" />
      </StatRow>

      <EmptyTable
        caption="Courses"
        columns={COLUMNS}
        icon={<GraduationCapIcon size={28} />}
        title={COURSES_TEXT.emptyTitle}
        description={COURSES_TEXT.emptyDescription}
        action={
          <ComingSoonButton variant="secondary" size="sm" className="ac-soon--stacked">
            <PlusIcon size={18} /> Create First Course
          </ComingSoonButton>
        }
      />
    </PageFrame>
  );
}
