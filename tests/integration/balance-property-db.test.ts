// The balance's promise (decisions.md §9), along random trade histories through the real engine and
// database, settlements, labels and payouts included: the sum of the tenant's balance transactions up to any
// moment equals its balance at that moment, field by field, and their amounts sum to its total.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import type { TenantContext } from "../../lib/auth/authenticate.ts";
import { balanceAt, totalOf, zeroBalance, type BalanceMinor } from "../../lib/balance/balance-at.ts";
import { FIELD_OF_ACCOUNT } from "../../lib/balance/ledger-to-balance.ts";
import { listBalanceTransactions } from "../../lib/balance/list-balance-transactions.ts";
import { minorUnitsFromNumber } from "../../lib/money/decimal.ts";
import { type LabelShares, type LedgerAccount } from "../../lib/money/ledger.ts";
import { applyTransition } from "../helpers/apply-transition.ts";
import { randomMove } from "../helpers/random-move.ts";
import type { Action } from "../../lib/trades/transition-table.ts";
import { insertTrade } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

/** A label's price shares: its buyer pays it all (these trades carry no shipping money of the payer's). */
const LABEL_SHARES: Partial<Record<Action, LabelShares>> = {
  deliveryLabelCreated: { payerShareMinor: 0n, payeeShareMinor: 4900n },
  returnLabelCreated: { payerShareMinor: 4900n, payeeShareMinor: 0n },
};

type Listed = Awaited<ReturnType<typeof listBalanceTransactions>>["balanceTransactions"];

/** Every balance transaction, walked page by page as a client would. */
async function allTransactions(context: TenantContext, limit: number): Promise<Listed> {
  const all: Listed = [];
  for (let startingAfter: string | undefined; ;) {
    const page = await listBalanceTransactions(context, { limit, startingAfter });
    all.push(...page.balanceTransactions);
    if (!page.hasMore) return all;
    startingAfter = page.balanceTransactions.at(-1)!.id;
  }
}

/** The balance the transactions up to `at` add up to. */
function summed(transactions: Listed, at: Date) {
  const balance = zeroBalance();
  let amounts = 0n;
  for (const t of transactions.filter((t) => new Date(t.createdAt) <= at)) {
    amounts += minorUnitsFromNumber(t.amount);
    for (const p of t.postings) {
      const field = FIELD_OF_ACCOUNT[p.account as LedgerAccount];
      if (field) balance[field] += minorUnitsFromNumber(p.amount);
    }
  }
  return { balance, amounts };
}

describe("the balance and its transactions", () => {
  it("agree at every moment over 40 random histories", async () => {
    const created = await freshTenant();
    const tenant = await db.tenant.findUniqueOrThrow({ where: { id: created.tenantId } });
    const context: TenantContext = { tenant, mode: "test", tokenId: "property-test" };
    const scope = { tenantId: tenant.id, mode: "test" as const, currency: "DKK" };
    let movedMoney = false;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ choice: fc.nat(), amount: fc.bigInt({ min: 100n, max: 10_000_000n }) }), {
          minLength: 3,
          maxLength: 20,
        }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        async (steps, limit, pick) => {
          const { id } = await insertTrade(tenant.id, { amountMinor: steps[0]!.amount });
          for (const step of steps) {
            const trade = await db.trade.findUniqueOrThrow({ where: { id } });
            const move = randomMove(trade, step.choice, 5);
            if (!move) break;
            const { action, actor, details } = move;
            try {
              // A label row's ledger movement pays for the label (lib/shipping/issue-label.ts).
              await applyTransition(trade, tenant, action, actor, new Date(), details, undefined, LABEL_SHARES[action]);
            } catch (error) {
              if (!(error instanceof AppError) || error.code !== "invalid-state") throw error;
            }
          }
          const transactions = await allTransactions(context, limit);
          const now = await balanceAt(scope);
          const expected: BalanceMinor = now.get("DKK")!;
          const all = summed(transactions, new Date(8.64e15));
          expect(all.balance).toEqual(expected);
          expect(all.amounts).toBe(totalOf(expected));
          if (transactions.length) {
            movedMoney = true;
            // A moment in the history: the balance then is what the transactions up to it add to.
            const at = new Date(transactions[pick % transactions.length]!.createdAt);
            const then = summed(transactions, at);
            expect(then.balance).toEqual((await balanceAt(scope, at)).get("DKK"));
            expect(then.amounts).toBe(totalOf(then.balance));
          }
        },
      ),
      { numRuns: 40, seed: 1717 },
    );
    expect(movedMoney).toBe(true);
    // The histories reached settlements, labels and payouts, so the property covered them (a return
    // label is rarer: random histories mostly settle a rejection instead).
    const kinds = await db.ledgerTransfer.groupBy({ by: ["kind"], where: { tenantId: tenant.id } });
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["fundEscrow", "settle", "settleWithRefund", "payout", "refundPayer", "delivery_label"]),
    );
  }, 180_000);
});
