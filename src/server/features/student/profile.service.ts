/** A student's own profile and photo, and a student by id for themself or an admin (DECISIONS 8). */

import type { User } from "../../../../db/schema.ts";
import { isOffice } from "../../../shared/roles.ts";
import { STUDENT_MESSAGES, type StudentProfileInput } from "../../../shared/schemas/student.ts";
import type { AppDeps } from "../../deps.ts";
import { audit } from "../../platform/audit.ts";
import { fieldError, forbidden, notFound } from "../../platform/errors.ts";
import { updateStudentOwnFields } from "../accounts/accounts.repository.ts";
import { updateOwnPhoto } from "../auth/account.service.ts";
import { type Authenticated, findUserById, type SessionMeta, toPublicUser } from "../auth/auth.service.ts";
import { programmeNameOf } from "../programmes/programmes.service.ts";

// ————— profile —————

const PROFILE_COLUMNS = {
  mobile: "mobile",
  gender: "gender",
  address: "address",
  city: "city",
  state: "state",
  pincode: "pincode",
  bloodGroup: "blood_group",
} as const satisfies Record<Exclude<keyof StudentProfileInput, "emergencyContact" | "dateOfBirth">, keyof User>;

const EMERGENCY_COLUMNS = {
  name: "emergency_name",
  relationship: "emergency_relationship",
  phone: "emergency_phone",
  email: "emergency_email",
} as const satisfies Record<keyof NonNullable<StudentProfileInput["emergencyContact"]>, keyof User>;

type EditableColumn = (typeof PROFILE_COLUMNS)[keyof typeof PROFILE_COLUMNS] | (typeof EMERGENCY_COLUMNS)[keyof typeof EMERGENCY_COLUMNS];

/** The student as the portal shows them (spec part 1 §3 Student user). */
export function toStudentProfile(u: User) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    student_id: u.student_id,
    status: u.is_active === 1 ? ("active" as const) : ("inactive" as const),
    mobile: u.mobile,
    dateOfBirth: u.date_of_birth,
    gender: u.gender,
    address: u.address,
    city: u.city,
    state: u.state,
    pincode: u.pincode,
    bloodGroup: u.blood_group,
    standard: u.standard,
    section: u.section,
    rollNumber: u.roll_number,
    course: u.course,
    emergencyContact: {
      name: u.emergency_name,
      relationship: u.emergency_relationship,
      phone: u.emergency_phone,
      email: u.emergency_email,
    },
    photo: toPublicUser(u).photo,
  };
}

export async function loadStudent(deps: Pick<AppDeps, "db">, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (user?.role !== "student") throw notFound(STUDENT_MESSAGES.notFound);
  return user;
}

/**
 * The student with their programme: its name as every screen gives it (QA 3), and its public page while the
 * catalogue still lists it (issue 17).
 */
async function withProgramme(deps: Pick<AppDeps, "db">, u: User) {
  const programme =
    u.programme_id === null
      ? undefined
      : await deps.db.selectFrom("programmes").select(["slug", "name", "archived"]).where("id", "=", u.programme_id).executeTakeFirst();
  return {
    ...toStudentProfile(u),
    programme: programme && programme.archived === 0 ? { slug: programme.slug, name: programme.name } : null,
    programmeName: programmeNameOf(programme, u),
  };
}

export async function getOwnProfile(deps: Pick<AppDeps, "db">, userId: number) {
  return withProgramme(deps, await loadStudent(deps, userId));
}

/** PUT /student/profile: only the fields a student may edit; left-out fields stay as they are. */
export async function updateOwnStudentProfile(deps: AppDeps, userId: number, input: StudentProfileInput, meta: SessionMeta = {}) {
  const current = await loadStudent(deps, userId);
  // The date of birth is part of the student's identity: the institute changes it (issue 14.2). Sending the
  // stored value back is fine; another one is refused, never silently dropped.
  if (input.dateOfBirth !== undefined && input.dateOfBirth !== current.date_of_birth) {
    throw fieldError("FORBIDDEN", "dateOfBirth", STUDENT_MESSAGES.dateOfBirthSetByInstitute);
  }
  const changes: Partial<Pick<User, EditableColumn>> = {};
  for (const [key, column] of Object.entries(PROFILE_COLUMNS) as [keyof typeof PROFILE_COLUMNS, EditableColumn][]) {
    if (input[key] !== undefined) changes[column] = input[key];
  }
  const contact = input.emergencyContact;
  if (contact !== undefined) {
    for (const [key, column] of Object.entries(EMERGENCY_COLUMNS) as [keyof typeof EMERGENCY_COLUMNS, EditableColumn][]) {
      if (contact === null) changes[column] = null;
      else if (contact[key] !== undefined) changes[column] = contact[key];
    }
  }
  const fields = Object.keys(changes);
  if (fields.length) {
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await updateStudentOwnFields(trx, userId, changes, now.toISOString());
      // Which fields changed, never their values: the log must not become a copy of personal data.
      await audit(trx, now, {
        actorUserId: userId,
        action: "student.profile_update",
        entityType: "user",
        entityId: userId,
        details: { fields },
        ip: meta.ip,
      });
    });
  }
  return getOwnProfile(deps, userId);
}

/** PUT /student/profile/photo: the student's own photo (see updateOwnPhoto). */
export async function updateProfilePhoto(deps: AppDeps, userId: number, upload: unknown, meta: SessionMeta = {}) {
  await loadStudent(deps, userId);
  return updateOwnPhoto(deps, userId, upload, meta);
}

/** GET /student/{id}: the student themself or an admin; another student gets 403 whether or not the id exists. */
export async function getStudentById(deps: Pick<AppDeps, "db">, viewer: Authenticated, id: number) {
  if (!isOffice(viewer.user.role) && viewer.user.id !== id) throw forbidden();
  return withProgramme(deps, await loadStudent(deps, id));
}
