/**
 * The studies catalogues (issue 18: courses, exams, library, notices; issue 19: fees) in Hindi, as one chunk: the student portal's
 * and the office's studies screens load them together, and each chunk is an entry in the main script's chunk
 * map (which the / page's JavaScript budget counts).
 */
export { default as exams } from "./exams.json";
export { default as feeDesk } from "./feeDesk.json";
export { default as feePlans } from "./feePlans.json";
export { default as feeReports } from "./feeReports.json";
export { default as fees } from "./fees.json";
export { default as library } from "./library.json";
export { default as notices } from "./notices.json";
export { default as studies } from "./studies.json";
