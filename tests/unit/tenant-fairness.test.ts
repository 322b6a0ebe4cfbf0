// A fair share per tenant (security finding 7d): one tenant's requests beyond its share wait in
// its own lane, or are refused when that lane is full, while another tenant's go straight through.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/errors.ts";
import { takeTenantSlot, tenantLane } from "../../lib/api/tenant-fairness.ts";

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
    expect(refused).toBeInstanceOf(ApiError);
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

  it("can be turned off", async () => {
    process.env.TENANT_CONCURRENCY = "off";
    const frees = await Promise.all(Array.from({ length: 10 }, () => takeTenantSlot("any")));
    expect(tenantLane("any")).toEqual({ running: 0, waiting: 0 });
    for (const free of frees) free();
  });
});
