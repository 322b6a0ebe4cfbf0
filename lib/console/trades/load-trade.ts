// Everything the console's trade page shows, in one round of parallel queries: the trade as the
// API serializes it (both parties' status and timeline), the engine's history, payments, labels
// with tracking, the ledger, chargebacks, and the trade's webhook events with every delivery attempt.
import { db } from "../../db/client.ts";
import { railNamed } from "../../outside-parties.ts";
import { TERMINAL_STATES } from "../../trades/states.ts";
import { serializeTrades } from "../../trades/serialize-trade.ts";

export async function loadTradeForConsole(tenantId: string, tradeId: string) {
  const trade = await db.trade.findFirst({ where: { id: tradeId, tenantId } });
  if (!trade) return null;
  const scope = { tenantId, mode: trade.mode };
  const [[view], history, payments, labels, transfers, events, users, chargebacks] = await Promise.all([
    serializeTrades(scope, [trade], "en"),
    db.tradeTimelineEntry.findMany({ where: { tradeId }, orderBy: { sequence: "asc" } }),
    db.payment.findMany({
      where: { ...scope, tradeId },
      include: { attempts: { orderBy: { createdAt: "asc" } } },
      orderBy: { createdAt: "asc" },
    }),
    db.shipmentLabel.findMany({
      where: { ...scope, tradeId },
      include: { trackingEvents: { orderBy: { occurredAt: "asc" } } },
      orderBy: { createdAt: "asc" },
    }),
    db.ledgerTransfer.findMany({
      where: { ...scope, tradeId },
      include: { postings: { orderBy: { id: "asc" } } },
      orderBy: { createdAt: "asc" },
    }),
    db.outboxEvent.findMany({
      where: { ...scope, tradeId },
      orderBy: [{ sequence: "asc" }, { createdAt: "asc" }],
      include: {
        deliveries: {
          orderBy: { createdAt: "asc" },
          include: { subscription: { select: { url: true } }, attempts: { orderBy: { attemptNumber: "asc" } } },
        },
      },
    }),
    db.marketplaceUser.findMany({
      where: { ...scope, marketplaceUserId: { in: [trade.payerMarketplaceUserId, trade.payeeMarketplaceUserId] } },
      include: { serviceAccount: true },
    }),
    db.chargeback.findMany({ where: { ...scope, tradeId }, orderBy: { openedAt: "asc" } }),
  ]);
  // Warned of the rail's hold budget (lib/payments/hold-budget-warning.ts) and not ended: when it ends.
  const escrow = payments.find((p) => p.purpose === "Escrow" && p.paidAt);
  const holdBudgetEndsAt =
    trade.holdBudgetWarnedAt && escrow?.paidAt && !TERMINAL_STATES.has(trade.state)
      ? new Date(escrow.paidAt.getTime() + railNamed(escrow.provider).holdBudgetDays * 86_400_000)
      : null;
  const user = (id: string) => users.find((u) => u.marketplaceUserId === id) ?? null;
  return {
    trade,
    view: view!,
    history,
    payments,
    labels,
    transfers,
    events,
    chargebacks,
    holdBudgetEndsAt,
    payer: user(trade.payerMarketplaceUserId),
    payee: user(trade.payeeMarketplaceUserId),
  };
}

export type ConsoleTrade = NonNullable<Awaited<ReturnType<typeof loadTradeForConsole>>>;
