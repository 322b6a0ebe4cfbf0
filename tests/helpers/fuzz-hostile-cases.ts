// The fuzzer's hostile requests: what an attacker or a broken client sends (unreadable bodies,
// deep nesting, prototype keys, huge and odd values in every field), each with the answer it must get.
import { deepArray, DEEP_OBJECT, labelled, type Case } from "./fuzz-case.ts";
import type { BaseRequest } from "./fuzz-valid-cases.ts";
import { canonical, jsonKey, leafPaths, setAt } from "./openapi-cases.ts";
import type { DocumentedOperation } from "./openapi-operations.ts";

/** Requests an attacker or a broken client sends: unreadable bodies, huge and odd values in every field. */
export function hostileCases(
  document: Parameters<typeof canonical>[0],
  operation: DocumentedOperation,
  base: BaseRequest,
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
  if (operation.method !== "GET" && !operation.body) {
    // An operation without a body refuses a field rather than ignoring what the caller meant by it.
    cases.push({
      ...plain,
      kind: "hostile",
      label: "a field where the operation takes no body",
      body: { refundAmount: 90 },
      expect: { status: 400, typeCode: "validation-error" },
      names: "refundAmount",
    });
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

/** Odd text for any string parameter (also the console fuzzer's, tests/helpers/fuzz-console-cases.ts). */
export function hostileTexts(): [string, string][] {
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
