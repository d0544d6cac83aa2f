import { describe, expect, test } from "bun:test";
import { readListQuery, writeListQuery } from "./list-query.ts";

describe("the admissions list's URL query", () => {
  test("reads page, search and status with safe defaults", () => {
    expect(readListQuery(new URLSearchParams("page=3&search=priya&status=pending"))).toEqual({
      page: 3,
      search: "priya",
      status: "pending",
    });
    expect(readListQuery(new URLSearchParams("page=-1&status=weird"))).toEqual({ page: 1, search: "", status: "all" });
    expect(readListQuery(new URLSearchParams("page=2.5"))).toEqual({ page: 1, search: "", status: "all" });
  });

  test("writes only what differs from the defaults", () => {
    expect(writeListQuery({ page: 1, search: " ", status: "all" }).toString()).toBe("");
    expect(writeListQuery({ page: 2, search: "Pune", status: "rejected" }).toString()).toBe("page=2&search=Pune&status=rejected");
  });
});
