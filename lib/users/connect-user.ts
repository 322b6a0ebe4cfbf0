// Connects a marketplace user to a verified person's service account and writes user.connected in
// the same transaction (spec 6 rule 2). Used by the hosted connect page and the sandbox. Where the
// eID tells no postal address (a broker), the person's own is required and kept marked as
// self-declared (decisions.md §11); an address the eID told clears that mark again.
import type { Db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import type { VerifiedIdentity } from "../identity/identity-provider.ts";
import { assertLiveModeOpen } from "../outside-parties.ts";
import { deterministicEventId } from "../webhooks/event-ids.ts";
import { writeUserConnectedEvent } from "../webhooks/outbox.ts";
import type { PostalAddress } from "./postal-address.ts";

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
  declaredAddress?: PostalAddress,
): Promise<ConnectedUserRecord> {
  // A person verified by the simulated eID is nobody: never connect one in live mode.
  assertLiveModeOpen(scope.mode, ["identity"]);
  return saveConnection(db, scope, marketplaceUserId, identity, kycLevel, now, declaredAddress);
}

/** The connection itself, for callers that have checked the mode (connectUser; the tests of live data). */
export async function saveConnection(
  db: Db,
  scope: { tenantId: string; mode: ApiMode },
  marketplaceUserId: string,
  identity: VerifiedIdentity,
  kycLevel: 1 | 2,
  now: Date,
  declaredAddress?: PostalAddress,
): Promise<ConnectedUserRecord> {
  // A parcel to a person without an address cannot be sent: the caller checked the one they typed
  // (lib/users/postal-address.ts) before coming here.
  if (identity.addressToDeclare && !declaredAddress)
    throw AppError.field("address", "The eID tells no postal address: the person's own is needed to connect them.");
  // The person's account is this tenant's alone (also in live mode): what another marketplace's
  // flow saved for the same person is never read or changed from here.
  const identitySubject = identity.subject;
  const person = {
    name: identity.name,
    phoneNumber: identity.phoneNumber,
    ...(identity.addressToDeclare && declaredAddress
      ? { ...declaredAddress, addressSelfDeclared: true }
      : {
          address: identity.address,
          city: identity.city,
          postalCode: identity.postalCode,
          addressSelfDeclared: false,
        }),
    nameAddressProtected: identity.nameAddressProtected,
    passportVerified: identity.passportVerified,
    kycLevel,
  };
  return db.$transaction(async (tx) => {
    const account = await tx.serviceAccount.upsert({
      where: { tenantId_mode_identitySubject: { ...scope, identitySubject } },
      create: { ...scope, identitySubject, ...person },
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
