// The payee's account at the payment rail (a Stripe connected account), opened the first time
// money is released to them and brought up to date when they chose another bank account. What the
// rail answered is kept in RailPayeeAccount, so that the account is opened once and every later
// release goes to it; the rail's idempotency keys cover a crash between its answer and our record.
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { PaymentRail } from "../payments/payment-rail.ts";
import type { PayoutRecipient } from "../trades/store/payout-rows.ts";

export interface PayeeAtRail {
  railAccountId: string;
  railBankAccountId: string;
}

export async function payeeAtRail(
  rail: PaymentRail,
  scope: { tenantId: string; mode: ApiMode },
  recipient: PayoutRecipient,
  currency: string,
): Promise<PayeeAtRail> {
  const where = { provider_mode_payeeKey: { provider: rail.name, mode: scope.mode, payeeKey: recipient.payee.key } };
  const known = await db.railPayeeAccount.findUnique({ where });
  const prepared = await rail.preparePayee({
    payee: recipient.payee,
    bank: { accountNumber: recipient.accountNumber, holderName: recipient.holderName, currency },
    known: known && {
      railAccountId: known.railAccountId,
      bankKey: known.bankKey,
      railBankAccountId: known.railBankAccountId,
    },
  });
  const changed =
    !known ||
    known.railAccountId !== prepared.railAccountId ||
    known.bankKey !== prepared.bankKey ||
    known.railBankAccountId !== prepared.railBankAccountId;
  if (changed)
    await db.railPayeeAccount.upsert({
      where,
      create: {
        provider: rail.name,
        mode: scope.mode,
        tenantId: scope.tenantId,
        payeeKey: recipient.payee.key,
        ...prepared,
      },
      update: prepared,
    });
  return { railAccountId: prepared.railAccountId, railBankAccountId: prepared.railBankAccountId };
}
