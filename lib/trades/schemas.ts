// The trades resource: request and response schemas (spec 2.1–2.3, 4.1–4.3, 8).
import { z } from "zod";
import { AppSwitch, MarketplaceUserId, RedirectUrl } from "../schemas/common.ts";
import { TRADE_STATES } from "./states.ts";
import { codedInteger } from "../schemas/coded-integer.ts";
import { ACTION, ICON, LABEL_PAID_BY, TIMELINE_STATE } from "./presentation/codes.ts";

/** A trade's state id (docs/states.md): one component, used by every field that carries one. */
export const TradeStateSchema = z
  .enum(TRADE_STATES as [string, ...string[]])
  .meta({ id: "TradeState", description: "Additive: the trade's state id (docs/states.md)." });

const money = (min: number, max: number, description: string) => z.number().min(min).max(max).meta({ description });
const percent = (description: string) => z.number().min(0).max(100).meta({ description });

export const PaidBy = z
  .union([z.enum(["Payer", "Payee"]), z.literal(1), z.literal(2)])
  .transform((value) => (value === 1 || value === "Payer" ? ("Payer" as const) : ("Payee" as const)))
  .meta({
    description:
      "Who bears the label price: `Payer` or `Payee` (the integer codes 1 = Payer, 2 = Payee are accepted too).",
  });

export const ShippingModel = z
  .strictObject({
    expectedMaxWeight: z
      .number()
      .positive()
      .max(1_000_000)
      .optional()
      .meta({ description: "Expected maximum weight of the parcel, in grams." }),
    paidBy: PaidBy.optional(),
    returnPaidBy: PaidBy.optional(),
    shippingOptions: z.unknown().optional().meta({ description: "Carrier options; stored and returned as sent." }),
    sender: z.unknown().optional(),
    receiver: z.unknown().optional(),
    price: z.number().min(0).max(100_000).optional().meta({ description: "Label price in major units." }),
    shippingProviderShopId: z.string().max(64).optional(),
  })
  .meta({ id: "Shipping" });

export const InitiateTradeBody = z
  .strictObject({
    title: z.string().min(1).max(64),
    description: z.string().min(1).max(5000),
    amount: money(
      5,
      10_000_000,
      "Sale amount in major units; rounded to 2 decimals half away from zero (100.005 → 100.01).",
    ),
    payerFee: percent("Total percentage fee added for the payer; the service's agreed percentage is taken from it."),
    payerFixedFee: money(
      0,
      2147483647,
      "Fixed fee for the payer (major units); the service's agreed fixed fee is taken from it. Defaults to 0 for clients of the older flow.",
    ).default(0),
    payeeFee: percent("Total percentage fee taken from the payee's payout."),
    payeeFixedFee: money(
      0,
      2147483647,
      "Fixed fee taken from the payee's payout (major units). Defaults to 0.",
    ).default(0),
    payerMarketplaceUserId: MarketplaceUserId,
    payeeMarketplaceUserId: MarketplaceUserId.meta({
      description:
        "The seller; must already be connected (409 payee-not-connected), and not as the payer's own person (409 payer-is-payee).",
    }),
    referenceId: z.string().max(64).nullable().optional(),
    checkoutIdempotencyKey: z
      .string()
      .min(1)
      .max(64)
      .nullable()
      .optional()
      .meta({ deprecated: true, description: "Deprecated: use checkoutUniquenessKey." }),
    checkoutUniquenessKey: z.string().min(1).max(64).nullable().optional().meta({
      description:
        "At most one live checkout per key: a second trade with a key whose trade is not Cancelled answers 409 conflict naming that trade.",
    }),
    deliveryByHandAllowed: z.boolean().optional(),
    shipping: ShippingModel.optional(),
    returnShipping: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .meta({ description: "Return shipping options; stored and returned as sent." }),
    successUrl: RedirectUrl,
    cancelUrl: RedirectUrl,
    imageUrls: z.array(z.string().min(1).max(2048).url()).max(20).nullable().optional(),
    appSwitch: AppSwitch.optional(),
    prioritizedPayees: z
      .array(
        z
          .strictObject({ businessId: z.string().min(1).max(64), businessLocationId: z.string().min(1).max(64) })
          .meta({ id: "PrioritizedPayee" }),
      )
      .max(20)
      .nullable()
      .optional()
      .meta({
        description:
          "Business users to pay out to instead of the payee, in order: the first that exists when " +
          "the trade settles receives the payout. Business ids must be whitelisted.",
      }),
    checkoutType: z.string().min(1).max(64).optional().meta({ example: "Marketplace" }),
  })
  .meta({ id: "InitiateTradeRequest" });

export const InitiateTradeResponse = z
  .object({
    tradeId: z.string(),
    redirectUrl: z.string().meta({ description: "Hosted checkout: send the payer's browser here." }),
  })
  .meta({ id: "InitiateTradeResponse" });

