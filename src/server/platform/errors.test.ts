import { describe, expect, test } from "bun:test";
import { AppError, fromDatabaseError } from "./errors.ts";

describe("fromDatabaseError", () => {
  test("PostgreSQL's data exceptions (SQLSTATE class 22) are the request's fault: a 400; anything else is not mapped", () => {
    for (const code of ["22021", "22003", "22P02", "22007"]) {
      const mapped = fromDatabaseError(Object.assign(new Error("invalid byte sequence"), { code }));
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped!.code).toBe("BAD_REQUEST");
      expect(mapped!.message).not.toContain("byte");
    }
    for (const other of [
      Object.assign(new Error("x"), { code: "23505" }),
      Object.assign(new Error("x"), { code: "SQLITE_CONSTRAINT" }),
      new Error("x"),
      null,
      "22021",
    ])
      expect(fromDatabaseError(other)).toBeNull();
  });
});
