// Reconciliation of a payment rail: its balance transactions for a period (the rail's own record
// of money moving on our account) matched against our records, whose amounts the console's
// Finance reconciliation already matches against the ledger (lib/console/finance/reconcile.ts), so
// the chain rail ↔ records ↔ ledger is checked end to end. Each of the rail's movements must be one
// of ours with the same amount and currency (charge ↔ the payer's successful try, refund ↔
// RailRefund, transfer ↔ Payout.railTransferId, its reversal ↔ Chargeback.railReversalId, payout ↔
// Payout.providerPayoutId, chargeback and its reversal ↔ Chargeback); each of our charges, refunds and chargebacks of the period must be at
// the rail. Our record of a movement may come later than the rail's (a callback late by hours), so
// the rail is read a day either side of the period for that check. The rail's fees are summed per
// currency. The result is one RailReconciliation with its mismatches, written once per period.
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { PaymentRail, RailBalanceTransaction } from "./payment-rail.ts";

const DAY_MS = 86_400_000;

export interface Mismatch {
  tenantId: string | null;
  mode: ApiMode | null;
  tradeId: string | null;
  objectType: "charge" | "refund" | "transfer" | "payout" | "chargeback";
  kind: "missing_here" | "missing_at_rail" | "amount_differs";
  railObjectId: string | null;
  railAmountMinor: bigint | null;
  ourAmountMinor: bigint | null;
  currency: string;
}

/** One of our records, as the rail should show it: the signed amount it moved at the rail. */
interface Ours {
  tenantId: string;
  mode: ApiMode;
  tradeId: string;
  amountMinor: bigint;
  currency: string;
}

const OBJECT_OF_KIND: Record<Exclude<RailBalanceTransaction["kind"], "other">, Mismatch["objectType"]> = {
  charge: "charge",
  refund: "refund",
  transfer: "transfer",
  transfer_reversal: "transfer",
  payout: "payout",
  chargeback: "chargeback",
  chargeback_reversal: "chargeback",
};

export async function reconcileRail(
  rail: PaymentRail,
  period: { from: Date; to: Date },
): Promise<{ id: string; matched: number; mismatches: Mismatch[] }> {
  const wide = { from: new Date(period.from.getTime() - DAY_MS), to: new Date(period.to.getTime() + DAY_MS) };
  const seen: RailBalanceTransaction[] = [];
  for await (const transaction of rail.balanceTransactions(wide)) seen.push(transaction);
  const inPeriod = seen.filter((t) => t.createdAt >= period.from && t.createdAt < period.to && t.kind !== "other");
  const ours = await oursOf(rail.name, inPeriod);

  const mismatches: Mismatch[] = [];
  let matched = 0;
  const fees = new Map<string, bigint>();
  for (const t of seen.filter((t) => t.createdAt >= period.from && t.createdAt < period.to))
    fees.set(t.currency, (fees.get(t.currency) ?? 0n) + t.feeMinor);
  for (const transaction of inPeriod) {
    const objectType = OBJECT_OF_KIND[transaction.kind as keyof typeof OBJECT_OF_KIND];
    const record = ours.get(`${transaction.kind}:${transaction.sourceId}`);
    const base = {
      objectType,
      railObjectId: transaction.sourceId,
      railAmountMinor: transaction.amountMinor,
      currency: transaction.currency,
    };
    if (!record) {
      mismatches.push({
        ...base,
        tenantId: null,
        mode: null,
        tradeId: null,
        kind: "missing_here",
        ourAmountMinor: null,
      });
    } else if (record.amountMinor !== transaction.amountMinor || record.currency !== transaction.currency) {
      mismatches.push({ ...base, ...scopeOf(record), kind: "amount_differs", ourAmountMinor: record.amountMinor });
    } else matched++;
  }
  mismatches.push(...(await missingAtRail(rail.name, period, new Set(seen.map((t) => `${t.kind}:${t.sourceId}`)))));

  const saved = await db.railReconciliation.upsert({
    where: { provider_periodStart_periodEnd: { provider: rail.name, periodStart: period.from, periodEnd: period.to } },
    create: {
      provider: rail.name,
      periodStart: period.from,
      periodEnd: period.to,
      matched,
      mismatched: mismatches.length,
      railFees: Object.fromEntries([...fees].map(([currency, fee]) => [currency, fee.toString()])),
      finishedAt: new Date(),
      mismatches: { create: mismatches },
    },
    // Run again for the same period (an operator's re-run): its findings replace the earlier ones.
    update: {
      matched,
      mismatched: mismatches.length,
      railFees: Object.fromEntries([...fees].map(([currency, fee]) => [currency, fee.toString()])),
      finishedAt: new Date(),
      mismatches: { deleteMany: {}, create: mismatches },
    },
    select: { id: true },
  });
  return { id: saved.id, matched, mismatches };
}

