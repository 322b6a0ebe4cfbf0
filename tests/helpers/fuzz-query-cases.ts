// The fuzzer's hostile query strings (tests/helpers/fuzz-runner.ts): values a query parameter's
// schema lets through as text but the service must still refuse or read safely (numbers past what
// PostgreSQL's integers hold, dates past its years, NUL and other characters it cannot store),
// sent to every query parameter of every operation, so that a new parameter cannot miss them; and
// the same values inside opaque cursors. A cursor whose documented example is base64url text of
// '|'-separated parts (the sandbox event feed's is) is sent back with each part replaced by each
// value, and with a part too few or too many. Each must answer without a 5xx, and a refusal must
// be a validation error on the parameter.
import { labelled, type Case } from "./fuzz-case.ts";
import type { BaseRequest } from "./fuzz-valid-cases.ts";
import type { DocumentedOperation, Parameter } from "./openapi-operations.ts";

/** Texts each of which some part of the service once read into a value it could not hold. */
function extremeTexts(): [string, string][] {
  return [
    ["an integer past int4", "2147483648"],
    ["an integer below int4", "-2147483649"],
    ["an integer past int8", "9223372036854775808"],
    ["an unsafe integer", "9007199254740993"],
    ["a number past the largest double", "1e309"],
    ["NaN", "NaN"],
    ["the earliest JavaScript date", "-271821-04-20T00:00:00.000Z"],
    ["the latest JavaScript date", "+275760-09-13T00:00:00.000Z"],
    ["year 0000", "0000-01-01T00:00:00.000Z"],
    ["month 13, day 45", "2026-13-45"],
    ["a NUL character", "a\u0000b"],
    ["a lone surrogate", "a\ud800b"],
    ["an empty text", ""],
  ];
}

export function queryCases(operation: DocumentedOperation, base: BaseRequest): Case[] {
  const cases: Case[] = [];
  const query = (parameter: Parameter, value: string, label: string): Case => ({
    params: base.params,
    query: { [parameter.name]: value },
    headers: {},
    body: base.body,
    kind: "hostile",
    label: `query ${parameter.name}: ${label}`,
    names: parameter.name,
  });
  for (const parameter of operation.queryParams) {
    for (const [label, value] of extremeTexts()) cases.push(query(parameter, value, label));
    const parts = cursorParts(parameter);
    if (!parts) continue;
    const encode = (list: string[]) => Buffer.from(list.join("|")).toString("base64url");
    parts.forEach((_, index) => {
      for (const [label, value] of extremeTexts()) {
        const crafted = parts.map((part, i) => (i === index ? value : part));
        cases.push(query(parameter, encode(crafted), `part ${index + 1} of the cursor is ${label}`));
      }
    });
    cases.push(query(parameter, encode(parts.slice(1)), "a cursor with a part too few"));
    cases.push(query(parameter, encode([...parts, "x"]), "a cursor with a part too many"));
  }
  return cases.map(labelled);
}

/** The parts of a cursor parameter's documented example, if it is base64url of '|'-separated text. */
function cursorParts(parameter: Parameter): string[] | null {
  const example = parameter.schema.example;
  if (typeof example !== "string" || !/^[A-Za-z0-9_-]+$/.test(example)) return null;
  const text = Buffer.from(example, "base64url").toString("utf8");
  const parts = text.split("|");
  return parts.length >= 2 && Buffer.from(text).toString("base64url") === example ? parts : null;
}
