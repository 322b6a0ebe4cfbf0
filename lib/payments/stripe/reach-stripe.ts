// Every call to Stripe goes through reachStripe: Stripe out of reach (after the SDK's own retries
// with the same idempotency key) becomes RailUnavailable, and the rail's reachability metric is
// kept. Stripe's amounts are integers in minor units.
import Stripe from "stripe";
import { RailUnavailable } from "../payment-rail.ts";
import { recordRailReach } from "../rail-health.ts";

/** Stripe's amounts are integers in minor units (at most 8 digits): exact as a number. */
export function stripeAmount(amountMinor: bigint): number {
  if (amountMinor <= 0n || amountMinor > 99_999_999n)
    throw new RangeError(`Stripe cannot charge ${amountMinor} minor units`);
  return Number(amountMinor);
}

/** Stripe out of reach (after the SDK's own retries with the same idempotency key) is RailUnavailable. */
export async function reachStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    const answer = await call();
    recordRailReach("stripe", true);
    return answer;
  } catch (error) {
    const { StripeConnectionError, StripeAPIError, StripeRateLimitError } = Stripe.errors;
    if (
      error instanceof StripeConnectionError ||
      error instanceof StripeAPIError ||
      error instanceof StripeRateLimitError
    ) {
      recordRailReach("stripe", false);
      throw new RailUnavailable(`Stripe cannot be reached: ${error.message}`);
    }
    recordRailReach("stripe", true); // it answered, with a refusal
    throw error;
  }
}
