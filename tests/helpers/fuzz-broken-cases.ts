// The fuzzer's broken requests: each constraint of the path, query, headers and body broken on
// its own, each expected to be refused as a validation error that names the field.
import { labelled, type Case } from "./fuzz-case.ts";
import type { BaseRequest } from "./fuzz-valid-cases.ts";
import { brokenValues, canonical } from "./openapi-cases.ts";
import type { DocumentedOperation, Parameter } from "./openapi-operations.ts";

/** Each constraint of the params, query, headers and body broken on its own. */
export function brokenCases(
  document: Parameters<typeof canonical>[0],
  operation: DocumentedOperation,
  base: BaseRequest,
): Case[] {
  const cases: Case[] = [];
  const plain = { params: base.params, query: {}, headers: {}, body: base.body };
  for (const parameter of operation.pathParams) {
    for (const broken of stringBreaks(document, parameter)) {
      cases.push({
        ...plain,
        kind: "broken",
        label: `path ${broken.label}`,
        params: { ...base.params, [parameter.name]: broken.value },
        expect: { status: 400, typeCode: "validation-error" },
        names: parameter.name,
      });
    }
  }
  for (const parameter of operation.queryParams) {
    for (const broken of stringBreaks(document, parameter)) {
      cases.push({
        ...plain,
        kind: "broken",
        label: `query ${broken.label}`,
        query: { [parameter.name]: broken.value },
        expect: { status: 400, typeCode: "validation-error" },
        names: parameter.name,
      });
    }
  }
  cases.push({
    ...plain,
    kind: "broken",
    label: "X-Correlation-Id shorter than 20",
    headers: { "X-Correlation-Id": "short" },
    expect: { status: 400, typeCode: "validation-error" },
    names: "X-Correlation-Id",
  });
  cases.push({
    ...plain,
    kind: "broken",
    label: "X-Correlation-Id longer than 64",
    headers: { "X-Correlation-Id": "c".repeat(65) },
    expect: { status: 400, typeCode: "validation-error" },
    names: "X-Correlation-Id",
  });
  if (operation.method === "POST") {
    cases.push({
      ...plain,
      kind: "broken",
      label: "Idempotency-Key longer than 255",
      headers: { "Idempotency-Key": "k".repeat(256) },
      expect: { status: 400, typeCode: "validation-error" },
      names: "Idempotency-Key",
    });
  }
  if (operation.body) {
    for (const broken of brokenValues(document, operation.body)) {
      cases.push({
        ...plain,
        kind: "broken",
        label: broken.label,
        body: broken.apply(base.body),
        expect: { status: 400, typeCode: "validation-error" },
        names: broken.key,
      });
    }
    cases.push({
      ...plain,
      kind: "broken",
      label: "no body",
      body: undefined,
      expect: { status: 400, typeCode: "validation-error" },
      names: "body",
    });
  }
  for (const [label, token] of [
    ["no token", null],
    ["unknown token", "esk_test_0000000000000000000000000000000000"],
    ["not a bearer token", "Basic dXNlcjpwYXNz"],
    ["huge token", `esk_test_${"a".repeat(10_000)}`],
  ] as const) {
    cases.push({ ...plain, kind: "broken", label, token, expect: { status: 401, typeCode: "unauthorized" } });
  }
  return cases.map(labelled);
}

/** Path and query values are strings: the broken values that are strings, and numbers written as text. */
function stringBreaks(
  document: Parameters<typeof canonical>[0],
  parameter: Parameter,
): { label: string; value: string }[] {
  const fromSchema = brokenValues(document, parameter.schema)
    .map((b) => ({ label: b.label.replace(/^body/, parameter.name), value: b.apply(undefined) }))
    .filter((b): b is { label: string; value: string } => typeof b.value === "string");
  const schema = parameter.schema;
  if (schema.type === "integer" || schema.type === "number") {
    fromSchema.push(
      { label: `${parameter.name}: not a number`, value: "abc" },
      { label: `${parameter.name}: empty`, value: "" },
    );
    if (schema.type === "integer") fromSchema.push({ label: `${parameter.name}: a fraction`, value: "1.5" });
    if (schema.minimum !== undefined)
      fromSchema.push({ label: `${parameter.name}: below minimum`, value: String(schema.minimum - 1) });
    if (schema.maximum !== undefined)
      fromSchema.push({ label: `${parameter.name}: above maximum`, value: String(schema.maximum + 1) });
  }
  if (parameter.in === "path" && !fromSchema.some((b) => b.value === ""))
    fromSchema.push({ label: `${parameter.name}: empty`, value: "" });
  return fromSchema;
}
