// Payment records (spec 2.5) and the payment operations' requests.
import { z } from "zod";
import { AppSwitch, MarketplaceUserId, RedirectUrl } from "../schemas/common.ts";

export const PaymentRecord = z
  .object({
    externalId: z
      .string()
      .meta({ description: "The payment rail's reference; accepted wherever a path takes a `paymentId`." }),
    amount: z.number().meta({ description: "Major units of the tenant's currency." }),
    isPaid: z.boolean(),
    state: z.enum(["Pending", "Paid", "Failed", "Cancelled", "PartiallyRefunded", "Refunded"]).meta({
      description:
        "`PartiallyRefunded` (additive) and `Refunded`: part or all of a paid payment went back to the payer " +
        "(a cancelled or lost trade, an accepted return, a staff decision, shipping money a label did not use); `isPaid` stays true.",
    }),
    refundedAmount: z
      .number()
      .meta({ description: "Additive: what went back to the payer so far, in major units (0 when nothing)." }),
    paymentId: z.string().meta({
      description:
        "Additive: another id of the payment, accepted wherever a path takes a `paymentId` (as is `externalId`).",
    }),
    purpose: z
      .enum(["Escrow", "DeliveryLabel", "ReturnLabel"])
      .meta({ description: "Additive: what the payment is for." }),
  })
  .meta({ id: "PaymentRecord" });

export const PaymentFlowParams = z.strictObject({
  marketplaceUserId: MarketplaceUserId,
  paymentId: z.string().min(1).max(64),
});

export const PaymentFlowBody = z
  .strictObject({ successUrl: RedirectUrl, cancelUrl: RedirectUrl, appSwitch: AppSwitch.optional() })
  .meta({ id: "PaymentFlowRequest" });

export const AcceptAndPayQuery = z.strictObject({
  receiverShopId: z
    .string()
    .max(64)
    .optional()
    .meta({ description: "The parcel shop the payer wants the item delivered to." }),
});

export const SandboxPaymentParams = z.strictObject({ paymentId: z.string().min(1).max(64) });
export const SandboxPaymentBody = z
  .strictObject({ outcome: z.enum(["succeeded", "failed"]) })
  .meta({ id: "SandboxPaymentOutcome" });