const Timestamp = z
  .string()
  .meta({ description: "ISO 8601 date-time with offset, or the empty string when it has not happened." });

export const Fees = z
  .object({
    fixedAmount: z.number(),
    variableAmount: z.number().meta({ description: "The percentage fee as an amount." }),
    variablePercentage: z.number(),
    amount: z.number().meta({ description: "fixedAmount + variableAmount." }),
  })
  .meta({ id: "Fees" });

export const PartyStatus = z
  .object({
    deadline: z.string().nullable(),
    deadlineDescription: z.string().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    iconId: codedInteger(ICON, "The icon that shows the party's situation").nullable(),
    actions: z.array(z.object({ type: codedInteger(ACTION, "What the action does"), text: z.string() })).nullable(),
    hasPendingAction: z.boolean(),
  })
  .meta({ id: "PartyStatus" });

export const TimelineEntry = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    iconId: codedInteger(ICON, "The step's icon"),
    state: codedInteger(TIMELINE_STATE, "Where the step stands (skipped: it did not happen on this trade's way)"),
    date: z.string(),
    detailsTitle: z.string(),
    detailsDeadlineDescription: z.string(),
    detailsDescription: z.string(),
  })
  .meta({ id: "TimelineEntry" });

export const Party = z
  .object({
    serviceUserId: z.string().meta({
      description:
        "The party's id at the service, the same id as `serviceAccountId` in the user.connected " +
        "webhook (the specification names it both ways); empty until the user has connected.",
    }),
    phoneNumber: z.string().nullable(),
    name: z.string(),
    city: z.string(),
    postalCode: z.string(),
    address: z.string(),
    fees: Fees,
    status: PartyStatus,
    timeline: z.array(TimelineEntry),
  })
  .meta({ id: "Party" });

const Images = z.array(z.object({ url: z.string() }));
const LegPhase = {
  started: Timestamp,
  paid: Timestamp,
  sent: Timestamp,
  lost: Timestamp,
  delivered: Timestamp,
  approved: Timestamp,
  rejected: Timestamp,
  labelPricePayer: z.number(),
  labelPricePayee: z.number(),
  labelCode: z.string(),
  labelPaidBy: codedInteger(LABEL_PAID_BY, "Who bears the label price (shared: labelPricePayer and labelPricePayee)"),
  labelId: z.string(),
  shippingProvider: z.string(),
  labelTracking: z.string(),
  rejectedReason: z.object({ description: z.string(), images: Images }).nullable(),
};

export const Trade = z
  .object({
    tradeId: z.string(),
    state: TradeStateSchema,
    payer: Party,
    payee: Party,
    createdBy: z.string(),
    referenceId: z.string(),
    title: z.string(),
    description: z.string(),
    price: z.number(),
    prioritizedPayees: z.array(z.object({ businessId: z.string(), businessLocationId: z.string() })).nullable(),
    phases: z.object({
      contract: z
        .object({
          started: Timestamp,
          paid: Timestamp,
          invitationAccepted: Timestamp,
          invitationRejected: Timestamp,
          amount: z.number(),
        })
        .nullable(),
      delivery: z.object(LegPhase).nullable(),
      return: z.object(LegPhase).nullable(),
      finished: z
        .object({
          succeeded: Timestamp,
          cancelled: Timestamp,
          returned: Timestamp,
          released: Timestamp,
          amount: z.number(),
        })
        .nullable(),
    }),
    images: Images.nullable(),
    offer: z
      .object({
        refundAmount: z.number().meta({ description: "Major units back to the payer if accepted." }),
        madeAt: z.string(),
        lapsesAt: z
          .string()
          .meta({ description: "When the offer lapses unanswered; the trade then continues as before." }),
      })
      .nullable()
      .meta({ description: "Additive: the payee's open price-reduction offer (decisions.md §9), or null." }),
    settlement: z
      .object({
        refundAmount: z.number().meta({
          description:
            "Major units that went back to the payer, who kept the item (or all of it, when the trade is `Returned`).",
        }),
        payeeAmount: z.number().meta({ description: "Major units the payee receives after the refund." }),
      })
      .nullable()
      .meta({
        description:
          "Additive: how the trade was settled (Settle trade, an accepted offer, or staff's split), or null.",
      }),
  })
  .meta({ id: "Trade" });

export const TradeParams = z.strictObject({ marketplaceUserId: MarketplaceUserId, tradeId: z.string().min(1).max(64) });

export const GetTradesQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  state: TradeStateSchema.optional(),
  role: z.enum(["payer", "payee"]).optional(),
});

export const TradeList = z
  .object({
    trades: z.array(Trade),
    pagination: z.object({
      pageSize: z.number().int(),
      page: z.number().int(),
      totalCount: z.number().int().meta({ description: "Additive: trades matching the filters." }),
    }),
  })
  .meta({ id: "TradeList" });
