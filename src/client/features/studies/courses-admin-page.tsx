/** /admin/courses — the office's subjects, units, materials and assignments (issue 18). Still the shell while it is being built. */
export { default } from "../catalogue/courses-page.tsx";
