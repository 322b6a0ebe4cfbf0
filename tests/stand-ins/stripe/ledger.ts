// The balances: every movement of money is a balance transaction on the account it moves, as on
// Stripe, and an account's balance is the sum of its balance transactions' `net`, split by
// whether `available_on` has passed (available) or not (pending). So listing balance
// transactions and summing them always agrees with GET /v1/balance to the minor unit.
import type Stripe from "stripe";
import type { StandInClock } from "./clock.ts";
import { newId } from "./ids.ts";
import { fromFixture } from "./objects/fixtures.ts";
import type { StandInState } from "./state.ts";

export interface Movement {
  account: string;
  amount: number;
  currency: string;
  type: Stripe.BalanceTransaction.Type;
  reportingCategory: string;
  source: string;
  description: string | null;
  fee?: number;
  feeDescription?: string;
  /** Unix seconds; now when absent. */
  availableOn?: number;
}

export class Ledger {
  constructor(
    private readonly state: StandInState,
    private readonly clock: StandInClock,
  ) {}

  record(movement: Movement): Stripe.BalanceTransaction {
    const now = this.clock.now();
    const fee = movement.fee ?? 0;
    const availableOn = movement.availableOn ?? now;
    const transaction = fromFixture<Stripe.BalanceTransaction>("balance_transaction", {
      id: newId("txn"),
      amount: movement.amount,
      available_on: availableOn,
      created: now,
      currency: movement.currency,
      description: movement.description,
      exchange_rate: null,
      fee,
      fee_details:
        fee === 0
          ? []
          : [
              {
                amount: fee,
                application: null,
                currency: movement.currency,
                description: movement.feeDescription ?? "Stripe processing fees",
                type: "stripe_fee",
              },
            ],
      net: movement.amount - fee,
      reporting_category: movement.reportingCategory,
      source: movement.source,
      status: availableOn <= now ? "available" : "pending",
      type: movement.type,
    });
    return this.state.balanceTransactions.add(movement.account, transaction);
  }

  /** Brings every `status` up to the clock; called before anything reads them. */
  refresh(): void {
    const now = this.clock.now();
    for (const { object } of this.state.balanceTransactions.all()) {
      if (object.status === "pending" && object.available_on <= now) object.status = "available";
    }
  }

  transactionsOf(account: string): Stripe.BalanceTransaction[] {
    this.refresh();
    return this.state.balanceTransactions.ownedBy(account);
  }

  /** Available and pending amounts by currency. */
  totals(account: string): Map<string, { available: number; pending: number }> {
    const totals = new Map<string, { available: number; pending: number }>();
    for (const transaction of this.transactionsOf(account)) {
      const entry = totals.get(transaction.currency) ?? { available: 0, pending: 0 };
      if (transaction.status === "available") entry.available += transaction.net;
      else entry.pending += transaction.net;
      totals.set(transaction.currency, entry);
    }
    return totals;
  }

  available(account: string, currency: string): number {
    return this.totals(account).get(currency)?.available ?? 0;
  }

  balance(account: string, isPlatform: boolean): Stripe.Balance {
    const totals = [...this.totals(account).entries()];
    const shown = totals.length > 0 ? totals : [["dkk", { available: 0, pending: 0 }] as const];
    return fromFixture<Stripe.Balance>("balance", {
      available: shown.map(([currency, { available }]) => ({
        amount: available,
        currency,
        source_types: { card: available },
      })),
      pending: shown.map(([currency, { pending }]) => ({ amount: pending, currency, source_types: { card: pending } })),
      // Only a platform has funds reserved for its connected accounts' negative balances.
      connect_reserved: isPlatform ? shown.map(([currency]) => ({ amount: 0, currency })) : undefined,
      livemode: false,
    });
  }
}
