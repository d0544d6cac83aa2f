/**
 * Notices and events (issue 18): what the office publishes to every student or to one programme's. One
 * schema per rule, used by the publish form, the tRPC input and the service.
 */
import * as v from "valibot";
import { notices } from "../i18n/notices.ts";
import { isCalendarDay, optionalRecordId, optionalText, pageParams, recordId, requiredChoice, requiredText } from "./common.ts";

export const NOTICE_KINDS = ["notice", "event"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_PRIORITIES = ["high", "medium", "low"] as const;
/** The office list's filter: everything, notices only, events only, events from today on. */
export const NOTICE_FILTERS = ["all", "notices", "events", "upcoming"] as const;
export type NoticeFilter = (typeof NOTICE_FILTERS)[number];

export const NOTICE_TITLE_MAX = 150;
export const NOTICE_BODY_MAX = 4000;

/** Blank means nothing; otherwise the value must pass `ok`. */
const optionalMatching = (ok: (s: string) => boolean, message: () => string) =>
  v.pipe(
    v.nullish(v.string(), ""),
    v.trim(),
    v.check((s) => s === "" || ok(s), message),
    v.transform((s) => (s === "" ? null : s)),
  );

/** The audience: a programme's id, or blank / null for every student. */
const audience = optionalRecordId(notices.m("rule.programme"), "all");

export const noticeForm = v.pipe(
  v.object({
    kind: requiredChoice(NOTICE_KINDS, notices.m("form.kind"), { notice: notices.m("kind.notice"), event: notices.m("kind.event") }),
    title: requiredText(notices.m("rule.title"), NOTICE_TITLE_MAX),
    body: requiredText(notices.m("rule.body"), NOTICE_BODY_MAX),
    programmeId: audience,
    priority: requiredChoice(NOTICE_PRIORITIES, notices.m("form.priority"), {
      high: notices.m("priority.high"),
      medium: notices.m("priority.medium"),
      low: notices.m("priority.low"),
    }),
    /** events: the day, the time (optional: an all-day event) and the place, in the institute's time zone */
    eventDate: optionalMatching(isCalendarDay, notices.m("rule.eventDate")),
    eventTime: optionalMatching((s) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s), notices.m("rule.eventTime")),
    venue: optionalText(200),
    /** also e-mail each student who keeps e-mail notifications on */
    email: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.partialCheck([["kind"], ["eventDate"]], (i) => i.kind !== "event" || i.eventDate !== null, notices.m("rule.eventDate")),
    ["eventDate"],
  ),
);
export type NoticeForm = v.InferOutput<typeof noticeForm>;

export const noticeIdInput = v.object({ id: recordId(notices.m("rule.notFound")) });

export const noticeListQuery = v.object({
  ...pageParams(10, 100),
  filter: v.optional(v.picklist(NOTICE_FILTERS, notices.m("rule.filter")), "all"),
});
export type NoticeListQuery = v.InferOutput<typeof noticeListQuery>;

/**
 * The student's notice board (stop 53): a notice stays on it this many days after it was published, an event
 * also until its day has passed, so a student who joins later still finds what is current.
 */
export const NOTICE_BOARD_DAYS = 90;

export const noticeBoardQuery = v.object({ ...pageParams(5, 20) });
export type NoticeBoardQuery = v.InferOutput<typeof noticeBoardQuery>;
