/**
 * User-facing texts of the specification, in one place so server and client say the same thing. Each is
 * read in the current language when it is used (i18n/en/messages.json and its translations): the chosen
 * language in the browser, the request's on the server (issue 16).
 */
import en from "./i18n/en/messages.json";
import { messages } from "./i18n/messages.ts";

type Key = keyof typeof en;
type Texts = { readonly [K in Exclude<Key, "submissionsLimited">]: string } & {
  submissionsLimited(time: string): string;
};

export const MSG = Object.defineProperties(
  { submissionsLimited: (time: string) => messages.t("submissionsLimited", { time }) },
  Object.fromEntries(
    (Object.keys(en) as Key[])
      .filter((key) => key !== "submissionsLimited")
      .map((key) => [key, { get: () => messages.t(key), enumerable: true }]),
  ),
) as Texts;
