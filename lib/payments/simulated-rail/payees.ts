// The simulated bank's side of payouts (what a real rail keeps for a connected account): an
// account per payee holding the bank account they are paid to, and the payouts sent to it. A
// payout is decided at once: one to an account number ending in 0002 is refused by the receiving
// bank (like the declined test card), any other arrives. The same idempotency key always answers
// the first outcome, so a retry after a crash pays nothing more.
import { randomBytes } from "node:crypto";
import { db } from "../../db/client.ts";
import type { RailPayoutStatus } from "../payment-rail.ts";

const reference = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Payouts to an account number ending in these digits fail (docs/money.md, sandbox). */
export const FAILING_ACCOUNT_SUFFIX = "0002";

/** The payee's account at the bank, its bank account set to the one given. */
export async function upsertPayeeAccount(payeeKey: string, accountNumber: string): Promise<string> {
  const account = await db.simulatedPayeeAccount.upsert({
    where: { payeeKey },
    create: { id: reference("simacct"), payeeKey, accountNumber },
    update: { accountNumber },
    select: { id: true },
  });
  return account.id;
}

export async function sendBankPayout(input: {
  idempotencyKey: string;
  payeeAccountId: string;
  amountMinor: bigint;
  currency: string;
}): Promise<{ id: string; status: RailPayoutStatus }> {
  const account = await db.simulatedPayeeAccount.findUnique({ where: { id: input.payeeAccountId } });
  if (!account) throw new Error(`The simulated bank has no account ${input.payeeAccountId}`);
  const refused = account.accountNumber.replace(/\s/g, "").endsWith(FAILING_ACCOUNT_SUFFIX);
  // ON CONFLICT DO NOTHING, then the row: a retry with the same key reads the first outcome.
  await db.simulatedBankPayout.createMany({
    data: [
      {
        id: reference("simpayout"),
        ...input,
        state: refused ? "failed" : "paid",
        failureReason: refused ? "The receiving bank refused the payout: the account is closed." : null,
      },
    ],
    skipDuplicates: true,
  });
  const payout = await db.simulatedBankPayout.findUniqueOrThrow({ where: { idempotencyKey: input.idempotencyKey } });
  return { id: payout.id, status: statusOfBankPayout(payout) };
}

export async function bankPayoutStatus(id: string): Promise<RailPayoutStatus> {
  const payout = await db.simulatedBankPayout.findUnique({ where: { id } });
  if (!payout) throw new Error(`The simulated bank has no payout ${id}`);
  return statusOfBankPayout(payout);
}

function statusOfBankPayout(payout: { id: string; state: string; failureReason: string | null }): RailPayoutStatus {
  return payout.state === "paid"
    ? { state: "paid", railPayoutId: payout.id }
    : {
        state: "failed",
        reason: payout.failureReason ?? "The receiving bank refused the payout.",
        railPayoutId: payout.id,
      };
}
