// POST /v1/marketplace/users/connect: a hosted connect session and the address to send the user to.
import type { z } from "zod";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { checkAppSwitch, checkRedirectUrl } from "../hosted-links/redirect-urls.ts";
import { createHostedSession } from "../hosted-links/sessions.ts";
import type { InitiateUserConnectBody, InitiateUserConnectQuery } from "./schemas.ts";

export async function initiateUserConnect(
  context: TenantContext & { now: Date },
  query: z.output<typeof InitiateUserConnectQuery>,
  body: z.output<typeof InitiateUserConnectBody>,
): Promise<{ redirectUrl: string }> {
  const { tenant, mode, now } = context;
  const successUrl = checkRedirectUrl(tenant, mode, "successUrl", body.successUrl);
  const cancelUrl = checkRedirectUrl(tenant, mode, "cancelUrl", body.cancelUrl);
  const appSwitch = checkAppSwitch(tenant, mode, body.appSwitch);
  const session = await createHostedSession(db, {
    tenantId: tenant.id,
    mode,
    kind: "Connect",
    // The schema guarantees one of the two.
    marketplaceUserId: (body.marketplaceUserId ?? body.userId) as string,
    successUrl,
    cancelUrl,
    appSwitch,
    forceOnboarding: query.forceOnboarding,
    // Spec 4.4: when no level is passed, Medium is required.
    requiredKycLevel: body.requiredKycLevel ?? 1,
    now,
  });
  return { redirectUrl: session.redirectUrl };
}
