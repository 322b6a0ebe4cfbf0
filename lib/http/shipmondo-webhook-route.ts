// POST /carrier-events/shipmondo – Shipmondo's webhooks about the shipments we booked (register
// this URL at Shipmondo with the key SHIPMONDO_WEBHOOK_KEY; docs/go-live.md). The body is verified
// as Shipmondo signs it (lib/shipping/shipmondo/verify-webhook.ts), stored in the carriers' inbox,
// and the shipment's status moves the trade through the same path as the sandbox's carrier events
// (lib/shipping/receive-carrier-event.ts). A message carries no event id: the inbox knows it by
// the shipment and the status it reached, so a second message of the same status is a duplicate;
// a late or reordered one is told apart by the trade's own state and changes nothing. Both are
// answered 200, like a shipment that is not one of our labels, so that Shipmondo stops sending
// them. 400 for a body that is not Shipmondo's (nothing stored); 404 on a deployment without
// Shipmondo's webhook key; 500 when applying failed (kept in the inbox: Shipmondo sends it again,
// and the scheduler's sweep applies it if Shipmondo gives up).
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { readLimited } from "./request-body.ts";
import { secretSetting } from "../secret-setting.ts";
import { receiveCarrierEvent } from "../shipping/receive-carrier-event.ts";
import {
  readTrackingUpdate,
  ShipmondoWebhookRefused,
  verifyShipmondoWebhook,
} from "../shipping/shipmondo/shipmondo-carrier.ts";

const MAX_WEBHOOK_BYTES = 256 * 1024;

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

export async function shipmondoWebhook(request: Request): Promise<Response> {
  // A deployment without Shipmondo has no such endpoint (and nothing to verify a message with).
  const webhookKey = secretSetting("SHIPMONDO_WEBHOOK_KEY");
  if (!webhookKey) return answer(404, { error: "Shipmondo is not configured on this deployment." });
  let update;
  try {
    const raw = new TextDecoder().decode(await readLimited(request, MAX_WEBHOOK_BYTES));
    const message = await verifyShipmondoWebhook(raw, webhookKey);
    update = readTrackingUpdate(message);
  } catch (error) {
    if (error instanceof ShipmondoWebhookRefused) return answer(400, { error: `refused: ${error.reason}` });
    if (error instanceof AppError && error.code === "payload-too-large") return answer(413, { error: error.message });
    throw error;
  }
  if (!update?.event || !update.reference) return answer(200, { received: true, outcome: "not a tracking event" });
  const label = await db.shipmentLabel.findUnique({
    where: { id: update.reference },
    select: { id: true, providerReference: true },
  });
  // Ours only when the shipment is the one booked for that label.
  if (!label || label.providerReference !== update.shipmentId)
    return answer(200, { received: true, outcome: "not one of our labels" });
  try {
    const done = await receiveCarrierEvent({
      provider: "shipmondo",
      eventKey: `${update.shipmentId}:${update.status}`,
      labelId: label.id,
      event: update.event,
    });
    return answer(200, { received: true, ...done });
  } catch (error) {
    console.error(`Shipmondo webhook for label ${label.id} not applied: ${String(error)}`);
    return answer(500, { error: "not applied; send it again" });
  }
}
