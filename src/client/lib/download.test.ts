import { describe, expect, test } from "bun:test";
import { listCsvName, listCsvUrl } from "./download.ts";

describe("a list's CSV export", () => {
  test("asks for the list's search, and its status unless it shows all", () => {
    expect(listCsvUrl("/api/admin/students/export.csv", { search: "asha patil", status: "active" })).toBe(
      "/api/admin/students/export.csv?search=asha+patil&status=active",
    );
    expect(listCsvUrl("/api/admin/admissions/export.csv", { search: "", status: "all" })).toBe("/api/admin/admissions/export.csv?search=");
  });

  test("is saved under the list's name and today's date when the server names none", () => {
    expect(listCsvName("students")).toBe(`students-${new Date().toISOString().slice(0, 10)}.csv`);
  });
});
