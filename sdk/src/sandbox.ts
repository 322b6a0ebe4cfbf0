// client.sandbox: stand-ins for the payer, the carriers and the clock (sandbox tokens only; a live
// token gets 403 forbidden).
import { init, unwrap, type Api, type CallOptions, type QueryOf, type Schemas } from "./http.ts";

export type CarrierEvent = Schemas["SandboxTrackingEvent"]["event"];

export function sandboxResource(api: Api) {
  return {
    /** Connects a user as if they finished the hosted connect flow (sends user.connected). */
    connectUser: (
      marketplaceUserId: string,
      body: Schemas["SandboxConnectRequest"] = { kycLevel: 1 },
      options?: CallOptions,
    ) =>
      unwrap<Schemas["ConnectedUser"]>(
        api.POST("/v1/sandbox/users/{marketplaceUserId}/connect", {
          params: { path: { marketplaceUserId } },
          body,
          ...init(options),
        }),
      ),

    /** Completes a pending payment as if the payer paid (or failed to) in the hosted page. */
    completePayment: (
      paymentId: string,
      outcome: Schemas["SandboxPaymentOutcome"]["outcome"] = "succeeded",
      options?: CallOptions,
    ) =>
      unwrap<Schemas["PaymentRecord"]>(
        api.POST("/v1/sandbox/payments/{paymentId}/complete", {
          params: { path: { paymentId } },
          body: { outcome },
          ...init(options),
        }),
      ),

    /**
     * The payer's bank takes a paid escrow payment back (a card chargeback): trade.chargeback_opened
     * follows, and a payout not yet sent waits until it is closed.
     */
    chargeback: (
      paymentId: string,
      body: Schemas["SandboxChargebackRequest"] = { reason: "fraudulent" },
      options?: CallOptions,
    ) =>
      unwrap<Schemas["Chargeback"]>(
        api.POST("/v1/sandbox/payments/{paymentId}/chargeback", {
          params: { path: { paymentId } },
          body,
          ...init(options),
        }),
      ),

    /** The payer's bank decides an open chargeback: `won` gives the money back, `lost` keeps it with the payer. */
    closeChargeback: (
      chargebackId: string,
      outcome: Schemas["SandboxChargebackOutcome"]["outcome"],
      options?: CallOptions,
    ) =>
      unwrap<Schemas["Chargeback"]>(
        api.POST("/v1/sandbox/chargebacks/{chargebackId}/close", {
          params: { path: { chargebackId } },
          body: { outcome },
          ...init(options),
        }),
      ),

    /** The carrier simulator: a tracking event on a label (`sent`, `pickup_ready`, `delivered`, `lost`, `returned`). */
    carrierEvent: (labelId: string, event: CarrierEvent, options?: CallOptions) =>
      unwrap<Schemas["TrackingResult"]>(
        api.POST("/v1/sandbox/shipments/{labelId}/events", {
          params: { path: { labelId } },
          body: { event },
          ...init(options),
        }),
      ),

    /** Moves the tenant's sandbox clock forward and fires the deadlines that fall due. */
    advanceClock: (seconds: number, options?: CallOptions) =>
      unwrap<Schemas["AdvanceClockResponse"]>(
        api.POST("/v1/sandbox/clock/advance", { body: { seconds }, ...init(options) }),
      ),

    /** The sandbox event feed (what `npm run cli -- listen` reads): events after `cursor`, waiting up to `waitSeconds`. */
    eventFeed: (query: QueryOf<"readSandboxEventFeed"> = {}, options?: CallOptions) =>
      unwrap<Schemas["SandboxEventFeed"]>(api.GET("/v1/sandbox/events/feed", { params: { query }, ...init(options) })),
  };
}
