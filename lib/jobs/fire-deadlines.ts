// Fires trade deadlines that have fallen due, each as an ordinary transition in its own
// transaction (decisions.md §3). Safe with several server instances: a trade is taken with
// FOR UPDATE SKIP LOCKED, and the transition itself is a compare-and-set.
import { db } from "../db/client.ts";
import type { Trade } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { tenantNow } from "../clock.ts";
import { ApiError } from "../api/errors.ts";
import { isLiveModeOpen, paymentRailFor } from "../outside-parties.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import type { Action } from "../trades/transition-table.ts";
import { loggableError } from "../http/loggable-error.ts";

export interface FiredDeadline {
  tradeId: string;
  action: string;
  state: string;
}

const BATCH = 100;

/**
 * Fires what is due now: live trades by real time, test-mode trades by their tenant's sandbox
 * clock. `only` limits it to one tenant's mode (the sandbox clock endpoint). While live mode is
 * closed (simulated providers), live deadlines wait: they fire once real providers are configured.
 */
export async function fireDueDeadlines(only?: { tenantId: string; mode: ApiMode }, maxRounds = 20): Promise<FiredDeadline[]> {
  const fired: FiredDeadline[] = [];
  const liveOpen = isLiveModeOpen();
  // Rounds, because one firing can make the next one due at once (auto-accept, then payout).
  for (let round = 0; round < maxRounds; round++) {
    const due = await db.$queryRaw<{ id: string }[]>`
      SELECT t."id" FROM "Trade" t JOIN "Tenant" n ON n."id" = t."tenantId"
      WHERE t."deadlineAt" IS NOT NULL
        AND t."deadlineAt" <= CASE WHEN t."mode" = 'test' THEN now() + n."sandboxClockOffsetSeconds" * interval '1 second' ELSE now() END
        AND (${liveOpen} OR t."mode" = 'test')
        AND (${only?.tenantId ?? null}::text IS NULL OR (t."tenantId" = ${only?.tenantId ?? null} AND t."mode" = ${only?.mode ?? "test"}::"ApiMode"))
      ORDER BY t."deadlineAt" LIMIT ${BATCH}`;
    if (due.length === 0) break;
    let progressed = false;
    for (const { id } of due) {
      const result = await fireOne(id);
      if (result) {
        fired.push(result);
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return fired;
}

async function fireOne(tradeId: string): Promise<FiredDeadline | null> {
  try {
    return await db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Trade" WHERE "id" = ${tradeId} FOR UPDATE SKIP LOCKED`;
      if (!locked.length) return null; // another instance is on it
      const trade = await tx.trade.findUniqueOrThrow({ where: { id: tradeId }, include: { tenant: true } });
      const now = tenantNow(trade.tenant, trade.mode);
      if (!trade.deadlineAt || !trade.deadlineKind || trade.deadlineAt > now) return null;
      const action = trade.deadlineKind as Action;

      if (action !== "payoutCompleted") {
        const { trade: moved } = await applyTransition(tx, trade, trade.tenant, action, "scheduler", now);
        return { tradeId: trade.id, action, state: moved.state };
      }
      const account = await payoutAccount(tx, trade);
      if (!account) {
        // Waits for the payee to choose a payout account, which arms the payout again.
        await tx.trade.update({ where: { id: trade.id }, data: { deadlineAt: null } });
        return null;
      }
      // The state moves first, then the rail is asked; if the rail fails, the transaction rolls
      // back and the next tick retries. The trade id is the payout's reference, so a retry after
      // a lost commit is deduplicated by the rail rather than paid twice.
      const { trade: moved } = await applyTransition(tx, trade, trade.tenant, action, "paymentRail", now, { payeeBusinessUserId: account.businessUserId });
      await paymentRailFor(trade.mode).payout({ amountMinor: trade.payeePayoutMinor, currency: trade.currency, accountNumber: account.accountNumber, reference: trade.id });
      return { tradeId: trade.id, action, state: moved.state };
    });
  } catch (error) {
    // A trade that moved meanwhile is not an error of the scheduler; anything else is logged and
    // retried on the next tick.
    if (error instanceof ApiError && (error.code === "conflict" || error.code === "invalid-state")) return null;
    console.error(`Deadline of trade ${tradeId} failed:`, loggableError(error));
    return null;
  }
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/**
 * Where the payout goes: the first prioritized payee that is an existing business user of the
 * tenant (its payouts account), else the payee's own payout account; null while there is none.
 */
async function payoutAccount(tx: Tx, trade: Trade): Promise<{ accountNumber: string; businessUserId: string | null } | null> {
  const prioritized = (trade.prioritizedPayees as { businessId: string; businessLocationId: string }[] | null) ?? [];
  if (prioritized.length) {
    const candidates = await tx.businessUser.findMany({
      where: { tenantId: trade.tenantId, mode: trade.mode, OR: prioritized.map((p) => ({ businessId: p.businessId, businessLocationId: p.businessLocationId })) },
    });
    for (const entry of prioritized) {
      const match = candidates.find((c) => c.businessId === entry.businessId && c.businessLocationId === entry.businessLocationId);
      if (match) return { accountNumber: match.payoutsAccountNumber, businessUserId: match.id };
    }
  }
  const user = await tx.marketplaceUser.findUnique({
    where: { tenantId_mode_marketplaceUserId: { tenantId: trade.tenantId, mode: trade.mode, marketplaceUserId: trade.payeeMarketplaceUserId } },
    include: { serviceAccount: true },
  });
  const accountNumber = user?.serviceAccount.bankAccountNumber;
  return accountNumber ? { accountNumber, businessUserId: null } : null;
}
