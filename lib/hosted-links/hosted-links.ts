// POST /v1/marketplace/users/{u}/trades/{t}/status-link and /users/{u}/payout-account: hosted
// pages for a trade's status (with the actions the user may take there) and for choosing a payout
// account. Each link is bound to its user (and trade) and, once opened, to that browser; it expires.
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { AppSwitch } from "../schemas/common.ts";
import { checkAppSwitch, checkRedirectUrl } from "./redirect-urls.ts";
import { createHostedSession } from "./sessions.ts";

type Context = TenantContext & { now: Date };
type AppSwitchValue = z.output<typeof AppSwitch> | undefined;

export async function tradeStatusLink(
  context: Context,
  marketplaceUserId: string,
  tradeId: string,
  returnUrl: string,
  appSwitch: AppSwitchValue,
) {
  const { tenant, mode, now } = context;
  const checked = checkRedirectUrl(tenant, mode, "returnUrl", returnUrl);
  const checkedAppSwitch = checkAppSwitch(tenant, mode, appSwitch);
  const trade = await db.trade.findFirst({
    where: {
      id: tradeId,
      tenantId: tenant.id,
      mode,
      OR: [{ payerMarketplaceUserId: marketplaceUserId }, { payeeMarketplaceUserId: marketplaceUserId }],
    },
    select: { id: true },
  });
  if (!trade) throw AppError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  const session = await createHostedSession(db, {
    tenantId: tenant.id,
    mode,
    kind: "TradeStatus",
    marketplaceUserId,
    tradeId,
    returnUrl: checked,
    appSwitch: checkedAppSwitch,
    now,
  });
  return { redirectUrl: session.redirectUrl };
}

export async function payoutAccountLink(
  context: Context,
  marketplaceUserId: string,
  returnUrl: string | null | undefined,
  appSwitch: AppSwitchValue,
) {
  const { tenant, mode, now } = context;
  const checked = returnUrl ? checkRedirectUrl(tenant, mode, "returnUrl", returnUrl) : undefined;
  const checkedAppSwitch = checkAppSwitch(tenant, mode, appSwitch);
  const user = await db.marketplaceUser.findUnique({
    where: { tenantId_mode_marketplaceUserId: { tenantId: tenant.id, mode, marketplaceUserId } },
    select: { id: true },
  });
  if (!user) throw AppError.notFound(`A connected user with marketplace user id ${JSON.stringify(marketplaceUserId)}`);
  const session = await createHostedSession(db, {
    tenantId: tenant.id,
    mode,
    kind: "PayoutAccount",
    marketplaceUserId,
    returnUrl: checked,
    appSwitch: checkedAppSwitch,
    now,
  });
  return { redirectUrl: session.redirectUrl };
}
