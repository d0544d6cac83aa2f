/** System Settings in the admin area: its sections and the settings schemas' messages. */
import en from "./en/config.json";
import { namespace } from "./translate.ts";

export const config = namespace("config", en, {
  hi: () => import("./hi/office.ts").then((m) => ({ default: m.config })),
  mr: () => import("./mr/office.ts").then((m) => ({ default: m.config })),
});
