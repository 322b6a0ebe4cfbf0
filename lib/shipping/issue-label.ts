// The carrier issues a paid-for label: the label gets its code and tracking address, the money
// for it moves (lib/money/ledger.ts labelPostings), and the trade moves to LabelCreated or
// ReturnLabelCreated, all in the caller's transaction.
import type { Prisma, ShipmentLabel, Tenant, Trade } from "../db/generated/client.ts";
import { labelPostings, writeTransfer } from "../money/ledger.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import type { CarrierId } from "./carrier.ts";
import { carriersFor } from "../outside-parties.ts";

export async function issueLabel(tx: Prisma.TransactionClient, tenant: Tenant, trade: Trade, label: ShipmentLabel, now: Date): Promise<Trade> {
  const issued = await carriersFor(trade.mode)[label.carrier as CarrierId].issueLabel({ labelId: label.id, weightGrams: label.expectedMaxWeightGrams });
  await tx.shipmentLabel.update({ where: { id: label.id }, data: { ...issued, status: "Created" } });

  const delivery = label.leg === "Delivery";
  const fromEscrow = delivery ? label.labelPricePayerMinor : 0n;
  const unusedShipping = delivery ? trade.shippingPayerMinor - fromEscrow : 0n;
  const paidByParty = delivery ? label.labelPricePayeeMinor : label.labelPricePayerMinor;
  await writeTransfer(
    tx,
    { tenantId: trade.tenantId, mode: trade.mode, tradeId: trade.id, currency: trade.currency },
    delivery ? "delivery_label" : "return_label",
    labelPostings(fromEscrow, unusedShipping, paidByParty, delivery ? "payee_funding" : "payer_funding"),
    now,
  );
  const { trade: moved } = await applyTransition(tx, trade, tenant, delivery ? "deliveryLabelCreated" : "returnLabelCreated", "paymentRail", now);
  return moved;
}
