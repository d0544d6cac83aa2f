/**
 * Fee plans (issue 19; docs/fees/plans.md): each listed programme's plan — the days after a term's start on
 * which its instalments fall due, the late fee and its grace days (spread evenly over the term until the
 * administrators save one) — and raising a term's fees: every active student of the programme and term gets
 * the term's instalments from the plan in one statement, however many they are; students who already have
 * them are left as they are, so raising again only adds those who had none. Also the fee settings group and
 * what a student still owes on their current term (the admit card's rule).
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database, Programme } from "../../../../db/schema.ts";
import { feePlans as text } from "../../../shared/i18n/feePlans.ts";
import { addDays, daysBetween } from "../../../shared/schemas/common.ts";
import type { FeePlanForm, PlanListQuery, RaiseFeesInput } from "../../../shared/schemas/fee-plans.ts";
import type { FeeSettingsSave, Settings } from "../../../shared/schemas/settings.ts";
import { type TermUnit, termName } from "../../../shared/terms.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { countWhere } from "../../platform/counts.ts";
import { AppError, conflict, fieldError } from "../../platform/errors.ts";
import { pageWithTotal } from "../../platform/paging.ts";
import { heldForChange, rowVersion } from "../../platform/row-lock.ts";
import { anyColumnContains } from "../../platform/search.ts";
import type { SessionMeta } from "../auth/auth.service.ts";
import { hasActiveStudents } from "../programmes/programmes.service.ts";
import { getSettings, instituteToday, storeSettingsGroupAudited } from "../settings/settings.service.ts";
import { termsOf } from "../studies/studies.service.ts";
import { tellFeesRaised } from "./fee-notices.ts";
import { splitFee } from "./ledger.ts";

type DB = Kysely<Database>;
type PlanProgramme = Pick<Programme, "id" | "name" | "fee_paise" | "fee_period" | "instalments" | "duration_months">;

/** The days a term lasts, for spreading a default plan over it. */
const TERM_DAYS = { year: 365, semester: 182 } as const;

/** A programme without a saved plan: its instalments spread evenly over the term, the first on the start day. */
export function defaultDueDays(p: Pick<Programme, "instalments" | "fee_period">): number[] {
  const n = Math.max(1, p.instalments);
  const length = TERM_DAYS[p.fee_period];
  return Array.from({ length: n }, (_, i) => Math.floor((i * length) / n));
}

interface Plan {
  days: number[];
  lateFee: number;
  graceDays: number;
  /** a plan row is stored (else the default) */
  saved: boolean;
  /** the stored plan's due days no longer match the programme's number of instalments */
  stale: boolean;
  updatedAt: string | null;
}

function parseDays(json: string): number[] {
  try {
    const days: unknown = JSON.parse(json);
    return Array.isArray(days) && days.every((d) => Number.isInteger(d)) ? (days as number[]) : [];
  } catch {
    return [];
  }
}

function planOf(
  p: PlanProgramme,
  row: { instalment_days: string; late_fee_paise: number; grace_days: number; updated_at: string } | undefined,
): Plan {
  if (!row) return { days: defaultDueDays(p), lateFee: 0, graceDays: 0, saved: false, stale: false, updatedAt: null };
  const days = parseDays(row.instalment_days);
  return {
    days,
    lateFee: row.late_fee_paise,
    graceDays: row.grace_days,
    saved: true,
    stale: days.length !== p.instalments,
    updatedAt: row.updated_at,
  };
}

const programmeNotFound = () => new AppError("NOT_FOUND", text.t("rule.programme"));

