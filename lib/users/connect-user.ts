// Connects a marketplace user to a verified person's service account and writes user.connected in
// the same transaction (spec 6 rule 2). Used by the hosted connect page and the sandbox.
import type { Db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { VerifiedIdentity } from "../identity/identity-provider.ts";
import { deterministicEventId } from "../webhooks/event-ids.ts";
import { writeUserConnectedEvent } from "../webhooks/outbox.ts";

export interface ConnectedUserRecord {
  serviceAccountId: string;
  marketplaceUserId: string;
  kycLevel: 1 | 2;
  connectedAt: Date;
}

export async function connectUser(
  db: Db,
  scope: { tenantId: string; mode: ApiMode },
  marketplaceUserId: string,
  identity: VerifiedIdentity,
  kycLevel: 1 | 2,
  now: Date,
): Promise<ConnectedUserRecord> {
  // Sandbox people are shared test identities; keep each tenant's copies apart.
  const identitySubject = scope.mode === "test" ? `${scope.tenantId}:${identity.subject}` : identity.subject;
  const person = {
    name: identity.name,
    phoneNumber: identity.phoneNumber,
    address: identity.address,
    city: identity.city,
    postalCode: identity.postalCode,
    nameAddressProtected: identity.nameAddressProtected,
    passportVerified: identity.passportVerified,
    kycLevel,
  };
  return db.$transaction(async (tx) => {
    const account = await tx.serviceAccount.upsert({
      where: { mode_identitySubject: { mode: scope.mode, identitySubject } },
      create: { mode: scope.mode, identitySubject, ...person },
      update: person,
    });
    const user = await tx.marketplaceUser.upsert({
      where: { tenantId_mode_marketplaceUserId: { ...scope, marketplaceUserId } },
      create: { ...scope, marketplaceUserId, serviceAccountId: account.id, kycLevel, connectedAt: now },
      update: { serviceAccountId: account.id, kycLevel, connectedAt: now },
    });
    await writeUserConnectedEvent(tx, scope, {
      id: deterministicEventId("user.connected", user.id, now.toISOString()),
      referenceId: marketplaceUserId,
      eventName: "user.connected",
      eventDate: now.toISOString(),
      serviceAccountId: account.id,
      marketplaceUserId,
      kycLevel,
    });
    return { serviceAccountId: account.id, marketplaceUserId, kycLevel, connectedAt: now };
  });
}
