// POST /v1/sandbox/payments/{paymentId}/chargeback: the payer's bank takes a paid escrow payment
// back (a card chargeback), and the news takes the path live news takes: the simulated bank opens
// its dispute and sends its signed callback, which is applied from the inbox by asking the bank
// (lib/payments/settle-rail-dispute.ts: the Chargeback, the ledger's `chargeback` transfer,
// trade.chargeback_opened, a payout not yet sent held). The endpoint answers once that is done,
// with the chargeback as recorded, as the complete-payment endpoint answers with the payment.
import { db } from "../db/client.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import { openBankDispute } from "../payments/simulated-rail/disputes.ts";
import { simulatedPaymentRail } from "../payments/simulated-rail/rail.ts";
import { sendDisputeCallbackNow } from "../payments/simulated-rail/send-callback.ts";
import { paymentIdOf } from "../trades/store/payment-rows.ts";
import type { CHARGEBACK_REASONS } from "./chargeback-schemas.ts";
import { recordedChargeback } from "./recorded-chargeback.ts";
import { serializeChargeback } from "./serialize-chargeback.ts";

export async function openSandboxChargeback(
  tenant: Tenant,
  mode: ApiMode,
  reference: string,
  reason: (typeof CHARGEBACK_REASONS)[number],
  now: Date,
) {
  const paymentId = await paymentIdOf({ tenantId: tenant.id, mode }, reference);
  const payment = paymentId ? await db.payment.findUnique({ where: { id: paymentId } }) : null;
  if (!payment) throw AppError.notFound(`Payment ${JSON.stringify(reference)}`);
  if (payment.purpose !== "Escrow")
    throw new AppError(
      "invalid-state",
      `The payment is for a label (\`${payment.purpose}\`); only a trade's escrow payment can be charged back.`,
    );
  if (payment.state !== "Paid")
    throw new AppError(
      "invalid-state",
      `The payment is \`${payment.state}\`; only a \`Paid\` escrow payment (nothing refunded) can be charged back.`,
    );
  if (payment.provider !== simulatedPaymentRail.name)
    throw new AppError(
      "forbidden",
      "The sandbox charges back only payments taken by the simulated payment rail; this deployment's test mode uses a real one.",
    );
  if (!payment.railPaymentId)
    throw new AppError(
      "invalid-state",
      "The payment was not paid at the simulated bank, so it has nothing to take back.",
    );

  const opening = await openBankDispute({ bankPaymentId: payment.railPaymentId, reason, now });
  switch (opening.kind) {
    case "opened":
      await sendDisputeCallbackNow(opening.id);
      return serializeChargeback(await recordedChargeback(opening.id));
    case "disputed": {
      // Disputed already, by another request a moment ago or by one whose server died before its
      // news was applied: the bank's dispute stands and its news is sent again (so that our record
      // does not wait for the sweep), but this request opened nothing, and says which one it met.
      await sendDisputeCallbackNow(opening.id);
      const earlier = serializeChargeback(await recordedChargeback(opening.id));
      throw new AppError(
        "invalid-state",
        earlier.chargebackState === "open"
          ? `The payment already has an open chargeback (\`${earlier.chargebackId}\`); close it first.`
          : `The payment was charged back already (\`${earlier.chargebackId}\`, \`${earlier.chargebackState}\`); a payer's bank takes a payment back once.`,
      );
    }
    case "not_paid":
      throw new AppError("invalid-state", "The simulated bank holds nothing of this payment to take back.");
  }
}
