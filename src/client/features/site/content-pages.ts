/**
 * The public pages of the institute's catalogue and questions (/programmes, /programmes/<slug>, /faq): one
 * lazy chunk, so they cost the first download one line of the main script's chunk map instead of two.
 */
export { ProgrammePage, ProgrammesPage } from "../programmes/programmes-pages.tsx";
export { default as FaqPage } from "./faq-page.tsx";
