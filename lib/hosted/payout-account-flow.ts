// The hosted "select payout account" page: the connected user chooses one of the accounts they
// entered before or enters a new one. Saving it also arms the payouts of settled trades that were
// waiting for an account.
import { isIP } from "node:net";
import { db } from "../db/client.ts";
import { checkBankAccount } from "../payments/bank-account.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionWithTenant } from "./open-session.ts";
import { armPayoutsOfPayee } from "../trades/store/payout-rows.ts";
import { preparePayeeEarly } from "../payouts/prepare-payee-early.ts";

export async function loadPayoutAccounts(session: SessionWithTenant) {
  const user = await db.marketplaceUser.findUnique({
    where: {
      tenantId_mode_marketplaceUserId: {
        tenantId: session.tenantId,
        mode: session.mode,
        marketplaceUserId: session.marketplaceUserId,
      },
    },
    include: { serviceAccount: { include: { payoutAccounts: { orderBy: { selectedAt: "desc" }, take: 10 } } } },
  });
  if (!user) return null;
  const account = user.serviceAccount;
  // An account set before saved accounts existed (or by the API) is offered too.
  const saved = account.payoutAccounts.map((a) => ({
    id: a.id,
    accountNumber: a.accountNumber,
    holderName: a.holderName,
    current: a.accountNumber === account.bankAccountNumber,
  }));
  if (account.bankAccountNumber && !saved.some((a) => a.current)) {
    saved.unshift({
      id: CURRENT,
      accountNumber: account.bankAccountNumber,
      holderName: account.bankAccountName ?? account.name,
      current: true,
    });
  }
  return { person: account, accounts: saved };
}

/** The choice value of an account that is in use but was never entered on this page. */
const CURRENT = "current";

/**
 * Saving is also accepting the terms of receiving payouts, which the page states above its button
 * (with those of the payment rail, e.g. Stripe's Connected Account Agreement): when and from where
 * is kept, as a real rail's account of the payee needs it.
 */
export async function savePayoutAccount(
  session: SessionWithTenant,
  form: FormData,
  now: Date,
  clientAddress: string,
): Promise<HostedOutcome> {
  const loaded = await loadPayoutAccounts(session);
  if (!loaded) return { back: true };
  // Typing a number means a new account, whichever radio button is still selected.
  const typed = String(form.get("accountNumber") ?? "").trim();
  const choice = typed ? "new" : String(form.get("account") ?? "new");
  let chosen: { accountNumber: string; kind: string; holderName: string; bankName: string };
  if (choice === "new") {
    const checked = checkBankAccount(typed);
    if (!checked.ok) return { back: true, error: checked.problem };
    const holderName =
      String(form.get("holderName") ?? "")
        .trim()
        .slice(0, 200) || loaded.person.name;
    chosen = {
      accountNumber: checked.normalized,
      kind: checked.kind,
      holderName,
      bankName: checked.kind === "iban" ? `${checked.normalized.slice(0, 2)} bank` : "Danish bank",
    };
  } else if (choice === CURRENT && loaded.person.bankAccountNumber) {
    const kind = checkBankAccount(loaded.person.bankAccountNumber);
    chosen = {
      accountNumber: loaded.person.bankAccountNumber,
      kind: kind.ok ? kind.kind : "other",
      holderName: loaded.person.bankAccountName ?? loaded.person.name,
      bankName: loaded.person.bankName ?? "Bank",
    };
  } else {
    const existing = await db.payoutBankAccount.findFirst({
      where: { id: choice, serviceAccountId: loaded.person.id },
    });
    if (!existing) return { back: true, error: "choose" };
    chosen = existing;
  }

  const current = loaded.person.bankAccountNumber;
  await db.$transaction(async (tx) => {
    // The account in use so far stays one to choose from, even if it was never entered here.
    if (current && current !== chosen.accountNumber) {
      const kind = checkBankAccount(current);
      await tx.payoutBankAccount.createMany({
        data: [
          {
            serviceAccountId: loaded.person.id,
            accountNumber: current,
            kind: kind.ok ? kind.kind : "other",
            holderName: loaded.person.bankAccountName ?? loaded.person.name,
            bankName: loaded.person.bankName ?? "Bank",
            selectedAt: new Date(now.getTime() - 1),
          },
        ],
        skipDuplicates: true,
      });
    }
    await tx.payoutBankAccount.upsert({
      where: {
        serviceAccountId_accountNumber: { serviceAccountId: loaded.person.id, accountNumber: chosen.accountNumber },
      },
      create: { serviceAccountId: loaded.person.id, ...chosen, selectedAt: now },
      update: { holderName: chosen.holderName, selectedAt: now },
    });
    await tx.serviceAccount.update({
      where: { id: loaded.person.id, tenantId: session.tenantId },
      data: {
        bankAccountNumber: chosen.accountNumber,
        bankAccountName: chosen.holderName,
        bankName: chosen.bankName,
        payoutTermsAcceptedAt: now,
        payoutTermsAcceptedIp: isIP(clientAddress) ? clientAddress : null,
      },
    });
    // Settled trades whose payout waited for an account pay out on the scheduler's next round.
    await armPayoutsOfPayee(tx, { tenantId: session.tenantId, mode: session.mode }, session.marketplaceUserId, now);
    await tx.hostedSession.updateMany({
      where: { id: session.id, state: "Open" },
      data: { state: "Completed", completedAt: now },
    });
  });
  await preparePayeeEarly({ tenantId: session.tenantId, mode: session.mode }, loaded.person.id);
  return { ended: { kind: "return" } };
}

/** Back to the tenant without saving: the link is used up, and the return says it was cancelled. */
export async function leavePayoutAccount(session: SessionWithTenant, now: Date): Promise<HostedOutcome> {
  await db.hostedSession.updateMany({
    where: { id: session.id, state: "Open" },
    data: { state: "Cancelled", completedAt: now },
  });
  return { ended: { kind: "cancel", reason: "cancelled" } };
}
