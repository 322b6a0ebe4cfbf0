// The payment rail, an outside party (decisions.md §7 and §11): payments into escrow and for
// labels, refunds, payouts. The engine only talks to this interface, and it is shaped as real rails
// behave: a payment is OPENED at the rail with our idempotency key and the addresses to come back
// to; the payer pays on the rail's own page (card, 3-D Secure, a wallet app); the rail tells us
// later, by a signed callback. Nothing the rail sends is trusted as it stands: a callback only
// names the object it is about, and applying it asks the rail where that object stands
// (lib/payments/settle-rail-payment.ts). The payer's return to our page and the reconciliation poll
// ask the same question through the same path, so duplicated, reordered or lost callbacks change
// nothing. The simulated rail (lib/payments/simulated-rail/) is built on this interface too, so the
// sandbox runs the code live mode runs.

/** A rail payment the payer was sent to: the rail's id and the page to send them to. */
export interface OpenedRailPayment {
  railPaymentId: string;
  redirectUrl: string;
}

/** One try at paying on the rail's page, as the rail reports it. */
export interface RailTry {
  /** The rail's id of the try: each try is recorded once (PaymentAttempt.railAttemptId). */
  id: string;
  outcome: "succeeded" | "declined_by_bank" | "not_confirmed";
  /** The instrument the payer used (e.g. "card-4242", "mobilepay"); null when the sandbox decided. */
  method: string | null;
}

/**
 * Where a rail payment stands, read from the rail. `open`: the payer may still pay (including
 * after declined tries); `processing`: the payer confirmed and the rail waits on the bank or the
 * wallet; `succeeded`: the money is ours (captured); `closed`: it can no longer be paid (expired or
 * cancelled at the rail), so a new one may be opened.
 */
export interface RailPaymentStatus {
  state: "open" | "processing" | "succeeded" | "closed";
  /** What the rail charges (or charged): checked against our payment before it counts. */
  amountMinor: bigint;
  currency: string;
  /** Every try so far, oldest first. */
  tries: RailTry[];
}

/** Where a refund stands at the rail: paying back, paid back, or refused (with the rail's reason). */
export type RailRefundStatus = { state: "pending" } | { state: "succeeded" } | { state: "failed"; reason: string };

/**
 * What a verified callback names; its data beyond that is re-read from the rail. `payment`: a rail
 * payment by the rail's id; `our-payment`: a payment by our id (a rail object that carries it in
 * its metadata, e.g. a Stripe PaymentIntent); `our-payout`: a Payout try by our id (in a rail
 * payout's metadata); `dispute`: a chargeback by the rail's id; `unhandled`: an event this build does not act on
 * (kept in the inbox, marked applied).
 */
export interface RailEvent {
  /** The rail's id of the event: the inbox keeps each once. */
  eventId: string;
  objectKind: "payment" | "our-payment" | "refund" | "our-payout" | "dispute" | "unhandled";
  objectId: string;
}

/**
 * The rail cannot be reached or fails on its side for now (network, its 5xx, its rate limit): the
 * payer is asked to try again in a moment, a callback is answered 500 so the rail sends it again,
 * and the poll asks later. Anything else a rail throws is a fault of ours and stays an error.
 */
export class RailUnavailable extends Error {}

/** A callback that does not carry a valid signature (or cannot be read): answered 400, stored nowhere. */
export class RailCallbackRefused extends Error {}

