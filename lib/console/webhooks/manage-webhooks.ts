// What admins change on the tenant's webhook subscriptions from the console: create, edit,
// enable/disable, rotate the secret, delete, send a test event. Each is the API's own use case
// (lib/webhooks/*), so the console follows exactly the API's rules (URL safety, event names,
// limits, secret shown once); this file adds only the admin check and the mode: a new
// subscription names its mode, an existing one is found in the tenant and keeps its own.
import type { z } from "zod";
import type { TenantContext } from "../../auth/authenticate.ts";
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import {
  createSubscription,
  deleteSubscription,
  rotateSubscriptionSecret,
  updateSubscription,
} from "../../webhooks/manage-subscriptions.ts";
import { sendTestEvent } from "../../webhooks/test-event.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import { ConsoleCreateSubscription, ConsoleUpdateSubscription } from "./subscription-bodies.ts";

// Declared with the other bodies the pages import too; still found here by its older importers.
export { ConsoleCreateSubscription, ConsoleUpdateSubscription };

/** The console acting for the tenant in one mode, as the API does with a token of that mode. */
export const asTenant = (context: StaffContext, mode: ApiMode): TenantContext => ({
  tenant: context.tenant,
  mode,
  tokenId: "console",
});

/** The subscription's own mode; another tenant's (or no) subscription is not found. */
async function modeOf(context: StaffContext, subscriptionId: string): Promise<ApiMode> {
  const row = await db.webhookSubscription.findFirst({
    where: { id: subscriptionId, tenantId: context.tenant.id },
    select: { mode: true },
  });
  if (!row) throw AppError.notFound(`Webhook subscription ${JSON.stringify(subscriptionId)}`);
  return row.mode;
}

export async function staffCreateSubscription(context: StaffContext, body: z.output<typeof ConsoleCreateSubscription>) {
  assertAdmin(context);
  const { mode, ...rest } = body;
  return createSubscription(asTenant(context, mode), rest);
}

export async function staffUpdateSubscription(
  context: StaffContext,
  subscriptionId: string,
  body: z.output<typeof ConsoleUpdateSubscription>,
) {
  assertAdmin(context);
  return updateSubscription(asTenant(context, await modeOf(context, subscriptionId)), subscriptionId, body);
}

export async function staffDeleteSubscription(context: StaffContext, subscriptionId: string) {
  assertAdmin(context);
  await deleteSubscription(asTenant(context, await modeOf(context, subscriptionId)), subscriptionId);
  return { deleted: true };
}

export async function staffRotateSecret(context: StaffContext, subscriptionId: string) {
  assertAdmin(context);
  return rotateSubscriptionSecret(asTenant(context, await modeOf(context, subscriptionId)), subscriptionId);
}

export async function staffSendTestEvent(context: StaffContext, subscriptionId: string) {
  assertAdmin(context);
  return sendTestEvent(asTenant(context, await modeOf(context, subscriptionId)), subscriptionId);
}
