// The read replicas of DATABASE_REPLICA_URLS, as the live check sees them: each one asked once how
// far behind it is, the way the server's probes ask (lib/db/replicas.ts). A replica that is down or
// behind is a warning, not a failure: live mode works without it, its reads running on the
// primary, but the primary then carries the console's lists and the exports. Settings that do not
// parse fail, since the server refuses to start with them.
import { replicaSettings, type ReplicaSettings } from "../config.ts";
import { firstProbes, replicaState } from "../db/replica-health.ts";
import { openReplicaSet } from "../db/replicas.ts";
import { fail, pass, warn, type Check, type Section } from "./report.ts";

const SETTINGS = ["DATABASE_REPLICA_URLS", "DATABASE_REPLICA_MAX_LAG_MS"];
/** How long the check waits for a replica's first answer (the server's probe gives up after 1 s). */
const ANSWER_WAIT_MS = 2_000;

export async function checkReplicas(): Promise<Section> {
  const section = (checks: Check[]): Section => ({ id: "replicas", title: "Read replicas", checks, register: [] });
  let settings: ReplicaSettings;
  try {
    settings = replicaSettings();
  } catch (error) {
    // The message names the setting and the rule; it never holds an address (which may carry a password).
    return section([fail("Replica settings", (error as Error).message, SETTINGS)]);
  }
  const set = openReplicaSet(settings);
  if (!set) return section([pass("DATABASE_REPLICA_URLS", "none: every read runs on the primary", SETTINGS)]);
  try {
    await firstProbes(set, ANSWER_WAIT_MS);
    const bound = settings.maxLagMs;
    return section(
      set.replicas.map((replica) => {
        const state = replicaState(replica, bound);
        if (state === "in use")
          return pass(replica.name, `answers, ${Math.round(replica.lagMs)} ms behind (bound ${bound} ms)`, SETTINGS);
        if (state === "behind")
          return warn(
            replica.name,
            `answers but is ${Math.round(replica.lagMs)} ms behind, past the bound of ${bound} ms: ` +
              "its reads run on the primary until it catches up",
            SETTINGS,
          );
        return warn(replica.name, "does not answer: its reads run on the primary", SETTINGS);
      }),
    );
  } finally {
    await set.close();
  }
}