export interface PaymentRail {
  readonly name: string;
  /**
   * How long the rail may hold a payer's money, in days, from payment to payout (the hold budget
   * of decisions.md §11: a tenant's deadlines may not make a trade outlast it).
   */
  readonly holdBudgetDays: number;
  /**
   * Opens a payment the payer completes on the rail's page. The same idempotency key always opens
   * the same rail payment (two tabs, a retry after a crash), never a second charge.
   */
  openPayment(input: {
    idempotencyKey: string;
    /** Our payment's id, kept by the rail with its objects so that their callbacks name it. */
    paymentId: string;
    amountMinor: bigint;
    currency: string;
    description: string;
    /** Our page the rail sends the payer back to once they paid (or confirmed). */
    returnUrl: string;
    /** Our page the rail sends the payer back to when they leave without paying. */
    cancelUrl: string;
  }): Promise<OpenedRailPayment>;
  /** Asks the rail where a payment stands. */
  paymentStatus(railPaymentId: string): Promise<RailPaymentStatus>;
  /** Closes an open rail payment (before opening another for the same payment). */
  closePayment(railPaymentId: string): Promise<void>;
  /**
   * Verifies a callback on its raw body and headers and reads what it is about; throws
   * RailCallbackRefused when the signature is wrong or the body unreadable.
   */
  readCallback(rawBody: string, headers: Headers): RailEvent;
  /**
   * Pays part or all of a succeeded rail payment back to the payer. The same idempotency key
   * always answers the same refund: a retry after a crash never refunds twice. The rail refuses
   * more than what is left of the payment.
   */
  refund(input: {
    idempotencyKey: string;
    railPaymentId: string;
    amountMinor: bigint;
    currency: string;
    /** Our RailRefund's id, kept by the rail with the refund so that its callbacks name it. */
    refundId: string;
  }): Promise<{ railRefundId: string; status: RailRefundStatus }>;
  /** Asks the rail where a refund stands. */
  refundStatus(railRefundId: string): Promise<RailRefundStatus>;
  /**
   * Opens (or brings up to date) the payee's account at the rail, with the bank account their
   * payouts go to: a Stripe connected account with manual payouts and the bank account as its
   * external account. `known` is what an earlier call answered (kept in RailPayeeAccount): an
   * account is opened once per payee, a bank account added only when the payee chose another. The
   * same payee always opens the same account (its key is in the idempotency key). Throws
   * RailPayeeRefused when the rail refuses the payee's details (e.g. the bank account number).
   */
  preparePayee(input: {
    payee: RailPayee;
    bank: RailBankAccount;
    known: { railAccountId: string; bankKey: string; railBankAccountId: string } | null;
  }): Promise<{ railAccountId: string; bankKey: string; railBankAccountId: string }>;
  /**
   * Releases escrowed money to the payee: a transfer of the amount from the escrow payment
   * (`railPaymentId`, so that it is funded by that very payment) to the payee's account, made once
   * per trade (`railTransferId` is the one an earlier try made), then a payout from that account
   * to their bank. Each step's idempotency key comes from our ids (the trade's, the try's), so a
   * retry after a crash never transfers or pays out twice. A rail that cannot pay out yet (the
   * payment's money is not yet available to the payee's account) answers `waiting`.
   */
  releaseToPayee(input: {
    tradeId: string;
    payoutId: string;
    railAccountId: string;
    railBankAccountId: string;
    /** The escrow payment at the rail; null for one paid before this rail kept its id. */
    railPaymentId: string | null;
    railTransferId: string | null;
    /**
     * How many times the rail answered `waiting` for this try: part of the payout's idempotency
     * key, since a payout refused for want of funds created nothing and must be asked anew.
     */
    waits: number;
    amountMinor: bigint;
    currency: string;
    /** What the payee's bank statement shows. */
    reference: string;
  }): Promise<{ railTransferId: string; status: RailPayoutStatus }>;
  /**
   * Sends the tenant's share of a released trade's fees to the tenant's account at the rail, funded
   * by the escrow payment, once per trade (the idempotency key comes from the trade's id).
   */
  transferFees(input: {
    tradeId: string;
    railAccountId: string;
    railPaymentId: string | null;
    amountMinor: bigint;
    currency: string;
  }): Promise<{ railTransferId: string }>;
  /**
   * Takes `amountMinor` of a transfer to a payee's account back to the platform (a reversal), once
   * per `idempotencyKey`: when money had already moved to the payee and must not reach them (staff
   * recovering a lost chargeback from the payee, lib/payments/decide-lost-chargeback.ts).
   */
  reverseTransfer(input: {
    railTransferId: string;
    amountMinor: bigint;
    currency: string;
    tradeId: string;
    idempotencyKey: string;
  }): Promise<{ railReversalId: string }>;
  /** Asks the rail where a payout stands. */
  payoutStatus(input: { railAccountId: string; railPayoutId: string }): Promise<RailPayoutStatus>;
  /** Asks the rail where a chargeback (a dispute the payer's bank opened on a payment) stands. */
  disputeStatus(railDisputeId: string): Promise<RailDisputeStatus>;
  /**
   * The rail's own record of money moving on our account in [from, to), by the rail's clock:
   * what reconciliation (lib/payments/reconcile-rail.ts) matches against our records and ledger.
   */
  balanceTransactions(period: { from: Date; to: Date }): AsyncIterable<RailBalanceTransaction>;
}

/**
 * One movement on our account at the rail, named by the object that caused it: a charge (a
 * payer's successful try: PaymentAttempt.railAttemptId), a refund (RailRefund.railRefundId), a
 * transfer to a payee's account or its reversal (Payout.railTransferId), a payout
 * (Payout.providerPayoutId), a chargeback or its reversal (Chargeback.railDisputeId); `other`
 * for what is not ours to match (the rail's own top-ups, the platform's own payouts).
 */
export interface RailBalanceTransaction {
  id: string;
  kind:
    "charge" | "refund" | "transfer" | "transfer_reversal" | "payout" | "chargeback" | "chargeback_reversal" | "other";
  sourceId: string;
  /** Signed, as it moved our balance at the rail (a refund is negative), before the fee. */
  amountMinor: bigint;
  /** What the rail charged for it. */
  feeMinor: bigint;
  currency: string;
  createdAt: Date;
}

/**
 * A chargeback as the rail reports it: the payer's bank took `amountMinor` back (the rail's fee
 * for it is the rail's, not the trade's); `won` gives it back, `lost` keeps it with the payer.
 */
export interface RailDisputeStatus {
  /** Our payment's id, as the disputed payment carries it; null for a payment that is not ours. */
  paymentId: string | null;
  amountMinor: bigint;
  currency: string;
  reason: string;
  state: "open" | "won" | "lost";
}

/** Whom a release is paid to, as the rail's account of them needs it. */
export interface RailPayee {
  /** Our stable key: "person:<ServiceAccount.id>" or "business:<BusinessUser.id>". */
  key: string;
  kind: "individual" | "company";
  name: string;
  address: { line1: string; city: string; postalCode: string } | null;
  /** The business's registration number (CVR), for a company. */
  registrationNumber: string | null;
  /** When (and from where) the payee accepted the terms of receiving payouts. */
  termsAccepted: { at: Date; ip: string | null } | null;
}

export interface RailBankAccount {
  accountNumber: string;
  holderName: string;
  currency: string;
}

/**
 * Where a payout stands at the rail. `waiting`: the transfer is made but the money is not yet
 * available to pay out (ask again after `retryAfterMs`); `pending`: sent to the bank; `paid`: arrived;
 * `failed`: the bank refused it (closed account, wrong number): the money stays owed to the payee
 * (at the rail, on their account) until they give another account.
 */
export type RailPayoutStatus =
  | { state: "waiting"; retryAfterMs: number }
  | { state: "pending"; railPayoutId: string }
  | { state: "paid"; railPayoutId: string }
  | { state: "failed"; reason: string; railPayoutId: string | null };

/** The rail refused the payee's details (an account it cannot open, a bank account it cannot pay to). */
export class RailPayeeRefused extends Error {}
