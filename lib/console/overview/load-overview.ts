// The console's overview: how the tenant's marketplace is doing, for one mode. Four queries, each
// on an index, whatever the number of trades:
// - trades and volume per day over the last 30 days (the range of (tenantId, mode, createdAt));
// - trades by state now ((tenantId, mode, state, createdAt), index only);
// - money held in escrow now: the balance of the ledger's escrow account, the ledger being the
//   truth about money (not the trades' states);
// - each webhook endpoint's deliveries of the last 7 days by outcome, so a failing one stands out.
// Days are Copenhagen days, as everywhere in the console; "now" is the tenant's clock, so a moved
// sandbox clock shows on the overview as it does on the trades.
import { tenantNow } from "../../clock.ts";
import { calendarDay, TIME_ZONE } from "../../dates.ts";
import { db } from "../../db/client.ts";
import { staleRead } from "../../db/read-target.ts";
import { Prisma, type Tenant } from "../../db/generated/client.ts";
import { TRADE_STATES, type TradeState } from "../../trades/states.ts";

export const OVERVIEW_DAYS = 30;
export const WEBHOOK_HEALTH_DAYS = 7;

export interface DailyTrades {
  day: string; // YYYY-MM-DD in Copenhagen
  count: number;
  volumeMinor: bigint;
}

export interface EndpointHealth {
  subscriptionId: string;
  url: string;
  enabled: boolean;
  disabledReason: string | null;
  succeeded: number;
  failed: number;
  pending: number;
  /** Pending deliveries that were tried and did not get through (an error answer or no answer). */
  retrying: number;
  lastFailureStatus: number | null;
}

/** Our columns are UTC timestamps without a zone: compare them with one, not with a timestamptz. */
const timestamp = (date: Date) => Prisma.sql`${date.toISOString().replace("T", " ").replace("Z", "")}::timestamp`;

export async function loadOverview(tenant: Tenant, mode: "test" | "live") {
  const now = tenantNow(tenant, mode);
  const since = new Date(now.getTime() - OVERVIEW_DAYS * 86_400_000);
  const healthSince = new Date(now.getTime() - WEBHOOK_HEALTH_DAYS * 86_400_000);

  // Figures for people: a replica's, within the lag bound (lib/db/read-target.ts).
  const [daily, byState, escrow, endpoints] = await staleRead("console-overview", tenant.id, () =>
    Promise.all([
      db.$queryRaw<{ day: string; count: bigint; volume: bigint }[]>`
      SELECT to_char(("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD') AS "day",
      count(*) AS "count", COALESCE(sum("amountMinor"), 0)::bigint AS "volume"
      FROM "Trade" WHERE "tenantId" = ${tenant.id} AND "mode" = ${mode}::"ApiMode" AND "createdAt" >= ${timestamp(since)}
      AND "createdAt" <= ${timestamp(now)}
      GROUP BY 1`,
      db.$queryRaw<{ state: TradeState; count: bigint }[]>`
      SELECT "state"::text AS "state", count(*) AS "count" FROM "Trade" WHERE "tenantId" = ${tenant.id} AND "mode" = ${mode}::"ApiMode" GROUP BY 1`,
      db.$queryRaw<{ held: bigint; trades: bigint }[]>`
      SELECT COALESCE(sum("balance"), 0)::bigint AS "held", count(*) FILTER (WHERE "balance" <> 0) AS "trades"
      FROM (SELECT p."tradeId", sum(p."amountMinor") AS "balance"
            FROM "LedgerPosting" p JOIN "LedgerTransfer" t ON t."id" = p."transferId"
            WHERE p."tenantId" = ${tenant.id} AND p."account" = 'escrow' AND t."mode" = ${mode}::"ApiMode"
            GROUP BY p."tradeId") AS "perTrade"`,
      db.$queryRaw<
        {
          id: string;
          url: string;
          enabled: boolean;
          disabledReason: string | null;
          succeeded: bigint;
          failed: bigint;
          pending: bigint;
          retrying: bigint;
          lastFailureStatus: number | null;
        }[]
      >`
      SELECT s."id", s."url", s."enabled", s."disabledReason",
        count(d."id") FILTER (WHERE d."status" = 'Succeeded') AS "succeeded",
        count(d."id") FILTER (WHERE d."status" = 'Failed') AS "failed",
        count(d."id") FILTER (WHERE d."status" = 'Pending') AS "pending",
        -- Pending, and its latest recorded attempt got no 2xx (an error answer or none at all).
        count(d."id") FILTER (WHERE d."status" = 'Pending' AND (
          SELECT COALESCE(a."responseStatus" BETWEEN 200 AND 299, false) FROM "WebhookAttempt" a
          WHERE a."deliveryId" = d."id" ORDER BY a."attemptNumber" DESC LIMIT 1) = false) AS "retrying",
        (array_agg(d."lastStatusCode" ORDER BY d."createdAt" DESC) FILTER (WHERE d."status" <> 'Succeeded' AND d."attemptCount" > 0))[1] AS "lastFailureStatus"
      FROM "WebhookSubscription" s
      LEFT JOIN "WebhookDelivery" d ON d."subscriptionId" = s."id" AND d."tenantId" = ${tenant.id} AND d."createdAt" >= ${timestamp(healthSince)}
      WHERE s."tenantId" = ${tenant.id} AND s."mode" = ${mode}::"ApiMode"
      GROUP BY s."id"
      ORDER BY s."createdAt"`,
    ]),
  );

  // Every day of the range, also the quiet ones: a chart with gaps would lie about the rhythm.
  const counted = new Map(daily.map((d) => [d.day, d]));
  const days: DailyTrades[] = [];
  for (let i = OVERVIEW_DAYS - 1; i >= 0; i--) {
    const day = calendarDay(new Date(now.getTime() - i * 86_400_000));
    const found = counted.get(day);
    days.push({ day, count: Number(found?.count ?? 0), volumeMinor: found?.volume ?? 0n });
  }
  const states = new Map(byState.map((s) => [s.state, Number(s.count)]));

  return {
    mode,
    currency: tenant.currency,
    now,
    days,
    tradesInRange: days.reduce((sum, d) => sum + d.count, 0),
    volumeInRangeMinor: days.reduce((sum, d) => sum + d.volumeMinor, 0n),
    byState: TRADE_STATES.map((state) => ({ state, count: states.get(state) ?? 0 })),
    escrow: { heldMinor: escrow[0]?.held ?? 0n, trades: Number(escrow[0]?.trades ?? 0) },
    endpoints: endpoints.map((e): EndpointHealth => ({
      subscriptionId: e.id,
      url: e.url,
      enabled: e.enabled,
      disabledReason: e.disabledReason,
      succeeded: Number(e.succeeded),
      failed: Number(e.failed),
      pending: Number(e.pending),
      retrying: Number(e.retrying),
      lastFailureStatus: e.lastFailureStatus,
    })),
  };
}

export type Overview = Awaited<ReturnType<typeof loadOverview>>;

/** The reason the worker gives when it switches an endpoint off (deliver.ts); the tenant's own switch-off is not a failure. */
const DISABLED_BY_US = /answered 410/;

/** An endpoint needs attention when deliveries failed for good, are being retried, or we switched it off. */
export const isFailing = (e: EndpointHealth) =>
  e.failed > 0 || e.retrying > 0 || (!e.enabled && DISABLED_BY_US.test(e.disabledReason ?? ""));
