/**
 * The benchmark's dataset (issue 9): a migrated, seeded database in a DATA_DIR, then bulk rows written
 * through prepared statements in one transaction — 100,000 applications, 50,000 students, 20,000
 * inquiries, 200,000 notifications and 2,000 gallery images at full size. Issue 18's studies grow with the
 * students: every student has a programme and a term, four subjects a term (five units each) in which they
 * are enrolled, ticks on a third of their units, an assignment a subject mostly handed in and graded, a
 * published exam and an upcoming one a subject, a library of 2,000 titles with one loan in ten students,
 * and 200 notices and events.
 */
import { linkSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seed } from "../db/seed.ts";
import { hashPassword } from "../src/server/platform/crypto.ts";
import { folderStore } from "../src/server/platform/file-store.ts";
import { dataPaths, ensureDataDirs } from "../src/server/platform/storage.ts";
import { GALLERY_WIDTHS } from "../src/shared/constants.ts";
import { DEFAULT_STUDENT_PREFERENCES } from "../src/shared/schemas/settings.ts";

export interface DatasetSizes {
  admissions: number;
  students: number;
  contacts: number;
  notifications: number;
  gallery: number;
}

export const FULL_SIZES: DatasetSizes = { admissions: 100_000, students: 50_000, contacts: 20_000, notifications: 200_000, gallery: 2_000 };

export const scaled = (factor: number): DatasetSizes =>
  Object.fromEntries(Object.entries(FULL_SIZES).map(([k, v]) => [k, Math.max(1, Math.round(v * factor))])) as unknown as DatasetSizes;

export const ADMIN = { email: "bench-admin@institute.local", password: "BenchAdmin2026x" };

/** Subjects per programme term, units per subject (issue 18). */
const SUBJECTS_PER_TERM = 4;
const UNITS_PER_SUBJECT = 5;
const BOOKS = 2_000;
const NOTICES = 200;

/** The student whose dashboard the bench measures (an active one: index 2 of the generated students). */
export const BENCH_STUDENT = { studentId: "STU000002", password: "BenchStudent2026x" };

/** The name fragment the search benchmark looks for ("Sharma", "Sharad", …). */
export const SEARCH_FRAGMENT = "shar";

const FIRST = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Vihaan",
  "Arjun",
  "Sai",
  "Reyansh",
  "Ayaan",
  "Krishna",
  "Ishaan",
  "Ananya",
  "Diya",
  "Priya",
  "Saanvi",
  "Aadhya",
  "Kavya",
  "Meera",
  "Riya",
  "Neha",
  "Pooja",
  "Rahul",
  "Rohan",
  "Sneha",
  "Tanvi",
  "Sharad",
  "Kiran",
  "Manoj",
  "Sunita",
  "Deepak",
  "Lakshmi",
];
const LAST = [
  "Patel",
  "Kulkarni",
  "Deshmukh",
  "Joshi",
  "Iyer",
  "Reddy",
  "Nair",
  "Gupta",
  "Singh",
  "Kumar",
  "Sharma",
  "Verma",
  "Mehta",
  "Shah",
  "Pawar",
  "Jadhav",
  "Chavan",
  "Bose",
  "Das",
  "Khan",
  "Menon",
  "Rao",
  "Pillai",
  "Naidu",
  "Bhat",
  "Gowda",
  "Mishra",
  "Pandey",
  "Tiwari",
  "Yadav",
  "Shinde",
  "Kale",
  "More",
  "Gaikwad",
  "Salunkhe",
  "Thakur",
  "Chauhan",
  "Rathod",
  "Saxena",
  "Agarwal",
];
const CITIES = ["Pune", "Mumbai", "Nashik", "Nagpur", "Aurangabad", "Kolhapur", "Solapur", "Thane"];
const COURSES = [
  "Bachelor of Arts (BA)",
  "Bachelor of Commerce (BCom)",
  "Master of Arts (MA)",
  "Master of Commerce (MCom)",
  "Diploma in Computer Applications",
];
const SUBJECTS = ["Admission enquiry", "Fee structure", "Examination dates", "Study centre", "Certificate request", "Other"];
const CATEGORIES = ["Campus", "Facilities", "Sports", "Events", "Students", "Faculty"];
const TYPES = ["admission", "system", "security", "contact", "course", "support"];
const PRIORITIES = ["high", "medium", "low"];

