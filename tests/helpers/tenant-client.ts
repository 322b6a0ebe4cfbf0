// A tenant's view of the API for journey tests: each call goes through its real route handler.
import { POST as cancel } from "../../app/api/v1/marketplace/trades/[tradeId]/cancel/route.ts";
import { POST as settle } from "../../app/api/v1/marketplace/trades/[tradeId]/settle/route.ts";
import { POST as makeOffer } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/offers/route.ts";
import { POST as acceptOffer } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/offers/accept/route.ts";
import { POST as declineOffer } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/offers/decline/route.ts";
import { POST as initiate } from "../../app/api/v1/marketplace/trades/initiate/route.ts";
import { POST as acceptAndPay } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/invitation/accept-and-pay/route.ts";
import { POST as acceptCondition } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/condition/accept/route.ts";
import { POST as rejectCondition } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/condition/reject/route.ts";
import { GET as getPayment } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/payment/route.ts";
import { GET as getTrade } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/route.ts";
import { POST as buyDelivery } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/shipments/delivery/route.ts";
import { POST as buyReturn } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/shipments/return/route.ts";
import { POST as paymentFlow } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/payments/[paymentId]/flow/route.ts";
import { POST as advanceClock } from "../../app/api/v1/sandbox/clock/advance/route.ts";
import { POST as completePayment } from "../../app/api/v1/sandbox/payments/[paymentId]/complete/route.ts";
import { POST as chargeback } from "../../app/api/v1/sandbox/payments/[paymentId]/chargeback/route.ts";
import { POST as closeChargeback } from "../../app/api/v1/sandbox/chargebacks/[chargebackId]/close/route.ts";
import { POST as trackingEvent } from "../../app/api/v1/sandbox/shipments/[labelId]/events/route.ts";
import { POST as connect } from "../../app/api/v1/sandbox/users/[marketplaceUserId]/connect/route.ts";
import { callRoute } from "./call-route.ts";

/** The initiate body of a small trade (a 100 brass lamp, no fees), with any field changed. */
export function smallTradeBody(payer: string, payee: string, changes: Record<string, unknown> = {}) {
  return {
    title: "Lamp",
    description: "Brass",
    amount: 100,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: payer,
    payeeMarketplaceUserId: payee,
    successUrl: "https://shop.example/ok",
    cancelUrl: "https://shop.example/no",
    ...changes,
  };
}

export function tenantClient(token: string) {
  const post = (
    handler: Parameters<typeof callRoute>[0],
    path: string,
    params: Record<string, string>,
    body?: unknown,
  ) => callRoute(handler, { method: "POST", path, params, token, body });
  const get = (handler: Parameters<typeof callRoute>[0], path: string, params: Record<string, string>) =>
    callRoute(handler, { path, params, token });
  const party = (u: string, t: string) => ({ marketplaceUserId: u, tradeId: t });
  const connectUser = (u: string, kycLevel = 1) =>
    post(connect, `/api/v1/sandbox/users/${u}/connect`, { marketplaceUserId: u }, { kycLevel });
  const initiateTrade = (body: unknown) => post(initiate, "/api/v1/marketplace/trades/initiate", {}, body);
  return {
    /**
     * Both users connected and a small trade initiated between them (a 100 brass lamp, no fees):
     * for tests that need a trade to exist and nothing more of it. Returns the trade's id.
     */
    smallTrade: async (payer: string, payee: string) => {
      await connectUser(payee);
      await connectUser(payer);
      const answer = await initiateTrade(smallTradeBody(payer, payee));
      if (answer.status !== 200) throw new Error(`initiate answered ${answer.status}: ${JSON.stringify(answer.json)}`);
      return (answer.json as { tradeId: string }).tradeId;
    },
    connect: connectUser,
    initiate: initiateTrade,
    trade: (u: string, t: string) => get(getTrade, `/api/v1/marketplace/users/${u}/trades/${t}`, party(u, t)),
    acceptAndPay: (u: string, t: string) =>
      post(acceptAndPay, `/api/v1/marketplace/users/${u}/trades/${t}/invitation/accept-and-pay`, party(u, t)),
    escrowPayment: (u: string, t: string) =>
      get(getPayment, `/api/v1/marketplace/users/${u}/trades/${t}/payment`, party(u, t)),
    paymentFlow: (u: string, p: string, body: unknown) =>
      post(
        paymentFlow,
        `/api/v1/marketplace/users/${u}/payments/${p}/flow`,
        { marketplaceUserId: u, paymentId: p },
        body,
      ),
    completePayment: (p: string, outcome: "succeeded" | "failed" = "succeeded") =>
      post(completePayment, `/api/v1/sandbox/payments/${p}/complete`, { paymentId: p }, { outcome }),
    /** The payer's bank takes the payment back; the body is `{}` (default reason) or `{ reason }`. */
    chargeback: (p: string, body: unknown = {}) =>
      post(chargeback, `/api/v1/sandbox/payments/${p}/chargeback`, { paymentId: p }, body),
    closeChargeback: (c: string, outcome: unknown) =>
      post(closeChargeback, `/api/v1/sandbox/chargebacks/${c}/close`, { chargebackId: c }, { outcome }),
    buyDelivery: (u: string, t: string, body: unknown) =>
      post(buyDelivery, `/api/v1/marketplace/users/${u}/trades/${t}/shipments/delivery`, party(u, t), body),
    buyReturn: (u: string, t: string, body: unknown) =>
      post(buyReturn, `/api/v1/marketplace/users/${u}/trades/${t}/shipments/return`, party(u, t), body),
    track: (labelId: string, event: string) =>
      post(trackingEvent, `/api/v1/sandbox/shipments/${labelId}/events`, { labelId }, { event }),
    acceptCondition: (u: string, t: string) =>
      post(acceptCondition, `/api/v1/marketplace/users/${u}/trades/${t}/condition/accept`, party(u, t)),
    rejectCondition: (u: string, t: string, reason: string) =>
      post(rejectCondition, `/api/v1/marketplace/users/${u}/trades/${t}/condition/reject`, party(u, t), reason),
    advanceClock: (seconds: number) => post(advanceClock, "/api/v1/sandbox/clock/advance", {}, { seconds }),
    cancel: (t: string, state: string) =>
      post(cancel, `/api/v1/marketplace/trades/${t}/cancel`, { tradeId: t }, { state }),
    settle: (t: string, body: unknown) => post(settle, `/api/v1/marketplace/trades/${t}/settle`, { tradeId: t }, body),
    makeOffer: (u: string, t: string, body: unknown) =>
      post(makeOffer, `/api/v1/marketplace/users/${u}/trades/${t}/offers`, party(u, t), body),
    /** The body names the offer accepted: `{ refundAmount }` as the Trade's `offer` showed it. */
    acceptOffer: (u: string, t: string, body?: unknown) =>
      post(acceptOffer, `/api/v1/marketplace/users/${u}/trades/${t}/offers/accept`, party(u, t), body),
    declineOffer: (u: string, t: string, body?: unknown) =>
      post(declineOffer, `/api/v1/marketplace/users/${u}/trades/${t}/offers/decline`, party(u, t), body),
  };
}