// What each kind of our records is read with, by the rail's side and by ours alike.
const CHARGE_FIELDS = {
  railAttemptId: true,
  payment: { select: { tenantId: true, mode: true, tradeId: true, amountMinor: true, currency: true } },
} as const;
const REFUND_FIELDS = {
  railRefundId: true,
  tenantId: true,
  mode: true,
  amountMinor: true,
  currency: true,
  payment: { select: { tradeId: true } },
} as const;

const scopeOf = (record: Ours) => ({ tenantId: record.tenantId, mode: record.mode, tradeId: record.tradeId });

/** Our record of each of the rail's movements, keyed `${kind}:${sourceId}`, amounts signed as the rail moves them. */
async function oursOf(provider: string, transactions: RailBalanceTransaction[]): Promise<Map<string, Ours>> {
  const ids = (...kinds: RailBalanceTransaction["kind"][]) =>
    transactions.filter((t) => kinds.includes(t.kind)).map((t) => t.sourceId);
  const [charges, refunds, transfers, feeTransfers, payouts, chargebacks, reversals] = await Promise.all([
    db.paymentAttempt.findMany({
      where: { railAttemptId: { in: ids("charge") }, outcome: "succeeded", payment: { provider } },
      select: CHARGE_FIELDS,
    }),
    db.railRefund.findMany({
      where: { provider, railRefundId: { in: ids("refund") } },
      select: REFUND_FIELDS,
    }),
    db.payout.findMany({
      where: { provider, railTransferId: { in: ids("transfer") } },
      orderBy: { attempt: "asc" },
      select: { railTransferId: true, tenantId: true, mode: true, tradeId: true, amountMinor: true, currency: true },
    }),
    feeTransfersOf(ids("transfer")),
    db.payout.findMany({
      where: { provider, providerPayoutId: { in: ids("payout") } },
      select: { providerPayoutId: true, tenantId: true, mode: true, tradeId: true, amountMinor: true, currency: true },
    }),
    db.chargeback.findMany({
      where: { provider, railDisputeId: { in: ids("chargeback", "chargeback_reversal") } },
      select: {
        railDisputeId: true,
        state: true,
        tenantId: true,
        mode: true,
        tradeId: true,
        amountMinor: true,
        currency: true,
      },
    }),
    // A transfer reversed to pay for a lost chargeback (lib/payments/decide-lost-chargeback.ts).
    db.chargeback.findMany({
      where: { provider, railReversalId: { in: ids("transfer_reversal") } },
      select: { railReversalId: true, recoveredMinor: true, tenantId: true, mode: true, tradeId: true, currency: true },
    }),
  ]);
  const found = new Map<string, Ours>();
  for (const { railAttemptId, payment } of charges) found.set(`charge:${railAttemptId}`, payment);
  for (const r of refunds)
    found.set(`refund:${r.railRefundId}`, { ...r, tradeId: r.payment.tradeId, amountMinor: -r.amountMinor });
  // A trade's transfer is made once (the first try's); reversed only for a lost chargeback (below).
  for (const p of transfers)
    if (!found.has(`transfer:${p.railTransferId}`))
      found.set(`transfer:${p.railTransferId}`, { ...p, amountMinor: -p.amountMinor });
  for (const [railTransferId, fees] of feeTransfers) found.set(`transfer:${railTransferId}`, fees);
  for (const p of payouts) found.set(`payout:${p.providerPayoutId}`, { ...p, amountMinor: -p.amountMinor });
  for (const c of chargebacks) {
    found.set(`chargeback:${c.railDisputeId}`, { ...c, amountMinor: -c.amountMinor });
    if (c.state === "Won") found.set(`chargeback_reversal:${c.railDisputeId}`, c);
  }
  for (const { railReversalId, recoveredMinor, ...r } of reversals)
    found.set(`transfer_reversal:${railReversalId}`, { ...r, amountMinor: recoveredMinor ?? 0n });
  return found;
}

