// The console's side of the isolation matrix: tenant A's real objects behind every id a console
// endpoint or page takes (the API world's trades, users, business user, subscription and events,
// plus a delivery, request-log entries, API tokens and staff: admin, viewer, pending invitation),
// and the console route handlers and pages found on disk.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { inviteStaff } from "../../lib/tenants/invite-staff.ts";
import { buildWorld, type IdPool } from "./api-world.ts";
import { db } from "./tenants.ts";

export const CONSOLE_API_DIR = "app/(console)/console/api";
export const CONSOLE_PAGES_DIR = "app/(console)/console/(app)";

export interface ConsoleEndpoint {
  /** The folder under CONSOLE_API_DIR, "/"-separated, e.g. "trades/[tradeId]/cancel". */
  route: string;
  method: string;
  file: string;
}

function walk(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, name);
    return entry.name === name ? [full] : [];
  });
}

const relative = (root: string, file: string) => path.relative(root, path.dirname(file)).split(path.sep).join("/");

/** Every exported HTTP method of every console route.ts on disk. */
export function consoleEndpoints(): ConsoleEndpoint[] {
  return walk(CONSOLE_API_DIR, "route.ts").flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/export (?:const|async function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
      (m) => ({ route: relative(CONSOLE_API_DIR, file), method: m[1]!, file }),
    ),
  );
}

/** Every console page whose path takes a parameter (the ones that load one object by id). */
export function consoleObjectPages(): { route: string; file: string }[] {
  return walk(CONSOLE_PAGES_DIR, "page.tsx")
    .map((file) => ({ route: relative(CONSOLE_PAGES_DIR, file), file }))
    .filter((page) => page.route.includes("["));
}

export async function buildConsoleWorld() {
  const { tenant, ids, trades } = await buildWorld();
  const tenantId = tenant.tenantId;
  const admin = await db.staffUser.findFirstOrThrow({ where: { tenantId, role: "admin" } });
  const viewer = await addStaff(db, { tenantId, email: `viewer-${tenantId}@a.example`, role: "viewer" });
  const invited = await inviteStaff(db, { tenantId, email: `invited-${tenantId}@a.example`, role: "admin" });
  const event = await db.outboxEvent.findFirstOrThrow({ where: { tenantId } });
  const delivery = await db.webhookDelivery.create({
    data: {
      eventId: event.id,
      subscriptionId: ids.subscriptionId![0]!,
      tenantId,
      orderingKey: event.orderingKey,
      createdAt: event.createdAt,
    },
  });
  // The request log is written after each answer, without waiting: wait for the world's calls.
  let logEntries: { id: bigint; correlationId: string }[] = [];
  for (let i = 0; i < 100 && logEntries.length === 0; i++) {
    logEntries = await db.apiRequestLog.findMany({
      where: { tenantId },
      select: { id: true, correlationId: true },
      take: 3,
    });
    if (!logEntries.length) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tokens = await db.apiToken.findMany({ where: { tenantId }, select: { id: true, prefix: true } });
  const tradeStates = await db.trade.findMany({ where: { tenantId }, select: { id: true, state: true } });
  const allIds: IdPool = {
    ...ids,
    deliveryId: [delivery.id],
    entryId: logEntries.map((e) => String(e.id)),
    tokenId: tokens.map((t) => t.id),
    staffId: [admin.id, viewer.staffId, invited.staffId],
  };
  return {
    tenant,
    ids: allIds,
    trades,
    tradeStates: new Map(tradeStates.map((t) => [t.id, t.state])),
    adminId: admin.id,
    /** What must never appear in an answer to another tenant: ids the service issued, emails, token prefixes, correlation ids. */
    secrets: [
      ...Object.values(trades),
      ...ids.paymentId!,
      ...ids.subscriptionId!,
      ...ids.eventId!,
      delivery.id,
      ...tokens.flatMap((t) => [t.id, t.prefix]),
      ...logEntries.map((e) => e.correlationId),
      admin.id,
      admin.email,
      viewer.staffId,
      viewer.email,
      invited.staffId,
      invited.email,
    ],
    correlationIds: logEntries.map((e) => e.correlationId),
    invitedEmail: invited.email,
    viewerEmail: viewer.email,
  };
}

export type ConsoleWorld = Awaited<ReturnType<typeof buildConsoleWorld>>;
