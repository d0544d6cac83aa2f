/**
 * Students approved from an application were opened without a Course/Standard (QA 1, 26 Nov 2026): the
 * office could not save any edit of them (the form requires it) and the portal named no class. Approval now
 * fills it with the course the applicant was admitted to; this gives those already approved the same: their
 * application's course, or, where the application was deleted since, the course copied onto the account at
 * approval — by the name of their programme today where they have one (it may have been renamed since the
 * application; an unchanged Course/Standard keeps the programme through an office edit in any case). Their
 * programme (`programme_id`) was set at approval already; one still missing takes the application's. Only
 * empty values are filled, so running it again changes nothing.
 */
import type { ExpressionBuilder, Kysely } from "kysely";

/** The programme the student's application points at. */
const admissionProgramme = (eb: ExpressionBuilder<any, "users">) =>
  eb.selectFrom("admissions").select("admissions.programme_id").whereRef("admissions.id", "=", "users.admission_id");

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      standard: eb.fn.coalesce(
        eb
          .selectFrom("programmes")
          .select("programmes.name")
          .where("programmes.id", "=", eb.fn.coalesce(eb.ref("users.programme_id"), admissionProgramme(eb))),
        eb.selectFrom("admissions").select("admissions.course").whereRef("admissions.id", "=", "users.admission_id"),
        eb.ref("users.course"),
      ),
      programme_id: eb.fn.coalesce(eb.ref("users.programme_id"), admissionProgramme(eb)),
    }))
    .where("role", "=", "student")
    .where("standard", "is", null)
    .where((eb) => eb.or([eb("admission_id", "is not", null), eb("course", "is not", null)]))
    .execute();
}

/** Nothing to undo: the filled values are what the office would have chosen, and the columns stay. */
export async function down(): Promise<void> {}
