// The console fuzzer's requests (tests/helpers/fuzz-console.ts): an endpoint's valid request
// (tests/helpers/console-targets.ts) with one path parameter or one query parameter replaced by
// odd text, each saying what its answer must be, and the same for the console's pages.
import fc from "fast-check";
import { hostileTexts } from "./fuzz-hostile-cases.ts";

export interface ConsoleCase {
  label: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  /** A validation error of this case must name this parameter. */
  names?: string;
  /** The answer must be 400 validation-error naming `names` (text the database cannot hold). */
  mustRefuse?: boolean;
}

/** Values no console page sends: the API fuzzer's odd text, impossible days and numbers, broken escapes. */
export function oddValues(): [string, string][] {
  return [
    ...hostileTexts(),
    ["month 13, day 45", "2026-13-45"],
    ["year 0", "0000-01-01"],
    ["31 February", "2026-02-31"],
    ["past JavaScript's last day", "275760-09-14"],
    ["the largest double overflowed", "1e309"],
    ["negative", "-1"],
    ["NaN", "NaN"],
    ["thirty digits", "9".repeat(30)],
    ["empty", ""],
    ["a list", "a,b,,c"],
    // Next hands a route handler the segment as it came when its escapes do not decode.
    ["a malformed escape", "%E0"],
    ["an escaped lone surrogate", "%ED%A0%80"],
    ["a lone percent", "%"],
  ];
}

const holdsNul = (value: string) => value.includes("\u0000");

/** Each path parameter and each declared query parameter of `base` replaced, one at a time, by each odd value. */
export function oddCases(
  base: { params: Record<string, string>; query: Record<string, string>; body?: unknown },
  queryNames: string[],
): ConsoleCase[] {
  const cases: ConsoleCase[] = [];
  for (const name of Object.keys(base.params)) {
    for (const [label, value] of oddValues()) {
      cases.push({
        ...base,
        label: `path ${name}: ${label}`,
        params: { ...base.params, [name]: value },
        names: name,
        mustRefuse: holdsNul(value),
      });
    }
  }
  for (const name of queryNames) {
    for (const [label, value] of oddValues()) {
      cases.push({
        ...base,
        label: `query ${name}: ${label}`,
        query: { ...base.query, [name]: value },
        names: name,
        mustRefuse: holdsNul(value),
      });
    }
  }
  // A parameter the endpoint does not read is no reason to fail either.
  cases.push({
    ...base,
    label: "an unknown query parameter holding a NUL",
    query: { ...base.query, unknownParameter: "a\u0000b" },
    names: "unknownParameter",
  });
  return cases;
}

/** Random text, days and numbers in one parameter of `base` (none when it has no parameter to vary). */
export function randomCase(
  base: { params: Record<string, string>; query: Record<string, string>; body?: unknown },
  queryNames: string[],
): fc.Arbitrary<ConsoleCase> | null {
  const targets = [
    ...Object.keys(base.params).map((name) => ({ in: "path" as const, name })),
    ...queryNames.map((name) => ({ in: "query" as const, name })),
  ];
  if (!targets.length) return null;
  const value = fc.oneof(
    fc.string({ unit: "binary", maxLength: 80 }),
    fc.string({
      unit: fc.constantFrom("\u0000", "%", "-", ":", "T", "Z", ".", "e", "0", "9", "1", ",", ";"),
      maxLength: 30,
    }),
    fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String),
  );
  return fc.record({ target: fc.constantFrom(...targets), value }).map(({ target, value }) => ({
    ...base,
    label: `random ${target.in} ${target.name}: ${JSON.stringify(value)}`,
    params: target.in === "path" ? { ...base.params, [target.name]: value } : base.params,
    query: target.in === "query" ? { ...base.query, [target.name]: value } : base.query,
    mustRefuse: holdsNul(value),
    names: holdsNul(value) ? target.name : undefined,
  }));
}
