/**
 * User-facing texts of the specification, in one place so server and client say the same thing. Each is
 * read in the current language when it is used (i18n/en/*.json and their translations): the chosen
 * language in the browser, the request's on the server (issue 16). MSG holds the general ones (errors,
 * limits, maintenance: the frame needs them on every page); account-messages.ts the sign-in, password,
 * code and profile ones, which only the screens that use them download.
 */

import messagesEn from "./i18n/en/messages.json";
import { messages } from "./i18n/messages.ts";
import { type Catalogue, labelsOf, type Namespace } from "./i18n/translate.ts";

/** An object whose properties read the namespace's messages in the current language at each use. */
export const table = <M extends Catalogue>(ns: Namespace<M>, en: M) =>
  labelsOf(Object.keys(en) as (keyof M & string)[], (key) => ns.t(key));

/** The messages that take a value; the rest are read as they are. */
type Key = Exclude<keyof typeof messagesEn, "submissionsLimited" | "payloadTooLarge" | "tooManyRequests">;
const WITH_VALUES: readonly string[] = ["submissionsLimited", "payloadTooLarge", "tooManyRequests"];

export const MSG = Object.assign(
  labelsOf(Object.keys(messagesEn).filter((key) => !WITH_VALUES.includes(key)) as Key[], (key) => messages.t(key)),
  {
    /** a limit's refusal, with the minutes until its window reopens (thirteenth walk: "a moment" meant 15 minutes) */
    tooManyRequests: (minutes: number) => messages.t("tooManyRequests", { count: minutes }),
    submissionsLimited: (time: string) => messages.t("submissionsLimited", { time }),
    /** max: the path's largest file, in MB */
    payloadTooLarge: (max: string) => messages.t("payloadTooLarge", { max }),
  },
);
