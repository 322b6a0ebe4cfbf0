// Several instances (issue 8 item 5): two production servers and the standalone worker
// (`npm run worker`) against one PostgreSQL, nothing in front of them and nothing coordinating
// them but the database. Both servers run their own webhook worker and deadline scheduler too, so
// three workers and three schedulers compete for the same rows. A mixed load goes to both servers
// at once, including the calls that race (one checkout key, one idempotency key, accept against
// reject, many cancels, many payment completions); then the sandbox clock jumps so that deadlines
// fall due while everything runs. Every deadline must fire once, every event reach the receiver
// exactly once, every ledger transfer balance.
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { initiateBody } from "../../scripts/bench/load.ts";
import { serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";
import { httpClient, type HttpClient, type HttpResult } from "./helpers/http-client.ts";
import { checkInvariants } from "./helpers/invariants.ts";
import { JOURNEY_KINDS, runJourney, type Journey } from "./helpers/journeys.ts";
import { SERVER_ENV, waitForQuiet } from "./helpers/quiet.ts";
import { seedFrom, seededRandom } from "./helpers/seeded.ts";
import { startWorker } from "./helpers/worker.ts";

const PORTS = [Number(process.env.INSTANCE_PORT ?? 3232), Number(process.env.INSTANCE_PORT ?? 3232) + 1];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) await stopServer(child);
});

