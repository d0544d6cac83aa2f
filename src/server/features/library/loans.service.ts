/**
 * Lending printed books (issue 18; docs/studies/library.md): the office issues a copy to a student found by
 * Student ID — refused when no copy is on the shelf, the student is inactive or already holds that title —
 * due LOAN_DAYS after today in the institute's time zone unless another day is chosen, and receives it
 * back. The student sees their loans; an overdue loan reminds its borrower, less often as it stays out
 * (`reminderGap`), in one message with their other overdue books.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../../db/schema.ts";
import type { NotificationKind, NotificationParams } from "../../../shared/i18n/alerts.ts";
import { library as text } from "../../../shared/i18n/library.ts";
import { addDays, daysBetween } from "../../../shared/schemas/common.ts";
import {
  type IssueInput,
  LOAN_DAYS,
  LOAN_MAX_DAYS,
  LOAN_RENEWALS_MAX,
  type LoanListQuery,
  loanStanding,
  renewalRefusal,
} from "../../../shared/schemas/library.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { zonedLocal, zonedLocalOrNull } from "../../platform/calendar.ts";
import { AppError, fieldError } from "../../platform/errors.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { heldForChange } from "../../platform/row-lock.ts";
import { anyColumnContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { notifyStudents, settleNotifications, settleNotificationsWhere } from "../notifications/notifications.service.ts";
import { instituteTimeZone, instituteToday } from "../settings/settings.service.ts";
import { dayText, itemNotFound } from "./library.service.ts";

type DB = Kysely<Database>;

const loanNotFound = () => new AppError("NOT_FOUND", text.t("rule.loan"));
const studentError = (code: "BAD_REQUEST" | "CONFLICT", message: string) => fieldError(code, "studentId", message);
const dueError = (message: string) => fieldError("BAD_REQUEST", "dueOn", message);

/** Lends a copy of a book to a student. */
export async function issueLoan(deps: AppDeps, actorId: number, input: IssueInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const today = await instituteToday(deps);
  const dueOn = input.dueOn ?? addDays(today, LOAN_DAYS);
  if (dueOn < today) throw dueError(text.t("rule.duePast"));
  const latest = addDays(today, LOAN_MAX_DAYS);
  if (dueOn > latest) throw dueError(text.t("rule.dueFar", { max: dayText(latest) }));

  const { loan, book, student } = await deps.db.transaction().execute(async (trx) => {
    const book = await trx
      .selectFrom("books")
      .select(["id", "title", "copies", "archived"])
      .where("id", "=", input.bookId)
      .where("kind", "=", "book")
      // Held until the loan is written: two desks lending the last copy at once take turns (on PostgreSQL; stop 52).
      .$call(heldForChange(trx))
      .executeTakeFirst();
    if (!book) throw itemNotFound();
    if (book.archived === 1) throw new AppError("CONFLICT", text.t("rule.archived", { title: book.title }));
    const student = await trx
      .selectFrom("users")
      .select(["id", "name", "student_id", "is_active"])
      .where("student_id", "=", input.studentId)
      .where("role", "=", "student")
      .executeTakeFirst();
    if (!student) throw studentError("BAD_REQUEST", text.t("rule.noStudent", { id: input.studentId }));
    const who = { name: student.name, id: student.student_id ?? input.studentId };
    if (student.is_active !== 1) throw studentError("BAD_REQUEST", text.t("rule.inactive", who));
    const loans = await trx
      .selectFrom("book_loans")
      .select(["user_id", "due_on"])
      .where("book_id", "=", book.id)
      .where("returned_at", "is", null)
      .execute();
    const held = loans.find((l) => l.user_id === student.id);
    if (held) throw studentError("CONFLICT", text.t("rule.holding", { ...who, title: book.title, due: dayText(held.due_on) }));
    if (loans.length >= book.copies) throw new AppError("CONFLICT", text.t("rule.noCopy", { title: book.title, count: book.copies }));
    const loan = await trx
      .insertInto("book_loans")
      .values({ book_id: book.id, user_id: student.id, issued_by: actorId, issued_at: now.toISOString(), due_on: dueOn })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "book.issue",
      entityType: "book",
      entityId: book.id,
      details: { title: book.title, studentId: who.id, due: dueOn, loanId: loan.id },
      ip: meta.ip,
    });
    return { loan, book, student: who };
  });
  return {
    message: text.t("said.issued", { title: book.title, name: student.name, id: student.id, due: dayText(dueOn) }),
    loan: { id: loan.id, dueOn: loan.due_on },
  };
}

/**
 * A loan still out, with its book's title and its student, for a change (return, renewal): not found (also
 * another borrower's, when `borrower` is given) or already returned is refused.
 */
