/** Gallery Management in the admin area: its screens, the gallery schemas' messages and the service's answers. */
import en from "./en/media.json";
import { namespace } from "./translate.ts";

export const media = namespace("media", en, {
  hi: () => import("./hi/office.ts").then((m) => ({ default: m.media })),
  mr: () => import("./mr/office.ts").then((m) => ({ default: m.media })),
});
