// @escrow/sdk: the typed client of the Marketplace Escrow Trade Service's v1 API.
export { createEscrowClient, type EscrowClient, type EscrowClientOptions } from "./client.ts";
export {
  EscrowApiError,
  EscrowConnectionError,
  type ErrorRecord,
  type ErrorTypeCode,
  type FieldError,
} from "./errors.ts";
export type { CallOptions, TradeRef } from "./http.ts";
export type { BalanceTransaction, PaymentRecord, Payout } from "./money.ts";
export { PageIterator } from "./pagination.ts";
export type { RetryOptions } from "./retry.ts";
export type { CarrierEvent } from "./sandbox.ts";
export type { components, operations, paths, webhooks } from "./schema.ts";
export type { InitiateTradeRequest, ListTradesParams, Trade, TradeState } from "./trades.ts";
export type { UserDetails } from "./users.ts";
export type { WebhookDelivery, WebhookSubscription } from "./webhook-resources.ts";
export {
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookEventName,
  type WebhookEventOf,
  type WebhookHeaders,
} from "./webhooks.ts";