async function loanOut(trx: DB, loanId: number, borrower?: number) {
  let query = trx
    .selectFrom("book_loans")
    .innerJoin("books", "books.id", "book_loans.book_id")
    .innerJoin("users", "users.id", "book_loans.user_id")
    .select([
      "book_loans.id",
      "book_loans.book_id",
      "book_loans.user_id",
      "book_loans.due_on",
      "book_loans.returned_at",
      "book_loans.renewals",
      "books.title",
      "users.name",
      "users.student_id",
    ])
    .where("book_loans.id", "=", loanId);
  if (borrower !== undefined) query = query.where("book_loans.user_id", "=", borrower);
  const loan = await query.executeTakeFirst();
  if (!loan) throw loanNotFound();
  if (loan.returned_at !== null) throw new AppError("CONFLICT", text.t("rule.returned", { title: loan.title }));
  return loan;
}

/**
 * A reminder listing several books (`library.overdueBooks`) is answered once every book it lists is back: marked
 * read then, as a one-book reminder is at its book's return.
 */
async function settleBooksReminders(trx: DB, now: Date, userId: number) {
  const out = new Set(
    (await trx.selectFrom("book_loans").select("id").where("user_id", "=", userId).where("returned_at", "is", null).execute()).map(
      (l) => l.id,
    ),
  );
  await settleNotificationsWhere(trx, now, userId, "library.overdueBooks", (data) => {
    const ids = data.loanIds;
    return Array.isArray(ids) && ids.every((id) => !out.has(Number(id)));
  });
}

