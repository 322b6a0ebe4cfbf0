// The OpenAPI document's `webhooks` section promises each event's body; the bodies the service
// really writes (a world of trades in many states, an offer, a settlement, a payout, a connected
// user) must match those schemas exactly, with no field the document does not name.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../lib/api/openapi.ts";
import { EVENT_NAMES } from "../../lib/webhooks/event-names.ts";
import { TradeEventBody, UserConnectedEventBody } from "../../lib/webhooks/event-schemas.ts";
import { buildWorld } from "../helpers/api-world.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db } from "../helpers/tenants.ts";

describe("webhook event bodies", () => {
  it("are documented for every subscribable event, and every written body matches its schema", async () => {
    const document = openApiDocument() as { webhooks?: Record<string, unknown> };
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...EVENT_NAMES].sort());

    const { tenant, trades } = await buildWorld();
    const api = tenantClient(tenant.testApiKey);
    expect((await api.makeOffer("seller", trades.ConditionRejected!, { refundAmount: 100 })).status).toBe(200);
    expect((await api.acceptOffer("buyer", trades.ConditionRejected!, { refundAmount: 100 })).status).toBe(200);

    const events = await db.outboxEvent.findMany({
      where: { tenantId: tenant.tenantId },
      select: { eventName: true, payload: true },
    });
    const names = new Set(events.map((e) => e.eventName));
    for (const name of [
      "user.connected",
      "trade.created",
      "trade.condition_rejected",
      "trade.offer_made",
      "trade.offer_accepted",
      "trade.settled",
      "payout.paid",
    ]) {
      expect(names, name).toContain(name);
    }
    for (const event of events) {
      const schema = event.eventName === "user.connected" ? UserConnectedEventBody.strict() : TradeEventBody.strict();
      const parsed = schema.safeParse(event.payload);
      expect(parsed.success, `${event.eventName}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});