const ok = (result: HttpResult) => expect(result.status === 200 ? 200 : result.json).toBe(200);
const count = (results: HttpResult[]) => {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === 200 ? "200" : `${r.status} ${r.json?.typeCode}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe("two servers and the worker on one PostgreSQL", () => {
  it("share the load without a double effect: deadlines fire once, webhooks arrive once", async () => {
    const random = seededRandom(seedFrom("INSTANCES_SEED"));
    const receiver = await startReceiver();
    const tenant = await freshTenant();
    await db.tenant.update({ where: { id: tenant.tenantId }, data: { rateLimitPerMinute: 1_000_000 } });
    for (const port of PORTS)
      children.push(await startServer(`instance ${port}`, port, serviceCommand(port), { env: SERVER_ENV }));
    children.push(await startWorker(SERVER_ENV));

    const [a, b] = PORTS.map((port) => httpClient(() => `http://127.0.0.1:${port}`, tenant.testApiKey)) as [
      HttpClient,
      HttpClient,
    ];
    const any = httpClient(() => `http://127.0.0.1:${random.pick(PORTS)}`, tenant.testApiKey); // each call to either server
    const both = <T>(n: number, call: (api: HttpClient, i: number) => Promise<T>) =>
      Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 ? b : a, i)));
    expect((await a.subscribe(receiver.url)).status).toBe(200);
    for (const user of ["s0", "s1", "b0", "b1"]) expect((await any.connect(user)).status).toBe(200);
    const body = (extra: Record<string, unknown> = {}) => ({ ...initiateBody("b0", "s0"), ...extra });
    /** A trade driven to `state` through alternating servers. */
    const tradeIn = async (state: "Created" | "InvitationAccepted" | "AwaitingShipment" | "Delivered") => {
      const { tradeId } = (await a.initiate(body())).json;
      if (state === "Created") return { tradeId, paymentId: "" };
      const { paymentId } = (await b.acceptAndPay("b0", tradeId)).json;
      if (state === "InvitationAccepted") return { tradeId, paymentId };
      ok(await a.completePayment(paymentId));
      if (state === "AwaitingShipment") return { tradeId, paymentId };
      ok(await b.buyDelivery("s0", tradeId));
      const labelId = (await a.trade("s0", tradeId)).json.phases.delivery.labelId;
      ok(await b.track(labelId, "sent"));
      ok(await a.track(labelId, "delivered"));
      return { tradeId, paymentId };
    };

    // The mixed load: journeys on both servers while the racing calls run.
    const journeys = Array.from({ length: 8 }, (_, i): Journey => ({
      kind: JOURNEY_KINDS[i % JOURNEY_KINDS.length]!,
      payer: `b${i % 2}`,
      payee: `s${(i >> 1) % 2}`,
      key: `instances-${i}`,
    }));
    const races = (async () => {
      // One checkout key, ten initiates split over both servers: one trade.
      const keyed = await both(10, (api) => api.initiate(body({ checkoutUniquenessKey: "one-checkout" })));
      expect(count(keyed)).toEqual({ "200": 1, "409 conflict": 9 });
      const holder = keyed.find((r) => r.status === 200)!.json.tradeId;
      expect(keyed.filter((r) => r.status === 409).every((r) => String(r.json.detail).includes(holder))).toBe(true);

      // One Idempotency-Key, sent to both servers at once and then replayed on each: one trade.
      const headers = { "idempotency-key": `idem-${random.int(0, 1e9)}` };
      const marked = body({ title: "Idempotent lamp" });
      const first = await both(6, (api) => api.initiate(marked, headers));
      const replays = [await a.initiate(marked, headers), await b.initiate(marked, headers)];
      const answered = [...first, ...replays].filter((r) => r.status === 200);
      expect(
        [...first, ...replays].every((r) => r.status === 200 || r.json?.typeCode === "idempotency-in-progress"),
      ).toBe(true);
      expect(replays.map((r) => r.status)).toEqual([200, 200]);
      expect(new Set(answered.map((r) => r.json.tradeId)).size).toBe(1);
      expect(await db.trade.count({ where: { tenantId: tenant.tenantId, title: "Idempotent lamp" } })).toBe(1);

      // The payer accepts on one server and rejects on the other, at once: one wins.
      for (let i = 0; i < 3; i++) {
        const { tradeId } = await tradeIn("Delivered");
        const [accepted, rejected] = await Promise.all([
          a.acceptCondition("b0", tradeId),
          b.rejectCondition("b0", tradeId),
        ]);
        expect([accepted.status, rejected.status].sort()).toEqual([200, 409]);
        const state = (await a.trade("b0", tradeId)).json.state;
        expect(accepted.status === 200 ? ["Succeeded", "Released"] : ["ConditionRejected"]).toContain(state);
      }
      // Ten cancels of one paid trade, split over both servers: one refund.
      const paid = await tradeIn("AwaitingShipment");
      const cancels = await both(10, (api) => api.cancel(paid.tradeId, "AwaitingShipment"));
      expect(count(cancels)["200"]).toBe(1);
      expect(await db.ledgerTransfer.count({ where: { tradeId: paid.tradeId, kind: "refundPayer" } })).toBe(1);
      // Ten completions of one payment: one funding.
      const pending = await tradeIn("InvitationAccepted");
      const completions = await both(10, (api) => api.completePayment(pending.paymentId));
      expect(count(completions)).toEqual({ "200": 1, "409 invalid-state": 9 });
      expect(await db.ledgerTransfer.count({ where: { tradeId: pending.tradeId, kind: "fundEscrow" } })).toBe(1);
    })();
    await Promise.all([
      races,
      ...journeys.map((journey) => runJourney(any, journey, () => Promise.reject(new Error("no restarts here")))),
    ]);

    // Deadlines by real time: eight unpaid trades whose deadline is moved to a second from now,
    // for the three schedulers (both servers' and the worker's) alone to race for.
    const byTime = await Promise.all(Array.from({ length: 8 }, () => tradeIn("Created")));
    await db.trade.updateMany({
      where: { id: { in: byTime.map((t) => t.tradeId) } },
      data: { deadlineAt: new Date(Date.now() + 1_000) },
    });
    await waitFor(
      async () =>
        (await db.trade.count({ where: { id: { in: byTime.map((t) => t.tradeId) }, state: "Cancelled" } })) ===
        byTime.length,
      30_000,
      "the schedulers to expire the unpaid trades",
    );
    expect(
      await db.tradeTimelineEntry.count({
        where: { tradeId: { in: byTime.map((t) => t.tradeId) }, action: "expireUnpaid" },
      }),
    ).toBe(byTime.length);

    // Deadlines by the sandbox clock: trades waiting in each kind of deadline, then the clock jumps
    // eight days on one server while the other nudges it too, with the three schedulers running.
    const waiting = await Promise.all([
      ...["Created", "Created", "AwaitingShipment", "AwaitingShipment", "Delivered", "Delivered"].map((s) =>
        tradeIn(s as "Created"),
      ),
    ]);
    const advances = await Promise.all([a.advanceClock(8 * 86_400), b.advanceClock(1), b.advanceClock(1)]);
    expect(advances.map((r) => r.status)).toEqual([200, 200, 200]);
    const firedByCalls = advances
      .flatMap((r) => r.json.fired as { tradeId: string; action: string }[])
      .map((f) => `${f.tradeId} ${f.action}`);
    expect(firedByCalls.length).toBe(new Set(firedByCalls).size);
    await waitForQuiet([tenant.tenantId], 60_000);

    const deadlineEntries = await db.tradeTimelineEntry.findMany({
      where: {
        actor: { in: ["scheduler", "paymentRail"] },
        trade: { tenantId: tenant.tenantId },
        action: { not: "escrowPaid" },
      },
    });
    const fired = deadlineEntries
      .filter((e) => e.action !== "deliveryLabelCreated")
      .map((e) => `${e.tradeId} ${e.action}`);
    expect(fired.length).toBe(new Set(fired).size); // no deadline fired twice on one trade
    for (const { tradeId } of waiting) {
      const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
      expect(["Cancelled", "Released"]).toContain(trade.state);
    }

    for (const child of children.splice(0)) await stopServer(child);
    await receiver.close();
    const { problems, checked } = await checkInvariants([tenant.tenantId], receiver.received);
    expect(problems).toEqual([]);
    // No crash here: every event arrives exactly once, in one attempt.
    expect(checked.redelivered).toBe(0);
    expect(await db.webhookDelivery.count({ where: { tenantId: tenant.tenantId, attemptCount: { not: 1 } } })).toBe(0);
    console.log(
      `Two instances + worker: ${journeys.length} journeys and the racing calls on both servers, ${fired.length} deadlines fired once each ` +
        (`(${byTime.length} by real time through the schedulers alone, ${firedByCalls.length} by the ` +
          `clock calls, the rest by the schedulers), ${checked.trades} trades, ${checked.transitions} ` +
          `transitions, `) +
        `${checked.transfers} ledger transfers balanced, ${checked.events} events each delivered exactly once; problems: ${problems.length}`,
    );
  }, 180_000);
});
