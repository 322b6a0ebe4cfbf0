// POST /v1/sandbox/users/{u}/connect: connects a user as if the connect flow had succeeded.
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { connectUser } from "../users/connect-user.ts";

export async function sandboxConnectUser(
  context: TenantContext & { now: Date },
  marketplaceUserId: string,
  kycLevel: 1 | 2,
) {
  const { tenant, mode, now } = context;
  // A sandbox person per marketplace user, verified to the level asked for.
  const connected = await connectUser(
    db,
    { tenantId: tenant.id, mode },
    marketplaceUserId,
    {
      subject: `sandbox-user:${marketplaceUserId}`,
      name: `Sandbox User ${marketplaceUserId}`.slice(0, 200),
      address: "Sandbox Street 1",
      city: "København",
      postalCode: "1000",
      phoneNumber: null,
      nameAddressProtected: false,
      passportVerified: kycLevel === 2,
    },
    kycLevel,
    now,
  );
  // Sandbox people come with a sandbox payout account, so that sandbox trades pay out to the end.
  await db.serviceAccount.updateMany({
    where: { id: connected.serviceAccountId, bankAccountNumber: null },
    data: {
      bankName: "Sandbox Bank",
      bankAccountNumber: "DK5000400440116243",
      bankAccountName: `Sandbox User ${marketplaceUserId}`.slice(0, 200),
    },
  });
  return { ...connected, connectedAt: connected.connectedAt.toISOString() };
}
