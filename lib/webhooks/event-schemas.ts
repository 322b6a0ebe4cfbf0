// The bodies webhooks deliver, as schemas for the OpenAPI document's `webhooks` section, so that a
// generated client gets types for them. The writers are lib/trades/trade-events.ts (trade and
// payout events) and lib/users/connect-user.ts (user.connected); a test compares real deliveries
// with these schemas.
import { z } from "zod";
import { RAIL_NOTICE_NAMES, PAYOUT_EVENT_NAMES, TRADE_EVENT_NAMES } from "./event-names.ts";
import { TradeStateSchema } from "../trades/schemas.ts";

export const TradeEventBody = z
  .object({
    id: z.string().meta({
      description:
        "The event's id, the same on every delivery of it (deduplicate on it; also the `webhook-id` header).",
    }),
    referenceId: z.string().meta({ description: "The trade's referenceId ('' when none was given)." }),
    eventName: z.enum([...TRADE_EVENT_NAMES, ...PAYOUT_EVENT_NAMES, ...RAIL_NOTICE_NAMES]),
    eventDate: z.string().meta({ description: "When it happened (ISO 8601, UTC; the sandbox clock in test mode)." }),
    payerMarketplaceUserId: z.string(),
    payeeMarketplaceUserId: z.string(),
    tradeId: z.string(),
    metadata: z.object({
      state: TradeStateSchema,
      previousState: TradeStateSchema,
      sequence: z.int().meta({ description: "The trade's event counter: order a trade's events by it." }),
      payoutId: z
        .string()
        .optional()
        .meta({ description: "Payout events only: the payout (GET /v1/marketplace/payouts/{payoutId})." }),
      chargebackId: z.string().optional().meta({
        description:
          "Chargeback events only: the chargeback (its amount, reason and state are on the console's trade page).",
      }),
      chargebackState: z
        .enum(["open", "won", "lost"])
        .optional()
        .meta({ description: "Chargeback events only: open, or how it closed (won: the money came back)." }),
      holdBudgetEndsAt: z.string().optional().meta({
        description:
          "trade.hold_budget_ending only: when the payment rail's hold on the payer's money ends (ISO 8601); the trade must be paid out or refunded before.",
      }),
    }),
  })
  .meta({ id: "TradeEvent" });

export const UserConnectedEventBody = z
  .object({
    id: z.string(),
    referenceId: z.string().meta({ description: "The marketplace user id." }),
    eventName: z.literal("user.connected"),
    eventDate: z.string(),
    serviceAccountId: z.string().meta({
      description:
        "The person's id at the service: the same id as `serviceUserId` in Get user and in a trade's " +
        "`payer` and `payee` (the specification names it both ways).",
    }),
    marketplaceUserId: z.string(),
    kycLevel: z.int().meta({ description: "1 (medium: national eID) or 2 (high: passport-verified)." }),
  })
  .meta({ id: "UserConnectedEvent" });
