// POST /v1/sandbox/chargebacks/{chargebackId}/close: the payer's bank decides a sandbox chargeback,
// and the news takes the path live news takes: the simulated bank closes its dispute and sends its
// signed callback, applied from the inbox by asking the bank (lib/payments/settle-rail-dispute.ts:
// won gives the money back with the ledger's `chargeback_reversal` and a held payout goes on; lost
// leaves it with the payer; trade.chargeback_closed). The endpoint answers once that is done.
import { db } from "../db/client.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import { closeBankDispute } from "../payments/simulated-rail/disputes.ts";
import { simulatedPaymentRail } from "../payments/simulated-rail/rail.ts";
import { sendDisputeCallbackNow } from "../payments/simulated-rail/send-callback.ts";
import { recordedChargeback } from "./recorded-chargeback.ts";
import { serializeChargeback } from "./serialize-chargeback.ts";

const onlyOpen = (state: string) =>
  new AppError("invalid-state", `The chargeback is \`${state}\`; only an \`open\` chargeback can be closed.`);

export async function closeSandboxChargeback(
  tenant: Tenant,
  mode: ApiMode,
  chargebackId: string,
  outcome: "won" | "lost",
  now: Date,
) {
  const chargeback = await db.chargeback.findFirst({ where: { id: chargebackId, tenantId: tenant.id, mode } });
  if (!chargeback) throw AppError.notFound(`Chargeback ${JSON.stringify(chargebackId)}`);
  if (chargeback.provider !== simulatedPaymentRail.name)
    throw new AppError(
      "forbidden",
      "The sandbox closes only chargebacks of the simulated payment rail; a real rail's bank decides this one.",
    );
  if (chargeback.state !== "Open") throw onlyOpen(serializeChargeback(chargeback).chargebackState);
  const closedHere = await closeBankDispute(chargeback.railDisputeId, outcome, now);
  // Decided at the bank either way; when not here (another close a moment ago, or one whose server
  // died before its news was applied), its news is sent again all the same, so that our record
  // does not wait for the sweep, and this request says that it closed nothing.
  await sendDisputeCallbackNow(chargeback.railDisputeId);
  const closed = serializeChargeback(await recordedChargeback(chargeback.railDisputeId));
  if (!closedHere) throw onlyOpen(closed.chargebackState);
  return closed;
}
