// GET /<page>/<token>/return – where the payment rail sends the payer back after paying on its
// page. The browser's word is not taken: the rail is asked how the payment stands
// (lib/payments/settle-rail-payment.ts, the path its callbacks take too), and the payer goes on to
// the tenant when paid, else back to the page. The rail is asked even when the link opens in
// another browser than the one that claimed it (a wallet app may hand the return to the phone's
// default browser): asking changes nothing a callback would not; the page then explains the link.
import { db } from "../db/client.ts";
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import { settlePayment } from "../payments/settle-rail-payment.ts";
import { BROWSER_COOKIE } from "./cookies.ts";
import { seeOther } from "./form-post.ts";
import { parseCookies } from "./hosted-form-route.ts";
import { openSession, type SessionWithTenant } from "./open-session.ts";
import { returnTarget } from "./return-target.ts";

type PayingKind = "Checkout" | "PaymentFlow";
type RouteContext = { params: Promise<{ token: string }> };

export function hostedReturnRoute(kind: PayingKind) {
  return async function GET(request: Request, { params }: RouteContext): Promise<Response> {
    const { token } = await params;
    const page = hostedPagePath(kind, token);
    const opened = await openSession(kind, token, parseCookies(request.headers.get("cookie")).get(BROWSER_COOKIE));
    const session = opened.ok ? opened.session : opened.session;
    if (!session) return seeOther(page);
    const paymentId = await paymentPaidBy(session);
    const state = paymentId ? await settlePayment(paymentId) : "Other";
    if (opened.ok && state === "Paid") return seeOther(returnTarget(opened.session, { kind: "success" }) ?? page);
    return seeOther(page);
  };
}

/** A checkout pays its trade's escrow payment; a payment flow the payment it names. */
async function paymentPaidBy(session: SessionWithTenant): Promise<string | null> {
  if (session.kind === "PaymentFlow") return session.paymentId;
  if (!session.tradeId) return null;
  const escrow = await db.payment.findFirst({
    where: { tradeId: session.tradeId, purpose: "Escrow" },
    select: { id: true },
  });
  return escrow?.id ?? null;
}
