// The transactional outbox: events are written in the same transaction as the change that
// causes them, and delivered afterwards by the webhook worker (decisions.md §5).
import type { Db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";

type Tx = Db | Prisma.TransactionClient;

/** The body of user.connected (spec 6, plus marketplaceUserId and kycLevel). */
export interface UserConnectedEvent {
  id: string;
  referenceId: string;
  eventName: "user.connected";
  eventDate: string;
  serviceAccountId: string;
  marketplaceUserId: string;
  kycLevel: number;
}

export async function writeUserConnectedEvent(
  tx: Tx,
  scope: { tenantId: string; mode: ApiMode },
  event: UserConnectedEvent,
): Promise<void> {
  await tx.outboxEvent.create({
    data: {
      id: event.id,
      tenantId: scope.tenantId,
      mode: scope.mode,
      eventName: event.eventName,
      marketplaceUserId: event.marketplaceUserId,
      orderingKey: `user:${event.marketplaceUserId}`,
      payload: event as unknown as Prisma.InputJsonValue,
      createdAt: new Date(event.eventDate),
    },
  });
}
