// What the read replicas look like right now, in words an operator reads at /readyz and in the
// live check: how many are in use, and for each one not in use, why. No addresses leave the
// process through /readyz; the live check, run by the operator, names them (host:port/database,
// never the password).
import { stalenessBoundMs, type Replica, type ReplicaSet } from "./replicas.ts";

export type ReplicaState = "in use" | "down" | "behind";

export function replicaState(replica: Replica, maxLagMs: number, now = performance.now()): ReplicaState {
  if (!replica.up) return "down";
  return stalenessBoundMs(replica, now) <= maxLagMs ? "in use" : "behind";
}

/**
 * One line for /readyz, e.g. "2 of 2 in use" or "1 of 2 in use (1 down)". A replica out of use
 * does not make the instance unready: its reads run on the primary (lib/db/read-target.ts).
 */
export function replicaSummary(set: ReplicaSet, now = performance.now()): string {
  const states = set.replicas.map((replica) => replicaState(replica, set.settings.maxLagMs, now));
  const count = (state: ReplicaState) => states.filter((each) => each === state).length;
  const out = (["down", "behind"] as const).filter((state) => count(state)).map((state) => `${count(state)} ${state}`);
  return `${count("in use")} of ${states.length} in use${out.length ? ` (${out.join(", ")})` : ""}`;
}

/** Waits until every replica's first probe has come back (answered or not), at most `timeoutMs`. */
export async function firstProbes(set: ReplicaSet, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (set.replicas.some((replica) => !replica.probesDone) && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
