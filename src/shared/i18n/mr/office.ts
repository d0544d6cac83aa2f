/**
 * The admin area's own catalogues in Marathi, as one chunk: every chunk is an entry in the main script's chunk
 * map (which the / page's JavaScript budget counts), and the admin area needs them together anyway.
 */
export { default as alerts } from "./alerts.json";
export { default as config } from "./config.json";
export { default as help } from "./help.json";
export { default as media } from "./media.json";
export { default as reports } from "./reports.json";
export { default as roster } from "./roster.json";
