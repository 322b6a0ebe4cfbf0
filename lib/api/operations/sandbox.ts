// Sandbox operations of their own (decisions.md §6): the clock, the event feed that
// `npm run cli -- listen` reads, and the payer's bank taking a payment back (the chargebacks of
// decisions.md §11).
import { z } from "zod";
import { COMMON_ERRORS, defineOperation, POST_ERRORS } from "../operation.ts";
import { EVENT_NAMES } from "../../webhooks/event-names.ts";
import { TradeStateSchema } from "../../trades/schemas.ts";
import {
  ChargebackRecord,
  SandboxChargebackBody,
  SandboxChargebackCloseBody,
  SandboxChargebackCloseParams,
  SandboxChargebackParams,
} from "../../sandbox/chargeback-schemas.ts";

export const advanceSandboxClock = defineOperation({
  operationId: "advanceSandboxClock",
  method: "POST",
  path: "/v1/sandbox/clock/advance",
  summary: "Sandbox: advance the clock",
  description:
    "Test tokens only. Moves this tenant's sandbox clock forward and fires at once every deadline " +
    "that falls due on the way (unpaid expiry, shipment deadline, auto-accept, payouts), each as " +
    "its ordinary transition with its webhook, listed in `fired`. Deadlines also fire by " +
    "themselves: the server's scheduler looks for due ones every few seconds (on the sandbox " +
    "clock for sandbox trades), so a payout, due as soon as a trade is Succeeded, is usually " +
    "paid within seconds without this call, and `fired` is then empty. Use it for the deadlines " +
    "that are days away.",
  tags: ["Sandbox"],
  body: z
    .strictObject({
      seconds: z
        .number()
        .int()
        .min(1)
        .max(10 * 365 * 24 * 3600)
        .meta({ description: "How far to move the clock (1 second to 10 years).", example: 172800 }),
    })
    .meta({ id: "AdvanceClockRequest" }),
  response: z
    .object({
      now: z.string().meta({ description: "The tenant's sandbox time after the advance." }),
      offsetSeconds: z.number().int().meta({ description: "Total offset of the sandbox clock from real time." }),
      fired: z
        .array(z.object({ tradeId: z.string(), action: z.string(), state: TradeStateSchema }))
        .meta({ description: "The deadlines that fired, in order." }),
    })
    .meta({ id: "AdvanceClockResponse" }),
  sandboxOnly: true,
  errors: [
    ...COMMON_ERRORS,
    "forbidden",
    "malformed-request",
    "payload-too-large",
    "idempotency-in-progress",
    "idempotency-key-mismatch",
  ],
});

const FEED_EVENT_NAMES = [...EVENT_NAMES] as [string, ...string[]];

