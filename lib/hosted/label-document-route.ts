// GET /status/<token>/labels/<labelId> – the issued label to print, for the party who sends the
// parcel (the seller on the delivery leg, the buyer on the return leg), from the trade's status
// page in the browser that holds its link. The carrier makes the PDF (Shipmondo's label, or the
// sandbox's own); it is not stored here. Anything else — another trade's label, a label still
// waiting for its payment, the party who receives the parcel — is "no such label".
import { db } from "../db/client.ts";
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import { carriersFor } from "../outside-parties.ts";
import type { CarrierId } from "../shipping/carrier.ts";
import { parcelRoute } from "../shipping/parcel-route.ts";
import { BROWSER_COOKIE } from "./cookies.ts";
import { linkProblem, seeOther } from "./form-post.ts";
import { parseCookies } from "./hosted-form-route.ts";
import { openSession } from "./open-session.ts";

type RouteContext = { params: Promise<{ token: string; labelId: string }> };

export async function labelDocument(request: Request, { params }: RouteContext): Promise<Response> {
  const { token, labelId } = await params;
  const page = hostedPagePath("TradeStatus", token);
  const opened = await openSession(
    "TradeStatus",
    token,
    parseCookies(request.headers.get("cookie")).get(BROWSER_COOKIE),
  );
  if (!opened.ok) return seeOther(page); // the page explains a link that is not open in this browser
  const { session } = opened;
  const label = await db.shipmentLabel.findFirst({
    where: { id: labelId, tenantId: session.tenantId, mode: session.mode, tradeId: session.tradeId },
    include: { trade: true },
  });
  const sender = label?.leg === "Delivery" ? label.trade.payeeMarketplaceUserId : label?.trade.payerMarketplaceUserId;
  if (!label || !label.providerReference || !label.labelCode || sender !== session.marketplaceUserId)
    return linkProblem(404, "There is no such label to print.");
  let pdf: Uint8Array;
  try {
    // In live mode, carriersFor refuses while the carriers are simulated (set back after purchase).
    const carrier = carriersFor(session.mode)[label.carrier as CarrierId];
    pdf = await carrier.labelPdf({
      labelId: label.id,
      providerReference: label.providerReference,
      labelCode: label.labelCode,
      route: await parcelRoute(label.trade, label.leg),
    });
  } catch (error) {
    console.warn(`label ${label.id}: the carrier did not give its PDF: ${String(error)}`);
    return linkProblem(503, "The carrier cannot give the label right now. Try again in a moment.");
  }
  return new Response(pdf as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="label-${label.labelCode.replace(/[^A-Za-z0-9-]/g, "")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
