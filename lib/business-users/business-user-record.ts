// Shared pieces of the business-user use cases: the whitelist gate, the lookup, the serializer.
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import type { BusinessUser as Row } from "../db/generated/client.ts";
import type { Address, BusinessUser } from "./schemas.ts";

/** Business-user operations accept only the tenant's whitelisted company registration numbers (spec 5). */
export function requireWhitelisted({ tenant }: TenantContext, businessId: string): void {
  if (!tenant.allowedBusinessIds.includes(businessId)) {
    throw new AppError(
      "forbidden",
      `The business id ${JSON.stringify(businessId)} is not on your whitelist. An admin can add it in the console (Settings → Business id whitelist).`,
      {
        errors: [{ key: "businessId", value: "Not whitelisted" }],
      },
    );
  }
}

export function addressColumns(address: z.output<typeof Address>) {
  return {
    streetName: address.streetName ?? null,
    houseNumber: address.houseNumber ?? null,
    city: address.city ?? null,
    postNumber: address.postNumber ?? null,
    municipalityName: address.municipalityName ?? null,
    floor: address.floor ?? null,
    sideDoor: address.sideDoor ?? null,
  };
}

export function serializeBusinessUser(row: Row): z.input<typeof BusinessUser> {
  const address = Object.fromEntries(
    (["streetName", "houseNumber", "city", "postNumber", "municipalityName", "floor", "sideDoor"] as const)
      .filter((key) => row[key] !== null)
      .map((key) => [key, row[key] as string]),
  );
  return {
    serviceUserId: row.id,
    businessId: row.businessId,
    businessLocationId: row.businessLocationId,
    bankAccount: { bank: row.bankName ?? "", accountNumber: row.payoutsAccountNumber, name: row.name },
    address,
    name: row.name,
    phoneNumber: row.phoneNumber,
  };
}

export function businessUserNotFound(businessId: string, businessLocationId: string): AppError {
  return AppError.notFound(`Business user ${JSON.stringify(businessId)} / ${JSON.stringify(businessLocationId)}`);
}
