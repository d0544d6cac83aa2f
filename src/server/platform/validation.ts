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

/** What a request sent of `values`: the keys whose value is not undefined (a field left out keeps what is stored). */
export function sentOnly<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
