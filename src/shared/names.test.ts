import { describe, expect, test } from "bun:test";
import { firstNameOf } from "./names.ts";

describe("firstNameOf (issue 14.6)", () => {
  test("skips honorifics with or without a full stop, in any case", () => {
    expect(firstNameOf("Dr. Meera Iyer")).toBe("Meera");
    expect(firstNameOf("dr meera iyer")).toBe("meera");
    expect(firstNameOf("Smt. Sunita Patil")).toBe("Sunita");
    expect(firstNameOf("Prof. Dr. Anil Kulkarni")).toBe("Anil");
    expect(firstNameOf("Shri Ramesh Pawar")).toBe("Ramesh");
    expect(firstNameOf("Mr.  Rahul   Verma")).toBe("Rahul");
  });

  test("plain names give their first word; a name of titles only is kept whole", () => {
    expect(firstNameOf("Priya Sharma")).toBe("Priya");
    expect(firstNameOf("Asha")).toBe("Asha");
    expect(firstNameOf("  Drishti Rao ")).toBe("Drishti");
    expect(firstNameOf("Dr.")).toBe("Dr.");
    expect(firstNameOf("")).toBe("");
  });
});
