// The fuzzer's valid requests: the operation's documented example with known ids (the base that
// broken and hostile cases change one thing of), and random requests valid by the document.
import fc from "fast-check";
import type { IdPool } from "./api-world.ts";
import { labelled, type Case } from "./fuzz-case.ts";
import { canonical, validArbitrary } from "./openapi-cases.ts";
import type { DocumentedOperation, Schema } from "./openapi-operations.ts";

export type BaseRequest = ReturnType<typeof baseRequest>;

export function baseRequest(document: Parameters<typeof canonical>[0], operation: DocumentedOperation, ids: IdPool) {
  return {
    params: Object.fromEntries(
      operation.pathParams.map((p) => [p.name, ids[p.name]?.[0] ?? String(canonical(document, p.schema))]),
    ),
    body: operation.body ? canonical(document, operation.body) : undefined,
  };
}

export function validCase(
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
