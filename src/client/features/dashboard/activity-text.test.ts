import { afterEach, describe, expect, test } from "bun:test";
import { fees } from "../../../shared/i18n/fees.ts";
import { portal } from "../../../shared/i18n/portal.ts";
import { reports } from "../../../shared/i18n/reports.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { withClientTestRules } from "../../lib/testing.tsx";
import { ACTIVITY_FILTER_VALUES, describeActivity, kindLabel } from "./activity-text.ts";

withClientTestRules();

const entry = (action: string, details: Record<string, unknown>) => ({ action, entityType: "student", entityId: "3", details });
/** What the fee entries store of their instalment since they carry its programme's fee period. */
const BBA_YEAR_1_NO_2 = { programme: "BBA", termUnit: "year", term: 1, number: 2 };
const BCOM_SEMESTER_3_NO_1 = { programme: "BCom", termUnit: "semester", term: 3, number: 1 };

describe("the fee entries of the activity log name the term as the fee screens do", () => {
  afterEach(() => changeLocale("en", { keep: false }));

  test.each([
    [
      "Recorded ₹4,500.50 in cash from STU0003 for BBA · Year 1 · Instalment 2: receipt RCP/2026-27/000001",
      entry("fee.payment_record", {
        studentId: "STU0003",
        receipt: "RCP/2026-27/000001",
        amount: 4_500_50,
        mode: "cash",
        ...BBA_YEAR_1_NO_2,
      }),
    ],
    [
      "Confirmed STU0003's UPI payment of ₹100 for BCom · Semester 3 · Instalment 1: receipt RCP/2026-27/000002",
      entry("fee.payment_confirm", { studentId: "STU0003", receipt: "RCP/2026-27/000002", amount: 100_00, ...BCOM_SEMESTER_3_NO_1 }),
    ],
    [
      "Rejected STU0003's payment of ₹100 for BCom · Semester 3 · Instalment 1: No such UTR",
      entry("fee.payment_reject", {
        studentId: "STU0003",
        amount: 100_00,
        reference: "123456789012",
        reason: "No such UTR",
        ...BCOM_SEMESTER_3_NO_1,
      }),
    ],
    [
      "Cancelled receipt RCP/2026-27/000001 of STU0003 for BBA · Year 1 · Instalment 2: Wrong student",
      entry("fee.receipt_cancel", { studentId: "STU0003", receipt: "RCP/2026-27/000001", reason: "Wrong student", ...BBA_YEAR_1_NO_2 }),
    ],
    [
      "Gave STU0003 a scholarship of ₹1,000 on BCom · Semester 3 · Instalment 1: Merit",
      entry("fee.concession", { studentId: "STU0003", kind: "scholarship", amount: 1_000_00, reason: "Merit", ...BCOM_SEMESTER_3_NO_1 }),
    ],
    [
      "Withdrew STU0003's concession of ₹1,000 on BCom · Semester 3 · Instalment 1: Given in error",
      entry("fee.concession_withdraw", { studentId: "STU0003", amount: 1_000_00, reason: "Given in error", ...BCOM_SEMESTER_3_NO_1 }),
    ],
    ["Raised the fees of BBA · Year 1 for 2 students", entry("fee.raise", { programme: "BBA", termUnit: "year", term: 1, students: 2 })],
  ])("%s", (text, e) => {
    expect(describeActivity(e)).toBe(text);
  });

  test("entries stored before the fee period was: no term at all rather than a wrong one", () => {
    const old = { programme: "BBA", term: 1, number: 2 };
    expect(
      describeActivity(entry("fee.concession", { studentId: "STU0003", kind: "concession", amount: 500_00, reason: "Staff ward", ...old })),
    ).toBe("Gave STU0003 a concession of ₹500 on BBA: Staff ward");
    expect(describeActivity(entry("fee.raise", { programme: "BBA", term: 1, students: 1 }))).toBe("Raised the fees of BBA for 1 student");
    expect(describeActivity(entry("fee.payment_record", { studentId: "STU0003", receipt: "R1", amount: 100, mode: "upi" }))).toBe(
      "Recorded ₹1 by UPI from STU0003: receipt R1",
    );
    expect(
      describeActivity(entry("fee.payment_reject", { studentId: "STU0003", amount: 100, reference: "1", reason: "No such UTR" })),
    ).toBe("Rejected STU0003's payment of ₹1: No such UTR");
    expect(describeActivity(entry("fee.concession_withdraw", { studentId: "STU0003", amount: 100, reason: "Given in error" }))).toBe(
      "Withdrew STU0003's concession of ₹1: Given in error",
    );
  });

  test("how it was paid, as a phrase of the sentence with no parentheses inside parentheses (Hindi and Marathi too); a mode it does not know as stored", async () => {
    const record = (mode: string) => entry("fee.payment_record", { studentId: "STU0001", receipt: "R1", amount: 100, mode });
    expect(describeActivity(record("bank"))).toBe("Recorded ₹1 by bank transfer from STU0001: receipt R1");
    expect(describeActivity(record("barter"))).toBe("Recorded ₹1 by barter from STU0001: receipt R1");
    await changeLocale("hi", { keep: false });
    await Promise.all([reports.load("hi"), fees.load("hi"), portal.load("hi")]);
    expect(describeActivity(record("cash"))).toBe("STU0001 से ₹1 नकद दर्ज किया: रसीद R1");
    expect(describeActivity(record("upi"))).toBe("STU0001 से ₹1 UPI द्वारा दर्ज किया: रसीद R1");
    expect(describeActivity(record("cheque"))).toBe("STU0001 से ₹1 चेक द्वारा दर्ज किया: रसीद R1");
    expect(
      describeActivity(entry("fee.payment_record", { studentId: "STU0001", receipt: "R1", amount: 100, mode: "upi", ...BBA_YEAR_1_NO_2 })),
    ).toEndWith("के लिए ₹1 UPI द्वारा दर्ज किया: रसीद R1");
    await changeLocale("mr", { keep: false });
    await Promise.all([reports.load("mr"), fees.load("mr")]);
    expect(describeActivity(record("cheque"))).toBe("STU0001 कडून ₹1 धनादेशाने नोंदवले: पावती R1");
    expect(describeActivity(record("upi"))).toBe("STU0001 कडून ₹1 UPI द्वारे नोंदवले: पावती R1");
    expect(describeActivity(record("cash"))).toBe("STU0001 कडून ₹1 रोखीने नोंदवले: पावती R1");
  });

  test("a saved fee plan counts each due day and the grace days in the singular for one; day 0 is the day the term starts; no grace or no late fee said so", () => {
    const saved = (details: Record<string, unknown>) =>
      describeActivity({ action: "fee.plan_save", entityType: "programme", entityId: "2", details });
    expect(saved({ programme: "BBA", days: [1], lateFee: 500_00, graceDays: 1 })).toBe(
      "Saved the fee plan of BBA: due 1 day after the term starts, late fee ₹500 after 1 day's grace",
    );
    expect(saved({ programme: "BBA", days: [0, 90, 180], lateFee: 500_00, graceDays: 7 })).toBe(
      "Saved the fee plan of BBA: due the day the term starts and 90 days, 180 days after, late fee ₹500 after 7 days' grace",
    );
    expect(saved({ programme: "BBA", days: [0], lateFee: 0, graceDays: 0 })).toBe(
      "Saved the fee plan of BBA: due the day the term starts, no late fee",
    );
    expect(saved({ programme: "BBA", days: [30, 90], lateFee: 0, graceDays: 0 })).toBe(
      "Saved the fee plan of BBA: due 30 days, 90 days after the term starts, no late fee",
    );
    expect(saved({ programme: "BBA", days: [30], lateFee: 500_00, graceDays: 0 })).toBe(
      "Saved the fee plan of BBA: due 30 days after the term starts, late fee ₹500 from the day after the due day",
    );
    expect(saved({ programme: "BBA", days: [30], lateFee: 0, graceDays: 0 })).toBe(
      "Saved the fee plan of BBA: due 30 days after the term starts, no late fee",
    );
  });

  test("a plan due from the term's first day, in Hindi and Marathi too", async () => {
    const saved = (days: number[]) =>
      describeActivity({
        action: "fee.plan_save",
        entityType: "programme",
        entityId: "2",
        details: { programme: "BBA", days, lateFee: 0 },
      });
    await changeLocale("hi", { keep: false });
    await Promise.all([reports.load("hi"), fees.load("hi")]);
    expect(saved([0, 90])).toStartWith("BBA की शुल्क योजना सहेजी: सत्र शुरू होने के दिन और उसके 90 दिन बाद देय, ");
    await changeLocale("mr", { keep: false });
    await Promise.all([reports.load("mr"), fees.load("mr")]);
    expect(saved([0])).toStartWith("BBA ची शुल्क योजना जतन केली: सत्र सुरू होण्याच्या दिवशी देय, ");
    expect(saved([0, 90])).toStartWith("BBA ची शुल्क योजना जतन केली: सत्र सुरू होण्याच्या दिवशी आणि त्यानंतर 90 दिवसांनी देय, ");
  });

  test("in Hindi, the term in the portal's words", async () => {
    await changeLocale("hi", { keep: false });
    await Promise.all([reports.load("hi"), fees.load("hi"), portal.load("hi")]);
    expect(describeActivity(entry("fee.raise", { programme: "BBA", termUnit: "year", term: 1, students: 2 }))).toBe(
      `BBA · ${portal.t("term.year", { term: 1 }, "hi")} का शुल्क 2 विद्यार्थियों के लिए लगाया`,
    );
  });
});