/** Receives a book back: the loan is marked returned (now) by the office member who took it. */
export async function returnLoan(deps: AppDeps, actorId: number, loanId: number, meta: SessionMeta = {}) {
  const now = deps.now();
  const today = await instituteToday(deps);
  const loan = await deps.db.transaction().execute(async (trx) => {
    const loan = await loanOut(trx, loanId);
    // Only while still out: a second desk's return of the same loan at once (PostgreSQL) is refused, not logged twice.
    const changed = await trx
      .updateTable("book_loans")
      .set({ returned_at: now.toISOString(), received_by: actorId })
      .where("id", "=", loanId)
      .where("returned_at", "is", null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new AppError("CONFLICT", text.t("rule.returned", { title: loan.title }));
    // Its overdue reminders are answered: they no longer wait unread on the student's dashboard (walk 17).
    await settleNotifications(trx, now, loan.user_id, "library.overdue", { loanId });
    await settleBooksReminders(trx, now, loan.user_id);
    await audit(trx, now, {
      actorUserId: actorId,
      action: "book.return",
      entityType: "book",
      entityId: loan.book_id,
      details: { title: loan.title, studentId: loan.student_id, loanId, late: loan.due_on < today },
      ip: meta.ip,
    });
    return loan;
  });
  return { message: text.t("said.returned", { title: loan.title, name: loan.name }) };
}

/**
 * Renews a loan out: due LOAN_DAYS after today, as `renewalRefusal` allows (not overdue, renewed fewer than
 * LOAN_RENEWALS_MAX times, and later than it is due now). The office renews any loan; a student, through
 * `borrower`, only their own (another's is not found, as an unknown one).
 */
export async function renewLoan(
  deps: AppDeps,
  actorId: number,
  loanId: number,
  meta: SessionMeta = {},
  { borrower }: { borrower?: number } = {},
) {
  const now = deps.now();
  const today = await instituteToday(deps);
  const dueOn = addDays(today, LOAN_DAYS);
  const loan = await deps.db.transaction().execute(async (trx) => {
    const loan = await loanOut(trx, loanId, borrower);
    const refusal = renewalRefusal({ dueOn: loan.due_on, renewals: loan.renewals }, today);
    if (refusal === "overdue") throw new AppError("CONFLICT", text.t("rule.renewOverdue", { title: loan.title }));
    if (refusal === "limit") throw new AppError("CONFLICT", text.t("rule.renewLimit", { title: loan.title, count: LOAN_RENEWALS_MAX }));
    if (refusal === "notYet") throw new AppError("CONFLICT", text.t("rule.renewNotYet", { title: loan.title, due: dayText(loan.due_on) }));
    // Only as it was read: a renewal or a return in between (PostgreSQL reads committed rows) is not overwritten.
    const changed = await trx
      .updateTable("book_loans")
      .set({ due_on: dueOn, renewals: loan.renewals + 1 })
      .where("id", "=", loanId)
      .where("renewals", "=", loan.renewals)
      .where("returned_at", "is", null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new AppError("CONFLICT", text.t("rule.loanChanged"));
    await audit(trx, now, {
      actorUserId: actorId,
      action: "book.renew",
      entityType: "book",
      entityId: loan.book_id,
      details: { title: loan.title, studentId: loan.student_id, loanId, due: dueOn, self: borrower !== undefined },
      ip: meta.ip,
    });
    return loan;
  });
  return { message: text.t("said.renewed", { title: loan.title, due: dayText(dueOn) }), loan: { id: loanId, dueOn } };
}

/** How many whole days after its due day a book came back, by the institute's day of the return (0: on time). */
const daysLate = (dueOn: string, returnedLocal: string) => Math.max(0, daysBetween(dueOn, returnedLocal.slice(0, 10)));

const loanColumns = [
  "book_loans.id",
  "book_loans.book_id",
  "book_loans.issued_at",
  "book_loans.due_on",
  "book_loans.returned_at",
  "book_loans.renewals",
  "books.title",
  "books.author",
] as const;

/** How many times a loan out was renewed, and whether it can be renewed today. */
const renewalOf = (l: { due_on: string; renewals: number }, today: string) => ({
  renewals: l.renewals,
  renewable: renewalRefusal({ dueOn: l.due_on, renewals: l.renewals }, today) === null,
});

/** The office's loans: out now, overdue, returned or all; searched by title, ISBN, name or Student ID. */
export async function listLoans(deps: Pick<AppDeps, "db" | "now">, query: LoanListQuery) {
  const [today, timeZone] = await Promise.all([instituteToday(deps), instituteTimeZone(deps)]);
  let loans = deps.db.selectFrom("book_loans");
  if (query.status === "out") loans = loans.where("book_loans.returned_at", "is", null);
  if (query.status === "overdue") loans = loans.where("book_loans.returned_at", "is", null).where("book_loans.due_on", "<", today);
  if (query.status === "returned") loans = loans.where("book_loans.returned_at", "is not", null);
  let base = loans.innerJoin("books", "books.id", "book_loans.book_id").innerJoin("users", "users.id", "book_loans.user_id");
  if (query.search) base = base.where(anyColumnContains(["books.title", "books.isbn", "users.name", "users.student_id"], query.search));
  // Every loan has its book and its borrower (foreign keys): without a search the loans alone are counted, and a
  // page is read in its order's index (book_loans_issued, book_loans_returned; walk 31b).
  const counted = query.search ? base : loans;
  let rows = base.select([...loanColumns, "users.id as user_id", "users.name", "users.student_id"]);
  // Out and overdue: the longest overdue first; returned: the latest return first; all: the latest loan first.
  if (query.status === "out" || query.status === "overdue") rows = rows.orderBy("book_loans.due_on").orderBy("book_loans.id");
  else if (query.status === "returned") rows = rows.orderBy("book_loans.returned_at", "desc").orderBy("book_loans.id", "desc");
  else rows = rows.orderBy("book_loans.issued_at", "desc").orderBy("book_loans.id", "desc");
  const { rows: page, pagination } = await pageWithTotal(counted, rows, query);
  return {
    loans: page.map((l) => ({
      id: l.id,
      bookId: l.book_id,
      title: l.title,
      author: l.author,
      student: { id: l.user_id, name: l.name, studentId: l.student_id },
      issuedAt: l.issued_at,
      // When it was lent and returned, also on the institute's clock: the screens write that, like the day it is due.
      issuedLocal: zonedLocal(new Date(l.issued_at), timeZone),
      dueOn: l.due_on,
      returnedAt: l.returned_at,
      returnedLocal: zonedLocalOrNull(l.returned_at, timeZone),
      /** a returned book's whole days past its due day (0: on time) */
      daysLate: l.returned_at === null ? null : daysLate(l.due_on, zonedLocal(new Date(l.returned_at), timeZone)),
      standing: l.returned_at === null ? loanStanding(l.due_on, today) : null,
      ...(l.returned_at === null ? renewalOf(l, today) : { renewals: l.renewals, renewable: false }),
    })),
    pagination,
    today,
  };
}

// ————— the student —————

/** The student's books on loan now (soonest due first), each with where it stands today. */
export async function myLoans(deps: Pick<AppDeps, "db" | "now">, userId: number) {
  const today = await instituteToday(deps);
  const rows = await deps.db
    .selectFrom("book_loans")
    .innerJoin("books", "books.id", "book_loans.book_id")
    .select([...loanColumns, "books.shelf"])
    .where("book_loans.user_id", "=", userId)
    .where("book_loans.returned_at", "is", null)
    .orderBy("book_loans.due_on")
    .orderBy("book_loans.id")
    .execute();
  return {
    today,
    loans: rows.map((l) => ({
      id: l.id,
      title: l.title,
      author: l.author,
      shelf: l.shelf,
      issuedAt: l.issued_at,
      dueOn: l.due_on,
      standing: loanStanding(l.due_on, today),
      ...renewalOf(l, today),
    })),
  };
}

/** The books the student has returned, the latest first, a page at a time. */
export async function myHistory(deps: Pick<AppDeps, "db">, userId: number, query: { page: number; limit: number }) {
  const timeZone = await instituteTimeZone(deps);
  const base = deps.db
    .selectFrom("book_loans")
    .innerJoin("books", "books.id", "book_loans.book_id")
    .where("book_loans.user_id", "=", userId)
    .where("book_loans.returned_at", "is not", null);
  const { rows, pagination } = await pageWithTotal(
    base,
    base.select(loanColumns).orderBy("book_loans.returned_at", "desc").orderBy("book_loans.id", "desc"),
    query,
  );
  return {
    loans: rows.map((l) => ({
      id: l.id,
      title: l.title,
      author: l.author,
      issuedAt: l.issued_at,
      issuedLocal: zonedLocal(new Date(l.issued_at), timeZone),
      dueOn: l.due_on,
      returnedAt: l.returned_at!,
      returnedLocal: zonedLocal(new Date(l.returned_at!), timeZone),
      daysLate: daysLate(l.due_on, zonedLocal(new Date(l.returned_at!), timeZone)),
    })),
    pagination,
  };
}

// ————— overdue reminders —————

/**
 * How many days after a loan's last reminder the next one goes, by how long it has been overdue: every third day
 * in its first week, weekly to the end of its first month, then monthly (walk 31b: a reminder every day without
 * end, 868 e-mails a day at three years' volume, some for books due in 2024).
 */
export function reminderGap(daysOverdue: number): number {
  return daysOverdue <= 7 ? 3 : daysOverdue <= 28 ? 7 : 30;
}

/** Students reminded per transaction (the server serves requests between batches). */
const REMINDER_BATCH = 25;

/**
 * Tells each student who keeps a book past its due day, in one message listing every book they have overdue: a
 * portal notification and, where they keep e-mail on, an e-mail in their language. A student is told when one of
 * their overdue loans was never reminded, or its last reminder (`reminded_on`, the institute's day) is
 * `reminderGap` days old; every loan the message lists is then marked reminded today. Safe to call as often as
 * one likes; the server calls it every hour (workers.ts). `reminded`: how many students were told.
 */
export async function sendOverdueReminders(
  deps: Pick<AppDeps, "db" | "now" | "mail" | "env">,
): Promise<{ today: string; reminded: number }> {
  const now = deps.now();
  const today = await instituteToday(deps);
  const overdue = await deps.db
    .selectFrom("book_loans")
    .innerJoin("books", "books.id", "book_loans.book_id")
    .select(["book_loans.id", "book_loans.user_id", "book_loans.due_on", "book_loans.reminded_on", "books.title"])
    .where("book_loans.returned_at", "is", null)
    .where("book_loans.due_on", "<", today)
    .orderBy("book_loans.user_id")
    .orderBy("book_loans.due_on")
    .orderBy("book_loans.id")
    .execute();
  const byStudent = new Map<number, typeof overdue>();
  for (const loan of overdue) {
    const own = byStudent.get(loan.user_id);
    if (own) own.push(loan);
    else byStudent.set(loan.user_id, [loan]);
  }
  const due = [...byStudent.values()].filter((loans) =>
    loans.some((l) => l.reminded_on === null || daysBetween(l.reminded_on, today) >= reminderGap(daysBetween(l.due_on, today))),
  );
  // A few dozen students a transaction, the server answering requests in between: thousands of reminders in one
  // synchronous write held every request for most of a second (the bench's p99). Each batch marks its own
  // loans, so a stop half-way leaves the rest for the next run and nobody is reminded twice.
  for (let i = 0; i < due.length; i += REMINDER_BATCH) {
    const batch = due.slice(i, i + REMINDER_BATCH);
    await deps.db.transaction().execute(async (trx: DB) => {
      for (const loans of batch) {
        const [first] = loans as [(typeof loans)[number]];
        const told: { kind: NotificationKind; params: NotificationParams; data: Record<string, unknown> } =
          loans.length === 1
            ? { kind: "library.overdue", params: { title: first.title, due: first.due_on }, data: { loanId: first.id } }
            : {
                kind: "library.overdueBooks",
                params: { count: loans.length, titles: loans.map((l) => l.title).join("; "), due: first.due_on },
                data: { loanIds: loans.map((l) => l.id) },
              };
        await notifyStudents(deps, trx, now, [first.user_id], { type: "course", ...told, email: true, link: "/student/library" });
      }
      await trx
        .updateTable("book_loans")
        .set({ reminded_on: today })
        .where(
          "id",
          "in",
          batch.flatMap((loans) => loans.map((l) => l.id)),
        )
        .where("returned_at", "is", null)
        .execute();
    });
    await Bun.sleep(0);
  }
  return { today, reminded: due.length };
}
