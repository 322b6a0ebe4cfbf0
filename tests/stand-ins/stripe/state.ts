// Everything the stand-in holds, each object with the account that owns it: an object belongs to
// the platform or to one connected account, and a request acting as another account (through
// Stripe-Account or its absence) does not see it, as on Stripe.
import type Stripe from "stripe";
import { resourceMissing } from "./errors.ts";
import type { StandInEvent } from "./objects/event.ts";

export interface Owned<T> {
  owner: string;
  object: T;
}

export interface AccountRecord {
  account: Stripe.Account;
  /** The full account number (IBAN), which Stripe never shows again but payouts need. */
  bankAccountNumbers: Map<string, string>;
}

export class Registry<T extends { id: string }> {
  private readonly items = new Map<string, Owned<T>>();

  constructor(private readonly objectName: string) {}

  add(owner: string, object: T): T {
    this.items.set(object.id, { owner, object });
    return object;
  }

  find(id: string): Owned<T> | undefined {
    return this.items.get(id);
  }

  /** The object if `account` owns it, else Stripe's 404 naming `param`. */
  get(account: string, id: string, param: string): T {
    const found = this.items.get(id);
    if (!found || found.owner !== account) throw resourceMissing(this.objectName, id, param);
    return found.object;
  }

  ownedBy(account: string): T[] {
    return [...this.items.values()].filter((item) => item.owner === account).map((item) => item.object);
  }

  all(): Owned<T>[] {
    return [...this.items.values()];
  }
}

export class StandInState {
  readonly accounts = new Map<string, AccountRecord>();
  readonly bankAccounts = new Registry<Stripe.BankAccount>("external_account");
  readonly checkoutSessions = new Registry<Stripe.Checkout.Session>("checkout.session");
  readonly paymentIntents = new Registry<Stripe.PaymentIntent>("payment_intent");
  readonly charges = new Registry<Stripe.Charge>("charge");
  readonly refunds = new Registry<Stripe.Refund>("refund");
  readonly transfers = new Registry<Stripe.Transfer>("transfer");
  readonly transferReversals = new Registry<Stripe.TransferReversal>("transfer_reversal");
  readonly payouts = new Registry<Stripe.Payout>("payout");
  readonly disputes = new Registry<Stripe.Dispute>("dispute");
  readonly balanceTransactions = new Registry<Stripe.BalanceTransaction>("balance_transaction");
  readonly events = new Registry<StandInEvent>("event");

  constructor(readonly platformAccountId: string) {}

  /** Finds any object by its id's prefix, for expansion. */
  findAny(id: string): Owned<{ id: string }> | undefined {
    const registries: Array<[string, Registry<{ id: string }>]> = [
      ["pi_", this.paymentIntents],
      ["ch_", this.charges],
      ["py_", this.charges],
      ["txn_", this.balanceTransactions],
      ["re_", this.refunds],
      ["pyr_", this.refunds],
      ["trr_", this.transferReversals],
      ["tr_", this.transfers],
      ["po_", this.payouts],
      ["dp_", this.disputes],
      ["du_", this.disputes],
      ["ba_", this.bankAccounts],
      ["cs_", this.checkoutSessions],
      ["evt_", this.events],
    ];
    for (const [prefix, registry] of registries) if (id.startsWith(prefix)) return registry.find(id);
    const record = this.accounts.get(id);
    return record ? { owner: this.platformAccountId, object: record.account } : undefined;
  }
}
