// Payment operations (spec 4.6; decisions.md §1, §6).
import { COMMON_ERRORS, defineOperation, POST_ERRORS } from "../operation.ts";
import { RedirectResponse } from "../../users/schemas.ts";
import { TradeParams } from "../../trades/schemas.ts";
import {
  AcceptAndPayQuery,
  PaymentFlowBody,
  PaymentFlowParams,
  PaymentRecord,
  SandboxPaymentBody,
  SandboxPaymentParams,
} from "../../payments/schemas.ts";

export const acceptTradeInvitationAndPay = defineOperation({
  operationId: "acceptTradeInvitationAndPay",
  method: "POST",
  path: "/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/invitation/accept-and-pay",
  summary: "Accept trade invitation and pay",
  description:
    "The payer accepts the trade (if not yet) and gets the trade's payment into escrow (made at " +
    "Initiate trade, the one the hosted checkout pays too), `Pending` until completed in the " +
    "payment flow. Always the same payment: paying twice never charges twice. 409 " +
    "`payer-is-payee` when the payer is connected as the payee's own person (nobody buys from " +
    "themself; a payer may connect after initiation).",
  tags: ["Payments"],
  params: TradeParams,
  query: AcceptAndPayQuery,
  response: PaymentRecord,
  errors: [...POST_ERRORS, "not-found", "invalid-state", "payer-is-payee"],
  liveNeeds: ["paymentRail"],
});

export const getPaymentToEscrow = defineOperation({
  operationId: "getPaymentToEscrow",
  method: "GET",
  path: "/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/payment",
  summary: "Get payment to escrow",
  description:
    "The trade's payment into escrow (either party may ask). It exists from Initiate trade: " +
    "`Pending` with the payer's total until paid, `Cancelled` when the trade is cancelled " +
    "unpaid, `PartiallyRefunded` or `Refunded` once money went back to the payer.",
  tags: ["Payments"],
  params: TradeParams,
  response: PaymentRecord,
  errors: [...COMMON_ERRORS, "not-found"],
});

export const initiatePaymentFlow = defineOperation({
  operationId: "initiatePaymentFlow",
  method: "POST",
  path: "/v1/marketplace/users/{marketplaceUserId}/payments/{paymentId}/flow",
  summary: "Initiate payment flow",
  description:
    "The hosted page where the user completes a pending payment (escrow or a shipping label) " +
    "with a card or a mobile wallet; afterwards the browser goes to `successUrl`, or to " +
    "`cancelUrl?reason=cancelled` (the payment then stays `Pending`, and a new flow can be " +
    "started for it). A declined attempt charges nothing, leaves the payment `Pending` and the " +
    "user may try another method. `paymentId` may be the payment record's `externalId` or its " +
    "additive `paymentId`. For the escrow payment, 409 `payer-is-payee` when the payer is " +
    "connected as the payee's own person.",
  tags: ["Payments"],
  params: PaymentFlowParams,
  body: PaymentFlowBody,
  response: RedirectResponse,
  errors: [...POST_ERRORS, "not-found", "invalid-state", "payer-is-payee"],
  liveNeeds: ["paymentRail"],
});

export const sandboxCompletePayment = defineOperation({
  operationId: "sandboxCompletePayment",
  method: "POST",
  path: "/v1/sandbox/payments/{paymentId}/complete",
  summary: "Sandbox: complete a payment",
  description:
    "Test tokens only. Completes a pending payment as if the payer paid (or was declined) in " +
    "the hosted page: an escrow payment moves the trade to `AwaitingShipment` " +
    "(`trade.created`); a label payment issues the label. `failed` is a declined attempt: it is " +
    "recorded and the payment stays `Pending`, as in the hosted page. `paymentId` may be the " +
    "payment record's `externalId` or its additive `paymentId`. An escrow payment whose payer " +
    "is connected as the payee's own person is refused (409 `payer-is-payee`), as the hosted page refuses it.",
  tags: ["Sandbox"],
  params: SandboxPaymentParams,
  body: SandboxPaymentBody,
  response: PaymentRecord,
  sandboxOnly: true,
  errors: [...POST_ERRORS, "forbidden", "not-found", "invalid-state", "payer-is-payee"],
});
