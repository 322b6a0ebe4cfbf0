// The OpenAPI document can drive a client generator whole (issue 18): every operation described,
// every field that carries a trade state is the one TradeState enum, the Trade's integer codes are
// enums of the codes the serializers use, and every refusal after the token was accepted declares
// the rate-limit headers the server sends on it.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../lib/api/openapi.ts";
import { ACTION, ICON, LABEL_PAID_BY, TIMELINE_STATE } from "../../lib/trades/presentation/codes.ts";
import { TRADE_STATES } from "../../lib/trades/states.ts";

/* eslint-disable @typescript-eslint/no-explicit-any -- walking a JSON document */
const document = openApiDocument() as any;
const schemas = document.components.schemas as Record<string, any>;

/** Every property named `name` anywhere in the components, with where it is. */
function propertiesNamed(name: string): [string, any][] {
  const found: [string, any][] = [];
  const walk = (node: any, where: string) => {
    if (!node || typeof node !== "object") return;
    if (node.properties?.[name]) found.push([`${where}.${name}`, node.properties[name]]);
    for (const [key, child] of Object.entries(node)) walk(child, `${where}.${key}`);
  };
  for (const [id, schema] of Object.entries(schemas)) walk(schema, id);
  return found;
}

const enumOf = (schema: any) => schema.enum ?? schema.anyOf?.find((s: any) => s.enum)?.enum;

describe("the OpenAPI document, for generators", () => {
  it("describes every operation", () => {
    const bare = Object.entries(document.paths).flatMap(([path, ops]: [string, any]) =>
      Object.entries(ops)
        .filter(([, op]: [string, any]) => !op.description)
        .map(([method]) => `${method} ${path}`),
    );
    expect(bare).toEqual([]);
  });

  it("gives every trade state field the TradeState enum", () => {
    expect(schemas.TradeState.enum).toEqual([...TRADE_STATES]);
    const states = [...propertiesNamed("state"), ...propertiesNamed("previousState")].filter(
      ([where]) => !/TimelineEntry|Payment|Payout|Label|Subscription|Delivery|Request/i.test(where),
    ); // a request states what the caller believes: any text
    expect(states.length).toBeGreaterThanOrEqual(5);
    for (const [where, schema] of states)
      expect(schema.$ref ?? schema.anyOf?.[0]?.$ref, where).toBe("#/components/schemas/TradeState");
  });

  it("documents the Trade's integer codes as enums of the codes in use", () => {
    expect(enumOf(schemas.PartyStatus.properties.iconId)).toEqual(Object.values(ICON));
    expect(enumOf(schemas.PartyStatus.properties.actions.anyOf[0].items.properties.type)).toEqual(
      Object.values(ACTION).sort((a, b) => a - b),
    );
    expect(enumOf(schemas.TimelineEntry.properties.state)).toEqual(Object.values(TIMELINE_STATE));
    const labelPaidBy = propertiesNamed("labelPaidBy");
    expect(labelPaidBy.length).toBeGreaterThan(0);
    for (const [where, schema] of labelPaidBy) expect(enumOf(schema), where).toEqual(Object.values(LABEL_PAID_BY));
  });

  it("declares the rate-limit headers on every refusal after the token was accepted", () => {
    for (const [path, ops] of Object.entries(document.paths) as [string, any][]) {
      for (const [method, op] of Object.entries(ops) as [string, any][]) {
        for (const [status, response] of Object.entries(op.responses) as [string, any][]) {
          if (status === "401") continue;
          expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toContain("RateLimit-Remaining");
          if (status === "429" || status === "503")
            expect(Object.keys(response.headers), `${method} ${path} ${status}`).toContain("Retry-After");
        }
      }
    }
  });
});
