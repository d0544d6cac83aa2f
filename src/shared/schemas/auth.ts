/** Login and session inputs (spec part 1 §5). */
import * as v from "valibot";
import { MSG } from "../messages.ts";
import { emailAddress, presentedPassword } from "./common.ts";

export const adminLoginInput = v.object({
  email: emailAddress(MSG.emailRequired),
  password: presentedPassword,
});
export type AdminLoginInput = v.InferOutput<typeof adminLoginInput>;

export const studentLoginInput = v.pipe(
  v.object({
    email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254, MSG.validEmail)), ""),
    studentId: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(32)), ""),
    password: presentedPassword,
  }),
  v.forward(
    v.check((i) => i.email !== "" || i.studentId !== "", MSG.emailOrStudentIdRequired),
    ["email"],
  ),
);
export type StudentLoginInput = v.InferOutput<typeof studentLoginInput>;
