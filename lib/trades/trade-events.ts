// Trade webhook events (spec 6) written to the outbox with the transition that causes them.
// metadata carries state, previousState and a per-trade sequence so receivers can order them.
import type { Prisma, Trade } from "../db/generated/client.ts";
import { deterministicEventId } from "../webhooks/event-ids.ts";
import type { TradeState } from "./states.ts";
import type { TradeEventName } from "./transition-table.ts";

export interface TradeEventBody {
  id: string;
  referenceId: string;
  eventName: TradeEventName;
  eventDate: string;
  payerMarketplaceUserId: string;
  payeeMarketplaceUserId: string;
  tradeId: string;
  metadata: { state: TradeState; previousState: TradeState; sequence: number };
}

export async function writeTradeEvents(
  tx: Prisma.TransactionClient,
  trade: Trade,
  previousState: TradeState,
  names: readonly TradeEventName[],
  firstSequence: number,
  now: Date,
): Promise<void> {
  if (!names.length) return;
  await tx.outboxEvent.createMany({
    data: names.map((eventName, index) => {
      const sequence = firstSequence + index;
      // Deterministic: one event per (trade, sequence), so a retried transaction cannot add a copy.
      const id = deterministicEventId("trade", trade.id, String(sequence));
      const body: TradeEventBody = {
        id,
        referenceId: trade.referenceId ?? "",
        eventName,
        eventDate: now.toISOString(),
        payerMarketplaceUserId: trade.payerMarketplaceUserId,
        payeeMarketplaceUserId: trade.payeeMarketplaceUserId,
        tradeId: trade.id,
        metadata: { state: trade.state, previousState, sequence },
      };
      return {
        id,
        tenantId: trade.tenantId,
        mode: trade.mode,
        eventName,
        tradeId: trade.id,
        orderingKey: `trade:${trade.id}`,
        sequence,
        payload: body as unknown as Prisma.InputJsonValue,
        createdAt: now,
      };
    }),
  });
}