/** The tenants' fee transfers among `railTransferIds` (lib/payouts/send-tenant-fees.ts), amounts from the ledger. */
async function feeTransfersOf(railTransferIds: string[]): Promise<Map<string, Ours>> {
  const trades = await db.trade.findMany({
    where: { feeTransferId: { in: railTransferIds } },
    select: { id: true, tenantId: true, mode: true, currency: true, feeTransferId: true },
  });
  const sent = await db.ledgerPosting.groupBy({
    by: ["tradeId"],
    where: { tradeId: { in: trades.map((t) => t.id) }, account: "tenant_bank" },
    _sum: { amountMinor: true },
  });
  const amountOf = new Map(sent.map((s) => [s.tradeId, s._sum.amountMinor ?? 0n]));
  return new Map(
    trades.map((t) => [
      t.feeTransferId!,
      {
        tenantId: t.tenantId,
        mode: t.mode,
        tradeId: t.id,
        currency: t.currency,
        amountMinor: -(amountOf.get(t.id) ?? 0n),
      },
    ]),
  );
}

/** Our charges, refunds and chargebacks of the period that the rail does not show (read a day either side). */
async function missingAtRail(provider: string, period: { from: Date; to: Date }, atRail: Set<string>) {
  const during = { gte: period.from, lt: period.to };
  const [charges, refunds, chargebacks] = await Promise.all([
    db.paymentAttempt.findMany({
      where: { outcome: "succeeded", railAttemptId: { not: null }, createdAt: during, payment: { provider } },
      select: CHARGE_FIELDS,
    }),
    db.railRefund.findMany({
      where: { provider, state: "Succeeded", settledAt: during },
      select: REFUND_FIELDS,
    }),
    db.chargeback.findMany({
      where: { provider, openedAt: during },
      select: { railDisputeId: true, tenantId: true, mode: true, tradeId: true, amountMinor: true, currency: true },
    }),
  ]);
  const missing = (
    objectType: Mismatch["objectType"],
    railObjectId: string | null,
    record: Ours,
    amountMinor: bigint,
  ): Mismatch => ({
    ...scopeOf(record),
    objectType,
    kind: "missing_at_rail",
    railObjectId,
    railAmountMinor: null,
    ourAmountMinor: amountMinor,
    currency: record.currency,
  });
  return [
    ...charges
      .filter((c) => !atRail.has(`charge:${c.railAttemptId}`))
      .map((c) => missing("charge", c.railAttemptId, c.payment, c.payment.amountMinor)),
    ...refunds
      .filter((r) => !atRail.has(`refund:${r.railRefundId}`))
      .map((r) => missing("refund", r.railRefundId, { ...r, tradeId: r.payment.tradeId }, -r.amountMinor)),
    ...chargebacks
      .filter((c) => !atRail.has(`chargeback:${c.railDisputeId}`))
      .map((c) => missing("chargeback", c.railDisputeId, c, -c.amountMinor)),
  ];
}
