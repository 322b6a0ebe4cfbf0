// An admin gives the bank account the tenant's share of the fees is paid to, accepting the terms
// of receiving payouts (the page states them; with a real rail, its connected account agreement):
// when and from where is kept, as the rail's account of the tenant needs it. The tenant's account
// at the rail is prepared at once (never failing the save: the first fee transfer prepares it too).
// A bad account number is explained as the hosted payout account page explains it (the console is English).
import { isIP } from "node:net";
import type { z } from "zod";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { messagesFor } from "../../i18n/index.ts";
import { checkBankAccount, lastDigits } from "../../payments/bank-account.ts";
import { prepareTenantAtRail } from "../../payouts/send-tenant-fees.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import type { FeeAccountBody } from "./settings-rules.ts";

export async function updateFeeAccount(
  context: StaffContext,
  body: z.output<typeof FeeAccountBody>,
  clientAddress: string,
) {
  assertAdmin(context);
  const checked = checkBankAccount(body.accountNumber);
  if (!checked.ok)
    throw AppError.field(
      "accountNumber",
      messagesFor("en").errors[checked.problem] ?? "This account number cannot be used.",
    );
  const now = new Date();
  await db.tenant.update({
    where: { id: context.tenant.id },
    data: {
      feeAccountNumber: checked.normalized,
      feeAccountHolder: body.holderName,
      feeTermsAcceptedAt: now,
      feeTermsAcceptedIp: isIP(clientAddress) ? clientAddress : null,
    },
  });
  // Each mode's rail keeps its own account of the tenant (live's is refused while live mode is closed).
  await Promise.all([prepareTenantAtRail(context.tenant.id, "test"), prepareTenantAtRail(context.tenant.id, "live")]);
  return { last4: lastDigits(checked.normalized), holderName: body.holderName, termsAcceptedAt: now.toISOString() };
}
