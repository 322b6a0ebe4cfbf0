// The names of the ledger's transfers. The trade movements are what a transition row of the
// transition table may cause (lib/trades/transition-table.ts names them per row); the two label
// purchases are written by the shipping use cases. They live here, with the ledger, so that money
// depends on nothing above it.

/** A trade movement the transition table can ask the ledger for. */
export type LedgerMovement = "fundEscrow" | "refundPayer" | "settle" | "settleWithRefund" | "payout";

/** Every kind `writeTransfer` writes: the trade movements and the two label purchases. */
export type LedgerKind = LedgerMovement | "delivery_label" | "return_label";
