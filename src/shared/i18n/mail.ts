/** The mail page. */
import en from "./en/mail.json";
import { namespace } from "./translate.ts";

export const mail = namespace("mail", en, { hi: () => import("./hi/mail.json"), mr: () => import("./mr/mail.json") });
