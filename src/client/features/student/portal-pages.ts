/**
 * The student portal's notifications page and its screens still being built, as one chunk: every chunk is
 * an entry in the main script's chunk map, which the / page's JavaScript budget counts (docs/PERFORMANCE.md).
 */
export { default as NotificationsPage } from "./notifications-page.tsx";
export { default as PlaceholderPage } from "./placeholder-page.tsx";
