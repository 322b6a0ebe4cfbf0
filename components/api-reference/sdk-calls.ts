// Each operation as a call of the TypeScript SDK (sdk/, docs/sdk.md), shown beside its curl on the
// operation's page. tests/unit/docs-sdk-calls.test.ts compiles every snippet against the SDK's
// types, and fails when an operation of the document has none.
const TRADE = `{ marketplaceUserId: "buyer", tradeId }`;
const SELLER_TRADE = `{ marketplaceUserId: "seller", tradeId }`;
const BUSINESS = `{ businessId: "12345678", businessLocationId: "1" }`;
const RANGE = `{ from: "2026-11-01", to: "2026-11-30", format: "csv" }`;

export const SDK_CALLS: Record<string, string> = {
  initiateTrade: `const { tradeId, redirectUrl } = await escrow.trades.initiate({
  title: "Bike", description: "Road bike", amount: 1200,
  payerFee: 3, payerFixedFee: 0, payeeFee: 5, payeeFixedFee: 0,
  payerMarketplaceUserId: "buyer", payeeMarketplaceUserId: "seller",
  successUrl: "https://shop.example/ok", cancelUrl: "https://shop.example/cancel",
});`,
  getTrades: `for await (const trade of escrow.trades.list({ marketplaceUserId: "buyer", state: "Delivered" })) {
  console.log(trade.tradeId, trade.state);
}`,
  getTradeDetails: `const trade = await escrow.trades.get(${TRADE});`,
  getTradeStatusLink: `const { redirectUrl } = await escrow.trades.statusLink({ ...${TRADE}, returnUrl: "https://shop.example/orders" });`,
  cancelOngoingTrade: `const { state } = await escrow.trades.cancel({ tradeId, state: "AwaitingShipment" });`,
  acceptTradeInvitation: `const trade = await escrow.trades.acceptInvitation(${TRADE});`,
  rejectTradeInvitation: `const trade = await escrow.trades.rejectInvitation(${TRADE});`,
  abandonTrade: `const trade = await escrow.trades.abandon(${TRADE});`,
  acceptItemCondition: `const trade = await escrow.trades.acceptCondition(${TRADE});`,
  rejectItemCondition: `const trade = await escrow.trades.rejectCondition({ ...${TRADE}, reason: "Scratched frame" });`,
  settleTrade: `const trade = await escrow.trades.settle({ tradeId, refundAmount: 200, reason: "Agreed discount for the scratch" });`,
  makeTradeOffer: `const trade = await escrow.trades.offers.make({ ...${SELLER_TRADE}, refundAmount: 200 });`,
  acceptTradeOffer: `// refundAmount: the offer the buyer was shown (the Trade's offer.refundAmount)
const trade = await escrow.trades.offers.accept({ ...${TRADE}, refundAmount: 200 });`,
  declineTradeOffer: `const trade = await escrow.trades.offers.decline(${TRADE});`,
  acceptTradeInvitationAndPay: `const { paymentId } = await escrow.trades.acceptAndPay(${TRADE});`,
  getPaymentToEscrow: `const payment = await escrow.payments.getEscrow(${TRADE});`,
  initiatePaymentFlow: `const { redirectUrl } = await escrow.payments.startFlow({
  marketplaceUserId: "buyer", paymentId,
  successUrl: "https://shop.example/paid", cancelUrl: "https://shop.example/cancel",
});`,
  listPayouts: `for await (const payout of escrow.payouts.list({ tradeId })) console.log(payout.state, payout.amount);`,
  getPayout: `const payout = await escrow.payouts.get(payoutId);`,
  exportTrades: `const csv = await escrow.exports.trades(${RANGE});`,
  exportPayouts: `const csv = await escrow.exports.payouts(${RANGE});`,
  exportLedgerMovements: `const csv = await escrow.exports.ledgerMovements(${RANGE});`,
  getBalance: `const balance = await escrow.balance.get();`,
  listBalanceTransactions: `for await (const transaction of escrow.balance.transactions({ tradeId })) console.log(transaction.type);`,
  buyShipmentForDelivery: `const payment = await escrow.shipments.buyDeliveryLabel({
  ...${SELLER_TRADE}, price: 49, shipmentProviderId: "gls", expectedMaxWeightInGrams: 5000,
});`,
  buyShipmentForReturn: `const payment = await escrow.shipments.buyReturnLabel({
  ...${TRADE}, price: 49, shipmentProviderId: "gls", expectedMaxWeightInGrams: 5000,
});`,
  createBusinessUser: `const business = await escrow.businessUsers.create({
  ...${BUSINESS}, name: "Cykelbutikken ApS", phoneNumber: "+4512345678",
  address: { streetName: "Nørregade", houseNumber: "1", city: "København", postNumber: "1165" },
  payoutsAccountNumber: "DK5000400440116243",
});`,
  getBusinessUser: `const business = await escrow.businessUsers.get(${BUSINESS});`,
  editBusinessUser: `const business = await escrow.businessUsers.edit({
  ...${BUSINESS}, name: "Cykelbutikken ApS", phoneNumber: null,
  address: { city: "København" }, payoutsAccountNumber: "DK5000400440116243",
});`,
  deleteBusinessUser: `await escrow.businessUsers.delete(${BUSINESS});`,
  initiateUserConnect: `const { redirectUrl } = await escrow.users.connect({
  marketplaceUserId: "seller", successUrl: "https://shop.example/connected", cancelUrl: "https://shop.example/cancel",
});`,
  getUserDetails: `const user = await escrow.users.get("seller");`,
  initiateSelectPayoutAccount: `const { redirectUrl } = await escrow.users.selectPayoutAccount("seller", { returnUrl: "https://shop.example/account" });`,
  sandboxConnectUser: `await escrow.sandbox.connectUser("seller", { kycLevel: 1 });`,
  sandboxCompletePayment: `const payment = await escrow.sandbox.completePayment(paymentId, "succeeded");`,
  sandboxChargebackPayment: `const chargeback = await escrow.sandbox.chargeback(paymentId, { reason: "product_not_received" });`,
  sandboxCloseChargeback: `const closed = await escrow.sandbox.closeChargeback(chargebackId, "lost");`,
  sandboxShipmentEvent: `await escrow.sandbox.carrierEvent(labelId, "delivered");`,
  advanceSandboxClock: `const { fired } = await escrow.sandbox.advanceClock(86_400);`,
  readSandboxEventFeed: `const { events, cursor } = await escrow.sandbox.eventFeed({ waitSeconds: "25" });`,
  createWebhookSubscription: `const { id, secret } = await escrow.webhooks.subscriptions.create({ url: "https://shop.example/webhooks" });`,
  listWebhookSubscriptions: `const subscriptions = await escrow.webhooks.subscriptions.list();`,
  getWebhookSubscription: `const subscription = await escrow.webhooks.subscriptions.get(subscriptionId);`,
  updateWebhookSubscription:
    `const subscription = await escrow.webhooks.subscriptions.update(subscriptionId, { events: ` +
    `["trade.created", "trade.succeeded"] });`,
  deleteWebhookSubscription: `await escrow.webhooks.subscriptions.delete(subscriptionId);`,
  rotateWebhookSecret: `const { secret } = await escrow.webhooks.subscriptions.rotateSecret(subscriptionId);`,
  listWebhookEvents: `for await (const event of escrow.webhooks.events.list({ tradeId })) console.log(event.eventName);`,
  redeliverWebhookEvent: `await escrow.webhooks.events.redeliver(eventId);`,
};

/** What the snippets assume: a client, and ids taken from earlier answers. */
export const SDK_PRELUDE = `import { createEscrowClient } from "@escrow/sdk";

const escrow = createEscrowClient({ baseUrl: "https://escrow.example", token: process.env.ESCROW_TOKEN! });`;
