// zod issues to the `errors` entries of the error record: one per offending field, keyed by its
// JSON path (`shipping.expectedMaxWeight`, `imageUrls[2]`).
import type { z } from "zod";
import { AppError, type FieldError } from "../errors.ts";

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
    const keys =
      issue.code === "unrecognized_keys"
        ? issue.keys.map((k) => jsonPath(prefix, [...issue.path, k]))
        : [jsonPath(prefix, issue.path)];
    for (const key of keys) {
      if (seen.has(key)) continue; // the first problem of a field is the useful one
      seen.add(key);
      entries.push({ key, value: issue.code === "unrecognized_keys" ? "Unknown field" : issue.message });
    }
  }
  return entries;
}

export function validationError(entries: FieldError[]): AppError {
  const detail = entries.map((e) => `${e.key}: ${e.value}`).join("; ");
  return new AppError("validation-error", detail || "The request is not valid.", { errors: entries });
}

/** Parses `input` with `schema`, or throws a validation-error naming every offending field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(fieldErrors(result.error, prefix));
}

/** How deep a request's JSON may nest; far more than any schema needs, far less than a stack. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Input that the schemas would let through but the database or the serializer cannot take:
 * the NUL character (PostgreSQL text and jsonb refuse it, so a lookup or insert failed with a
 * 500), a lone UTF-16 surrogate (not Unicode; jsonb refuses its escape, another 500) and nesting
 * deep enough to overflow JSON.stringify when stored in a JSON column.
 * Walked without recursion, so the walk itself cannot overflow.
 */
export function unsafeInputProblems(input: unknown, prefix = ""): FieldError[] {
  const problems: FieldError[] = [];
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) problems.push({ key: jsonPath(prefix, path), value: problem });
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      problems.push({ key: jsonPath(prefix, path), value: `Nested more than ${MAX_INPUT_DEPTH} levels deep.` });
      continue;
    }
    for (const [name, child] of Object.entries(value)) {
      const childPath = [...path, Array.isArray(value) ? Number(name) : name];
      const problem = textProblem(name);
      if (problem) problems.push({ key: jsonPath(prefix, childPath), value: `Field name: ${problem}` });
      stack.push({ value: child, path: childPath });
    }
  }
  return problems;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "Must not contain the NUL character (U+0000).";
  if (LONE_SURROGATE.test(text)) return "Must be valid Unicode text (it contains a lone UTF-16 surrogate).";
  return null;
}
