// Business users (spec 2.5, 4.6): company sellers with a payout account.
import { z } from "zod";

const part = (description: string) => z.string().max(100).optional().meta({ description });

export const Address = z
  .strictObject({
    streetName: part("Street name"),
    houseNumber: part("House number"),
    city: part("City"),
    postNumber: part("Postal code"),
    municipalityName: part("Municipality"),
    floor: part("Floor"),
    sideDoor: part("Side or door"),
  })
  .meta({ id: "Address", description: "All members are optional strings; the object itself is required." });

const BusinessId = z.string().min(1).max(64).meta({
  description: "Company registration number; only whitelisted numbers are accepted (403 otherwise).",
  example: "12345678",
});
const BusinessLocationId = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: "Production-unit number.", example: "1012345678" });
const PayoutsAccountNumber = z
  .string()
  .min(14)
  .max(34)
  .regex(/^[A-Za-z0-9 ]+$/, "Only letters, digits and spaces")
  .meta({
    description: "Payout bank account (IBAN, or Danish reg. and account number), 14..34 characters.",
    example: "DK5000400440116243",
  });

export const BusinessUserParams = z.strictObject({ businessId: BusinessId, businessLocationId: BusinessLocationId });

export const CreateBusinessUserBody = z
  .strictObject({
    businessId: BusinessId,
    businessLocationId: BusinessLocationId,
    name: z.string().min(2).max(200),
    phoneNumber: z.string().min(1).max(32),
    address: Address,
    payoutsAccountNumber: PayoutsAccountNumber,
  })
  .meta({ id: "CreateBusinessUserRequest" });

export const EditBusinessUserBody = z
  .strictObject({
    name: z.string().min(2).max(200),
    phoneNumber: z.string().min(1).max(32).nullable(),
    address: Address,
    payoutsAccountNumber: PayoutsAccountNumber,
  })
  .meta({ id: "EditBusinessUserRequest" });

const record = {
  serviceUserId: z.string(),
  businessId: z.string(),
  businessLocationId: z.string(),
  bankAccount: z.object({ bank: z.string(), accountNumber: z.string(), name: z.string() }),
  address: Address,
  name: z.string().meta({ description: "Additive: the business name." }),
  phoneNumber: z.string().nullable().meta({ description: "Additive." }),
};

export const BusinessUser = z.object(record).meta({ id: "BusinessUser" });
export const CreatedBusinessUser = z
  .object({ ...record, userId: z.string().meta({ description: "Returned only when the business user is created." }) })
  .meta({ id: "CreatedBusinessUser" });
