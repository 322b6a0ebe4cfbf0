// A ledger transfer as a balance transaction: its type, its net effect on the balance, its postings.
import type { LedgerPosting, LedgerTransfer } from "../db/generated/client.ts";
import { numberFromMinorUnits } from "../money/decimal.ts";
import type { LedgerAccount } from "../money/ledger.ts";
import { FIELD_OF_ACCOUNT, typeOfKind } from "./ledger-to-balance.ts";

/** What the transfer adds to the balance's total: its postings to the balance's own accounts. */
export function netEffectMinor(postings: Pick<LedgerPosting, "account" | "amountMinor">[]): bigint {
  return postings
    .filter((p) => FIELD_OF_ACCOUNT[p.account as LedgerAccount])
    .reduce((sum, p) => sum + p.amountMinor, 0n);
}

export function serializeBalanceTransaction(transfer: LedgerTransfer & { postings: LedgerPosting[] }) {
  return {
    id: transfer.id,
    type: typeOfKind(transfer.kind),
    tradeId: transfer.tradeId,
    amount: numberFromMinorUnits(netEffectMinor(transfer.postings)),
    currency: transfer.currency,
    createdAt: transfer.createdAt.toISOString(),
    postings: transfer.postings.map((p) => ({ account: p.account, amount: numberFromMinorUnits(p.amountMinor) })),
  };
}
