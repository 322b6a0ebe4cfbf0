// The tenant-isolation matrix (issue 8), generated from the served OpenAPI document: every
// operation that takes an id in its path is called with a second tenant's token on each of the first
// tenant's real objects (users, trades, payments, labels, business users, webhook subscriptions and
// events). It must answer exactly as it does for an id that does not exist (decisions.md §2) — 404
// for every id the service issued — and leave every row of the first tenant as it was. Sandbox
// operations answer 403 to a live token, and a live token sees none of the test-mode objects.
import { beforeAll, describe, expect, it } from "vitest";
import { buildWorld, EXAMPLE_BUSINESS, tenantRows } from "../helpers/api-world.ts";
import { callRoute, type CallResult } from "../helpers/call-route.ts";
import { canonical } from "../helpers/openapi-cases.ts";
import { concretePath, documentedOperations, type DocumentedOperation } from "../helpers/openapi-operations.ts";
import { freshTenant } from "../helpers/tenants.ts";

const { document, operations } = await documentedOperations();
const withIds = operations.filter((operation) => operation.pathParams.length > 0);
const isSandbox = (operation: DocumentedOperation) => operation.path.startsWith("/v1/sandbox/");
// Ids the tenant chooses itself (its users, its business users' registration numbers) name
// different objects in each tenant; every other id is issued by the service and must be a 404.
const TENANT_CHOSEN = new Set(["marketplaceUserId", "businessId", "businessLocationId"]);

let world: Awaited<ReturnType<typeof buildWorld>>;

beforeAll(async () => {
  world = await buildWorld();
}, 120_000);

async function call(
  operation: DocumentedOperation,
  token: string,
  params: Record<string, string>,
): Promise<CallResult> {
  const body = operation.body ? canonical(document, operation.body) : undefined;
  // Required query parameters (an export's time range) take their documented example.
  const query = new URLSearchParams(
    operation.queryParams.filter((p) => p.required).map((p) => [p.name, String(canonical(document, p.schema))]),
  );
  const path = concretePath(operation, params) + (query.size ? `?${query}` : "");
  return callRoute(operation.handler, { method: operation.method, path, params, token, body });
}

/** The owner's real ids for the operation: each object of the last path parameter, the first of the others. */
function ownerIdSets(operation: DocumentedOperation): Record<string, string>[] {
  const names = operation.pathParams.map((p) => p.name);
  const varied = names[names.length - 1]!;
  return (world.ids[varied] ?? []).map((id) =>
    Object.fromEntries(names.map((name) => [name, name === varied ? id : world.ids[name]![0]!])),
  );
}

const unknownIds = (operation: DocumentedOperation) =>
  Object.fromEntries(
    operation.pathParams.map((p) => [
      p.name,
      p.name === "businessId" ? EXAMPLE_BUSINESS.businessId : `never-issued-${p.name}`,
    ]),
  );
const answer = (result: CallResult) => `${result.status} ${result.status >= 400 ? result.json?.typeCode : ""}`.trim();

describe("tenant isolation, generated from the OpenAPI document", () => {
  it("walks every operation that takes an id, and each kind of object", () => {
    expect(withIds.length).toBeGreaterThanOrEqual(20);
    for (const name of new Set(withIds.flatMap((o) => o.pathParams.map((p) => p.name)))) {
      expect(world.ids[name]?.length, `real objects for {${name}}`).toBeGreaterThan(0);
    }
  });

  for (const operation of withIds) {
    it(`${operation.method} ${operation.path} (${operation.operationId}): another tenant's token finds nothing and changes nothing`, async () => {
      const intruder = await freshTenant({ allowedBusinessIds: [EXAMPLE_BUSINESS.businessId] });
      const before = await tenantRows(world.tenant.tenantId);
      const unknown = answer(await call(operation, intruder.testApiKey, unknownIds(operation)));
      const issuedIds = operation.pathParams.some((p) => !TENANT_CHOSEN.has(p.name));
      if (issuedIds) expect(unknown, "an unknown service-issued id").toBe("404 not-found");
      const sets = ownerIdSets(operation);
      expect(sets.length).toBeGreaterThan(0);
      for (const params of sets) {
        const result = await call(operation, intruder.testApiKey, params);
        expect(answer(result), `${operation.operationId} on ${JSON.stringify(params)}`).toBe(unknown);
        const issued = Object.entries(params)
          .filter(([name]) => !TENANT_CHOSEN.has(name))
          .map(([, id]) => id);
        if (result.status < 300 && issued.length)
          expect(JSON.stringify(result.json)).not.toMatch(new RegExp(issued.join("|")));
      }
      expect(await tenantRows(world.tenant.tenantId)).toEqual(before);
    });

    it(
      `${operation.method} ${operation.path} (${operation.operationId}): the same tenant's live ` +
        `token ${isSandbox(operation) ? "is refused (403)" : "finds no test-mode object"}`,
      async () => {
        const before = await tenantRows(world.tenant.tenantId);
        const unknown = answer(await call(operation, world.tenant.liveApiKey, unknownIds(operation)));
        for (const params of ownerIdSets(operation)) {
          const result = await call(operation, world.tenant.liveApiKey, params);
          if (isSandbox(operation)) expect(answer(result), operation.operationId).toBe("403 forbidden");
          else expect(answer(result), `${operation.operationId} on ${JSON.stringify(params)}`).toBe(unknown);
        }
        expect(await tenantRows(world.tenant.tenantId)).toEqual(before);
      },
    );
  }

  it("answers 403 to a live token on every sandbox operation, also those without an id", async () => {
    const sandbox = operations.filter(isSandbox);
    expect(sandbox.length).toBeGreaterThanOrEqual(4);
    for (const operation of sandbox) {
      const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, world.ids[p.name]![0]!]));
      expect(answer(await call(operation, world.tenant.liveApiKey, params)), operation.operationId).toBe(
        "403 forbidden",
      );
    }
  });

  it("lists none of the first tenant's objects to the second", async () => {
    const intruder = await freshTenant();
    const lists = operations.filter((o) => o.method === "GET" && o.pathParams.length === 0);
    expect(lists.length).toBeGreaterThan(0);
    const owned = [...world.ids.tradeId!, ...world.ids.subscriptionId!, ...world.ids.eventId!, ...world.ids.paymentId!];
    for (const operation of lists) {
      const result = await call(operation, intruder.testApiKey, {});
      expect(result.status, operation.operationId).toBe(200);
      expect(result.text ?? JSON.stringify(result.json)).not.toMatch(new RegExp(owned.join("|")));
    }
  });
});
