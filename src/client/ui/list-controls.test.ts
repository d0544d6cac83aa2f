import { afterEach, describe, expect, test } from "bun:test";
import { loadAllCatalogues } from "../../shared/i18n/all.ts";
import { changeLocale } from "../lib/i18n.tsx";
import { rangeText } from "./list-controls.tsx";

describe("rangeText", () => {
  afterEach(() => changeLocale("en", { keep: false }));

  test("the range of a server page, the whole count past the last page, none, and one row without a plural noun", () => {
    expect(rangeText(1, 10, 45, "students")).toBe("Showing 1–10 of 45 students");
    expect(rangeText(5, 10, 45, "students")).toBe("Showing 41–45 of 45 students");
    expect(rangeText(9, 10, 45, "students")).toBe("45 students");
    expect(rangeText(1, 10, 0, "students")).toBe("No students");
    expect(rangeText(1, 10, 1, "students")).toBe("Showing 1 of 1");
    expect(rangeText(3, 10, 1, "students")).toBe("Showing 1 of 1");
  });

  test('none in Marathi agrees with the plural noun the lists give (walk 20a: "एकही सवलती नाही")', async () => {
    await loadAllCatalogues();
    await changeLocale("mr", { keep: false });
    expect(rangeText(1, 10, 0, "सवलती")).toBe("सवलती नाहीत");
    expect(rangeText(1, 10, 0, "तिकिटे")).toBe("तिकिटे नाहीत");
  });
});
