// A fair share of this process for each tenant: at most TENANT_CONCURRENCY API requests of one
// tenant run at once (by default half the database pool); the tenant's further requests wait in a
// short queue of their own, and past TENANT_QUEUE_LIMIT waiting they answer 429. Without it, one
// tenant flooding within its rate limit can take every pool connection, and every other tenant's
// calls wait behind the flood (docs/performance.md, "Tenant fairness"). In memory, O(1) per
// request; each instance keeps its own share.
import { AppError } from "../errors.ts";

interface Lane {
  running: number;
  waiting: (() => void)[];
}

const lanes = new Map<string, Lane>();

function settings(): { concurrency: number; queue: number } | null {
  const text = process.env.TENANT_CONCURRENCY;
  if (text === "off") return null;
  const pool = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  const concurrency = text ? Number(text) : Math.max(2, Math.floor(pool / 2));
  const queue = Number(process.env.TENANT_QUEUE_LIMIT ?? 200);
  return Number.isInteger(concurrency) && concurrency > 0
    ? { concurrency, queue: Number.isInteger(queue) && queue >= 0 ? queue : 200 }
    : null;
}

/** Waits for one of the tenant's slots; the answer frees it (call it exactly once). */
export async function takeTenantSlot(tenantId: string): Promise<() => void> {
  const limits = settings();
  if (!limits) return () => {};
  let lane = lanes.get(tenantId);
  if (!lane) lanes.set(tenantId, (lane = { running: 0, waiting: [] }));
  if (lane.running >= limits.concurrency) {
    if (lane.waiting.length >= limits.queue) {
      throw new AppError(
        "rate-limited",
        "Too many of your requests are in progress at once on this server. Retry in a moment.",
        { headers: { "Retry-After": "1" } },
      );
    }
    await new Promise<void>((resolve) => lane.waiting.push(resolve));
  } else {
    lane.running++;
  }
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const next = lane.waiting.shift();
    // The slot passes straight to the next waiting request of the same tenant.
    if (next) next();
    else if (--lane.running === 0) lanes.delete(tenantId);
  };
}

/**
 * One of the tenant's slots, held for a request: `idle` gives it up while the request waits for
 * something that holds no database connection (a long poll between its queries), and takes one
 * again before the request goes on; `release` frees it for good (idempotent).
 */
export interface TenantShare {
  idle: <T>(wait: () => Promise<T>) => Promise<T>;
  release: () => void;
}

export async function takeTenantShare(tenantId: string): Promise<TenantShare> {
  let free = await takeTenantSlot(tenantId);
  return {
    idle: async (wait) => {
      free();
      try {
        return await wait();
      } finally {
        free = await takeTenantSlot(tenantId);
      }
    },
    release: () => free(),
  };
}

/** For tests and the benchmark: how many of a tenant's requests run and wait here now. */
export function tenantLane(tenantId: string): { running: number; waiting: number } {
  const lane = lanes.get(tenantId);
  return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
}
