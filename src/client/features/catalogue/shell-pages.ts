/** The studies screens that are still shells (courses, library, exams: issue 18 makes them real), as one chunk. */
export { default as CoursesPage } from "./courses-page.tsx";
export { default as ExamsPage } from "./exams-page.tsx";
export { default as LibraryPage } from "./library-page.tsx";
