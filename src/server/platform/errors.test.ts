import { describe, expect, test } from "bun:test";
import { AppError, fieldError, fromDatabaseError, isUniqueViolation } from "./errors.ts";

describe("fieldError", () => {
  test("one field's refusal: the message heads the answer and stands beside that field", () => {
    const err = fieldError("CONFLICT", "email", "That address is taken.");
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("CONFLICT");
    expect(err.status).toBe(409);
    expect(err.message).toBe("That address is taken.");
    expect(err.fieldErrors).toEqual({ email: ["That address is taken."] });
  });
});

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

describe("isUniqueViolation", () => {
  test("knows PostgreSQL's 23505 and SQLite's UNIQUE message by the column they name", () => {
    const pg = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      constraint: "users_email_key",
      detail: "Key (email)=(a@example.test) already exists.",
    });
    expect(isUniqueViolation(pg, "email")).toBe(true);
    expect(isUniqueViolation(pg, "student_id")).toBe(false);
    // A value that contains another column's name does not make it that column's violation.
    const byValue = Object.assign(new Error("duplicate key"), {
      code: "23505",
      constraint: "users_student_id_key",
      detail: "Key (student_id)=(email-STU1) already exists.",
    });
    expect(isUniqueViolation(byValue, "email")).toBe(false);
    expect(isUniqueViolation(byValue, "student_id")).toBe(true);
    const lite = Object.assign(new Error("UNIQUE constraint failed: users.email"), { code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(isUniqueViolation(lite, "email")).toBe(true);
    expect(isUniqueViolation(lite, "mail")).toBe(false);
    for (const other of [new Error("x"), null, "UNIQUE constraint failed: users.email", { code: "22021" }])
      expect(isUniqueViolation(other, "email")).toBe(false);
  });
});
