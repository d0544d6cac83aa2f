/**
 * Seeds what a fresh installation needs (idempotent: each part runs only when its table is empty):
 * option lists, settings defaults, the first admin, a few announcements and demo gallery images, and,
 * outside production, one demo student. Returns the credentials to print on first start.
 */
import sharp from "sharp";
import { openStudentAccount } from "../src/server/features/accounts/accounts.repository.ts";
import { generatePassword, hashPassword, randomToken } from "../src/server/platform/crypto.ts";
import type { FileStore } from "../src/server/platform/file-store.ts";
import { GALLERY_WIDTHS, SEED_ADMISSION_COURSES, SEED_STANDARDS, SEED_STREAMS } from "../src/shared/constants.ts";
import { DEFAULT_SETTINGS, type SettingsGroup } from "../src/shared/schemas/settings.ts";
import type { DB } from "./connection.ts";
import { catalogueRows } from "./programme-catalogue.ts";
import { SAMPLE_GALLERY_PREFIX, SAMPLE_NEWS, SAMPLE_UNIVERSITY } from "./sample-content.ts";
import type { GalleryCategory, ProgrammeLevel } from "./schema.ts";

export interface SeedOptions {
  now: Date;
  production: boolean;
  /** where gallery variants are written (platform/file-store.ts: DATA_DIR/uploads/gallery by default) */
  files: FileStore;
  adminEmail?: string;
  adminPassword?: string;
}

export interface Credential {
  role: "admin" | "student";
  login: string;
  password: string;
  studentId?: string;
  /** the password must be changed at the first sign-in (a production installation's generated one) */
  mustChange?: boolean;
}

export interface SeedResult {
  /** accounts created by this run with a generated or configured password, to print once */
  created: Credential[];
}

