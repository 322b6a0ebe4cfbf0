// The baseline's side of buying a delivery label (issue 37: keep the baseline honest). The service
// reads the parcel's route (the parties' names and addresses, which a real carrier prints) before
// its transaction, and in it looks for a label whose payment is pending, moves the trade through
// the purchase (a transition of its own), writes the label's payment with the label, then moves the
// trade to LabelCreated with its ledger transfer (lib/shipping/buy-shipment.ts). The baseline sends
// the same statements, raw; read off the service with `log_statement=all`.
import { randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";

type Query = Pick<pg.Pool, "query">;
type Scope = { tenantId: string; mode: string; currency: string };

/** Before the transaction: the shipping money and the parcel's route, in one statement. */
export async function parcelRouteReads(db: Query, scope: Scope, tradeId: string): Promise<void> {
  await db.query(
    `SELECT t."shippingPayerMinor",
       (SELECT json_build_object('name', a."name", 'address', a."address", 'postalCode', a."postalCode", 'city', a."city",
           'phoneNumber', a."phoneNumber")
         FROM "MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId"
         WHERE u."tenantId" = t."tenantId" AND u."mode" = t."mode" AND u."marketplaceUserId" = t."payerMarketplaceUserId") AS "payer",
       (SELECT json_build_object('name', a."name", 'address', a."address", 'postalCode', a."postalCode", 'city', a."city",
           'phoneNumber', a."phoneNumber")
         FROM "MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId"
         WHERE u."tenantId" = t."tenantId" AND u."mode" = t."mode" AND u."marketplaceUserId" = t."payeeMarketplaceUserId") AS "payee"
     FROM "Trade" t WHERE t."id" = $1 AND t."tenantId" = $2 AND t."mode" = $3`,
    [tradeId, scope.tenantId, scope.mode],
  );
}

/** In the transaction, after the lock: the pending label looked for, the purchase's own transition, the label's payment and the label. */
export async function labelPurchase(c: Query, scope: Scope, tradeId: string, payee: string): Promise<void> {
  await c.query(
    `SELECT p.*, l."carrier" AS "labelCarrier", l."priceMinor" AS "labelPriceMinor"
     FROM "ShipmentLabel" l JOIN "Payment" p ON p."id" = l."paymentId"
     WHERE l."tenantId" = $1 AND l."mode" = $2 AND l."tradeId" = $3 AND l."leg" = 'Delivery' AND l."status" = 'Pending' LIMIT 1`,
    [scope.tenantId, scope.mode, tradeId],
  );
  await c.query(
    `WITH moved AS (UPDATE "Trade" SET "sequence" = "sequence" + 1, "updatedAt" = now() WHERE "id" = $1 RETURNING "id", "sequence", "state")
     INSERT INTO "TradeTimelineEntry" ("tradeId", "sequence", "action", "actor", "fromState", "toState", "occurredAt")
     SELECT "id", "sequence", 'buyDeliveryLabel', 'payee', "state", "state", now() FROM moved`,
    [tradeId],
  );
  const code = String(Number.parseInt(randomBytes(5).toString("hex"), 16));
  await c.query(
    `WITH payment AS (
       INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose", "amountMinor",
         "currency", "externalId", "state", "paidAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, 'DeliveryLabel', 0, $6, $7, 'Paid', now(), now()) RETURNING *)
     INSERT INTO "ShipmentLabel" ("id", "tenantId", "mode", "tradeId", "leg", "carrier", "priceMinor",
       "labelPricePayerMinor", "labelPricePayeeMinor", "labelPaidBy", "expectedMaxWeightGrams", "paymentId",
       "providerReference", "labelCode", "trackingUrl", "status", "updatedAt")
     SELECT $8, $2, $3, $4, 'Delivery', 'gls', 5900, 5900, 0, 1, 5000, payment."id", $9, $10, $11, 'Created', now()
     FROM payment`,
    [
      randomUUID(),
      scope.tenantId,
      scope.mode,
      tradeId,
      payee,
      scope.currency,
      `pay_${randomBytes(12).toString("hex")}`,
      randomUUID(),
      `sim-gls-${randomUUID()}`,
      code,
      `http://localhost/track/gls/${code}`,
    ],
  );
}
