/** The student page. */
import en from "./en/student.json";
import { namespace } from "./translate.ts";

export const student = namespace("student", en, { hi: () => import("./hi/student.json"), mr: () => import("./mr/student.json") });