async function findProgramme(db: DB, id: number): Promise<PlanProgramme> {
  const row = await db
    .selectFrom("programmes")
    .select(["id", "name", "fee_paise", "fee_period", "instalments", "duration_months"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw programmeNotFound();
  return row;
}

async function storedPlan(db: DB, programmeId: number) {
  return db
    .selectFrom("fee_plans")
    .select(["instalment_days", "late_fee_paise", "grace_days", "updated_at"])
    .where("programme_id", "=", programmeId)
    .executeTakeFirst();
}

/**
 * A plan's version for its edit form: what the form edits, as saved (its due days, late fee and grace), or
 * "default" before it ever was (walk 16b). Not when it was saved: two saves in one clock tick would share it.
 */
const planVersion = (plan: Plan) => (plan.saved ? rowVersion([plan.days, plan.lateFee, plan.graceDays]) : "default");

const toItem = (p: PlanProgramme & { archived?: number }, plan: Plan, students: { term: number; count: number }[]) => ({
  id: p.id,
  name: p.name,
  /** off the public site, listed for the students it still has */
  archived: p.archived === 1,
  version: planVersion(plan),
  feePaise: p.fee_paise,
  feePeriod: p.fee_period,
  instalments: p.instalments,
  terms: termsOf(p),
  /** each instalment's amount (null: the fee is on request) */
  amounts: p.fee_paise === null ? null : splitFee(p.fee_paise, p.instalments),
  plan,
  defaultDays: defaultDueDays(p),
  /** active students in each term */
  students,
});

/**
 * The listed programmes (the public order), searched by name, a page at a time, each with its plan (or the
 * default), its instalments' amounts and its active students per term: three queries whatever the page holds.
 * An archived programme stays while it has active students (walk 30a: archived, its students' next term's fees
 * could no longer be raised), marked `archived`.
 */
export async function listPlans(deps: Pick<AppDeps, "db">, query: PlanListQuery) {
  let base = deps.db.selectFrom("programmes").where((eb) => eb.or([eb("programmes.archived", "=", 0), hasActiveStudents(eb)]));
  if (query.search) base = base.where(anyColumnContains(["programmes.name", "programmes.slug"], query.search));
  const { rows, pagination } = await pageWithTotal(
    base,
    base
      .select(["id", "name", "fee_paise", "fee_period", "instalments", "duration_months", "archived"])
      .orderBy("archived")
      .orderBy("sort_order")
      .orderBy("name")
      .orderBy("id"),
    query,
  );
  const ids = rows.map((r) => r.id);
  const [plans, counts] = ids.length
    ? await Promise.all([
        deps.db
          .selectFrom("fee_plans")
          .select(["programme_id", "instalment_days", "late_fee_paise", "grace_days", "updated_at"])
          .where("programme_id", "in", ids)
          .execute(),
        deps.db
          .selectFrom("users")
          .select((eb) => ["programme_id", "current_term", eb.fn.countAll<number>().as("n")])
          .where("role", "=", "student")
          .where("is_active", "=", 1)
          .where("programme_id", "in", ids)
          .groupBy(["programme_id", "current_term"])
          .execute(),
      ])
    : [[], []];
  return {
    programmes: rows.map((p) =>
      toItem(
        p,
        planOf(
          p,
          plans.find((x) => x.programme_id === p.id),
        ),
        counts
          .filter((c) => c.programme_id === p.id)
          .map((c) => ({ term: c.current_term, count: Number(c.n) }))
          .sort((a, b) => a.term - b.term),
      ),
    ),
    pagination,
  };
}

/**
 * The administrators save a programme's plan: one due day per instalment of the programme (the schema checks
 * each is 0–365 and that they go up), the late fee and the grace days. Instalments already raised keep the
 * dates and late fee they were raised with. Audited with what was saved.
 */
export async function savePlan(deps: AppDeps, actorId: number, input: FeePlanForm, meta: SessionMeta = {}) {
  const now = deps.now();
  const programme = await findProgramme(deps.db, input.programmeId);
  if (input.days.length !== programme.instalments) {
    const message = text.t("rule.dayCount", { programme: programme.name, count: programme.instalments });
    throw fieldError("BAD_REQUEST", "days", message);
  }
  const values = {
    instalment_days: JSON.stringify(input.days),
    late_fee_paise: input.lateFee,
    grace_days: input.graceDays,
    updated_at: now.toISOString(),
  };
  await deps.db.transaction().execute(async (trx) => {
    // Two people saving one plan take turns (its programme row is held: the plan's own may not exist yet); the
    // second, from the version both opened, is refused rather than undoing the first without a word (walk 16b).
    await trx.selectFrom("programmes").select("id").where("id", "=", programme.id).$call(heldForChange(trx)).executeTakeFirst();
    if (input.version !== undefined && input.version !== planVersion(planOf(programme, await storedPlan(trx, programme.id))))
      throw new AppError("CONFLICT", text.t("rule.changedMeanwhile", { programme: programme.name }));
    await trx
      .insertInto("fee_plans")
      .values({ programme_id: programme.id, ...values })
      .onConflict((oc) => oc.column("programme_id").doUpdateSet(values))
      .execute();
    await audit(trx, now, {
      actorUserId: actorId,
      action: "fee.plan_save",
      entityType: "programme",
      entityId: programme.id,
      details: { programme: programme.name, days: input.days, lateFee: input.lateFee, graceDays: input.graceDays },
      ip: meta.ip,
    });
  });
  return {
    message: text.t("said.planSaved", { programme: programme.name }),
    plan: planOf(programme, values),
  };
}

/** The plan a term's fees are raised from, or the reason they cannot be (the fee on request, a stale plan, a term beyond the programme). */
async function raisable(db: DB, programmeId: number, term: number) {
  const programme = await findProgramme(db, programmeId);
  const terms = termsOf(programme);
  if (term > terms) {
    const message = text.t("rule.termBeyond", { programme: programme.name, terms });
    throw fieldError("BAD_REQUEST", "term", message);
  }
  if (programme.fee_paise === null) throw new AppError("CONFLICT", text.t("rule.onRequest", { programme: programme.name }));
  const plan = planOf(programme, await storedPlan(db, programme.id));
  if (plan.stale) {
    throw new AppError(
      "CONFLICT",
      text.t("rule.stalePlan", {
        programme: programme.name,
        count: programme.instalments,
        plan: text.t("rule.planDays", { count: plan.days.length }),
      }),
    );
  }
  return { programme, fee: programme.fee_paise, plan, amounts: splitFee(programme.fee_paise, programme.instalments) };
}

/** The active students of a programme (the caller narrows them to a term). */
function termStudents(db: DB, programmeId: number) {
  return db
    .selectFrom("users")
    .where("users.role", "=", "student")
    .where("users.is_active", "=", 1)
    .where("users.programme_id", "=", programmeId);
}

/** The student (the outer query's `users` row) already has instalments of this programme's term. */
const hasTermInstalments = (eb: ExpressionBuilder<Database & { users: Database["users"] }, "users">, programmeId: number, term: number) =>
  eb
    .selectFrom("fee_instalments as raised")
    .select("raised.id")
    .whereRef("raised.user_id", "=", "users.id")
    .where("raised.programme_id", "=", programmeId)
    .where("raised.term", "=", term);

/**
 * A student who joined after their term's fees were raised (an approval or an office add in mid-term): the
 * programme and term when students in that term now have its instalments and this one has none, so the
 * office can be told to raise the term again (idempotent: it charges only those without). Null otherwise.
 */
export async function termRaisedWithout(db: DB, userId: number): Promise<{ programme: string; termUnit: TermUnit; term: number } | null> {
  const row = await db
    .selectFrom("users")
    .innerJoin("programmes", "programmes.id", "users.programme_id")
    .select(["programmes.name", "programmes.fee_period", "users.current_term"])
    .where("users.id", "=", userId)
    .where("users.role", "=", "student")
    // Raised for someone in that term now: last year's batch keeps its term-1 instalments after moving on.
    .where((eb) =>
      eb.exists(
        termInstalments(eb)
          .innerJoin("users as u2", "u2.id", "i.user_id")
          .whereRef("u2.programme_id", "=", "users.programme_id")
          .whereRef("u2.current_term", "=", "users.current_term")
          .where("u2.is_active", "=", 1),
      ),
    )
    .where((eb) => eb.not(eb.exists(termInstalments(eb).whereRef("i.user_id", "=", "users.id"))))
    .executeTakeFirst();
  return row ? { programme: row.name, termUnit: row.fee_period, term: row.current_term } : null;
}

/**
 * `termRaisedWithout` as the hint beside an act already made (an approval, an office add): a failed read is
 * logged and leaves the hint out, never undoing the act.
 */
export function feesToRaiseHint(deps: Pick<AppDeps, "db" | "logger">, userId: number) {
  return termRaisedWithout(deps.db, userId).catch((err) => {
    deps.logger.error("the raise-again hint could not be read", { userId, error: String(err) });
    return null;
  });
}

/** Instalments of the (outer query's) student's programme and current term. */
const termInstalments = (eb: ExpressionBuilder<Database & { users: Database["users"] }, "users">) =>
  eb
    .selectFrom("fee_instalments as i")
    .select("i.id")
    .whereRef("i.programme_id", "=", "users.programme_id")
    .whereRef("i.term", "=", "users.current_term");

/**
 * What raising a term would do, for the screen's confirmation: its active students, how many already have
 * the term's instalments, each instalment's amount and due day (when a start day is given). Refuses as the
 * raise itself would (the fee on request, a stale plan).
 */
export async function raisePreview(deps: Pick<AppDeps, "db">, input: { programmeId: number; term: number }) {
  const { programme, plan, amounts } = await raisable(deps.db, input.programmeId, input.term);
  const row = await termStudents(deps.db, programme.id)
    .where("users.current_term", "=", input.term)
    .select((eb) => [
      eb.fn.countAll<number>().as("students"),
      countWhere(eb, eb.exists(hasTermInstalments(eb, programme.id, input.term))).as("raised"),
    ])
    .executeTakeFirstOrThrow();
  const students = Number(row.students);
  const already = Number(row.raised ?? 0);
  return {
    programme: programme.name,
    term: input.term,
    termUnit: programme.fee_period,
    students,
    already,
    toRaise: students - already,
    instalments: amounts.map((amount, i) => ({ number: i + 1, amount, day: plan.days[i]! })),
    lateFee: plan.lateFee,
    graceDays: plan.graceDays,
  };
}

/**
 * Raises a programme's term: for every active student of the programme in that term who has none of its
 * instalments yet, the programme's instalments — amounts from splitFee (adding up to the fee exactly), due
 * on the start day plus the plan's days, with the plan's late fee and grace — in one INSERT … SELECT, so a
 * term of thousands of students is one statement. Students who already have instalments of the term are
 * left alone (and the unique key stops a double row if two raises meet). Audited when it raised anything.
 */
export async function raiseFees(deps: AppDeps, actorId: number, input: RaiseFeesInput, meta: SessionMeta = {}) {
  const now = deps.now();
  const at = now.toISOString();
  const { programme, plan, amounts } = await raisable(deps.db, input.programmeId, input.term);
  // An instalment due before today (a term that started before its fees were raised) counts its grace from today:
  // no student is charged a late fee for days before they were asked to pay (walk 16c: ₹200 at once).
  const today = await instituteToday(deps);
  const instalments = amounts.map((amount, i) => {
    const dueOn = addDays(input.startOn, plan.days[i]!);
    return { number: i + 1, amount, dueOn, graceDays: plan.graceDays + Math.max(0, daysBetween(dueOn, today)) };
  });
  const { raised, already } = await deps.db.transaction().execute(async (trx) => {
    // The plan's rows as a derived table: SELECT 1, amount, due UNION ALL SELECT 2, … (portable SQL).
    const [first, ...rest] = instalments.map((i) =>
      // Whole numbers cast as such: PostgreSQL would read a bare parameter here as text (issue 21).
      trx.selectNoFrom((eb) => [
        eb.cast<number>(eb.val(i.number), "integer").as("number"),
        eb.cast<number>(eb.val(i.amount), "integer").as("amount"),
        eb.val(i.dueOn).as("due_on"),
        eb.cast<number>(eb.val(i.graceDays), "integer").as("grace_days"),
      ]),
    );
    const planRows = rest.reduce((q, next) => q.unionAll(next), first!);
    const students = termStudents(trx, programme.id).where("users.current_term", "=", input.term);
    const { count } = await students.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    const result = await trx
      .insertInto("fee_instalments")
      .columns([
        "user_id",
        "programme_id",
        "term",
        "number",
        "amount_paise",
        "due_on",
        "late_fee_paise",
        "grace_days",
        "raised_by",
        "created_at",
      ])
      .expression(
        students
          .innerJoin(planRows.as("plan"), (join) => join.onTrue())
          .where((eb) => eb.not(eb.exists(hasTermInstalments(eb, programme.id, input.term))))
          .select((eb) => [
            "users.id",
            eb.cast<number>(eb.val(programme.id), "integer").as("programme_id"),
            eb.cast<number>(eb.val(input.term), "integer").as("term"),
            "plan.number",
            "plan.amount",
            "plan.due_on",
            eb.cast<number>(eb.val(plan.lateFee), "integer").as("late_fee_paise"),
            "plan.grace_days",
            eb.cast<number>(eb.val(actorId), "integer").as("raised_by"),
            eb.val(at).as("created_at"),
          ]),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const rows = Number(result.numInsertedOrUpdatedRows ?? 0);
    const raised = Math.floor(rows / instalments.length);
    const already = Number(count) - raised;
    if (raised > 0) {
      const amount = instalments.reduce((sum, i) => sum + i.amount, 0);
      await tellFeesRaised(trx, now, {
        programmeId: programme.id,
        term: input.term,
        termUnit: programme.fee_period,
        programme: programme.name,
        amount,
      });
      await audit(trx, now, {
        actorUserId: actorId,
        action: "fee.raise",
        entityType: "programme",
        entityId: programme.id,
        details: {
          programme: programme.name,
          termUnit: programme.fee_period,
          term: input.term,
          startOn: input.startOn,
          students: raised,
          already,
          fee: programme.fee_paise,
        },
        ip: meta.ip,
      });
    }
    return { raised, already };
  });
  const term = termName(programme.fee_period, input.term);
  const message =
    raised === 0
      ? text.t("said.noneToRaise", { programme: programme.name, term })
      : [
          text.t("said.raised", { count: raised, programme: programme.name, term }),
          already > 0 ? text.t("said.already", { count: already }) : "",
        ]
          .filter(Boolean)
          .join(" ");
  return { message, raised, already };
}

// ————— the fee settings —————

/** The fees group as Fee settings edits it (administrators), with the version its form carries. */
export async function feeSettingsOf(deps: Pick<AppDeps, "db">) {
  const { fees } = await getSettings(deps);
  return { settings: fees, version: rowVersion(fees) };
}

/**
 * The administrators save the fees group, audited with the names of what changed (nothing changed: nothing is
 * written); refused with 409 when the form's version is no longer the stored group's (a colleague's save since).
 */
export async function saveFeeSettings(deps: AppDeps, actorId: number, input: FeeSettingsSave, meta: SessionMeta = {}) {
  const { version, ...next } = input;
  await storeSettingsGroupAudited(deps, "fees", ({ fees }) => {
    if (version !== undefined && version !== rowVersion(fees)) throw conflict(text.t("said.settingsChangedMeanwhile"));
    const changed = (Object.keys(next) as (keyof Settings["fees"])[]).filter((k) => next[k] !== fees[k]);
    if (changed.length === 0) return null;
    return {
      value: next,
      entry: { actorUserId: actorId, action: "fee.settings", entityType: "settings", details: { changed }, ip: meta.ip },
    };
  });
  return { message: text.t("said.settingsSaved"), ...(await feeSettingsOf(deps)) };
}

// ————— what a student still owes —————
