// Ledger movements export: the raw double-entry ledger, one row per posting of each transfer made
// in the range. A transfer's rows are consecutive and sum to zero, so books can be checked row by row.
// Paged by transfer (its postings come with it), so a transfer is never split across batches.
import { db } from "../../db/client.ts";
import { column } from "../columns.ts";
import { KEYSET_ORDER, keysetBatches, keysetWhere, type RowSource } from "../row-source.ts";

interface MovementRow {
  transferId: string;
  createdAt: Date;
  kind: string;
  tradeId: string | null;
  currency: string;
  description: string | null;
  postingId: bigint;
  account: string;
  amountMinor: bigint;
}

async function* movementBatches(scope: Parameters<RowSource<MovementRow>["batches"]>[0]): AsyncIterable<MovementRow[]> {
  const transfers = keysetBatches(scope, (after, take) =>
    db.ledgerTransfer.findMany({
      where: keysetWhere(scope, after),
      orderBy: KEYSET_ORDER,
      take,
      include: { postings: { orderBy: { id: "asc" } } },
    }),
  );
  for await (const batch of transfers) {
    yield batch.flatMap((t) =>
      t.postings.map((p) => ({
        transferId: t.id,
        createdAt: t.createdAt,
        kind: t.kind,
        tradeId: t.tradeId,
        currency: t.currency,
        description: t.description,
        postingId: p.id,
        account: p.account,
        amountMinor: p.amountMinor,
      })),
    );
  }
}

export const ledgerMovementsSource: RowSource<MovementRow> = {
  kind: "ledger-movements",
  rowIs:
    "one row per posting of each ledger transfer made in the range; a transfer's postings are consecutive rows and sum to zero",
  columns: [
    column("transferId", "text", "the transfer (one money movement)", (m) => m.transferId),
    column("postingId", "integer", "the posting, unique", (m) => m.postingId),
    column("createdAt", "time", "when the transfer was made", (m) => m.createdAt),
    column(
      "kind",
      "text",
      "what moved money: fundEscrow, refundPayer, settle, settleWithRefund, payout",
      (m) => m.kind,
    ),
    column("tradeId", "text", "the trade it belongs to, if any", (m) => m.tradeId),
    column("currency", "text", "ISO 4217 code", (m) => m.currency),
    column(
      "account",
      "text",
      "the trade's account: payer_funding, escrow, payee_payable, payee_bank, payer_refund, service_revenue, tenant_revenue, carrier_payable, …",
      (m) => m.account,
    ),
    column("amount", "amount", "signed: what flowed into the account (negative: out of it)", (m) => m.amountMinor),
    column("description", "text", "the transfer's note, if any", (m) => m.description),
  ],
  batches: movementBatches,
};
