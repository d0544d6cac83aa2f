/** The admission application: the wizard, its fields, documents and schema messages (also read by the edit and admin views). */
import en from "./en/admission.json";
import { namespace } from "./translate.ts";

export const admission = namespace("admission", en, { hi: () => import("./hi/admission.json"), mr: () => import("./mr/admission.json") });
