/** Parses input with a shared valibot schema, turning failures into the one AppError. */
import * as v from "valibot";
import { MSG } from "../../shared/messages.ts";
import { fieldErrorsOf } from "../../shared/schemas/common.ts";
import { AppError } from "./errors.ts";

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fieldErrors = fieldErrorsOf(result.issues);
  // The first message is the most useful headline; the field errors carry the rest.
  const first = result.issues[0]?.message ?? MSG.invalidInput;
  throw new AppError("BAD_REQUEST", first, { fieldErrors });
}
