/**
 * The student portal's notifications page and its studies pages (issue 18), as one chunk: every chunk is an
 * entry in the main script's chunk map, which the / page's JavaScript budget counts (docs/PERFORMANCE.md).
 */
export { default as ExamsPage } from "../exams/student-exams-page.tsx";
export { default as FeesPage } from "../fees/student-fees-page.tsx";
export { default as LibraryPage } from "../library/student-library-page.tsx";
export { default as HelpPage } from "../notices/student-help-page.tsx";
export { default as CoursesPage } from "../studies/student-courses-page.tsx";
export { default as NotificationsPage } from "./notifications-page.tsx";
