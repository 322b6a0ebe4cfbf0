// The users resource: request and response schemas of connect, user details and sandbox connect.
import { z } from "zod";
import { AppSwitch, MarketplaceUserId, QueryBoolean, RedirectUrl } from "../schemas/common.ts";

export const KycLevel = z.union([z.literal(1), z.literal(2)], { error: "Must be 1 (Medium) or 2 (High)." }).meta({
  description:
    "1 = Medium (national eID; passport check needed if name and address are protected), 2 = High (eID and passport verification).",
});

export const MarketplaceUserParams = z.strictObject({ marketplaceUserId: MarketplaceUserId });

export const InitiateUserConnectQuery = z.strictObject({
  forceOnboarding: QueryBoolean.optional()
    .default(false)
    .meta({ description: "When true, the user signs in with the national eID again even if a session cookie exists." }),
});

export const InitiateUserConnectBody = z
  .strictObject({
    successUrl: RedirectUrl,
    cancelUrl: RedirectUrl,
    marketplaceUserId: MarketplaceUserId.optional(),
    userId: MarketplaceUserId.optional().meta({
      deprecated: true,
      description: "Older name of marketplaceUserId; accepted when marketplaceUserId is absent.",
    }),
    appSwitch: AppSwitch.optional(),
    requiredKycLevel: KycLevel.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.marketplaceUserId === undefined && body.userId === undefined) {
      ctx.addIssue({ code: "custom", path: ["marketplaceUserId"], message: "Required" });
    }
  })
  .meta({ id: "InitiateUserConnectRequest" });

export const RedirectResponse = z
  .object({
    redirectUrl: z.string().meta({
      description:
        "Opaque https address of a hosted page; send the user's browser there (a browser or an " +
        "in-app browser). It expires after an hour, and once opened it works only in that browser: " +
        "do not share it or send it by e-mail.",
      example: "https://escrow.example/connect/3q2…",
    }),
  })
  .meta({ id: "RedirectResponse" });

export const BankAccount = z
  .object({ bank: z.string(), accountNumber: z.string(), name: z.string() })
  .meta({ id: "BankAccount" });

export const UserDetails = z
  .object({
    serviceUserId: z.string().meta({
      description:
        "The person's id at the service: the same id as `serviceAccountId` in the user.connected " +
        "webhook and the sandbox connect answer (the specification names it both ways).",
    }),
    bankAccount: BankAccount.nullable().meta({
      description: "The payout account, or null until the user has chosen one.",
    }),
    name: z.string(),
    phoneNumber: z.string().nullable(),
    kycLevel: KycLevel.meta({ description: "Additive: the KYC level the user reached when last connected." }),
  })
  .meta({ id: "UserDetails" });

export const SandboxConnectBody = z.strictObject({ kycLevel: KycLevel }).meta({ id: "SandboxConnectRequest" });

export const ConnectedUser = z
  .object({
    serviceAccountId: z.string().meta({
      description:
        "The person's id at the service: the same id as `serviceUserId` in Get user and in a trade's " +
        "`payer` and `payee` (the specification names it both ways).",
    }),
    marketplaceUserId: z.string(),
    kycLevel: KycLevel,
    connectedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "ConnectedUser" });

export const PayoutAccountBody = z
  .strictObject({ returnUrl: RedirectUrl.nullable().optional(), appSwitch: AppSwitch.optional() })
  .meta({ id: "PayoutAccountRequest" });
