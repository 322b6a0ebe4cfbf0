// What the hosted trade status page shows: the user's own status, deadline and timeline.
import { tenantNow } from "../clock.ts";
import { db } from "../db/client.ts";
import { pickLocale } from "../trades/presentation/codes.ts";
import { partyStatus } from "../trades/presentation/status.ts";
import { partyTimeline } from "../trades/presentation/timeline.ts";
import { hashSessionToken } from "./sessions.ts";

export async function loadStatusView(token: string, acceptLanguage: string | null) {
  const session = await db.hostedSession.findUnique({ where: { tokenHash: hashSessionToken(token) }, include: { tenant: true } });
  if (!session || session.kind !== "TradeStatus" || !session.tradeId || session.expiresAt <= tenantNow(session.tenant, session.mode)) return null;
  const trade = await db.trade.findUniqueOrThrow({ where: { id: session.tradeId } });
  const role = trade.payerMarketplaceUserId === session.marketplaceUserId ? "payer" : "payee";
  const locale = pickLocale(acceptLanguage, session.tenant.locale);
  return {
    marketplace: session.tenant.brandName ?? session.tenant.name,
    title: trade.title,
    locale,
    status: partyStatus(trade.state, role, trade.deadlineAt, locale),
    timeline: partyTimeline(trade, role, locale),
    returnUrl: session.returnUrl,
  };
}
