import { describe, expect, test } from "bun:test";
import { asObject, jsonObject } from "./json.ts";

describe("jsonObject", () => {
  test("stored JSON text is read as its object; anything else as {}", () => {
    expect(jsonObject('{"studentId":"STU0001","changed":["mobile"]}')).toEqual({ studentId: "STU0001", changed: ["mobile"] });
    for (const text of ["", "{broken", "null", "[1,2]", '"text"', "42", "true"]) expect(jsonObject(text)).toEqual({});
  });

  test("asObject keeps a plain object and turns anything else into {}", () => {
    const value = { a: 1 };
    expect(asObject(value)).toBe(value);
    for (const other of [null, undefined, [], "x", 0, false]) expect(asObject(other)).toEqual({});
  });
});
