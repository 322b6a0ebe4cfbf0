// The payee's account at the rail opened as soon as they give their payout account (and accept its
// terms) on our hosted page, rather than at their first release: a real rail may want days to
// verify a new account, and a refusal (a bank account it cannot pay to) is better known now. It
// is done after the page's own commit and never fails the page: the first release prepares the
// account again (./rail-payee.ts), so nothing is lost if the rail cannot be reached now.
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { lastDigits } from "../payments/bank-account.ts";
import { paymentRailFor } from "../outside-parties.ts";
import { personPayee } from "../trades/store/payout-rows.ts";
import { payeeAtRail } from "./rail-payee.ts";

export async function preparePayeeEarly(scope: { tenantId: string; mode: ApiMode }, serviceAccountId: string) {
  try {
    const [person, tenant] = await Promise.all([
      db.serviceAccount.findUnique({ where: { id: serviceAccountId } }),
      db.tenant.findUnique({ where: { id: scope.tenantId }, select: { currency: true } }),
    ]);
    if (!person?.bankAccountNumber || !tenant) return;
    await payeeAtRail(
      paymentRailFor(scope.mode),
      scope,
      {
        accountNumber: person.bankAccountNumber,
        last4: lastDigits(person.bankAccountNumber),
        holderName: person.bankAccountName ?? person.name,
        payee: personPayee(person),
        marketplaceUserId: null,
        business: null,
      },
      tenant.currency,
    );
  } catch (error) {
    console.warn(`The payee's account at the rail was not prepared now (their first release will): ${String(error)}`);
  }
}
