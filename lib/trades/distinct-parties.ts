// One person on both sides of a trade is refused. The payer and the payee are different
// marketplace user ids (initiate checks that), but two ids can be connected to one verified person
// (one service account): that person would buy from themself, escrow would protect nobody, and the
// fees and the payout would go round in a circle. The parties are compared where the payer
// commits — initiating, accepting the invitation, accept-and-pay, opening or completing the escrow
// payment — because a payer may connect only after the trade was initiated.
import { AppError } from "../errors.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { Sql } from "../db/sql.ts";
import { samePersonOnBothSides } from "./store/parties.ts";

type Scope = { tenantId: string; mode: ApiMode };

export const payerIsPayee = (payer: string, payee: string) =>
  new AppError(
    "payer-is-payee",
    `The payer ${JSON.stringify(payer)} and the payee ${JSON.stringify(payee)} are connected as the ` +
      "same person (one eID identity): nobody can buy from themself. Nothing was changed.",
  );

/** Refuses (409 `payer-is-payee`) when the trade's two parties are connected as one person (store/parties.ts). */
export async function refuseOnePersonOnBothSides(q: Sql | null, scope: Scope, tradeId: string): Promise<void> {
  const same = await samePersonOnBothSides(q, scope, tradeId);
  if (same) throw payerIsPayee(same.payer, same.payee);
}
