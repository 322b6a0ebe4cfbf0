// Schema-driven fuzzing of the API (issue 8): for each operation of the served OpenAPI document,
// valid requests, every constraint broken one at a time, and hostile requests, each sent to the
// real route handler against the real database. The rules every answer must keep:
// - never a 5xx, and never a status the document does not list for the operation;
// - every 4xx is the error record (ajv against the document's ErrorRecord), its status matching its
//   typeCode, and a validation error names the offending field (its JSON path);
// - every 2xx body validates against the document's response schema;
// - nothing pollutes Object.prototype.
// The seed is fixed (FUZZ_SEED overrides it) and printed by fast-check with any failure.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../lib/errors.ts";
import { buildWorld, type IdPool } from "./api-world.ts";
import { callRoute, type CallResult } from "./call-route.ts";
import { FRESH } from "./fuzz-fresh.ts";
import { brokenValues, canonical, jsonKey, leafPaths, setAt, validArbitrary, type JsonPath } from "./openapi-cases.ts";
import {
  concretePath,
  documentedOperations,
  type DocumentedOperation,
  type Parameter,
  type Schema,
} from "./openapi-operations.ts";

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 80_808);
/** Random valid-or-broken cases on top of the enumerated ones. */
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
export const MIN_CASES_PER_OPERATION = 100;

interface Case {
  kind: "valid" | "broken" | "hostile";
  label: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  token?: string | null;
  body?: unknown;
  rawBody?: string | Uint8Array;
  /** The exact answer this case must get. */
  expect?: { status: number; typeCode: string };
  /** A validation error of this case must name this field. */
  names?: string;
}

export interface OperationStats {
  operationId: string;
  cases: number;
  valid: number;
  broken: number;
  hostile: number;
  success: number;
  /** Valid cases given an object of their own (tests/helpers/fuzz-fresh.ts). */
  fresh: number;
  statuses: Record<number, number>;
}

// Deeply nested values travel as markers and are spliced into the JSON text when sent: building
// and stringifying them as objects would overflow the test's own stack first.
const DEEP = 5_000;
const DEEP_ARRAY = "\u0001deep-array\u0001";
const DEEP_OBJECT = "\u0001deep-object\u0001";
const deepText: Record<string, string> = {
  [JSON.stringify(DEEP_ARRAY)]: "[".repeat(DEEP) + "]".repeat(DEEP),
  [JSON.stringify(DEEP_OBJECT)]: `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`,
};
const deepArray = () => DEEP_ARRAY;
const labelled = (c: Case): Case => Object.assign(c, { [fc.toStringMethod]: () => `${c.kind}: ${c.label}` });

export function fuzzOperations(title: string, include: (operation: DocumentedOperation) => boolean) {
  describe(`${title} (seed ${FUZZ_SEED})`, async () => {
    const { document, operations } = await documentedOperations();
    const selected = operations.filter(include);
    const stats: OperationStats[] = [];
    afterAll(() => {
      console.log(
        `fuzz ${title}, seed ${FUZZ_SEED}:\n${stats.map((s) => `  ${s.operationId}: ${s.cases} cases (${s.valid} valid, ${s.broken} broken, ${s.hostile} hostile), ${s.success} answered 2xx${s.fresh ? ` (${s.fresh} valid cases on fresh objects)` : ""}; ${JSON.stringify(s.statuses)}`).join("\n")}`,
      );
    });

    it("covers at least one operation", () => expect(selected.length).toBeGreaterThan(0));

    for (const operation of selected) {
      describe(`${operation.method} ${operation.path} (${operation.operationId})`, () => {
        let world: Awaited<ReturnType<typeof buildWorld>>;
        beforeAll(async () => {
          world = await buildWorld();
        }, 120_000);

        it(`answers ${MIN_CASES_PER_OPERATION}+ valid, broken and hostile requests without a 5xx and in the documented shapes`, async () => {
          const token = world.tenant.testApiKey;
          const base = baseRequest(document, operation, world.ids);
          const enumerated = [...brokenCases(document, operation, base), ...hostileCases(document, operation, base)];
          const arbitrary = fc.oneof(
            { arbitrary: validCase(document, operation, world.ids), weight: 3 },
            { arbitrary: fc.constantFrom(...enumerated), weight: 1 },
          );
          // Fields the unchanged base request is already refused on (a documented example that the
          // service rejects, e.g. an address that does not resolve): a case may be refused on them too.
          const baseAnswer = await send(
            operation,
            labelled({ kind: "valid", label: "base", params: base.params, query: {}, headers: {}, body: base.body }),
            token,
          );
          const baseKeys = new Set<string>(
            baseAnswer.json?.typeCode === "validation-error"
              ? baseAnswer.json.errors.map((e: { key: string }) => e.key)
              : [],
          );
          const stat: OperationStats = {
            operationId: operation.operationId,
            cases: 0,
            valid: 0,
            broken: 0,
            hostile: 0,
            success: 0,
            fresh: 0,
            statuses: {},
          };
          stats.push(stat);
          await fc.assert(
            fc.asyncProperty(arbitrary, async (generated) => {
              const c = await freshen(operation, world, generated);
              if (c !== generated) stat.fresh++;
              const result = await send(operation, c, token);
              stat.cases++;
              stat[c.kind]++;
              stat.statuses[result.status] = (stat.statuses[result.status] ?? 0) + 1;
              if (result.status < 300) stat.success++;
              const problem = checkAnswer(operation, c, result, baseKeys);
              if (problem)
                throw new Error(
                  `${operation.operationId} ${c.kind} case "${c.label}": ${problem}\nrequest: ` +
                    `${preview({ params: c.params, query: c.query, headers: c.headers, body: c.body ?? c.rawBody })}\nanswer: ` +
                    `${result.status} ${preview(result.json)}`,
                );
            }),
            {
              seed: FUZZ_SEED,
              numRuns: Math.max(MIN_CASES_PER_OPERATION, enumerated.length + RANDOM_RUNS),
              examples: enumerated.map((c) => [c]),
              endOnFailure: true,
            },
          );
          expect(stat.cases).toBeGreaterThanOrEqual(MIN_CASES_PER_OPERATION);
        }, 300_000);
      });
    }
  });
}