describe("the settings entries (tenth walk)", () => {
  test("name each setting changed by its label on the Settings page, a switch with its new state; an old entry's keys as they are", () => {
    const settings = (details: Record<string, unknown>) =>
      describeActivity({ ...entry("settings.update", details), entityType: "settings" });
    expect(settings({ changed: ["general.siteName", "system.maintenanceMode"], turned: { "system.maintenanceMode": true } })).toBe(
      "Changed the settings: Site name, Maintenance mode: on",
    );
    expect(settings({ changed: ["notifications.admissionAlerts", "language"], turned: { "notifications.admissionAlerts": false } })).toBe(
      "Changed the settings: Admission alerts: off, Language",
    );
    expect(settings({ changed: ["system.somethingNew"] })).toBe("Changed the settings: system.somethingNew");
    // A number and a backup frequency with their new values (eleventh walk).
    expect(
      settings({
        changed: ["security.maxLoginAttempts", "system.backupFrequency"],
        set: { "security.maxLoginAttempts": 4, "system.backupFrequency": "weekly" },
      }),
    ).toBe("Changed the settings: Max login attempts: 4, Backup frequency: Weekly");
  });
});

describe("backups, news and FAQs in the log (tenth walk)", () => {
  test("a backup made or downloaded is said; news and FAQ entries have their own badge and filter", () => {
    const settings = (action: string, details: Record<string, unknown>) =>
      describeActivity({ ...entry(action, details), entityType: "settings" });
    expect(settings("backup.create", { name: "backup-x.tar.gz" })).toBe("Made a backup (backup-x.tar.gz)");
    expect(settings("backup.download", { name: "backup-x.tar.gz" })).toBe("Downloaded the backup backup-x.tar.gz");
    expect([kindLabel("announcement"), kindLabel("faq")]).toEqual(["News", "FAQ"]);
    expect(ACTIVITY_FILTER_VALUES).toContain("announcement");
    expect(ACTIVITY_FILTER_VALUES).toContain("faq");
  });

  test("marks saved after the results were published say so (twelfth walk: three saves read the same)", () => {
    const exam = (details: Record<string, unknown>) => describeActivity({ ...entry("exam.marks", details), entityType: "exam" });
    expect(exam({ title: "Term-end", count: 1, source: "form", afterPublishing: false })).toBe(
      "Entered marks of 1 student for the exam Term-end",
    );
    expect(exam({ title: "Term-end", count: 1, source: "form", afterPublishing: true })).toBe(
      "Entered marks of 1 student for the exam Term-end (after the results were published)",
    );
    expect(exam({ title: "Term-end", count: 3, source: "csv", afterPublishing: true })).toBe(
      "Uploaded marks of 3 students for the exam Term-end from a file (after the results were published)",
    );
  });
});

describe("a gallery image's edit says which way its visibility went (walk 19a)", () => {
  afterEach(() => changeLocale("en", { keep: false }));
  const edited = (details: Record<string, unknown>) =>
    describeActivity({ action: "gallery.update", entityType: "gallery_image", entityId: "4", details });

  test("hidden, shown again, with other fields; an entry from before names the change only", async () => {
    expect(edited({ title: "Convocation", changed: ["is_active"], shown: false })).toBe(
      "Edited the image “Convocation”: hidden from the gallery",
    );
    expect(edited({ title: "Convocation", changed: ["is_active"], shown: true })).toBe(
      "Edited the image “Convocation”: shown in the gallery",
    );
    expect(edited({ title: "Convocation", changed: ["title", "is_active"], shown: false })).toBe(
      "Edited the image “Convocation”: title, hidden from the gallery",
    );
    expect(edited({ title: "Convocation", changed: ["is_active"] })).toBe("Edited the image “Convocation”: shown or hidden in the gallery");
    await changeLocale("hi", { keep: false });
    expect(edited({ title: "Convocation", changed: ["is_active"], shown: false })).toContain("गैलरी से छिपाई गई");
  });
});
