/**
 * The studies screens of the office (issue 18: courses, exams, library, notices; issue 19: fees), as one chunk: every chunk
 * is an entry in the main script's chunk map, which the / page's JavaScript budget counts (docs/PERFORMANCE.md).
 */
export { default as ExamsPage } from "./features/exams/exams-admin-page.tsx";
export { default as FeesPage } from "./features/fees/fees-admin-page.tsx";
export { default as LibraryPage } from "./features/library/library-admin-page.tsx";
export { default as NoticesPage } from "./features/notices/notices-admin-page.tsx";
export { default as CoursesPage } from "./features/studies/courses-admin-page.tsx";