export async function seed(db: DB, opts: SeedOptions): Promise<SeedResult> {
  const at = opts.now.toISOString();
  const created: Credential[] = [];

  await seedProgrammes(db);
  await seedSettings(db, at);

  const admin = await db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirst();
  if (!admin) {
    const email = opts.adminEmail ?? "admin@institute.local";
    const password = opts.adminPassword ?? generatePassword();
    await db
      .insertInto("users")
      .values({
        role: "admin",
        name: "Administrator",
        email,
        password_hash: await hashPassword(password),
        // A real installation's generated password is in the system journal: it is one-time, like create-admin's
        // (walk 15a). The operator's own ADMIN_PASSWORD, and the demo's printed login (npm start), stay.
        must_change_password: opts.production && !opts.adminPassword ? 1 : 0,
        password_changed_at: at,
        email_verified_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // A password given in the environment is the operator's own: never echo it back.
    created.push({
      role: "admin",
      login: email,
      password: opts.adminPassword ? "(from ADMIN_PASSWORD)" : password,
      mustChange: opts.production && !opts.adminPassword,
    });
  }

  await seedAnnouncements(db, opts.now);
  await seedGallery(db, opts);

  if (!opts.production) {
    // The subjects first: the demo student is enrolled in their term's subjects when the account opens.
    await seedDemoStudies(db, opts.now);
    await seedDemoFaqs(db, at);
    const student = await db.selectFrom("users").select("id").where("role", "=", "student").executeTakeFirst();
    if (!student) created.push(await seedDemoStudent(db, at));
  }
  return { created };
}

/**
 * The programmes catalogue of a new installation (issue 17): the demo institute's programmes, made from its
 * old lists by the same rules as the migration (db/programme-catalogue.ts), with demo fees, eligibility and
 * a summary by level that the office replaces with its own.
 */
const DEMO_DETAILS: Record<ProgrammeLevel, { fee_paise: number; instalments: number; eligibility: string; summary: string }> = {
  ug: {
    fee_paise: 18_000_00,
    instalments: 2,
    eligibility: "12th standard (HSC) or equivalent from a recognised board.",
    summary:
      "A three-year bachelor's degree by distance learning, with weekend contact sessions at our offices and exams at a centre near you.",
  },
  pg: {
    fee_paise: 30_000_00,
    instalments: 2,
    eligibility: "A bachelor's degree in any discipline from a recognised university.",
    summary: "A two-year master's degree for working people: study material, online lectures and counselling sessions on Sundays.",
  },
  diploma: {
    fee_paise: 12_000_00,
    instalments: 2,
    eligibility: "10th standard (SSC) or equivalent.",
    summary: "A one-year diploma with practical assignments, for a first job or a step up in the one you have.",
  },
  certificate: {
    fee_paise: 6_000_00,
    instalments: 1,
    eligibility: "Open to all learners.",
    summary: "A short programme with study material and guidance from our counsellors.",
  },
  phd: {
    fee_paise: 60_000_00,
    instalments: 2,
    eligibility: "A master's degree with at least 55% marks and a pass in the university's entrance test.",
    summary: "Doctoral research under a recognised guide, with coursework in the first year.",
  },
};
export async function seedProgrammes(db: DB) {
  if (await db.selectFrom("programmes").select("id").limit(1).executeTakeFirst()) return;
  const at = new Date().toISOString();
  const rows = catalogueRows(
    [
      ...SEED_ADMISSION_COURSES.map((name) => ({ name, open: true })),
      // "Other" was the old list's catch-all, not something an institute offers.
      ...SEED_STANDARDS.filter((name) => name !== "Other").map((name) => ({ name, open: false })),
      ...SEED_STREAMS.map((name) => ({ name, open: false })),
    ],
    at,
  ).map((row) => ({ ...row, ...DEMO_DETAILS[row.level], university: SAMPLE_UNIVERSITY }));
  await db.insertInto("programmes").values(rows).execute();
}

async function seedSettings(db: DB, at: string) {
  const rows = (Object.keys(DEFAULT_SETTINGS) as SettingsGroup[]).map((key) => ({
    key,
    value: JSON.stringify(DEFAULT_SETTINGS[key]),
    updated_at: at,
  }));
  await db
    .insertInto("settings")
    .values(rows)
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

async function seedAnnouncements(db: DB, now: Date) {
  const existing = await db.selectFrom("announcements").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const day = 86_400_000;
  await db
    .insertInto("announcements")
    .values(
      SAMPLE_NEWS.map((item) => {
        const at = new Date(now.getTime() - item.ago * day).toISOString();
        return { title: item.title, body: item.body, published_at: at, created_at: at, updated_at: at };
      }),
    )
    .execute();
}

export const DEMO_GALLERY: { title: string; category: GalleryCategory; description: string; colors: [string, string] }[] = [
  {
    title: "Main campus entrance",
    category: "Campus",
    description: "The entrance of our Pune office building.",
    colors: ["#1d3a8a", "#3b82f6"],
  },
  {
    title: "Reading room",
    category: "Facilities",
    description: "A quiet reading room open to all enrolled students.",
    colors: ["#0f766e", "#5eead4"],
  },
  {
    title: "Annual sports day",
    category: "Sports",
    description: "Students and staff at the annual sports day.",
    colors: ["#b45309", "#f59e0b"],
  },
  { title: "Convocation ceremony", category: "Events", description: "Graduates receiving their degrees.", colors: ["#7c2d12", "#fb923c"] },
  {
    title: "Study group",
    category: "Students",
    description: "A weekend study group at the Mumbai office.",
    colors: ["#4338ca", "#a5b4fc"],
  },
  {
    title: "Faculty orientation",
    category: "Faculty",
    description: "Our counsellors and faculty at the orientation day.",
    colors: ["#334155", "#94a3b8"],
  },
];

/** Small generated illustrations (no stock photos), written as the same web-sized variants uploads get. */
async function seedGallery(db: DB, opts: SeedOptions) {
  const existing = await db.selectFrom("gallery_images").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const width = GALLERY_WIDTHS[GALLERY_WIDTHS.length - 1]!;
  const height = Math.round((width * 2) / 3);
  const at = opts.now.toISOString();
  // Variants are generated in parallel; the rows are inserted in a fixed order afterwards.
  const generated = await Promise.all(
    DEMO_GALLERY.map(async (item) => {
      const svg = demoSvg(item.title, item.colors, width, height);
      const fileKey = `${SAMPLE_GALLERY_PREFIX}${randomToken()
        .slice(0, 12)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "x")}`;
      // Rasterise the illustration once, then scale it down for each variant.
      const raster = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
      let bytes = 0;
      for (const w of GALLERY_WIDTHS) {
        const out = await sharp(raster).resize(w).webp({ quality: 70, effort: 0 }).toBuffer();
        await opts.files.write("gallery", `${fileKey}-${w}.webp`, out);
        bytes += out.length;
      }
      return { item, fileKey, bytes };
    }),
  );
  await db
    .insertInto("gallery_images")
    .values(
      generated.map(({ item, fileKey, bytes }) => ({
        title: item.title,
        description: item.description,
        category: item.category,
        file_key: fileKey,
        width,
        height,
        size_bytes: bytes,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

function demoSvg(title: string, [from, to]: [string, string], w: number, h: number) {
  const safe = title.replace(/[<>&"]/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${w * 0.78}" cy="${h * 0.3}" r="${h * 0.18}" fill="#ffffff" fill-opacity="0.18"/>
  <path d="M0 ${h * 0.78} Q ${w * 0.3} ${h * 0.62} ${w * 0.55} ${h * 0.74} T ${w} ${h * 0.68} V ${h} H 0 Z" fill="#ffffff" fill-opacity="0.14"/>
  <text x="${w * 0.06}" y="${h * 0.9}" font-family="sans-serif" font-size="${Math.round(h * 0.075)}" font-weight="600" fill="#ffffff">${safe}</text>
</svg>`;
}

/**
 * Demo studies (issue 18): the BBA programme's first two semesters with units, a few links to read and an
 * assignment due in a week, so the portal's Courses pages show something on a fresh installation. Added
 * once (never on top of the office's own subjects); real institutes start empty (production). BBA is then
 * the demo's one business programme, open for applications: the old admission list's "Business
 * Administration" (the same programme under its long name, with no subjects) is archived, so a visitor who
 * applies lands in the programme the demo student studies (decision 023, third round).
 */
const DEMO_SUBJECTS = [
  {
    term: 1,
    code: "BBA-101",
    name: "Principles of Management",
    description: "How organisations plan, organise, lead and control their work.",
    units: ["Nature and scope of management", "Planning and decision making", "Organising and staffing", "Directing and controlling"],
  },
  {
    term: 1,
    code: "BBA-102",
    name: "Business Communication",
    description: "Writing and speaking clearly at work: letters, reports, meetings and presentations.",
    units: ["Basics of communication", "Business letters and e-mail", "Reports and presentations"],
  },
  {
    term: 1,
    code: "BBA-103",
    name: "Financial Accounting",
    description: "Recording transactions and preparing the final accounts of a business.",
    units: ["Journal and ledger", "Trial balance", "Final accounts", "Depreciation"],
  },
  {
    term: 2,
    code: "BBA-201",
    name: "Marketing Management",
    description: "Understanding customers and bringing products to market.",
    units: ["Marketing concepts", "Consumer behaviour", "Product and pricing", "Promotion and distribution"],
  },
] as const;

const DEMO_TWIN_OF_BBA = "Business Administration";

/**
 * A demo institute's questions and answers (Site content → FAQs), so the public /faq page and the student's
 * Help page show what they are for. Not in production: an institute's answers (fees, centres, validity) are
 * its own facts, and a wrong published answer is worse than none.
 */
const DEMO_FAQS: readonly { topic: string; question: string; answer: string }[] = [
  {
    topic: "Admission",
    question: "Who can apply for a distance-learning programme?",
    answer:
      "Each programme's page lists its eligibility. Most bachelor's programmes need 12th standard (HSC) or equivalent; master's programmes need a bachelor's degree in any discipline.",
  },
  {
    topic: "Admission",
    question: "How do I follow my application after applying?",
    answer:
      "Use Check application status with your application number or e-mail address. We send a one-time code to your e-mail to show the details.",
  },
  {
    topic: "Fees and payments",
    question: "Can I pay the fees in instalments?",
    answer:
      "Yes. Most programmes have two instalments a year. Your portal's Fees page shows each instalment, its due date and your receipts.",
  },
  {
    topic: "Fees and payments",
    question: "How do I pay by UPI?",
    answer:
      "Pay to the institute's UPI ID shown on your Fees page, then enter the transaction reference (UTR) there. The office confirms it and your receipt appears in the portal.",
  },
  {
    topic: "Studies and examinations",
    question: "Where do I find my study material and assignments?",
    answer:
      "Under Courses in the student portal: each subject has its units, its study material to read or download, and its assignments with their due dates.",
  },
  {
    topic: "Studies and examinations",
    question: "When do I get my admit card?",
    answer: "About two weeks before the examination, on the Exams page of the portal, once your fees due by then are paid.",
  },
];

async function seedDemoFaqs(db: DB, at: string) {
  if (await db.selectFrom("faqs").select("id").limit(1).executeTakeFirst()) return;
  await db
    .insertInto("faqs")
    .values(
      DEMO_FAQS.map((f, i) => ({
        question: f.question,
        answer: f.answer,
        category: f.topic,
        sort_order: (i + 1) * 10,
        is_published: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

async function seedDemoStudies(db: DB, now: Date) {
  if (await db.selectFrom("subjects").select("id").limit(1).executeTakeFirst()) return;
  const bba = await db.selectFrom("programmes").select("id").where("name", "=", "BBA").executeTakeFirst();
  if (!bba) return;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("programmes").set({ admission_open: 1, updated_at: at }).where("id", "=", bba.id).execute();
    await trx
      .updateTable("programmes")
      .set({ admission_open: 0, archived: 1, updated_at: at })
      .where("name", "=", DEMO_TWIN_OF_BBA)
      .execute();
    for (const [i, s] of DEMO_SUBJECTS.entries()) {
      const subject = await trx
        .insertInto("subjects")
        .values({
          programme_id: bba.id,
          term: s.term,
          code: s.code,
          name: s.name,
          description: s.description,
          sort_order: (i + 1) * 10,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("subject_units")
        .values(s.units.map((title, n) => ({ subject_id: subject.id, position: n + 1, title })))
        .execute();
      if (s.code === "BBA-101") {
        await trx
          .insertInto("study_materials")
          .values({
            subject_id: subject.id,
            title: "Management: an open textbook (OpenStax)",
            kind: "link",
            url: "https://openstax.org/details/books/principles-management",
            created_at: at,
          })
          .execute();
        await trx
          .insertInto("assignments")
          .values({
            subject_id: subject.id,
            title: "Case study: planning at a small business",
            instructions: "Read the case in Unit 2 and answer the five questions in two to three pages. Hand in one PDF.",
            due_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
            max_marks: 20,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
    }
  });
}

async function seedDemoStudent(db: DB, at: string): Promise<Credential> {
  const password = generatePassword();
  const email = "student@institute.local";
  return db.transaction().execute(async (trx) => {
    const account = await openStudentAccount(
      trx,
      {
        name: "Priya Sharma",
        email,
        password_hash: await hashPassword(password),
        password_changed_at: at,
        email_verified_at: at,
        mobile: "9876543210",
        date_of_birth: "2001-08-15",
        gender: "Female",
        address: "12, Karve Road, Kothrud",
        city: "Pune",
        state: "Maharashtra",
        pincode: "411038",
        blood_group: "B+",
        // One programme under one name on every screen (QA 3): her Course/Standard, the course she was admitted
        // to and her catalogue programme are all BBA, whose demo subjects and fees she has.
        standard: "BBA",
        course: "BBA",
        programme_id: (await trx.selectFrom("programmes").select("id").where("name", "=", "BBA").executeTakeFirst())?.id ?? null,
        emergency_name: "Rajesh Sharma",
        emergency_relationship: "Father",
        emergency_phone: "9822012345",
      },
      at,
    );
    const studentId = account.student_id!;
    return { role: "student" as const, login: email, password, studentId };
  });
}
