// Crash safety (issue 8 item 4): the production server, driven through real HTTP by concurrent
// trade journeys, is killed with SIGKILL again and again — at random moments, right after a
// transition committed (its event not yet sent), and while a webhook is on the wire (sent, not
// yet recorded) — and restarted each time. Afterwards the rows must tell one consistent story
// (helpers/invariants.ts) and every committed event must have reached the receiver.
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { exited, killServer, serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver } from "../helpers/webhook-receiver.ts";
import { httpClient } from "./helpers/http-client.ts";
import { checkInvariants } from "./helpers/invariants.ts";
import { JOURNEY_KINDS, runJourney, type Journey } from "./helpers/journeys.ts";
import { seedFrom, seededRandom } from "./helpers/seeded.ts";
import { SERVER_ENV, waitForQuiet } from "./helpers/quiet.ts";

const CRASHES = Number(process.env.CRASH_COUNT ?? 10);
const CONCURRENCY = 8;
const PORT = Number(process.env.CRASH_PORT ?? 3231);
type KillPoint = "random" | "afterCommit" | "duringSend";

describe("crash safety", () => {
  let server: ChildProcess | null = null;
  afterAll(async () => {
    if (server) await stopServer(server);
  });

  it(`survives ${CRASHES} SIGKILLs of the server mid-journey: nothing half-applied, lost or doubled`, async () => {
    const seed = seedFrom("CRASH_SEED");
    const random = seededRandom(seed);
    const kills: Record<KillPoint, number> = { random: 0, afterCommit: 0, duringSend: 0 };
    let armed: KillPoint | null = null;
    let up: Promise<void> = Promise.resolve();
    let markUp = () => {};

    const killNow = (point: KillPoint) => {
      armed = null;
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      up = new Promise((resolve) => (markUp = resolve));
      killServer(server, "SIGKILL");
      kills[point]++;
    };
    // While a delivery is on the wire: the worker sent it and waits for this answer.
    const receiver = await startReceiver(() => {
      if (armed === "duringSend") killNow("duringSend");
      return 204;
    });
    const tenant = await freshTenant();
    await db.tenant.update({ where: { id: tenant.tenantId }, data: { rateLimitPerMinute: 1_000_000 } });
    const start = async () => (server = await startServer("crash", PORT, serviceCommand(PORT), { env: SERVER_ENV }));
    await start();

    // Right after a transition's answer: it committed, its event sits in the outbox.
    const transition = /\/(complete|events|accept|reject|cancel)$/;
    const api = httpClient(
      () => `http://127.0.0.1:${PORT}`,
      tenant.testApiKey,
      (method, path, result) => {
        if (armed === "afterCommit" && method === "POST" && result.status === 200 && transition.test(path))
          killNow("afterCommit");
      },
    );
    expect((await api.subscribe(receiver.url)).status).toBe(200);
    for (const user of ["s0", "s1", "s2", "b0", "b1", "b2"]) expect((await api.connect(user)).status).toBe(200);

    let loadOver = false;
    let failure: unknown = null; // a journey that went wrong stops the run and fails the test
    let made = 0;
    const finished: Record<string, number> = {};
    const drivers = Array.from({ length: CONCURRENCY }, async () => {
      while (!loadOver && !failure) {
        const journey: Journey = {
          kind: random.pick(JOURNEY_KINDS),
          payer: `b${random.int(0, 2)}`,
          payee: `s${random.int(0, 2)}`,
          key: `crash-${seed}-${made++}`,
        };
        const { state } = await runJourney(api, journey, () =>
          up.then(() => new Promise((resolve) => setTimeout(resolve, 50))),
        );
        finished[state] = (finished[state] ?? 0) + 1;
      }
    }).map((driver) => driver.catch((error: unknown) => void (failure ??= error)));

    let unsentAtKill = 0;
    for (let crash = 0; crash < CRASHES && !failure; crash++) {
      const point: KillPoint = (["random", "afterCommit", "duringSend"] as const)[crash % 3]!;
      await new Promise((resolve) => setTimeout(resolve, random.int(500, 2000)));
      if (point === "random") killNow("random");
      else {
        armed = point;
        const until = Date.now() + 5_000;
        while (armed && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
        if (armed) killNow("random"); // the moment did not come: kill anyway
      }
      await exited(server!);
      unsentAtKill += await db.outboxEvent.count({
        where: { tenantId: tenant.tenantId, deliveries: { none: { status: "Succeeded" } } },
      });
      await new Promise((resolve) => setTimeout(resolve, random.int(0, 300)));
      await start();
      markUp();
    }
    loadOver = true;
    await Promise.all(drivers);
    if (failure) throw failure;
    await waitForQuiet([tenant.tenantId], 60_000);
    await stopServer(server!);
    server = null;
    await receiver.close();

    const { problems, checked } = await checkInvariants([tenant.tenantId], receiver.received);
    const journeys = Object.values(finished).reduce((a, b) => a + b, 0);
    console.log(
      `Crash test (seed ${seed}): ${CRASHES} SIGKILLs survived (${kills.random} at random, ${kills.afterCommit} ` +
        `right after a commit, ${kills.duringSend} during a webhook send); ` +
        (`${journeys} journeys finished ${JSON.stringify(finished)}; ${checked.trades} trades, ${checked.transitions} ` +
          `transitions, ${checked.transfers} ledger transfers, `) +
        (`${checked.events} events checked (summed over the kills, ${unsentAtKill} were committed but ` +
          `not yet delivered when the server died; all were delivered afterwards); `) +
        (`${checked.redelivered} repeated receipts of a webhook-id (an attempt cut off by a kill, ` +
          `made again with the next attempt number); problems: ${problems.length}`),
    );
    expect(problems).toEqual([]);
    expect(kills.random + kills.afterCommit + kills.duringSend).toBe(CRASHES);
    expect(journeys).toBeGreaterThan(CONCURRENCY);
  }, 240_000);
});
