/**
 * How a new installation's sample content is known (walk 23a): the seed fills the public site with examples so
 * that it is not empty (db/seed.ts), and the admin dashboard lists what of them is still there until the
 * institute has replaced it (features/dashboard/sample-content.ts).
 */

/** The partner university of every sample programme. */
export const SAMPLE_UNIVERSITY = "Sahyadri Open University (demo partner)";

/** The sample gallery images' stored names begin so. */
export const SAMPLE_GALLERY_PREFIX = "demo-";

/** The sample announcements, days before the first start that each is dated. */
export const SAMPLE_NEWS = [
  {
    title: "Admissions open for the new academic session",
    body: "Applications for undergraduate, postgraduate and diploma programmes are open. Apply online with your documents; we review every application within 2–3 business days.",
    ago: 2,
  },
  {
    title: "Weekend counselling at both offices",
    body: "Our counsellors are available on Saturdays at the Pune and Mumbai offices to help you choose a program that fits your work and family life.",
    ago: 9,
  },
  {
    title: "Examination forms: submit before the last date",
    body: "Enrolled students should submit their examination forms through their study centre before the university's last date. Contact us if you need help.",
    ago: 20,
  },
] as const;
