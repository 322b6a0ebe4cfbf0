// The simulated rail's callback body: `{ "id": "simevt_…", "type": "payment.updated", "payment": "simbank_…" }`.
// Like a real rail's event it names what changed; what changed is read from the bank.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { RailEvent } from "../payment-rail.ts";

const SimulatedEvent = z.strictObject({
  id: z.string().regex(/^simevt_[0-9a-f]{24}$/),
  type: z.literal("payment.updated"),
  payment: z.string().regex(/^simbank_[0-9a-f]{24}$/),
});

export function simulatedEventBody(bankPaymentId: string): string {
  return JSON.stringify({
    id: `simevt_${randomBytes(12).toString("hex")}`,
    type: "payment.updated",
    payment: bankPaymentId,
  });
}

export function readSimulatedEvent(rawBody: string): RailEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const event = SimulatedEvent.safeParse(parsed);
  return event.success ? { eventId: event.data.id, objectKind: "payment", objectId: event.data.payment } : null;
}
