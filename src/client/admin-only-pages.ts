/**
 * The admin area's pages that are the administrators' alone (lib/office.ts), as one chunk: staff never
 * load them, and every chunk is an entry in the main script's chunk map (which the / page's JavaScript
 * budget counts).
 */
export { default as AnalyticsPage } from "./features/analytics/analytics-page.tsx";
export { default as ActivityPage } from "./features/dashboard/activity-page.tsx";
export { default as GalleryPage } from "./features/gallery/admin-gallery-page.tsx";
export { default as ProgrammesPage } from "./features/programmes/programmes-admin-page.tsx";
export { default as ContentPage } from "./features/settings/content-page.tsx";
export { default as StaffPage } from "./features/staff/staff-page.tsx";
