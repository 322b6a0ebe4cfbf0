// The hosted pages' part of paying: the payer is sent to the rail's page with the addresses to
// come back to, and comes back to `<page>/return`, where we ask the rail (never the browser) how
// it went (lib/payments/settle-rail-payment.ts) and send the payer on: to the tenant when paid,
// else back to the page.
import { publicBaseUrl } from "../config.ts";
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import { openRailPayment, type RailStep } from "../payments/open-rail-payment.ts";
import { RailUnavailable } from "../payments/payment-rail.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionWithTenant } from "./open-session.ts";
import { returnTarget } from "./return-target.ts";

/** Opens (or reuses) the payment's rail payment and sends the payer there. */
export async function sendPayerToRail(
  session: SessionWithTenant,
  token: string,
  paymentId: string,
): Promise<HostedOutcome> {
  const page = `${publicBaseUrl()}${hostedPagePath(session.kind, token)}`;
  let step: RailStep;
  try {
    step = await openRailPayment(paymentId, { returnUrl: `${page}/return`, cancelUrl: page });
  } catch (error) {
    if (!(error instanceof RailUnavailable)) throw error;
    console.warn(`hosted ${session.kind}: ${error.message}`);
    return { back: true, error: "rail_unreachable" };
  }
  switch (step.kind) {
    case "redirect":
      return { done: step.url };
    case "paid":
      return { done: returnTarget(session, { kind: "success" }) };
    case "unavailable":
      return { back: true, error: "unavailable" };
  }
}
