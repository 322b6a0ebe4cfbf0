// The OpenAPI 3.1 `webhooks` section: one entry per event a subscription can ask for, with the body
// it delivers, so that event bodies get types in generated clients like the API's answers do.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { EVENT_NAMES, type EventName } from "../webhooks/event-names.ts";
import { TradeEventBody, UserConnectedEventBody } from "../webhooks/event-schemas.ts";

const SIGNED =
  "Delivered as a POST to each subscription that asks for it, signed per Standard Webhooks " +
  "(`webhook-id`, `webhook-timestamp`, `webhook-signature`: verify on the raw body before " +
  "parsing). Answer 2xx within 10 seconds; anything else is retried with backoff. A trade's " +
  "events carry `metadata.sequence`: order by it. See docs/webhooks.md; which transition " +
  "sends which: docs/states.md.";

const WHAT: Partial<Record<EventName, string>> = {
  "trade.settled":
    "Additive: a rejected or disputed item was settled without the return parcel (Settle trade, " +
    "an accepted offer, or staff's split); the trade's `settlement` says how. Followed by " +
    "`trade.succeeded` or `trade.return_condition_accepted`.",
  "trade.offer_made":
    "Additive: the payee offered a price reduction; the trade's `offer` holds it until answered or lapsed.",
  "trade.offer_accepted": "Additive: the payer accepted the offer; followed by `trade.settled` and `trade.succeeded`.",
  "trade.offer_declined":
    "Additive: the payer declined the offer, or it lapsed unanswered; the trade continues as before.",
  "payout.paid":
    "Additive: the payee's payout was paid; `metadata.payoutId` names it (GET /v1/marketplace/payouts/{payoutId}).",
  "payout.failed":
    "Additive: the bank refused the payout; the money stays owed, and a new payout follows once a new payout account is chosen. `metadata.payoutId` names it.",
  "trade.chargeback_opened":
    "Additive: the payer's bank took the payment back (a card chargeback) after it was paid; the service bears it, and the trade's payout is held while it is open. `metadata.chargebackId` names it.",
  "trade.chargeback_closed":
    "Additive: a chargeback closed: `metadata.chargebackState` is `won` (the money came back; a held payout goes on) or `lost` (the payer keeps it; staff decide the payout).",
  "trade.hold_budget_ending":
    "Additive: the payment rail holds the payer's money for a limited time from payment (Stripe in Denmark: 90 days), and this trade's ends within 7 days (`metadata.holdBudgetEndsAt`): settle, release or refund it before. Sent once per trade.",
  "user.connected": "A marketplace user finished the connect flow: the service account id and the KYC level.",
};

export function webhookEntries(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    EVENT_NAMES.map((name) => [
      name,
      {
        post: {
          operationId: `webhook_${name.replace(".", "_")}`,
          summary: name,
          description: `${WHAT[name] ?? `The trade event \`${name}\`.`} ${SIGNED}`,
          tags: ["Webhooks"],
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: name === "user.connected" ? UserConnectedEventBody : TradeEventBody },
            },
          },
          responses: { "200": { description: "Received (any 2xx)." } },
        },
      },
    ]),
  );
}
