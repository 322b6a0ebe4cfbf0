// withLockedTrade (lib/trades/with-locked-trade.ts) when the lock itself fails at the database (a
// connection lost in a failover, here an invalid value): a read sent along with the lock
// (tradeLocks … alongWith) then fails too, and must not surface as an unhandled rejection, which
// Node does not promise to survive; the caller gets the lock's own error.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApiMode } from "../../lib/db/generated/enums.ts";
import { tradeLocks } from "../../lib/trades/store/lock.ts";
import { escrowPaymentOf } from "../../lib/trades/store/payment-rows.ts";
import { withLockedTrade } from "../../lib/trades/with-locked-trade.ts";

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on("unhandledRejection", onUnhandled);
});
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
});

describe("withLockedTrade", () => {
  it("answers a failed lock with its error, and leaves no read sent along with it unhandled", async () => {
    const scope = { tenantId: "no-such-tenant", mode: "no-such-mode" as ApiMode };
    const lock = tradeLocks
      .ofParty(scope, "no-such-user", "no-such-trade")
      .alongWith((q) => escrowPaymentOf(q, scope, "no-such-trade"));
    await expect(withLockedTrade(lock, async () => "never reached")).rejects.toThrow(/ApiMode|enum/i);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unhandled).toEqual([]);
  });
});
