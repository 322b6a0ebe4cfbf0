// GET /v1/marketplace/users/{u}: the connected user's service account.
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { UserDetails } from "./schemas.ts";

export async function getUserDetails(
  { tenant, mode }: TenantContext,
  marketplaceUserId: string,
): Promise<z.input<typeof UserDetails>> {
  const user = await db.marketplaceUser.findUnique({
    where: { tenantId_mode_marketplaceUserId: { tenantId: tenant.id, mode, marketplaceUserId } },
    include: { serviceAccount: true },
  });
  if (!user) throw AppError.notFound(`A connected user with marketplace user id ${JSON.stringify(marketplaceUserId)}`);
  const account = user.serviceAccount;
  return {
    serviceUserId: account.id,
    bankAccount: account.bankAccountNumber
      ? {
          bank: account.bankName ?? "",
          accountNumber: account.bankAccountNumber,
          name: account.bankAccountName ?? account.name,
        }
      : null,
    name: account.name,
    phoneNumber: account.phoneNumber,
    kycLevel: user.kycLevel === 2 ? 2 : 1,
  };
}
