// The hosted checkout (Initiate trade's redirectUrl): the payer confirms who they are when not yet
// connected, sees what they buy and pay, and pays into escrow; then the browser goes back to the
// tenant. Paying is the hosted payment's use case (lib/payments/pay-pending-payment.ts), on the
// payment rail's page. Cancelling cancels the trade, and the tenant hears of it (spec 6 rule 1).
import { db } from "../db/client.ts";
import { publicBaseUrl } from "../config.ts";
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import { closeRailPayment } from "../payments/open-rail-payment.ts";
import { payPendingPayment } from "../payments/pay-pending-payment.ts";
import { cancelOpenSession } from "../trades/store/hosted-sessions.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import { statesAllowing } from "../trades/transition.ts";
import { connectUser } from "../users/connect-user.ts";
import { declaredAddress } from "./declared-address.ts";
import { consentingIdentity, signInOnSession, type SessionSignIn } from "./identity-step.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionOf } from "./open-session.ts";

/** Everything the checkout page shows, in three queries. */
export async function loadCheckout(session: SessionOf<"Checkout">) {
  const trade = await db.trade.findUniqueOrThrow({ where: { id: session.tradeId } });
  const [payer, payee] = await Promise.all([
    db.marketplaceUser.findUnique({
      where: {
        tenantId_mode_marketplaceUserId: {
          tenantId: trade.tenantId,
          mode: trade.mode,
          marketplaceUserId: trade.payerMarketplaceUserId,
        },
      },
      select: { id: true },
    }),
    db.marketplaceUser.findUnique({
      where: {
        tenantId_mode_marketplaceUserId: {
          tenantId: trade.tenantId,
          mode: trade.mode,
          marketplaceUserId: trade.payeeMarketplaceUserId,
        },
      },
      select: { serviceAccount: { select: { name: true, city: true } } },
    }),
  ]);
  const payable = statesAllowing("escrowPaid", "paymentRail").includes(trade.state);
  return { trade, payerConnected: payer !== null, seller: payee?.serviceAccount ?? null, payable };
}

export async function signInToPay(
  session: SessionOf<"Checkout">,
  identityChoice: string,
  token: string,
): Promise<HostedOutcome> {
  return afterCheckoutSignIn(await signInOnSession(session, identityChoice, { kind: "Checkout", token }));
}

/** Where the checkout goes after the eID answered (here, or at the broker's callback): the page again, or the broker. */
export function afterCheckoutSignIn(signedIn: SessionSignIn): HostedOutcome {
  if (signedIn.outcome === "at-broker") return { done: signedIn.authorizationUrl };
  if (signedIn.outcome === "failed") {
    const error = {
      cancelled: "sign_in_cancelled",
      level_not_met: "kyc_level_not_met",
      sign_in_failed: "sign_in_failed",
    };
    return { back: true, error: error[signedIn.reason] };
  }
  if (!signedIn.meetsLevel) return { back: true, error: "kyc_level_not_met", cookieToken: signedIn.cookieToken };
  return { back: true, cookieToken: signedIn.cookieToken };
}

/**
 * Connects the payer (user.connected) with the identity they consented to, and the postal address
 * they typed when their eID tells none (decisions.md §11).
 */
export async function connectPayer(
  session: SessionOf<"Checkout">,
  rememberedToken: string | undefined,
  form: FormData,
  now: Date,
): Promise<HostedOutcome> {
  const person = await consentingIdentity(session, rememberedToken);
  if (!person) return { back: true };
  const scope = { tenantId: session.tenantId, mode: session.mode };
  const existing = await db.marketplaceUser.findUnique({
    where: { tenantId_mode_marketplaceUserId: { ...scope, marketplaceUserId: session.marketplaceUserId } },
    select: { id: true },
  });
  if (existing) return { back: true };
  // The seller's own person cannot buy their item (lib/trades/distinct-parties.ts): connecting
  // them as the buyer would only end in a refusal at the payment. Back to the sign-in instead.
  if (await isSellersPerson(session, person.identity.subject)) {
    await db.hostedSession.updateMany({ where: { id: session.id, state: "Open" }, data: { identitySignInId: null } });
    return { back: true, error: "same_person" };
  }
  const declared = declaredAddress(person.identity, form);
  if (!declared.ok) return declared.refused;
  await connectUser(db, scope, session.marketplaceUserId, person.identity, person.level, now, declared.address);
  return { back: true };
}

async function isSellersPerson(session: SessionOf<"Checkout">, identitySubject: string): Promise<boolean> {
  const trade = await db.trade.findUniqueOrThrow({
    where: { id: session.tradeId },
    select: { tenantId: true, mode: true, payeeMarketplaceUserId: true },
  });
  const payee = await db.marketplaceUser.findUnique({
    where: {
      tenantId_mode_marketplaceUserId: {
        tenantId: trade.tenantId,
        mode: trade.mode,
        marketplaceUserId: trade.payeeMarketplaceUserId,
      },
    },
    select: { serviceAccount: { select: { identitySubject: true } } },
  });
  return payee?.serviceAccount.identitySubject === identitySubject;
}

/** Accepts (if not yet) and sends the payer to the rail's page to pay the escrow payment. */
export async function payCheckout(session: SessionOf<"Checkout">, token: string, now: Date): Promise<HostedOutcome> {
  const { trade, payerConnected } = await loadCheckout(session);
  if (!payerConnected) return { back: true };
  const page = `${publicBaseUrl()}${hostedPagePath("Checkout", token)}`;
  const context = { tenant: session.tenant, mode: session.mode, now };
  const escrow = {
    kind: "escrow",
    context,
    marketplaceUserId: trade.payerMarketplaceUserId,
    tradeId: trade.id,
  } as const;
  return { paymentStep: await payPendingPayment(escrow, { returnUrl: `${page}/return`, cancelUrl: page }) };
}

export async function cancelCheckout(session: SessionOf<"Checkout">, now: Date): Promise<HostedOutcome> {
  // The rail payment the payer was sent to is closed first, so that it takes no money for a
  // cancelled trade; if it took it a moment ago, the payment counts and the checkout is done.
  const escrow = await db.payment.findFirst({
    where: { tradeId: session.tradeId, purpose: "Escrow" },
    select: { id: true },
  });
  if (escrow && (await closeRailPayment(escrow.id)) === "Paid") return { ended: { kind: "success" } };
  // Like the API's calls on a trade: the trade locked and read in one statement, its transition,
  // the session closed.
  await withLockedTrade(tradeLocks.byId(session.tenantId, session.tradeId), async (trade, tx) => {
    // A checkout cancelled before payment cancels the trade (trade.cancelled), and its escrow
    // payment with it (an ended trade leaves no payment pending).
    if (trade.state === "Created" || trade.state === "InvitationAccepted")
      await tx.transition({ trade, settings: session.tenant, action: "checkoutCancelled", actor: "payer", now });
    await cancelOpenSession(tx.q, session.id, now);
  });
  return { ended: { kind: "cancel", reason: "cancelled" } };
}
