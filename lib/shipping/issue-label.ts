// A paid-for label, in two steps so that no carrier call runs while the trade's row is locked:
// `requestLabel` asks the carrier outside any transaction (the carrier takes our label id as its
// idempotency key, so asking twice is harmless), then `applyIssuedLabel`, in the caller's
// driver transaction, gives the label its code and tracking address and applies the table's
// deliveryLabelCreated / returnLabelCreated, whose ledger movement pays for the label. When that
// transaction refuses, `voidUnusedLabel` lets the carrier void what nobody will use.
import type { ShipmentLabel, Tenant, Trade } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { log } from "../ops/log.ts";
import { carriersFor } from "../outside-parties.ts";
import { statement, type Sql } from "../db/sql.ts";
import { transitionTrade } from "../trades/transition-trade.ts";
import type { CarrierId, IssuedLabel } from "./carrier.ts";

type LabelOrder = Pick<ShipmentLabel, "id" | "carrier" | "expectedMaxWeightGrams">;

export function requestLabel(mode: ApiMode, label: LabelOrder): Promise<IssuedLabel> {
  return carriersFor(mode)[label.carrier as CarrierId].issueLabel({
    labelId: label.id,
    weightGrams: label.expectedMaxWeightGrams,
  });
}

export async function applyIssuedLabel(
  q: Sql,
  tenant: Tenant,
  trade: Trade,
  label: Pick<ShipmentLabel, "id" | "leg" | "labelPricePayerMinor" | "labelPricePayeeMinor">,
  issued: IssuedLabel,
  now: Date,
): Promise<Trade> {
  await q(statement`
    UPDATE "ShipmentLabel" SET "providerReference" = ${issued.providerReference}, "labelCode" = ${issued.labelCode},
      "trackingUrl" = ${issued.trackingUrl}, "status" = 'Created', "updatedAt" = ${new Date()}::timestamp
    WHERE "id" = ${label.id}`);
  // The table's label rows carry the money movement (delivery_label / return_label); the label says how its price is shared.
  const shares = { payerShareMinor: label.labelPricePayerMinor, payeeShareMinor: label.labelPricePayeeMinor };
  const action = label.leg === "Delivery" ? "deliveryLabelCreated" : "returnLabelCreated";
  const applied = await transitionTrade(q, {
    trade,
    settings: tenant,
    action,
    actor: "paymentRail",
    now,
    label: shares,
  });
  return applied.trade;
}

/**
 * After the transaction that would have applied `issued` refused: unless the label was applied
 * after all (a concurrent completion of the same payment applied the same, idempotent label), the
 * carrier voids it. Best effort: a failure is logged, the caller's own error stands.
 */
export async function voidUnusedLabel(
  mode: ApiMode,
  label: LabelOrder,
  issued: IssuedLabel,
  stillPending: () => Promise<boolean>,
): Promise<void> {
  try {
    if (await stillPending())
      await carriersFor(mode)[label.carrier as CarrierId].voidLabel({
        labelId: label.id,
        providerReference: issued.providerReference,
      });
  } catch (error) {
    log.error(`Voiding the unused label ${label.id} failed`, error, { labelId: label.id });
  }
}
