// Stripe's event object: what happened (`type`), a snapshot of the object as it was then
// (`data.object`, with `data.previous_attributes` on updates), and, for an event of a connected
// account, that account's id in `account` (absent on the platform's own events).
import type Stripe from "stripe";
import { newId } from "../ids.ts";
import { cloneJson, type JsonObject } from "../json.ts";

export interface StandInEvent {
  id: string;
  object: "event";
  account?: string;
  api_version: string;
  created: number;
  data: { object: JsonObject; previous_attributes?: JsonObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: Stripe.Event["type"];
}

/** The request that caused an event; events Stripe raises on its own (a payout arriving) have none. */
export interface CausingRequest {
  requestId: string | null;
  idempotencyKey: string | null;
}

export const NO_REQUEST: CausingRequest = { requestId: null, idempotencyKey: null };

export function buildEvent(input: {
  type: Stripe.Event["type"];
  object: object;
  connectedAccount: string | null;
  apiVersion: string;
  created: number;
  request: CausingRequest;
  previousAttributes?: JsonObject;
}): StandInEvent {
  const event: StandInEvent = {
    id: newId("evt"),
    object: "event",
    api_version: input.apiVersion,
    created: input.created,
    data: { object: cloneJson(input.object) as JsonObject },
    livemode: false,
    pending_webhooks: 0,
    request: { id: input.request.requestId, idempotency_key: input.request.idempotencyKey },
    type: input.type,
  };
  if (input.previousAttributes) event.data.previous_attributes = input.previousAttributes;
  // Stripe puts `account` first on Connect events; order does not matter to JSON readers.
  return input.connectedAccount ? { account: input.connectedAccount, ...event } : event;
}