export const readSandboxEventFeed = defineOperation({
  operationId: "readSandboxEventFeed",
  method: "GET",
  path: "/v1/sandbox/events/feed",
  summary: "Sandbox: the event feed (what `npm run cli -- listen` reads)",
  description:
    "Test tokens only. The tenant's events in the order they were dispatched, for a developer " +
    "whose backend cannot be reached by webhooks (a laptop): `npm run cli -- listen " +
    "--forward-to <url>` reads this feed and forwards each event signed like a real delivery. A " +
    "long poll: when nothing is new it waits up to `waitSeconds` for something to be. Start " +
    "without `cursor` (events from now on), then pass the `cursor` of each answer to the next " +
    "call. An event may come twice across calls around the cursor: deduplicate on `id`, as for " +
    "webhooks. A waiting call answers as soon as one of the tenant's events is dispatched, or at " +
    "`waitSeconds`, and stops when its client disconnects. At most 5 feeds of one API token (by " +
    "default; the operator's `SANDBOX_FEEDS_PER_TOKEN`) may be open at once on one server; one more " +
    "answers 429 `rate-limited` with `Retry-After`.",
  tags: ["Sandbox"],
  query: z.strictObject({
    cursor: z.string().max(200).optional().meta({
      description:
        "The `cursor` of the previous answer; omitted: from now on. Opaque: one this feed did not give out is a 400 on `cursor`.",
      example:
        "MjAyNi0xMS0yNVQwODozMzo1MS40OThafDIwMjYtMTEtMjVUMDg6MzM6NTAuMTIwWnwzfDc2YjQ3NzJmLTFjMmQtOGUzZi05YTRiLTVjNmQ3ZThmOWEwYg",
    }),
    // A string of digits rather than z.coerce: coercion would read an empty value as 0.
    waitSeconds: z
      .string()
      .regex(/^(?:[0-9]|1[0-9]|2[0-5])$/, "A whole number of seconds from 0 to 25")
      .transform(Number)
      .default(0)
      .meta({
        description:
          "How long to wait for an event when none is new: a whole number of seconds from 0 to 25 (default 0).",
        example: "20",
      }),
    events: z
      .string()
      .max(2000)
      .optional()
      .transform((text, context) => {
        const names = text
          ? text
              .split(",")
              .map((name) => name.trim())
              .filter(Boolean)
          : [];
        const unknown = names.filter((name) => !FEED_EVENT_NAMES.includes(name));
        if (unknown.length) context.addIssue({ code: "custom", message: `Unknown event names: ${unknown.join(", ")}` });
        return names;
      })
      .meta({
        description: "Comma-separated event names to include (default: all).",
        example: "trade.created,trade.succeeded",
      }),
  }),
  response: z
    .object({
      events: z.array(
        z.object({
          id: z.string().meta({ description: "The event id (also the `webhook-id` of its deliveries)." }),
          eventName: z.string(),
          tradeId: z.string().nullable(),
          payload: z
            .record(z.string(), z.unknown())
            .meta({ description: "The body a webhook delivery of this event carries." }),
        }),
      ),
      cursor: z.string().meta({ description: "Pass it as `cursor` to the next call." }),
    })
    .meta({ id: "SandboxEventFeed" }),
  sandboxOnly: true,
  errors: [...COMMON_ERRORS, "forbidden"],
});

export const sandboxChargebackPayment = defineOperation({
  operationId: "sandboxChargebackPayment",
  method: "POST",
  path: "/v1/sandbox/payments/{paymentId}/chargeback",
  summary: "Sandbox: the payer's bank takes a payment back",
  description:
    "Test tokens only. The payer's bank disputes the whole of a `Paid` escrow payment (a card " +
    "chargeback), as it may weeks after the payment, whatever the trade's state. It runs the path " +
    "a real rail's dispute runs and answers once it has: the chargeback is recorded `open` with " +
    "its ledger movement (type `chargeback` in the balance transactions; the service bears it), " +
    "`trade.chargeback_opened` is sent, and a payout not yet sent is held until it closes. Send " +
    "`{}` for the default reason. `paymentId` may be the payment record's `externalId` or its " +
    "additive `paymentId`. 409 `invalid-state` for a label payment, a payment that is not `Paid` " +
    "(`PartiallyRefunded` and `Refunded` included) and one charged back already (the bank takes a " +
    "payment back once); 403 `forbidden` when this deployment's test mode takes payments through a " +
    "real rail.",
  tags: ["Sandbox"],
  params: SandboxChargebackParams,
  body: SandboxChargebackBody,
  response: ChargebackRecord,
  sandboxOnly: true,
  errors: [...POST_ERRORS, "forbidden", "not-found", "invalid-state"],
});

export const sandboxCloseChargeback = defineOperation({
  operationId: "sandboxCloseChargeback",
  method: "POST",
  path: "/v1/sandbox/chargebacks/{chargebackId}/close",
  summary: "Sandbox: the payer's bank decides a chargeback",
  description:
    "Test tokens only. Closes an `open` sandbox chargeback (`chargebackId` as " +
    "`trade.chargeback_opened` names it in `metadata.chargebackId`) and answers once it is " +
    "recorded: `won` gives the money back (a reversing `chargeback` balance transaction) and a " +
    "payout held for it goes on; `lost` leaves it with the payer, and a payout held for it stays " +
    "held for the tenant's staff to decide. Either sends `trade.chargeback_closed`. 409 " +
    "`invalid-state` when it is closed already.",
  tags: ["Sandbox"],
  params: SandboxChargebackCloseParams,
  body: SandboxChargebackCloseBody,
  response: ChargebackRecord,
  sandboxOnly: true,
  errors: [...POST_ERRORS, "forbidden", "not-found", "invalid-state"],
});
