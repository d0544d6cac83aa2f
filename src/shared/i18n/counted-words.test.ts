/**
 * Sentences said with a count that can be 1 agree with it (QA: "1 students moved from Year 2 to Year 1."):
 * each is a plural message, so one student reads in the singular in English, Hindi and Marathi.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { loadAllCatalogues } from "./all.ts";
import { feePlans } from "./feePlans.ts";
import { programmes } from "./programmes.ts";
import { reports } from "./reports.ts";
import { studies } from "./studies.ts";

beforeAll(() => loadAllCatalogues());

describe("a count of one reads in the singular", () => {
  test("moving students to another term (the office's answer)", () => {
    const said = (count: number, locale: "en" | "hi" | "mr") => studies.t("said.moved", { count, from: "Year 2", to: "Year 1" }, locale);
    expect(said(1, "en")).toBe("1 student moved from Year 2 to Year 1.");
    expect(said(2, "en")).toBe("2 students moved from Year 2 to Year 1.");
    expect(said(1, "hi")).toBe("1 विद्यार्थी Year 2 से Year 1 में भेजा गया।");
    expect(said(2, "hi")).toBe("2 विद्यार्थी Year 2 से Year 1 में भेजे गए।");
    expect(said(1, "mr")).toBe("1 विद्यार्थी Year 2 मधून Year 1 मध्ये हलवला.");
    expect(said(2, "mr")).toBe("2 विद्यार्थी Year 2 मधून Year 1 मध्ये हलवले.");
  });

  test("the activity log's moves, marks and exports", () => {
    const move = { count: 1, programme: "BBA", from: 2, to: 1 };
    expect(reports.t("s.subjectMoveTerm", move, "en")).toBe("Moved 1 student of BBA from term 2 to term 1");
    expect(reports.t("s.subjectMoveTerm", { ...move, count: 3 }, "en")).toBe("Moved 3 students of BBA from term 2 to term 1");
    expect(reports.t("s.subjectMoveTerm", move, "hi")).toBe("BBA के 1 विद्यार्थी को सत्र 2 से सत्र 1 में भेजा");
    expect(reports.t("s.subjectMoveTerm", move, "mr")).toBe("BBA च्या 1 विद्यार्थ्याला सत्र 2 मधून सत्र 1 मध्ये हलवले");
    expect(reports.t("s.examMarks", { count: 1, title: "Term-end" }, "en")).toBe("Entered marks of 1 student for the exam Term-end");
    expect(reports.t("s.examMarks", { count: 1, title: "Term-end" }, "mr")).toBe("परीक्षा Term-end साठी 1 विद्यार्थ्याचे गुण नोंदवले");
    expect(reports.t("s.examMarksFile", { count: 1, title: "Term-end" }, "en")).toBe(
      "Uploaded marks of 1 student for the exam Term-end from a file",
    );
    expect(reports.t("s.admissionExport", { count: 1 }, "en")).toBe("Exported the applications list as CSV: 1 row");
    expect(reports.t("s.admissionExport", { count: 2 }, "en")).toBe("Exported the applications list as CSV: 2 rows");
  });

  test("a programme's seats and instalments", () => {
    expect(programmes.t("seats", { count: 1 }, "en")).toBe("1 seat");
    expect(programmes.t("seats", { count: 60 }, "en")).toBe("60 seats");
    expect(programmes.t("seats", { count: 1 }, "hi")).toBe("1 सीट");
    const plan = { programme: "BBA", count: 1, plan: feePlans.t("rule.planDays", { count: 2 }, "en") };
    expect(feePlans.t("rule.dayCount", plan, "en")).toBe("BBA is paid in 1 instalment: give 1 due day.");
    expect(feePlans.t("rule.dayCount", plan, "hi")).toBe("BBA का शुल्क 1 किस्त में है: 1 देय दिन दें।");
    expect(feePlans.t("rule.stalePlan", plan, "en")).toBe(
      "BBA is now paid in 1 instalment but its plan has 2 due days: update the plan first.",
    );
    expect(feePlans.t("form.stale", plan, "mr")).toStartWith("BBA चे शुल्क आता 1 हप्त्यात आहे:");
  });

  test("a fee plan's due days and grace days, each counted in a message of its own", () => {
    const stale = (count: number, days: number, locale: "en" | "hi" | "mr") =>
      feePlans.t("rule.stalePlan", { programme: "BBA", count, plan: feePlans.t("rule.planDays", { count: days }, locale) }, locale);
    expect(stale(2, 1, "en")).toBe("BBA is now paid in 2 instalments but its plan has 1 due day: update the plan first.");
    expect(stale(2, 1, "hi")).toBe("BBA का शुल्क अब 2 किस्तों में है, पर उसकी योजना में 1 देय दिन है: पहले योजना अद्यतन करें।");
    expect(stale(1, 3, "mr")).toBe("BBA चे शुल्क आता 1 हप्त्यात आहे, पण त्याच्या योजनेत 3 देय दिवस आहेत: आधी योजना अद्ययावत करा.");
    expect(feePlans.t("plan.lateFee", { amount: "₹500", count: 1 }, "en")).toBe("₹500 after 1 day's grace");
    expect(feePlans.t("plan.lateFee", { amount: "₹500", count: 7 }, "en")).toBe("₹500 after 7 days' grace");
    expect(feePlans.t("plan.lateFee", { amount: "₹500", count: 1 }, "mr")).toBe("1 दिवसाच्या सवलतीनंतर ₹500");
    expect(feePlans.t("plan.lateFee", { amount: "₹500", count: 7 }, "mr")).toBe("7 दिवसांच्या सवलतीनंतर ₹500");
    expect(feePlans.t("raise.lateFee", { amount: "₹500", count: 1 }, "en")).toBe("Late fee: ₹500 after 1 day's grace.");
    expect(feePlans.t("raise.lateFee", { amount: "₹500", count: 1 }, "hi")).toBe("विलंब शुल्क: 1 दिन की छूट के बाद ₹500।");
    expect(feePlans.t("raise.lateFeeNoGrace", { amount: "₹500" }, "en")).toBe("Late fee: ₹500 from the day after the due day.");
    expect(reports.t("s.feePlanDay", { count: 1 }, "en")).toBe("1 day");
    expect(reports.t("s.feePlanDay", { count: 1 }, "mr")).toBe("1 दिवसाने");
    expect(reports.t("s.feePlanDay", { count: 30 }, "mr")).toBe("30 दिवसांनी");
    expect(reports.t("s.feePlanLateFee", { lateFee: "₹500", count: 1 }, "en")).toBe("late fee ₹500 after 1 day's grace");
    expect(reports.t("s.feePlanLateFee", { lateFee: "₹500", count: 1 }, "mr")).toBe("1 दिवसाच्या सवलतीनंतर विलंब शुल्क ₹500");
  });
});
