// A fair share per tenant (security finding 7d): one tenant's requests beyond its share wait in
// its own lane, or are refused when that lane is full, while another tenant's go straight through.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { takeTenantShare, takeTenantSlot, tenantLane } from "../../lib/api/tenant-fairness.ts";

const saved = { concurrency: process.env.TENANT_CONCURRENCY, queue: process.env.TENANT_QUEUE_LIMIT };
beforeEach(() => {
  process.env.TENANT_CONCURRENCY = "2";
  process.env.TENANT_QUEUE_LIMIT = "1";
});
afterEach(() => {
  for (const [key, value] of [
    ["TENANT_CONCURRENCY", saved.concurrency],
    ["TENANT_QUEUE_LIMIT", saved.queue],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("tenant fairness", () => {
  it("queues one tenant's excess, refuses past its queue, and never holds up another tenant", async () => {
    const [a1, a2] = [await takeTenantSlot("flooder"), await takeTenantSlot("flooder")];
    let thirdStarted = false;
    const third = takeTenantSlot("flooder").then((free) => {
      thirdStarted = true;
      return free;
    });
    await Promise.resolve();
    expect(thirdStarted).toBe(false);
    expect(tenantLane("flooder")).toEqual({ running: 2, waiting: 1 });
    // The queue (1) is full: the next is refused with 429 and Retry-After.
    const refused = await takeTenantSlot("flooder").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "rate-limited", headers: { "Retry-After": "1" } });
    // Another tenant is not affected by the flooder's lane.
    const quiet = await takeTenantSlot("quiet");
    expect(tenantLane("quiet")).toEqual({ running: 1, waiting: 0 });
    quiet();
    // A slot freed by the flooder goes to its own waiting request.
    a1();
    const freeThird = await third;
    expect(thirdStarted).toBe(true);
    expect(tenantLane("flooder")).toEqual({ running: 2, waiting: 0 });
    a2();
    freeThird();
    freeThird(); // freeing twice frees once
    expect(tenantLane("flooder")).toEqual({ running: 0, waiting: 0 });
  });

  it("frees a long poll's slot while it waits, and takes one again before it goes on", async () => {
    const poll = await takeTenantShare("poller");
    const other = await takeTenantSlot("poller");
    expect(tenantLane("poller")).toEqual({ running: 2, waiting: 0 });
    let release!: () => void;
    const waiting = poll.idle(() => new Promise<string>((resolve) => (release = () => resolve("news"))));
    await Promise.resolve();
    // While the poll waits, its slot serves the tenant's other requests.
    expect(tenantLane("poller")).toEqual({ running: 1, waiting: 0 });
    const third = await takeTenantSlot("poller");
    expect(tenantLane("poller")).toEqual({ running: 2, waiting: 0 });
    // Woken while the share is full, the poll waits in the lane for a slot before it reads.
    release();
    let resumed = false;
    const result = waiting.then((value) => ((resumed = true), value));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resumed).toBe(false);
    expect(tenantLane("poller")).toEqual({ running: 2, waiting: 1 });
    third();
    expect(await result).toBe("news");
    poll.release();
    poll.release(); // releasing twice frees once
    other();
    expect(tenantLane("poller")).toEqual({ running: 0, waiting: 0 });
  });

  it("can be turned off", async () => {
    process.env.TENANT_CONCURRENCY = "off";
    const frees = await Promise.all(Array.from({ length: 10 }, () => takeTenantSlot("any")));
    expect(tenantLane("any")).toEqual({ running: 0, waiting: 0 });
    for (const free of frees) free();
  });
});
