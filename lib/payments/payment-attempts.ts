// A try at paying a payment. Declined tries leave the payment Pending (the payer may try another
// method); every try is kept apart from the payment record, for support and the console.
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/client.ts";

export type AttemptOutcome = "succeeded" | "declined_by_bank" | "not_confirmed";
export type AttemptSource = "hosted" | "sandbox";

export async function recordAttempt(
  tx: Db | Prisma.TransactionClient,
  payment: { id: string; tenantId: string },
  attempt: { outcome: AttemptOutcome; source: AttemptSource; method?: string },
  now: Date,
): Promise<void> {
  await tx.paymentAttempt.create({
    data: {
      paymentId: payment.id,
      tenantId: payment.tenantId,
      outcome: attempt.outcome,
      source: attempt.source,
      method: attempt.method ?? null,
      createdAt: now,
    },
  });
}
