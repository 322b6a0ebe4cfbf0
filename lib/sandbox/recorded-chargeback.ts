// Our Chargeback of a simulated bank dispute, read once the bank's callback about it was applied
// (lib/payments/settle-rail-dispute.ts records it): what the sandbox's chargeback endpoints answer.
import { db } from "../db/client.ts";
import type { Chargeback } from "../db/generated/client.ts";
import { simulatedPaymentRail } from "../payments/simulated-rail/rail.ts";

export async function recordedChargeback(bankDisputeId: string): Promise<Chargeback> {
  const chargeback = await db.chargeback.findUnique({
    where: { provider_railDisputeId: { provider: simulatedPaymentRail.name, railDisputeId: bankDisputeId } },
  });
  // The callback was applied without an error, so the dispute names a payment that is not ours: a
  // fault of the sandbox's, not of the request.
  if (!chargeback) throw new Error(`The simulated bank's dispute ${bankDisputeId} was applied but not recorded`);
  return chargeback;
}
