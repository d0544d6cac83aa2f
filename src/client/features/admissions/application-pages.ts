/** The office's pages of one application (issue 17), loaded as one chunk by admin-routes.tsx. */
export { default as AdminEditApplicationPage } from "./admin-edit-page.tsx";
export { default as ApplicationPrintPage } from "./application-print-page.tsx";
