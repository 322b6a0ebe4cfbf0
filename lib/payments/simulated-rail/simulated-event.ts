// The simulated rail's callback body: `{ "id": "simevt_…", "type": "payment.updated", "payment":
// "simbank_…" }`, `{ "id": "simevt_…", "type": "refund.updated", "refund": "simrefund_…" }`,
// `{ "id": "simevt_…", "type": "payout.updated", "payout": "simpayout_…", "escrowPayoutId": "<our
// Payout's id>" }` (ours as a real rail's metadata carries it) or `{ "id": "simevt_…", "type":
// "dispute.updated", "dispute": "simdispute_…" }` (opened or decided). Like a real rail's event it
// names what changed; what changed is read from the bank.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { RailEvent } from "../payment-rail.ts";

const EVENT_ID = z.string().regex(/^simevt_[0-9a-f]{24}$/);
const SimulatedEvent = z.discriminatedUnion("type", [
  z.strictObject({
    id: EVENT_ID,
    type: z.literal("payment.updated"),
    payment: z.string().regex(/^simbank_[0-9a-f]{24}$/),
  }),
  z.strictObject({
    id: EVENT_ID,
    type: z.literal("refund.updated"),
    refund: z.string().regex(/^simrefund_[0-9a-f]{24}$/),
  }),
  z.strictObject({
    id: EVENT_ID,
    type: z.literal("payout.updated"),
    payout: z.string().regex(/^simpayout_[0-9a-f]{24}$/),
    escrowPayoutId: z.uuid(),
  }),
  z.strictObject({
    id: EVENT_ID,
    type: z.literal("dispute.updated"),
    dispute: z.string().regex(/^simdispute_[0-9a-f]{24}$/),
  }),
]);

const newEventId = () => `simevt_${randomBytes(12).toString("hex")}`;

export function simulatedEventBody(bankPaymentId: string): string {
  return JSON.stringify({ id: newEventId(), type: "payment.updated", payment: bankPaymentId });
}

export function simulatedRefundEventBody(bankRefundId: string): string {
  return JSON.stringify({ id: newEventId(), type: "refund.updated", refund: bankRefundId });
}

export function simulatedPayoutEventBody(bankPayoutId: string, payoutId: string): string {
  return JSON.stringify({ id: newEventId(), type: "payout.updated", payout: bankPayoutId, escrowPayoutId: payoutId });
}

export function simulatedDisputeEventBody(bankDisputeId: string): string {
  return JSON.stringify({ id: newEventId(), type: "dispute.updated", dispute: bankDisputeId });
}

export function readSimulatedEvent(rawBody: string): RailEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const event = SimulatedEvent.safeParse(parsed);
  if (!event.success) return null;
  const { data } = event;
  switch (data.type) {
    case "payment.updated":
      return { eventId: data.id, objectKind: "payment", objectId: data.payment };
    case "refund.updated":
      return { eventId: data.id, objectKind: "refund", objectId: data.refund };
    case "payout.updated":
      return { eventId: data.id, objectKind: "our-payout", objectId: data.escrowPayoutId };
    case "dispute.updated":
      return { eventId: data.id, objectKind: "dispute", objectId: data.dispute };
  }
}
