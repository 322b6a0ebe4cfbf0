// Every operation of the v1 API, in the order of the reference. The OpenAPI document is built from
// this list, and a test checks that each one has a route file exporting its method.
import type { Operation } from "./operation.ts";
import * as balance from "./operations/balance.ts";
import * as businessUsers from "./operations/business-users.ts";
import * as exports from "./operations/exports.ts";
import * as payments from "./operations/payments.ts";
import * as payouts from "./operations/payouts.ts";
import * as sandbox from "./operations/sandbox.ts";
import * as shipping from "./operations/shipping.ts";
import * as trades from "./operations/trades.ts";
import * as settlement from "./operations/settlement.ts";
import * as users from "./operations/users.ts";
import * as webhooks from "./operations/webhooks.ts";

export const OPERATIONS: Operation[] = [
  trades.initiateTrade,
  trades.getTrades,
  trades.getTradeDetails,
  trades.getTradeStatusLink,
  trades.cancelOngoingTrade,
  trades.acceptTradeInvitation,
  trades.rejectTradeInvitation,
  trades.abandonTrade,
  trades.acceptItemCondition,
  trades.rejectItemCondition,
  settlement.settleTrade,
  settlement.makeTradeOffer,
  settlement.acceptTradeOffer,
  settlement.declineTradeOffer,
  payments.acceptTradeInvitationAndPay,
  payments.getPaymentToEscrow,
  payments.initiatePaymentFlow,
  payouts.listPayouts,
  payouts.getPayout,
  exports.exportTrades,
  exports.exportPayouts,
  exports.exportLedgerMovements,
  balance.getBalance,
  balance.listBalanceTransactions,
  shipping.buyShipmentForDelivery,
  shipping.buyShipmentForReturn,
  businessUsers.createBusinessUser,
  businessUsers.getBusinessUser,
  businessUsers.editBusinessUser,
  businessUsers.deleteBusinessUser,
  users.initiateUserConnect,
  users.getUserDetails,
  users.initiateSelectPayoutAccount,
  users.sandboxConnectUser,
  payments.sandboxCompletePayment,
  sandbox.sandboxChargebackPayment,
  sandbox.sandboxCloseChargeback,
  shipping.sandboxShipmentEvent,
  sandbox.advanceSandboxClock,
  sandbox.readSandboxEventFeed,
  webhooks.createWebhookSubscription,
  webhooks.listWebhookSubscriptions,
  webhooks.getWebhookSubscription,
  webhooks.updateWebhookSubscription,
  webhooks.deleteWebhookSubscription,
  webhooks.rotateWebhookSecret,
  webhooks.listWebhookEvents,
  webhooks.redeliverWebhookEvent,
];
