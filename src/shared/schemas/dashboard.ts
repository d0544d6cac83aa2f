/** The admin dashboard's activity list (the audit log), filterable by the kind of record touched. */
import * as v from "valibot";
import { reports } from "../i18n/reports.ts";
import { pageParams } from "./common.ts";

const { page, limit } = pageParams(10, 100);

export const activityQuery = v.object({
  page,
  limit,
  /** an entity type of the audit log (admission, student, contact, user, …), or "fee" for every fee entry whatever its record; "all" or blank for every one */
  type: v.pipe(
    v.optional(v.string(), "all"),
    v.trim(),
    v.regex(/^$|^[a-z_]{1,40}$/, reports.m("log.unknownType")),
    v.transform((t) => (t === "" || t === "all" ? null : t)),
  ),
});
export type ActivityQuery = v.InferOutput<typeof activityQuery>;