/** A small deterministic generator, so every run benchmarks the same rows. */
function rng(seedValue: number) {
  let s = seedValue >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface GeneratedDataset {
  dataDir: string;
  sizes: DatasetSizes;
  seconds: number;
}

export async function generateDataset(dataDir: string, sizes: DatasetSizes, now = new Date()): Promise<GeneratedDataset> {
  const started = performance.now();
  const paths = dataPaths(dataDir);
  ensureDataDirs(paths);
  const { db, sqlite } = openDatabase(paths.database);
  await migrateToLatest(db);
  await seed(db, { now, production: true, files: folderStore(paths.uploads), adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const adminId = (sqlite.prepare("select id from users where role = 'admin' order by id limit 1").get() as { id: number }).id;
  const rand = rng(9);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const minutesAgo = (i: number, total: number) => new Date(now.getTime() - (total - i) * 5 * 60_000).toISOString();
  const studentHash = await hashPassword(BENCH_STUDENT.password);
  const prefs = JSON.stringify(DEFAULT_STUDENT_PREFERENCES);

  const insertAdmission = sqlite.prepare(`insert into admissions (application_number, status, first_name, last_name, date_of_birth, gender,
    blood_group, nationality, email, phone, address, city, state, pincode, course, previous_school, father_name, mother_name,
    rejection_reason, processed_by, submitted_at, processed_at, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, 'Indian', ?, ?, ?, ?, 'Maharashtra', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertStudent = sqlite.prepare(`insert into users (role, name, email, password_hash, student_id, mobile, date_of_birth, gender,
    address, city, state, pincode, blood_group, standard, course, is_active, preferences, programme_id, current_term, email_verified_at, password_changed_at, created_at, updated_at)
    values ('student', ?, ?, ?, ?, ?, '2001-01-01', ?, ?, ?, 'Maharashtra', '411001', 'B+', 'BA', ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // Issue 18: the programmes the seed made, with their terms (at most six in the bench).
  const programmes = (
    sqlite.prepare("select id, duration_months, fee_period from programmes where archived = 0 order by id").all() as {
      id: number;
      duration_months: number | null;
      fee_period: string;
    }[]
  ).map((p) => ({
    id: p.id,
    terms: Math.min(6, Math.max(1, Math.ceil((p.duration_months ?? 12) / (p.fee_period === "semester" ? 6 : 12)))),
  }));
  const insertContact =
    sqlite.prepare(`insert into contact_inquiries (name, email, phone, subject, message, status, ip, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, '127.0.0.1', ?, ?)`);
  const insertNotification =
    sqlite.prepare(`insert into notifications (recipient_user_id, type, title, message, priority, data, read_at, created_at)
    values (?, ?, ?, ?, ?, '{}', ?, ?)`);
  const insertImage =
    sqlite.prepare(`insert into gallery_images (title, description, category, is_active, file_key, width, height, size_bytes,
    uploaded_by, created_at, updated_at) values (?, ?, ?, ?, ?, 1600, 1067, 420000, ?, ?, ?)`);
  const setSequence = sqlite.prepare(
    "insert into sequences (name, value) values (?, ?) on conflict(name) do update set value = excluded.value",
  );

  /** Issue 18's tables, grown with the students (see the file's comment). */
  const studies = () => {
    const iso = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const day = (days: number) => iso(days).slice(0, 10);
    const insertSubject = sqlite.prepare(
      "insert into subjects (programme_id, term, code, name, sort_order, archived, created_at, updated_at) values (?, ?, ?, ?, ?, 0, ?, ?) returning id",
    );
    const insertUnit = sqlite.prepare("insert into subject_units (subject_id, position, title) values (?, ?, ?) returning id");
    const insertAssignment = sqlite.prepare(
      "insert into assignments (subject_id, title, due_at, max_marks, created_at, updated_at) values (?, ?, ?, 20, ?, ?) returning id",
    );
    const insertExam =
      sqlite.prepare(`insert into exams (subject_id, title, starts_at, duration_minutes, centre, max_marks, pass_marks, status,
      results_published_at, created_at, updated_at) values (?, ?, ?, 180, 'Pune office', 100, 35, 'scheduled', ?, ?, ?) returning id`);
    type Place = { subjects: { id: number; units: number[]; assignment: number; pastExam: number }[] };
    const places = new Map<string, Place>();
    for (const p of programmes) {
      for (let term = 1; term <= p.terms; term++) {
        const place: Place = { subjects: [] };
        for (let k = 1; k <= SUBJECTS_PER_TERM; k++) {
          const code = `P${p.id}-${term}0${k}`;
          const { id } = insertSubject.get(p.id, term, code, `Subject ${code}`, k * 10, iso(-200), iso(-200)) as { id: number };
          const units = Array.from(
            { length: UNITS_PER_SUBJECT },
            (_, u) => (insertUnit.get(id, u + 1, `Unit ${u + 1}`) as { id: number }).id,
          );
          const assignment = (insertAssignment.get(id, `Assignment ${code}`, iso(-10 + k), iso(-40), iso(-40)) as { id: number }).id;
          const pastExam = (insertExam.get(id, `Mid-term ${code}`, iso(-30), iso(-20), iso(-60), iso(-60)) as { id: number }).id;
          insertExam.run(id, `Term-end ${code}`, iso(20 + k), null, iso(-5), iso(-5));
          place.subjects.push({ id, units, assignment, pastExam });
        }
        places.set(`${p.id}:${term}`, place);
      }
    }
    const insertEnrolment = sqlite.prepare(
      "insert into enrolments (user_id, subject_id, status, enrolled_at) values (?, ?, 'in_progress', ?)",
    );
    const insertTick = sqlite.prepare("insert into unit_progress (user_id, unit_id, completed_at) values (?, ?, ?)");
    const insertSubmission = sqlite.prepare(`insert into assignment_submissions (assignment_id, user_id, stored_name, file_name, size_bytes,
      submitted_at, is_late, marks, graded_at) values (?, ?, ?, 'work.pdf', 120000, ?, ?, ?, ?)`);
    const insertResult = sqlite.prepare("insert into exam_results (exam_id, user_id, marks, absent, entered_at) values (?, ?, ?, ?, ?)");
    const students = sqlite.prepare("select id, programme_id, current_term from users where role = 'student' order by id").all() as {
      id: number;
      programme_id: number;
      current_term: number;
    }[];
    for (const st of students) {
      const place = places.get(`${st.programme_id}:${st.current_term}`);
      if (!place) continue;
      for (const subject of place.subjects) {
        insertEnrolment.run(st.id, subject.id, iso(-100));
        if (rand() < 0.33)
          for (const unit of subject.units.slice(0, 1 + Math.floor(rand() * UNITS_PER_SUBJECT)))
            insertTick.run(st.id, unit, iso(-Math.floor(rand() * 30)));
        if (rand() < 0.7) {
          const graded = rand() < 0.6;
          insertSubmission.run(
            subject.assignment,
            st.id,
            `bench${String(st.id).padStart(19, "0")}.pdf`,
            iso(-12),
            rand() < 0.1 ? 1 : 0,
            graded ? Math.floor(rand() * 21) : null,
            graded ? iso(-3) : null,
          );
        }
        const absent = rand() < 0.05;
        insertResult.run(subject.pastExam, st.id, absent ? null : Math.floor(rand() * 101), absent ? 1 : 0, iso(-25));
      }
    }
    const insertBook = sqlite.prepare(
      "insert into books (kind, title, author, category, copies, archived, created_at, updated_at) values ('book', ?, ?, 'Commerce', 3, 0, ?, ?) returning id",
    );
    const books = Array.from(
      { length: BOOKS },
      (_, b) => (insertBook.get(`Book ${b + 1}`, `${pick(FIRST)} ${pick(LAST)}`, iso(-300), iso(-300)) as { id: number }).id,
    );
    const insertLoan = sqlite.prepare("insert into book_loans (book_id, user_id, issued_at, due_on) values (?, ?, ?, ?)");
    for (const st of students) if (rand() < 0.1) insertLoan.run(pick(books), st.id, iso(-10), day(Math.floor(rand() * 10) - 3));
    const insertNotice =
      sqlite.prepare(`insert into notices (kind, title, body, programme_id, event_date, event_time, venue, priority, published_at)
      values (?, ?, 'Details for students.', ?, ?, ?, ?, 'medium', ?)`);
    for (let n = 1; n <= NOTICES; n++) {
      const event = n % 2 === 0;
      insertNotice.run(
        event ? "event" : "notice",
        `${event ? "Event" : "Notice"} ${n}`,
        n % 3 === 0 ? null : programmes[n % programmes.length]!.id,
        event ? day((n % 60) - 20) : null,
        event ? "10:00" : null,
        event ? "Pune office" : null,
        iso(-(n % 90)),
      );
    }
  };

  sqlite.transaction(() => {
    const year = now.getUTCFullYear();
    for (let i = 1; i <= sizes.admissions; i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const r = rand();
      const status = r < 0.2 ? "pending" : r < 0.8 ? "approved" : "rejected";
      const at = minutesAgo(i, sizes.admissions);
      insertAdmission.run(
        `APP-${year}-${String(i).padStart(6, "0")}`,
        status,
        first,
        last,
        "2002-05-17",
        rand() < 0.5 ? "Male" : "Female",
        "O+",
        `${first}.${last}.${i}@example.org`.toLowerCase(),
        `9${String(100000000 + i).slice(0, 9)}`,
        `${i}, Station Road`,
        pick(CITIES),
        "411001",
        pick(COURSES),
        "City Junior College",
        `Mr ${last}`,
        `Mrs ${last}`,
        status === "rejected" ? "Documents incomplete" : null,
        status === "pending" ? null : adminId,
        at,
        status === "pending" ? null : at,
        at,
        at,
      );
    }
    setSequence.run(`application:${year}`, sizes.admissions);
    for (let i = 1; i <= sizes.students; i++) {
      const name = `${pick(FIRST)} ${pick(LAST)}`;
      const at = minutesAgo(i, sizes.students);
      insertStudent.run(
        name,
        `student${i}@example.org`,
        studentHash,
        `STU${String(i).padStart(6, "0")}`,
        `8${String(100000000 + i).slice(0, 9)}`,
        rand() < 0.5 ? "Male" : "Female",
        `${i}, MG Road`,
        pick(CITIES),
        pick(COURSES),
        // the bench's own student (BENCH_STUDENT) is active
        i === 2 || rand() < 0.9 ? 1 : 0,
        prefs,
        programmes[i % programmes.length]!.id,
        1 + (i % programmes[i % programmes.length]!.terms),
        // their addresses are confirmed and their passwords current, so a sign-in needs no e-mailed code
        // and no password change (however long ago the account was made)
        at,
        now.toISOString(),
        at,
        at,
      );
    }
    setSequence.run("student_id", sizes.students);
    studies();
    for (let i = 1; i <= sizes.contacts; i++) {
      const name = `${pick(FIRST)} ${pick(LAST)}`;
      const r = rand();
      const status = r < 0.3 ? "new" : r < 0.5 ? "in-progress" : r < 0.8 ? "resolved" : "closed";
      const at = minutesAgo(i, sizes.contacts);
      insertContact.run(
        name,
        `visitor${i}@example.org`,
        "9822012345",
        pick(SUBJECTS),
        `Hello, I would like to know more about ${pick(COURSES)}. Please call me back.`,
        status,
        at,
        at,
      );
    }
    const firstStudent = (sqlite.prepare("select min(id) as id from users where role = 'student'").get() as { id: number }).id;
    for (let i = 1; i <= sizes.notifications; i++) {
      const at = minutesAgo(i, sizes.notifications);
      const recipient = i % 2 === 0 ? adminId : firstStudent + (i % sizes.students);
      insertNotification.run(
        recipient,
        pick(TYPES),
        "New admission application",
        `${pick(FIRST)} ${pick(LAST)} applied for ${pick(COURSES)}.`,
        pick(PRIORITIES),
        rand() < 0.7 ? at : null,
        at,
      );
    }
    for (let i = 1; i <= sizes.gallery; i++) {
      const at = minutesAgo(i, sizes.gallery);
      insertImage.run(
        `Campus life ${i}`,
        "A moment from the institute's year.",
        pick(CATEGORIES),
        rand() < 0.9 ? 1 : 0,
        `bench-${String(i).padStart(5, "0")}`,
        adminId,
        at,
        at,
      );
    }
  })();
  // Every benchmark image's variants are hard links to a seeded image's, so pages show real pictures
  // (no 404s in the browser) without 6,000 files' worth of disk.
  const seeded = sqlite.prepare("select file_key from gallery_images where file_key not like 'bench-%' order by id").all() as {
    file_key: string;
  }[];
  for (let i = 1; i <= sizes.gallery && seeded.length; i++) {
    const source = seeded[i % seeded.length]!.file_key;
    for (const width of GALLERY_WIDTHS) {
      linkSync(
        path.join(paths.gallery, `${source}-${width}.webp`),
        path.join(paths.gallery, `bench-${String(i).padStart(5, "0")}-${width}.webp`),
      );
    }
  }
  await db.destroy();
  return { dataDir, sizes, seconds: (performance.now() - started) / 1000 };
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: bun bench/dataset.ts <DATA_DIR> [scale]");
    process.exit(1);
  }
  const result = await generateDataset(path.resolve(dir), scaled(Number(process.argv[3] ?? 1)));
  console.log(`dataset written to ${result.dataDir} in ${result.seconds.toFixed(1)} s`, result.sizes);
}
