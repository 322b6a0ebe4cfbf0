// Voids a label that was bought for a purchase that then did not go through: PUT
// /shipments/{id}/cancel cancels at Shipmondo and, where the carrier allows it, at the carrier
// (ShipmentCancelled: `cancelled`, `cancelled_at_carrier`, `refunded`). Cancelling does not refund
// by itself (the operation's note); `refunded` says whether Shipmondo has. A shipment Shipmondo
// would not cancel is an error, since the caller counts on the label never being billed.
import type { ShipmondoClient } from "./client.ts";
import { ShipmondoError } from "./shipmondo-error.ts";

export interface CancelledShipment {
  cancelledAtCarrier: boolean;
  refunded: boolean;
}

export async function cancelShipment(client: ShipmondoClient, shipmentId: string): Promise<CancelledShipment> {
  if (!/^\d+$/.test(shipmentId))
    throw new RangeError(`A Shipmondo shipment id is an integer (got ${JSON.stringify(shipmentId)})`);
  const path = `/shipments/${shipmentId}/cancel`;
  const answer = await client.call("PUT", path);
  const result = (typeof answer.body === "object" && answer.body !== null ? answer.body : {}) as Record<
    string,
    unknown
  >;
  if (result.cancelled !== true) {
    throw new ShipmondoError("rejected", `Shipmondo PUT ${path} did not cancel the shipment`, answer.status);
  }
  return { cancelledAtCarrier: result.cancelled_at_carrier === true, refunded: result.refunded === true };
}
