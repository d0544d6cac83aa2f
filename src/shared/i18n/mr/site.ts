/**
 * The public site's content pages in Marathi (about, programmes, gallery, contact — a visitor reads them
 * together), as one chunk: each chunk is an entry in the main script's chunk map, which the / page's
 * JavaScript budget counts (docs/PERFORMANCE.md).
 */
export { default as about } from "./about.json";
export { default as contact } from "./contact.json";
export { default as gallery } from "./gallery.json";
export { default as programmes } from "./programmes.json";
