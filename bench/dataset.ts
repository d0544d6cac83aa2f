/**
 * The benchmark's dataset (issue 9): a migrated, seeded database in a DATA_DIR, then bulk rows written
 * through prepared statements in one transaction — 100,000 applications, 50,000 students, 20,000
 * inquiries, 200,000 notifications and 2,000 gallery images at full size.
 */
import { linkSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seed } from "../db/seed.ts";
import { hashPassword } from "../src/server/platform/crypto.ts";
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
  await seed(db, { now, production: true, galleryDir: paths.gallery, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const adminId = (sqlite.prepare("select id from users where role = 'admin' order by id limit 1").get() as { id: number }).id;
  const rand = rng(9);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const minutesAgo = (i: number, total: number) => new Date(now.getTime() - (total - i) * 5 * 60_000).toISOString();
  const studentHash = await hashPassword("BenchStudent2026x");
  const prefs = JSON.stringify(DEFAULT_STUDENT_PREFERENCES);

  const insertAdmission = sqlite.prepare(`insert into admissions (application_number, status, first_name, last_name, date_of_birth, gender,
    blood_group, nationality, email, phone, address, city, state, pincode, course, previous_school, father_name, mother_name,
    rejection_reason, processed_by, submitted_at, processed_at, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, 'Indian', ?, ?, ?, ?, 'Maharashtra', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertStudent = sqlite.prepare(`insert into users (role, name, email, password_hash, student_id, mobile, date_of_birth, gender,
    address, city, state, pincode, blood_group, standard, course, is_active, preferences, created_at, updated_at)
    values ('student', ?, ?, ?, ?, ?, '2001-01-01', ?, ?, ?, 'Maharashtra', '411001', 'B+', 'BA', ?, ?, ?, ?, ?)`);
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
        rand() < 0.9 ? 1 : 0,
        prefs,
        at,
        at,
      );
    }
    setSequence.run("student_id", sizes.students);
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
