// A trade's chargeback movements in the ledger (opened, given back when won, recovered from the
// payee), as [kind, account, amount] sorted by kind then account: what the chargeback tests compare.
import { db } from "./tenants.ts";

export const chargebackLedger = async (tradeId: string) =>
  (
    await db.ledgerPosting.findMany({
      where: { tradeId, transfer: { kind: { in: ["chargeback", "chargeback_reversal", "chargeback_recovery"] } } },
      include: { transfer: true },
    })
  )
    .map((p) => [p.transfer.kind, p.account, p.amountMinor] as const)
    .sort((a, b) => (`${a[0]}${a[1]}` < `${b[0]}${b[1]}` ? -1 : 1));
