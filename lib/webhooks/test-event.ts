// A test event for one subscription, on request: written to the outbox with its one delivery in
// the same transaction, then signed and sent by the ordinary worker like any other event (so it
// proves the whole path: signing, the endpoint, the log). It goes only to the subscription it was
// sent for, whatever events that subscription asked for, and is never fanned out to others.
import { randomUUID } from "node:crypto";
import type { TenantContext } from "../auth/authenticate.ts";
import { AppError } from "../errors.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import { TEST_EVENT_NAME } from "./event-names.ts";

export { TEST_EVENT_NAME };

export async function sendTestEvent(context: TenantContext, subscriptionId: string) {
  const subscription = await db.webhookSubscription.findFirst({
    where: { id: subscriptionId, tenantId: context.tenant.id, mode: context.mode },
  });
  if (!subscription) throw AppError.notFound(`Webhook subscription ${JSON.stringify(subscriptionId)}`);
  if (!subscription.enabled)
    throw new AppError("invalid-state", "The subscription is disabled: enable it before sending a test event.");
  const now = new Date();
  const id = randomUUID();
  const payload = {
    id,
    referenceId: "",
    eventName: TEST_EVENT_NAME,
    eventDate: now.toISOString(),
    metadata: {
      subscriptionId: subscription.id,
      message: "A test event sent from the console. No trade or user changed.",
    },
  };
  await db.$transaction(async (tx) => {
    // Already dispatched: the fan-out never offers it to the tenant's other subscriptions.
    await tx.outboxEvent.create({
      data: {
        id,
        tenantId: context.tenant.id,
        mode: context.mode,
        eventName: TEST_EVENT_NAME,
        orderingKey: `test:${id}`,
        payload: payload as Prisma.InputJsonValue,
        createdAt: now,
        dispatchedAt: now,
      },
    });
    await tx.webhookDelivery.create({
      data: {
        eventId: id,
        subscriptionId: subscription.id,
        tenantId: context.tenant.id,
        orderingKey: `test:${id}`,
        createdAt: now,
        nextAttemptAt: now,
      },
    });
  });
  return { eventId: id };
}
