/** /admin/exams — scheduling exams, marks and results (issue 18). Still the shell while it is being built. */
export { default } from "../catalogue/exams-page.tsx";
