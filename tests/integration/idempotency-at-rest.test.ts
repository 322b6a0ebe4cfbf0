// Stored idempotent responses hold no secret in the clear (security finding 2): the answers of
// Create subscription and Rotate secret carry the signing secret, and the link-returning
// operations carry a hosted link's token. With an Idempotency-Key those answers are kept for
// replay; a dump of the database must show neither, while a replay still answers the same.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as initiateConnect } from "../../app/api/v1/marketplace/users/connect/route.ts";
import { POST as payoutLink } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/payout-account/route.ts";
import { POST as statusLink } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/status-link/route.ts";
import { POST as initiateTrade } from "../../app/api/v1/marketplace/trades/initiate/route.ts";
import { POST as createSub } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { POST as rotate } from "../../app/api/v1/webhooks/subscriptions/[subscriptionId]/rotate-secret/route.ts";
import { callRoute, type CallResult } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

/** Every text-like value of every table, as a dump would show it. */
async function databaseDump(): Promise<string> {
  const columns = await db.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`;
  const parts: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await db.$queryRawUnsafe<{ v: string | null }[]>(`SELECT "${column}"::text AS v FROM "${table}"`);
    for (const row of rows) if (row.v) parts.push(row.v);
  }
  return parts.join("\n");
}

const tokenOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split("/")[2]!;

describe("stored idempotent responses", () => {
  it("keep neither signing secrets nor link tokens in the clear, and replay the same answer", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    const idempotent = async (
      handler: Parameters<typeof callRoute>[0],
      path: string,
      params: Record<string, string>,
      body?: unknown,
    ) => {
      const key = randomUUID();
      const call = () =>
        callRoute(handler, {
          method: "POST",
          path,
          params,
          token: tenant.testApiKey,
          body,
          headers: { "Idempotency-Key": key },
        });
      const first = await call();
      expect(first.status, path).toBe(200);
      return { first, replay: call };
    };

    const created = await idempotent(
      createSub,
      "/api/v1/webhooks/subscriptions",
      {},
      { url: "http://127.0.0.1:9/hooks" },
    );
    const subscriptionId = created.first.json.id as string;
    const rotated = await idempotent(rotate, `/api/v1/webhooks/subscriptions/${subscriptionId}/rotate-secret`, {
      subscriptionId,
    });
    const connect = await idempotent(
      initiateConnect,
      "/api/v1/marketplace/users/connect",
      {},
      {
        marketplaceUserId: "newcomer",
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/no",
      },
    );
    const trade = await idempotent(
      initiateTrade,
      "/api/v1/marketplace/trades/initiate",
      {},
      {
        title: "Lamp",
        description: "Brass desk lamp",
        amount: 400,
        payerFee: 0,
        payeeFee: 0,
        payerMarketplaceUserId: "buyer",
        payeeMarketplaceUserId: "seller",
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/no",
      },
    );
    const tradeId = trade.first.json.tradeId as string;
    const status = await idempotent(
      statusLink,
      `/api/v1/marketplace/users/buyer/trades/${tradeId}/status-link`,
      { marketplaceUserId: "buyer", tradeId },
      {
        returnUrl: "https://shop.example/back",
      },
    );
    const payout = await idempotent(
      payoutLink,
      "/api/v1/marketplace/users/seller/payout-account",
      { marketplaceUserId: "seller" },
      {
        returnUrl: "https://shop.example/back",
      },
    );

    const secrets = [created.first.json.secret as string, rotated.first.json.secret as string];
    const tokens = [connect, trade, status, payout].map((answer) => tokenOf(answer.first.json.redirectUrl as string));
    expect(secrets.every((secret) => secret.startsWith("whsec_"))).toBe(true);
    const dump = await databaseDump();
    expect(dump.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(dump).not.toContain(secret.slice("whsec_".length));
    for (const token of tokens) expect(dump).not.toContain(token);

    for (const answer of [created, rotated, connect, trade, status, payout] as {
      first: CallResult;
      replay: () => Promise<CallResult>;
    }[]) {
      const again = await answer.replay();
      expect(again.status).toBe(200);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.json).toEqual(answer.first.json);
    }
  });
});
