// A paid-for label, in two steps so that no carrier call runs while the trade's row is locked:
// `requestLabel` asks the carrier outside any transaction (the carrier takes our label id as its
// idempotency key, so asking twice is harmless); then, in the caller's driver transaction, the
// label row takes the carrier's code and tracking address (written with the row when the label is
// paid from escrow at purchase, lib/trades/store/label-rows.ts issueLabelOfPayment when its payment
// completes later) and
// `labelCreated` applies the table's deliveryLabelCreated / returnLabelCreated, whose ledger
// movement pays for the label. When that transaction refuses, `voidUnusedLabel` lets the carrier
// void what nobody will use.
import type { ShipmentLabel, Tenant, Trade } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { log } from "../ops/log.ts";
import { carriersFor } from "../outside-parties.ts";
import type { LabelShares } from "../trades/store/label-rows.ts";
import type { LockedTradeTransaction } from "../trades/with-locked-trade.ts";
import type { CarrierId, IssuedLabel, ParcelRoute } from "./carrier.ts";
import { parcelRouteOf } from "./parcel-route.ts";

type LabelOrder = Pick<ShipmentLabel, "id" | "carrier" | "expectedMaxWeightGrams" | "tradeId" | "leg">;

/** `route`: the parcel's route when the caller read it already (buying a label reads it with the trade's shipping money). */
export async function requestLabel(mode: ApiMode, label: LabelOrder, route?: ParcelRoute): Promise<IssuedLabel> {
  const carrier = carriersFor(mode)[label.carrier as CarrierId];
  return carrier.issueLabel({
    labelId: label.id,
    weightGrams: label.expectedMaxWeightGrams,
    route: route ?? (await parcelRouteOf(label.tradeId, label.leg)),
  });
}

/** The trade's label-created transition: its ledger movement pays for the label, shared as the label says. */
export async function labelCreated(
  tx: LockedTradeTransaction,
  tenant: Tenant,
  trade: Trade,
  label: LabelShares,
  now: Date,
) {
  const shares = { payerShareMinor: label.labelPricePayerMinor, payeeShareMinor: label.labelPricePayeeMinor };
  const action = label.leg === "Delivery" ? "deliveryLabelCreated" : "returnLabelCreated";
  const applied = await tx.transition({
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
