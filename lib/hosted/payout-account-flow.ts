// The hosted "select payout account" page: the connected user enters the bank account for
// payouts. Saving it also arms the payouts of settled trades that were waiting for an account.
import { tenantNow } from "../clock.ts";
import { db } from "../db/client.ts";
import { checkBankAccount } from "../payments/bank-account.ts";
import { hashSessionToken } from "./sessions.ts";

export async function loadPayoutSession(token: string) {
  const session = await db.hostedSession.findUnique({ where: { tokenHash: hashSessionToken(token) }, include: { tenant: true } });
  if (!session || session.kind !== "PayoutAccount") return null;
  const now = tenantNow(session.tenant, session.mode);
  const user = await db.marketplaceUser.findUnique({
    where: { tenantId_mode_marketplaceUserId: { tenantId: session.tenantId, mode: session.mode, marketplaceUserId: session.marketplaceUserId } },
    include: { serviceAccount: true },
  });
  if (!user) return null;
  return { session, account: user.serviceAccount, now, open: session.state === "Open" && session.expiresAt > now };
}

export type SaveOutcome = { redirect: string } | { error: string } | { unusable: true };

export async function savePayoutAccount(token: string, accountNumber: string, holderName: string): Promise<SaveOutcome> {
  const loaded = await loadPayoutSession(token);
  if (!loaded?.open) return { unusable: true };
  const checked = checkBankAccount(accountNumber);
  if (!checked.ok) return { error: checked.message };
  const name = holderName.trim().slice(0, 200) || loaded.account.name;
  const { session, account, now } = loaded;
  await db.$transaction(async (tx) => {
    await tx.serviceAccount.update({ where: { id: account.id }, data: { bankAccountNumber: checked.normalized, bankAccountName: name, bankName: checked.kind === "iban" ? checked.normalized.slice(0, 2) : "Danish bank" } });
    // Settled trades whose payout waited for an account pay out on the scheduler's next round.
    await tx.trade.updateMany({
      where: { tenantId: session.tenantId, mode: session.mode, payeeMarketplaceUserId: session.marketplaceUserId, state: "Succeeded", deadlineAt: null },
      data: { deadlineAt: now, deadlineKind: "payoutCompleted" },
    });
    await tx.hostedSession.updateMany({ where: { id: session.id, state: "Open" }, data: { state: "Completed", completedAt: now } });
  });
  return { redirect: session.returnUrl ?? `/payout-account/${encodeURIComponent(token)}?saved=1` };
}
