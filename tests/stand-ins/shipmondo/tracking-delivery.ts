// Sends a shipment's tracking status to every active Shipment Monitor webhook: POST of the signed
// body (sign-message.ts) with Shipmondo's SMD-* headers, retried after each non-2xx answer or
// network failure, waiting `retryDelaysMs` between attempts, then given up. Shipmondo documents
// that an endpoint must answer 200 within 3 seconds; the stand-in takes any 2xx and waits 3 s.
//
// The message is `{ webhook, data, url }` with `data` the shipment as GET /shipments/{id} answers
// it plus `status`: the documents do not publish the Shipment Monitor's fields
// (lib/shipping/shipmondo/tracking-events.ts), so this is the stand-in's reading, to be checked
// against a real sandbox message.
import { signedBody } from "./sign-message.ts";
import type { DeliveryRecord, StandInState, StoredWebhook } from "./state.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt(url: string, body: string, headers: Record<string, string>): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
      signal: AbortSignal.timeout(3000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

async function deliver(
  state: StandInState,
  webhook: StoredWebhook,
  shipment: Record<string, unknown> & { id: number },
  status: string,
  retryDelaysMs: readonly number[],
): Promise<DeliveryRecord> {
  const message = { webhook: webhook.name, data: { ...shipment, status }, url: webhook.endpoint };
  const body = await signedBody(message, webhook.key);
  const headers = {
    "SMD-Resource-Type": webhook.resource_name,
    "SMD-Resource-Id": String(shipment.id),
    "SMD-Webhook-Id": String(webhook.id),
    "SMD-Action": status === "delivered" ? "delivered" : "latest",
    "SMD-User": "stand-in",
  };
  let record: DeliveryRecord | null = null;
  for (let attemptNumber = 1; attemptNumber <= retryDelaysMs.length + 1; attemptNumber++) {
    const answeredStatus = await attempt(webhook.endpoint, body, headers);
    const delivered = answeredStatus !== null && answeredStatus >= 200 && answeredStatus < 300;
    record = {
      webhookId: webhook.id,
      url: webhook.endpoint,
      shipmentId: shipment.id,
      status,
      attempt: attemptNumber,
      answeredStatus,
      delivered,
      at: new Date().toISOString(),
    };
    state.deliveries.push(record);
    if (delivered) break;
    const wait = retryDelaysMs[attemptNumber - 1];
    if (wait !== undefined) await sleep(wait);
  }
  return record as DeliveryRecord;
}

/** Delivers to each subscribed webhook; resolves with each one's last attempt once all are done. */
export async function sendTrackingStatus(
  state: StandInState,
  shipmentId: number,
  status: string,
  retryDelaysMs: readonly number[],
): Promise<DeliveryRecord[]> {
  const stored = state.shipments.get(shipmentId);
  if (!stored) throw new Error(`The stand-in has no shipment ${shipmentId}`);
  // `latest` hears every change; `delivered` only the delivery (POST /webhooks' actions).
  const subscribed = state.webhooks.filter(
    (webhook) =>
      webhook.active &&
      webhook.resource_name === "Shipment Monitor" &&
      (webhook.action === "latest" || (webhook.action === "delivered" && status === "delivered")),
  );
  return Promise.all(subscribed.map((webhook) => deliver(state, webhook, stored.shipment, status, retryDelaysMs)));
}
