// A chargeback as the sandbox's endpoints answer it: the public record, never the row.
import type { z } from "zod";
import type { Chargeback } from "../db/generated/client.ts";
import { numberFromMinorUnits } from "../money/decimal.ts";
import type { ChargebackRecord } from "./chargeback-schemas.ts";

const STATE = { Open: "open", Won: "won", Lost: "lost" } as const;

export function serializeChargeback(chargeback: Chargeback): z.input<typeof ChargebackRecord> {
  return {
    chargebackId: chargeback.id,
    tradeId: chargeback.tradeId,
    paymentId: chargeback.paymentId,
    chargebackState: STATE[chargeback.state],
    amount: numberFromMinorUnits(chargeback.amountMinor),
    currency: chargeback.currency,
    reason: chargeback.reason,
    openedAt: chargeback.openedAt.toISOString(),
    closedAt: chargeback.closedAt?.toISOString() ?? null,
  };
}
