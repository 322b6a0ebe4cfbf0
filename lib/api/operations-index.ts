// Every operation of the v1 API, in the order of the reference. The OpenAPI document is built from
// this list, and a test checks that each one has a route file exporting its method.
import type { Operation } from "./operation.ts";
import * as balance from "../balance/operations.ts";
import * as businessUsers from "../business-users/operations.ts";
import * as exports from "../exports/operations.ts";
import * as payments from "../payments/operations.ts";
import * as payouts from "../payouts/operations.ts";
import * as sandbox from "../sandbox/operations.ts";
import * as shipping from "../shipping/operations.ts";
import * as trades from "../trades/operations.ts";
import * as settlement from "../trades/settlement-operations.ts";
import * as users from "../users/operations.ts";
import * as webhooks from "../webhooks/operations.ts";

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
