// The tenant's share of the fees, sent to the tenant's own account at the payment rail (a Stripe
// connected account, opened from the bank account and terms an admin gave on the console's
// settings page). Each released trade's `tenant_revenue` is transferred once, funded by the trade's
// escrow payment, with an idempotency key from the trade's id; the ledger's `tenant_fee_payout`
// (tenant_revenue → tenant_bank) is written in the transaction that records the transfer. A trade
// whose fees are nothing, or whose tenant has no fee account yet, is marked "none" and not sent
// later (fees of trades released after the account is given are). Run by the worker's rail round.
import type { ApiMode } from "../db/generated/enums.ts";
import type { Tenant } from "../db/generated/client.ts";
import { db } from "../db/client.ts";
import { inTransaction, run } from "../db/sql.ts";
import { lastDigits } from "../payments/bank-account.ts";
import { paymentRailFor, railNamed } from "../outside-parties.ts";
import { writeTransfer } from "../trades/store/ledger-rows.ts";
import { markFeesSent } from "../trades/store/rail-notice-rows.ts";
import type { PayoutRecipient } from "../trades/store/payout-rows.ts";
import { escrowAtRail } from "./escrow-at-rail.ts";
import { payeeAtRail, type PayeeAtRail } from "./rail-payee.ts";

const NONE = "none";

/** The tenant as a payee of the rail: a company, paid on the rail's own schedule. */
function tenantRecipient(tenant: Tenant): PayoutRecipient | null {
  if (!tenant.feeAccountNumber) return null;
  return {
    accountNumber: tenant.feeAccountNumber,
    last4: lastDigits(tenant.feeAccountNumber),
    holderName: tenant.feeAccountHolder ?? tenant.name,
    payee: {
      key: `tenant:${tenant.id}`,
      kind: "company",
      name: tenant.name,
      address: null,
      registrationNumber: null,
      termsAccepted: tenant.feeTermsAcceptedAt
        ? { at: tenant.feeTermsAcceptedAt, ip: tenant.feeTermsAcceptedIp }
        : null,
    },
    marketplaceUserId: null,
    business: null,
  };
}

/** Opens (or updates) the tenant's account at `mode`'s rail now; never throws (the first transfer does it again). */
export async function prepareTenantAtRail(tenantId: string, mode: ApiMode): Promise<PayeeAtRail | null> {
  try {
    const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId } });
    const recipient = tenantRecipient(tenant);
    return recipient && (await payeeAtRail(paymentRailFor(mode), { tenantId, mode }, recipient, tenant.currency));
  } catch (error) {
    console.warn(`The tenant's account at the ${mode} rail was not prepared now: ${String(error)}`);
    return null;
  }
}

export async function sendTenantFees(limit = 50): Promise<number> {
  const due = await db.trade.findMany({
    where: { feeTransferId: null, state: "Released" },
    take: limit,
    select: { id: true, tenantId: true, mode: true, currency: true, tenant: true },
  });
  let sent = 0;
  for (const trade of due) {
    try {
      if (await sendFeesOf(trade)) sent++;
    } catch (error) {
      console.warn(`The fees of trade ${trade.id} were not sent to its tenant: ${String(error)}`);
    }
  }
  return sent;
}

async function sendFeesOf(trade: { id: string; tenantId: string; mode: ApiMode; currency: string; tenant: Tenant }) {
  const [revenue, escrow] = await Promise.all([
    db.ledgerPosting.aggregate({
      where: { tradeId: trade.id, account: "tenant_revenue" },
      _sum: { amountMinor: true },
    }),
    escrowAtRail(run, trade),
  ]);
  const amountMinor = revenue._sum.amountMinor ?? 0n;
  const recipient = tenantRecipient(trade.tenant);
  if (amountMinor <= 0n || !recipient || !escrow) {
    await inTransaction((q) => markFeesSent(q, trade.id, NONE));
    return false;
  }
  const rail = railNamed(escrow.provider);
  const atRail = await payeeAtRail(rail, trade, recipient, trade.currency);
  const { railTransferId } = await rail.transferFees({
    tradeId: trade.id,
    railAccountId: atRail.railAccountId,
    railPaymentId: escrow.railPaymentId,
    amountMinor,
    currency: trade.currency,
  });
  return inTransaction(async (q) => {
    // Another worker may have recorded the same transfer first (the rail's key made it once).
    if (!(await markFeesSent(q, trade.id, railTransferId))) return false;
    await writeTransfer(
      q,
      { tenantId: trade.tenantId, mode: trade.mode, tradeId: trade.id, currency: trade.currency },
      "tenant_fee_payout",
      [
        { account: "tenant_revenue", amountMinor: -amountMinor },
        { account: "tenant_bank", amountMinor },
      ],
      new Date(),
    );
    return true;
  });
}