/**
 * A valid case of an operation that uses its object up gets an object of its own, unless it aims
 * at an unknown id on purpose (those must stay 404s). The generated case is left as it was.
 */
async function freshen(
  operation: DocumentedOperation,
  world: Awaited<ReturnType<typeof buildWorld>>,
  c: Case,
): Promise<Case> {
  const fresh = FRESH[operation.operationId];
  if (c.kind !== "valid" || !fresh || Object.values(c.params).some((value) => value.startsWith("unknown-"))) return c;
  const { params, body } = await fresh(world, c.params, c.body);
  return labelled({ ...c, label: `${c.label} on a fresh object`, params, body });
}

function baseRequest(document: Parameters<typeof canonical>[0], operation: DocumentedOperation, ids: IdPool) {
  return {
    params: Object.fromEntries(
      operation.pathParams.map((p) => [p.name, ids[p.name]?.[0] ?? String(canonical(document, p.schema))]),
    ),
    body: operation.body ? canonical(document, operation.body) : undefined,
  };
}

function validCase(
  document: Parameters<typeof canonical>[0],
  operation: DocumentedOperation,
  ids: IdPool,
): fc.Arbitrary<Case> {
  const params = fc.record(
    Object.fromEntries(
      operation.pathParams.map((p) => [
        p.name,
        fc.constantFrom(...(ids[p.name] ?? [String(canonical(document, p.schema))]), `unknown-${p.name}`),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(operation.queryParams.map((p) => [p.name, queryValue(document, p.schema)])),
    { requiredKeys: operation.queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const body = operation.body ? validArbitrary(document, operation.body) : fc.constant(undefined);
  const idempotencyKey =
    operation.method === "POST" ? fc.option(fc.uuid(), { nil: undefined }) : fc.constant(undefined);
  return fc
    .record({ params, query, body, idempotencyKey })
    .map(({ params: p, query: q, body: b, idempotencyKey: key }) =>
      labelled({
        kind: "valid",
        label: "valid request",
        params: p,
        query: q as Record<string, string>,
        headers: key ? { "Idempotency-Key": key } : {},
        body: b,
      }),
    );
}

function queryValue(document: Parameters<typeof canonical>[0], schema: Schema): fc.Arbitrary<string> {
  return validArbitrary(document, schema).map((value) => String(value));
}

/** Each constraint of the params, query, headers and body broken on its own. */
function brokenCases(
  document: Parameters<typeof canonical>[0],
  operation: DocumentedOperation,
  base: ReturnType<typeof baseRequest>,
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

/** Requests an attacker or a broken client sends: unreadable bodies, huge and odd values in every field. */
function hostileCases(
  document: Parameters<typeof canonical>[0],
  operation: DocumentedOperation,
  base: ReturnType<typeof baseRequest>,
): Case[] {
  const cases: Case[] = [];
  const plain = { params: base.params, query: {}, headers: {} };
  const json = { "Content-Type": "application/json" };
  const malformed = { status: 400, typeCode: "malformed-request" };
  const baseText = JSON.stringify(base.body ?? {});
  const objectBody = baseText.startsWith("{");
  const withRootKey = (text: string) =>
    baseText === "{}" || !objectBody ? `{${text}}` : `{${text},${baseText.slice(1)}`;
  // A root key is reported on itself when the body is an object, else the body is the wrong type.
  const rootKey = (key: string) => (objectBody ? key : "body");

  if (operation.method !== "GET") {
    cases.push(
      { ...plain, kind: "hostile", label: "not JSON", rawBody: "{not json", headers: json, expect: malformed },
      {
        ...plain,
        kind: "hostile",
        label: "truncated JSON",
        rawBody: baseText.slice(0, Math.max(1, baseText.length - 1)),
        headers: json,
        expect: baseText.length > 1 ? malformed : undefined,
      },
      {
        ...plain,
        kind: "hostile",
        label: "JSON sent as text/plain",
        rawBody: baseText,
        headers: { "Content-Type": "text/plain" },
        expect: malformed,
      },
      {
        ...plain,
        kind: "hostile",
        label: "JSON sent as form data",
        rawBody: baseText,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        expect: malformed,
      },
      {
        ...plain,
        kind: "hostile",
        label: "invalid UTF-8",
        rawBody: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
        headers: json,
        expect: malformed,
      },
      {
        ...plain,
        kind: "hostile",
        label: "UTF-16 with BOM",
        rawBody: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
        headers: json,
        expect: malformed,
      },
      {
        ...plain,
        kind: "hostile",
        label: "body over 1 MiB",
        rawBody: `{"title":"${"a".repeat(1024 * 1024)}"}`,
        headers: json,
        expect: { status: 413, typeCode: "payload-too-large" },
      },
      {
        ...plain,
        kind: "hostile",
        label: "root __proto__ key",
        rawBody: withRootKey(`"__proto__":{"polluted":true}`),
        headers: json,
        names: rootKey("__proto__"),
      },
      {
        ...plain,
        kind: "hostile",
        label: "root constructor.prototype key",
        rawBody: withRootKey(`"constructor":{"prototype":{"polluted":true}}`),
        headers: json,
        names: rootKey("constructor"),
      },
      {
        ...plain,
        kind: "hostile",
        label: "duplicate keys",
        rawBody: withRootKey(`"a":1,"a":{"b":2}`),
        headers: json,
        names: rootKey("a"),
      },
    );
    for (const [label, value] of [
      ["deeply nested arrays", deepArray()],
      ["null", null],
      ["an array", []],
      ["a number", 1],
      ["a string", "text"],
      ["true", true],
    ] as const) {
      cases.push({ ...plain, kind: "hostile", label: `body is ${label}`, body: value, names: "body" });
    }
  }
  if (operation.body) {
    for (const { path } of leafPaths(document, operation.body)) {
      for (const [label, value] of hostileValues()) {
        cases.push({
          ...plain,
          kind: "hostile",
          label: `${jsonKey(path)}: ${label}`,
          body: setAt(structuredClone(base.body), path, value),
          names: jsonKey(path),
        });
      }
    }
  }
  for (const parameter of [...operation.pathParams, ...operation.queryParams]) {
    for (const [label, value] of hostileTexts()) {
      const where =
        parameter.in === "path"
          ? { params: { ...base.params, [parameter.name]: value } }
          : { query: { [parameter.name]: value } };
      cases.push({
        ...plain,
        body: base.body,
        ...where,
        kind: "hostile",
        label: `${parameter.in} ${parameter.name}: ${label}`,
        names: parameter.name,
      });
    }
  }
  cases.push({
    ...plain,
    body: base.body,
    kind: "hostile",
    label: "query __proto__ and repeated parameters",
    query: JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>,
    names: "__proto__",
  });
  cases.push({
    ...plain,
    body: base.body,
    kind: "hostile",
    label: "X-Correlation-Id with Latin-1 characters",
    headers: { "X-Correlation-Id": "é".repeat(30) },
    expect: { status: 400, typeCode: "validation-error" },
    names: "X-Correlation-Id",
  });
  return cases.map(labelled);
}

function hostileTexts(): [string, string][] {
  return [
    ["NUL character", "a\u0000b"],
    ["lone surrogate", "a\ud800b"],
    ["control characters", "\u0001\u0007\u001b[31m"],
    ["path traversal", "../../../etc/passwd"],
    ["SQL", "' OR '1'='1'; --"],
    ["encoded NUL", "%00"],
    ["emoji", "💥".repeat(40)],
    ["huge", "h".repeat(100_000)],
  ];
}

function hostileValues(): [string, unknown][] {
  return [
    ...hostileTexts(),
    ["deep nesting", deepArray()],
    ["deep object nesting", DEEP_OBJECT],
    ["__proto__ object", JSON.parse('{"__proto__":{"polluted":true}}')],
    ["largest double", 1.7976931348623157e308],
    ["smallest denormal", 5e-324],
    ["negative zero", -0],
    ["unsafe integer", 2 ** 53 + 1],
    ["long fraction", 10.005000000000001],
  ];
}

async function send(operation: DocumentedOperation, c: Case, token: string): Promise<CallResult> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(c.query)) search.append(name, value);
  const query = search.size ? `?${search}` : "";
  return callRoute(operation.handler, {
    method: operation.method,
    path: concretePath(operation, c.params) + query,
    params: c.params,
    token: c.token === undefined ? token : c.token,
    headers:
      c.body !== undefined && c.rawBody === undefined
        ? { "Content-Type": "application/json", ...c.headers }
        : c.headers,
    rawBody: c.rawBody ?? (c.body !== undefined ? bodyText(c.body) : undefined),
  });
}

/** `key` is the field or inside it; anything in the body is inside `body` (its members are keyed `a.b`, `[0]`). */
function namesField(key: string, field: string): boolean {
  return field === "body" || key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`);
}

function bodyText(body: unknown): string {
  let text = JSON.stringify(body);
  for (const [marker, deep] of Object.entries(deepText)) text = text.replaceAll(marker, deep);
  return text;
}

/** The rules of the file header; null when the answer keeps them all. */
export function checkAnswer(
  operation: DocumentedOperation,
  c: Case,
  result: CallResult,
  baseKeys: Set<string>,
): string | null {
  if (({} as Record<string, unknown>).polluted !== undefined) return "Object.prototype was polluted";
  if (result.status >= 500) return `answered ${result.status}`;
  if (!operation.documentedStatuses.includes(result.status))
    return `answered ${result.status}, which the document does not list (${operation.documentedStatuses.join(", ")})`;
  if (result.status >= 400) {
    const record = result.json as { status: number; typeCode: keyof typeof ERROR_CODES; errors: { key: string }[] };
    if (!operation.validateErrorRecord(record))
      return `the error body is not the error record: ${JSON.stringify(operation.validateErrorRecord.errors)}`;
    if (record.status !== result.status || ERROR_CODES[record.typeCode].status !== result.status)
      return "the error record's status does not match";
    if (record.typeCode === "validation-error" && record.errors.length === 0)
      return "a validation error names no field";
    if (
      c.names &&
      record.typeCode === "validation-error" &&
      !record.errors.some((e) => namesField(e.key, c.names!)) &&
      !record.errors.every((e) => baseKeys.has(e.key))
    ) {
      return `the validation error does not name ${c.names}`;
    }
  } else {
    if (result.status !== operation.successStatus)
      return `answered ${result.status}, not the documented ${operation.successStatus}`;
    if (operation.validateResponse && !operation.validateResponse(result.json))
      return `the success body does not match the document: ${JSON.stringify(operation.validateResponse.errors?.slice(0, 3))}`;
    const type = result.headers.get("Content-Type")?.split(";")[0] ?? "";
    if (operation.fileTypes.length) {
      if (!operation.fileTypes.includes(type))
        return `answered ${type || "no Content-Type"}, not one of the documented ${operation.fileTypes.join(", ")}`;
    } else if (!operation.validateResponse && result.json !== null) return "a body where the document says none";
  }
  if (c.expect && (result.status !== c.expect.status || result.json?.typeCode !== c.expect.typeCode))
    return `expected ${c.expect.status} ${c.expect.typeCode}`;
  return null;
}

function preview(value: unknown): string {
  let text: string;
  try {
    text =
      value instanceof Uint8Array
        ? `bytes ${Buffer.from(value).toString("hex")}`
        : (JSON.stringify(value) ?? "undefined");
  } catch {
    text = String(value);
  }
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
}

export type { JsonPath };
