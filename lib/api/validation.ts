// zod issues to the `errors` entries of the error record: one per offending field, keyed by its
// JSON path (`shipping.expectedMaxWeight`, `imageUrls[2]`).
import type { z } from "zod";
import { ApiError, type FieldError } from "./errors.ts";

export function jsonPath(prefix: string, path: readonly PropertyKey[]): string {
  let key = prefix;
  for (const part of path) {
    if (typeof part === "number") key += `[${part}]`;
    else key += key ? `.${String(part)}` : String(part);
  }
  return key || "body";
}

export function fieldErrors(error: z.ZodError, prefix = ""): FieldError[] {
  const entries: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    // An unknown field is reported on the field itself, not on the object that holds it.
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((k) => jsonPath(prefix, [...issue.path, k])) : [jsonPath(prefix, issue.path)];
    for (const key of keys) {
      if (seen.has(key)) continue; // the first problem of a field is the useful one
      seen.add(key);
      entries.push({ key, value: issue.code === "unrecognized_keys" ? "Unknown field" : issue.message });
    }
  }
  return entries;
}

export function validationError(entries: FieldError[]): ApiError {
  const detail = entries.map((e) => `${e.key}: ${e.value}`).join("; ");
  return new ApiError("validation-error", detail || "The request is not valid.", { errors: entries });
}

/** Parses `input` with `schema`, or throws a validation-error naming every offending field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(fieldErrors(result.error, prefix));
}
