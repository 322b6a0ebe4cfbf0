// Readiness as load balancers and Prometheus ask for it, again and again: each check reuses the
// one connection of its own pool and adds nothing to it. Every check (and every metrics scrape)
// used to add an error listener to that pool, and the eleventh raised MaxListenersExceededWarning
// on BoundPool (second probe, finding 1).
import { afterAll, expect, it } from "vitest";
import { checkReadiness, closeReadinessPool } from "../../lib/ops/readiness.ts";

afterAll(() => closeReadinessPool());

it("answers ready for as many checks as are asked, without piling listeners on its pool", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    for (let i = 0; i < 25; i++) expect(await checkReadiness()).toEqual({ ready: true });
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
  } finally {
    process.off("warning", onWarning);
  }
  expect(warnings).toEqual([]);
});
